package api_test

import (
	"fmt"
	"slices"
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

// The Alarm Center: alarms by stage, the most urgent and then the oldest first, acknowledged several at a
// time (another company's and already acknowledged ones skipped), each one's stage in plain words.
func TestAlarmCenter(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d1 := companyDevice(t, e, admin)
		d2 := createDevice(t, e, ct, deviceBody(apitest.IMEI(2), d1.TypeID))
		now := time.Now().UnixMilli()
		expect(t, ingest(e, d1.IMEI, d1.Secret, map[string]any{"ts": now - 5000, "ch4": 21}), 200, 0) // low, the oldest
		expect(t, ingest(e, d2.IMEI, d2.Secret, []map[string]any{
			{"ts": now - 4000, "ch4": 1, "status": "fault"}, // fault, older than the high alarm
			{"ts": now - 3000, "ch4": 60, "status": "fault"},
		}), 200, 0)
		list := func(query string) []model.Alarm {
			t.Helper()
			var p struct{ List []model.Alarm }
			r := e.Get("/api/alarmLog?"+query, ct)
			expect(t, r, 200, 0)
			r.Into(t, &p)
			return p.List
		}
		describe := func(as []model.Alarm) (out []string) {
			for _, a := range as {
				out = append(out, a.Kind+" "+a.Level+" "+a.Stage)
			}
			return out
		}
		got := describe(list("stage=new&sort=severity,startedAt"))
		if want := []string{"gas high new", "gas low new", "fault  new"}; !slices.Equal(got, want) {
			t.Fatalf("new alarms, most urgent first: %q, want %q", got, want)
		}
		// The device list puts alarming devices first, the most urgent state first.
		d3 := createDevice(t, e, ct, deviceBody(apitest.IMEI(3), d1.TypeID))
		expect(t, ingest(e, d3.IMEI, d3.Secret, map[string]any{"ts": now - 2000, "ch4": 1}), 200, 0)
		var devices struct{ List []model.Device }
		e.Get("/api/device?sort=severity,-createdAt", ct).Into(t, &devices)
		var states []string
		for _, d := range devices.List {
			states = append(states, d.IMEI+" "+d.AlarmState)
		}
		if want := []string{d2.IMEI + " high", d1.IMEI + " low", d3.IMEI + " normal"}; !slices.Equal(states, want) {
			t.Fatalf("devices, alarming first: %q, want %q", states, want)
		}

		// Naming another company's alarm refuses the whole call, acknowledging nothing.
		foreign := otherCompanyAlarm(t, e, admin)
		newest := list("stage=new&sort=severity,startedAt")
		expect(t, e.Put("/api/alarmLog/ack", ct, map[string]any{"ids": []int64{newest[0].ID, foreign}}), 404, 40400)
		if got := len(list("stage=new")); got != 3 {
			t.Fatalf("a refused bulk acknowledgement acknowledged %d alarms", 3-got)
		}
		// One already acknowledged is skipped.
		expect(t, e.Put(fmt.Sprintf("/api/alarmLog/%d/ack", newest[1].ID), ct, nil), 200, 0)
		var res struct{ Acknowledged, Skipped []int64 }
		r := e.Put("/api/alarmLog/ack", ct, map[string]any{"ids": []int64{newest[0].ID, newest[1].ID}})
		expect(t, r, 200, 0)
		r.Into(t, &res)
		if !slices.Equal(res.Acknowledged, []int64{newest[0].ID}) || !slices.Equal(res.Skipped, []int64{newest[1].ID}) {
			t.Fatalf("bulk acknowledgement: %+v", res)
		}
		expect(t, e.Put("/api/alarmLog/ack", ct, map[string]any{"ids": []int64{}}), 422, 42200)

		// The gas ends: its alarm waits for handling; handled, it is done.
		expect(t, ingest(e, d1.IMEI, d1.Secret, map[string]any{"ts": now - 1000, "ch4": 1}), 200, 0)
		if got := describe(list("stage=waiting")); !slices.Equal(got, []string{"gas low waiting"}) {
			t.Fatalf("waiting for handling: %q", got)
		}
		waiting := list("stage=waiting")[0]
		expect(t, e.Put(fmt.Sprintf("/api/alarmLog/%d/handle", waiting.ID), ct, map[string]any{"note": "valve closed"}), 200, 0)
		if got := describe(list("stage=acknowledged&stage=handled&sort=severity")); !slices.Equal(got, []string{"gas high acknowledged", "gas low handled"}) {
			t.Fatalf("acknowledged and handled: %q", got)
		}
		// The tab counts: one call, the same filters, handled alarms (the history) not counted.
		counts := func(query string) model.AlarmStageCounts {
			t.Helper()
			var c model.AlarmStageCounts
			r := e.Get("/api/alarmLog/stageCounts?"+query, ct)
			expect(t, r, 200, 0)
			r.Into(t, &c)
			return c
		}
		if c := counts("stage=handled"); c != (model.AlarmStageCounts{New: 1, Acknowledged: 1, Waiting: 0}) {
			t.Fatalf("stage counts: %+v (new %d, acknowledged %d)", c, len(list("stage=new")), len(list("stage=acknowledged")))
		}
		if c := counts(fmt.Sprintf("deviceId=%d", d2.ID)); c != (model.AlarmStageCounts{New: 1, Acknowledged: 1}) {
			t.Fatalf("stage counts of one device: %+v", c)
		}
		if c := counts("provinceCode=110000"); c != (model.AlarmStageCounts{}) {
			t.Fatalf("stage counts of another province: %+v", c)
		}
		if got := len(list("provinceCode=110000")); got != 0 {
			t.Fatalf("%d alarms of devices in another province", got)
		}
	})
}

// otherCompanyAlarm makes a second company with a device in gas alarm and returns the alarm's id.
func otherCompanyAlarm(t *testing.T, e *apitest.Env, admin string) int64 {
	t.Helper()
	createCompany(t, e, admin, 2, "other-admin")
	token := e.Login("other-admin", "Admin-Pass-1")
	typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-900")).ID
	d := createDevice(t, e, token, deviceBody(apitest.IMEI(9), typeID))
	expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": time.Now().UnixMilli() - 2000, "ch4": 70}), 200, 0)
	var p struct{ List []model.Alarm }
	e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d", d.ID), token).Into(t, &p)
	if len(p.List) != 1 {
		t.Fatalf("the other company's alarm: %+v", p.List)
	}
	return p.List[0].ID
}
