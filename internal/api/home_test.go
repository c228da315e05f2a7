package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"irgas/internal/api"
	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// The home page's figures on a known data set: company A has three devices (one in a high gas alarm, one
// faulty, one with a low battery; one silent), company B one device in alarm. Each caller sees its scope,
// and only the parts its permissions allow.
func TestHomeStatisticFigures(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID
		a := createCompany(t, e, admin, 1, "a-admin")
		createCompany(t, e, admin, 2, "b-admin")
		ta, tb := e.Login("a-admin", "Admin-Pass-1"), e.Login("b-admin", "Admin-Pass-1")
		now := time.Now().UnixMilli()
		send := func(token string, n int, readings ...map[string]any) model.Device {
			d := createDevice(t, e, token, deviceBody(apitest.IMEI(n), typeID))
			if len(readings) > 0 {
				if r := ingest(e, d.IMEI, d.Secret, readings); r.Code != 0 {
					t.Fatalf("ingest: %s", r.Raw)
				}
			}
			return d
		}
		first := send(ta, 1, map[string]any{"ts": now - 3000, "ch4": 1}, map[string]any{"ts": now - 2000, "ch4": 80})
		send(ta, 2, map[string]any{"ts": now - 1000, "ch4": 1, "status": "fault"})
		send(ta, 3, map[string]any{"ts": now - 1000, "ch4": 1, "voltage": 300})
		send(ta, 4)
		send(tb, 5, map[string]any{"ts": now - 1000, "ch4": 90})

		// The answer carries the fields docs/product.md names ("Fixed names"), by those names.
		r := e.Get("/api/home/statistic", ta)
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(r.Data, &fields); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"companies", "devices", "online", "offline", "alarming", "faulty", "lowBattery",
			"readingsToday", "alarmsToday", "unhandledAlarms", "alarmTrend", "byType", "byProvince", "latestAlarms"} {
			if _, ok := fields[name]; !ok {
				t.Errorf("home statistic has no %q: %s", name, r.Data)
			}
		}
		var mine api.HomeStatistic
		r.Into(t, &mine)
		if mine.Companies != nil {
			t.Fatal("a company user is shown the number of companies")
		}
		got := []int64{*mine.Devices, *mine.Online, *mine.Offline, *mine.Alarming, *mine.Faulty, *mine.LowBattery}
		if fmt.Sprint(got) != "[4 3 1 1 1 1]" {
			t.Fatalf("company A devices, online, offline, alarming, faulty, low battery: %v", got)
		}
		if *mine.ReadingsToday != 4 || *mine.AlarmsToday != 3 || *mine.UnhandledAlarms != 3 {
			t.Fatalf("company A readings %d, alarms today %d, unhandled %d", *mine.ReadingsToday, *mine.AlarmsToday, *mine.UnhandledAlarms)
		}
		trend := map[string]int64{}
		for _, c := range mine.AlarmTrend {
			trend[c.Kind] += c.Count
		}
		if fmt.Sprint(trend) != "map[fault:1 gas:1 lowBattery:1]" {
			t.Fatalf("trend by kind: %v", trend)
		}
		if len(mine.ByType) != 1 || mine.ByType[0].Count != 4 || len(mine.ByProvince) != 1 ||
			mine.ByProvince[0].Name != "浙江省" || mine.ByProvince[0].Count != 4 {
			t.Fatalf("by type %+v, by province %+v", mine.ByType, mine.ByProvince)
		}
		if len(mine.LatestAlarms) != 3 || mine.LatestAlarms[0].CompanyID != a.ID {
			t.Fatalf("latest alarms: %+v", mine.LatestAlarms)
		}
		// Three alarms open, on three devices (one each), none of the other company's; today as the server has it.
		if *mine.ActiveAlarms != 3 || len(mine.TopDevices) != 3 || mine.TopDevices[0].Count != 1 || mine.TopDevices[0].DeviceID != first.ID {
			t.Fatalf("active alarms %d, top devices %+v", *mine.ActiveAlarms, mine.TopDevices)
		}
		if mine.Today != time.Now().Format(time.DateOnly) {
			t.Fatalf("today %q", mine.Today)
		}

		var all api.HomeStatistic
		e.Get("/api/home/statistic", admin).Into(t, &all)
		if all.Companies == nil || *all.Companies != 2 || *all.Devices != 5 || *all.Alarming != 2 ||
			*all.ReadingsToday != 5 || len(all.LatestAlarms) != 4 {
			t.Fatalf("platform: companies %v, devices %v, readings %v, latest %d", all.Companies, *all.Devices,
				all.ReadingsToday, len(all.LatestAlarms))
		}

		// A redelivered reading is not counted twice.
		if r := ingest(e, first.IMEI, first.Secret, map[string]any{"ts": now - 3000, "ch4": 1}); r.Code != 0 {
			t.Fatalf("redeliver: %s", r.Raw)
		}
		var again api.HomeStatistic
		e.Get("/api/home/statistic", ta).Into(t, &again)
		if *again.ReadingsToday != 4 {
			t.Fatalf("readings today after a second look: %d", *again.ReadingsToday)
		}

		cid := a.ID
		e.CreateUser("a-viewer", "Viewer-Pass-1", &cid, "OperationLogManagement")
		var viewer api.HomeStatistic
		e.Get("/api/home/statistic", e.Login("a-viewer", "Viewer-Pass-1")).Into(t, &viewer)
		if viewer.Devices != nil || viewer.Online != nil || viewer.UnhandledAlarms != nil || viewer.ReadingsToday != nil || viewer.LatestAlarms != nil || viewer.Companies != nil {
			t.Fatalf("a user without DeviceManagement sees %+v", viewer)
		}
		// A duty officer with the Alarm Center only sees the alarms' parts, not the fleet's.
		e.CreateUser("a-officer", "Officer-Pass-1", &cid, "AlarmManagement")
		var officer api.HomeStatistic
		e.Get("/api/home/statistic", e.Login("a-officer", "Officer-Pass-1")).Into(t, &officer)
		if officer.Devices != nil || officer.ReadingsToday != nil || officer.ByType != nil || officer.Companies != nil {
			t.Fatalf("a user without DeviceManagement sees the fleet: %+v", officer)
		}
		if officer.UnhandledAlarms == nil || officer.ActiveAlarms == nil || *officer.ActiveAlarms != *again.ActiveAlarms ||
			len(officer.LatestAlarms) != len(again.LatestAlarms) || len(officer.AlarmTrend) != len(again.AlarmTrend) {
			t.Fatalf("an Alarm Center user sees %+v, the company admin %+v", officer, again)
		}
	})
}
