package api_test

import (
	"fmt"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func TestGasAlarmFromReadings(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		t0 := time.Now().Add(-10 * time.Minute).UnixMilli()
		send := func(i int, ch4 float64) {
			t.Helper()
			expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": t0 + int64(i)*1000, "ch4": ch4}), 200, 0)
		}
		alarms := func() []model.Alarm {
			var p struct{ List []model.Alarm }
			e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d", d.ID), ct).Into(t, &p)
			return p.List
		}
		state := func() string {
			var live model.Device
			e.Get(fmt.Sprintf("/api/device/%d", d.ID), ct).Into(t, &live)
			return live.AlarmState
		}
		send(0, 5)
		send(1, 21) // low threshold 20
		if a := alarms(); len(a) != 1 || a[0].Kind != "gas" || a[0].Level != "low" || a[0].Status != "active" || state() != "low" {
			t.Fatalf("low alarm: %+v %s", a, state())
		}
		send(2, 19)   // within the hysteresis band: still on
		send(1, 21)   // a redelivered reading: no new alarm
		send(3, 62.5) // high threshold 50: the same alarm rises
		send(4, 30)   // falls: keeps high and the peak
		a := alarms()
		if len(a) != 1 || a[0].Level != "high" || a[0].Peak != 62.5 || state() != "high" {
			t.Fatalf("risen alarm: %+v", a)
		}
		send(5, 17.9) // below 20 - 2: ends
		a = alarms()
		if a[0].Status != "ended" || a[0].EndedAt == nil || *a[0].EndedAt != t0+5000 || *a[0].DurationMs != 4000 || state() != "normal" {
			t.Fatalf("ended alarm: %+v %s", a[0], state())
		}
		send(6, 25)
		if a = alarms(); len(a) != 2 || a[0].Status != "active" {
			t.Fatalf("a new alarm after the end: %+v", a)
		}

		// Acknowledge, then handle with a note; each step once, in order, recorded.
		path := fmt.Sprintf("/api/alarmLog/%d", a[0].ID)
		expect(t, e.Put(path+"/handle", ct, map[string]any{"note": "too early"}), 409, 40900)
		expect(t, e.Put(path+"/ack", ct, nil), 200, 0)
		expect(t, e.Put(path+"/ack", ct, nil), 409, 40900)
		expect(t, e.Put(path+"/handle", ct, map[string]any{"note": ""}), 422, 42200)
		r := e.Put(path+"/handle", ct, map[string]any{"note": "valve closed, ventilated"})
		expect(t, r, 200, 0)
		var handled model.Alarm
		r.Into(t, &handled)
		if handled.AckAccount != "c-admin" || handled.HandledAccount != "c-admin" || handled.HandleNote != "valve closed, ventilated" ||
			handled.AckAt == nil || handled.HandledAt == nil {
			t.Fatalf("handled: %+v", handled)
		}
		var st struct {
			ByKind map[string]int64
			ByDay  []model.AlarmCount
		}
		e.Get("/api/alarmLog/statistic", ct).Into(t, &st)
		if st.ByKind["gas"] != 2 || len(st.ByDay) != 1 || st.ByDay[0].Count != 2 {
			t.Fatalf("statistic: %+v", st)
		}
		sheet := readSheet(t, e.Do(apitest.Req{Method: "GET", Path: "/api/alarmLog/export?sort=startedAt", Token: ct, Lang: "en"}).Raw)
		if len(sheet) != 3 || sheet[1][2] != "gas" || sheet[2][10] != "valve closed, ventilated" {
			t.Fatalf("export: %v", sheet)
		}
		p := listLogs(t, e, admin, "action=handleAlarm&status=200")
		if p.Total != 1 || p.List[0].TargetID != fmt.Sprint(a[0].ID) {
			t.Fatalf("operation record: %+v", p.List)
		}
	})
}

func TestBatteryAndFaultAlarms(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		now := time.Now().UnixMilli()
		expect(t, ingest(e, d.IMEI, d.Secret, []map[string]any{
			{"ts": now - 3000, "ch4": 1, "voltage": 330},
			{"ts": now - 2000, "ch4": 1, "voltage": 331, "status": "fault"},
		}), 200, 0)
		var p struct{ List []model.Alarm }
		e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d&status=active&sort=id", d.ID), ct).Into(t, &p)
		if len(p.List) != 2 || p.List[0].Kind != "lowBattery" || p.List[1].Kind != "fault" {
			t.Fatalf("alarms: %+v", p.List)
		}
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - 1000, "ch4": 1, "voltage": 360, "status": "ok"}), 200, 0)
		e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d&status=active", d.ID), ct).Into(t, &p)
		if len(p.List) != 0 {
			t.Fatalf("still active: %+v", p.List)
		}
	})
}

func TestOfflineDetection(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "c-admin")
		ct := e.Login("c-admin", "Admin-Pass-1")
		typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID // heartbeat 60 minutes
		d := createDevice(t, e, ct, deviceBody(apitest.IMEI(1), typeID))
		quiet := createDevice(t, e, ct, deviceBody(apitest.IMEI(2), typeID))
		now := time.Now()
		last := now.Add(-2 * time.Hour).Add(-3 * time.Minute).UnixMilli() // past 2 × 60 min + 2 min
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": last, "ch4": 1}), 200, 0)
		expect(t, ingest(e, quiet.IMEI, quiet.Secret, map[string]any{"ts": now.Add(-time.Hour).UnixMilli(), "ch4": 1}), 200, 0)

		for range 2 { // two instances sweeping: one alarm
			if _, err := db.MarkOffline(t.Context(), now.UnixMilli(), 2*60*1000); err != nil {
				t.Fatal(err)
			}
		}
		var live model.Device
		e.Get(fmt.Sprintf("/api/device/%d", d.ID), ct).Into(t, &live)
		var p struct{ List []model.Alarm }
		e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d&kind=offline", d.ID), ct).Into(t, &p)
		if live.Online || live.AlarmState != "offline" || len(p.List) != 1 || p.List[0].Status != "active" {
			t.Fatalf("offline: %+v %+v", live, p.List)
		}
		e.Get(fmt.Sprintf("/api/device/%d", quiet.ID), ct).Into(t, &live)
		if !live.Online {
			t.Fatal("a device within its heartbeat stays online")
		}
		// Data ends the offline alarm and brings the device back.
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now.UnixMilli(), "ch4": 1}), 200, 0)
		e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d&kind=offline", d.ID), ct).Into(t, &p)
		e.Get(fmt.Sprintf("/api/device/%d", d.ID), ct).Into(t, &live)
		if p.List[0].Status != "ended" || !live.Online || live.AlarmState != "normal" {
			t.Fatalf("back online: %+v %+v", p.List[0], live)
		}
	})
}
