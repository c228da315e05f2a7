package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"irgas/internal/apitest"
	"irgas/internal/auth"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func deviceBody(imei string, typeID int64) map[string]any {
	return map[string]any{"imei": imei, "name": "文三路 3 号井", "typeId": typeID, "address": "文三路 3 号",
		"provinceCode": "330000", "cityCode": "330100", "countyCode": "330106", "latitude": 30.28, "longitude": 120.13,
		"iccid": "89860412345678901234", "installedAt": 1_700_000_000_000, "remark": ""}
}

func deviceBodyWithCompany(imei string, company any) map[string]any {
	b := deviceBody(imei, 0)
	b["companyId"] = company
	return b
}

func createDevice(t *testing.T, e *apitest.Env, token string, body map[string]any) model.Device {
	t.Helper()
	return created[model.Device](t, e, token, "/api/device", body)
}

func TestDeviceLifecycle(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "c-admin")
		ct := e.Login("c-admin", "Admin-Pass-1")
		dt := createDeviceType(t, e, admin, deviceTypeBody("GT-100"))

		d := createDevice(t, e, ct, deviceBody(apitest.IMEI(1), dt.ID))
		if d.CompanyID != c.ID || d.TypeModel != "GT-100" || d.Status != 1 || d.Online || d.AlarmState != "normal" ||
			d.RegionName != "浙江省 杭州市 西湖区" || len(d.Secret) < 20 {
			t.Fatalf("created: %+v", d)
		}
		// A new device starts with its type's defaults, wanted and confirmed.
		if d.Confirmed.AlertLow != 20 || d.Confirmed.AlertHigh != 50 || d.Wanted.ReportInterval != 5 || d.Confirmed.HeartbeatInterval != 60 {
			t.Fatalf("defaults: %+v %+v", d.Wanted, d.Confirmed)
		}
		// The secret is shown once: never read back, never listed.
		path := fmt.Sprintf("/api/device/%d", d.ID)
		if r := e.Get(path, ct); strings.Contains(string(r.Raw), d.Secret) || strings.Contains(string(r.Raw), "secret") {
			t.Fatalf("a read must not carry the secret: %s", r.Raw)
		}
		var hash string
		if err := db.SQL.QueryRow(db.Rebind("SELECT secret_hash FROM devices WHERE id = ?"), d.ID).Scan(&hash); err != nil || hash != auth.HashToken(d.Secret) {
			t.Fatalf("stored as a hash: %v", err)
		}
		r := e.Put("/api/device/rotate-secret/"+fmt.Sprint(d.ID), ct, nil)
		expect(t, r, 200, 0)
		var rotated struct{ Secret string }
		r.Into(t, &rotated)
		if rotated.Secret == "" || rotated.Secret == d.Secret {
			t.Fatal("rotation gives a new secret")
		}

		expect(t, e.Post("/api/device", ct, deviceBody(apitest.IMEI(1), dt.ID)), 409, 40900)
		upd := deviceBody(apitest.IMEI(1), dt.ID)
		upd["name"], upd["companyId"] = "改名", 999 // a company user cannot move a device
		r = e.Put(path, ct, upd)
		expect(t, r, 200, 0)
		var got model.Device
		r.Into(t, &got)
		if got.Name != "改名" || got.CompanyID != c.ID {
			t.Fatalf("updated: %+v", got)
		}
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: path, Token: ct, Body: map[string]any{"status": 0}}), 200, 0)

		// The company cannot be deleted while it has a device; the type neither.
		expect(t, e.Delete(fmt.Sprintf("/api/company/%d", c.ID), admin), 409, 40900)
		expect(t, e.Delete(fmt.Sprintf("/api/deviceClassify/%d", dt.ID), admin), 409, 40900)

		var p struct{ Total int64 }
		e.Get("/api/device?imei="+apitest.IMEI(1)[:10]+"&status=0&online=0", ct).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("filters: %d", p.Total)
		}
		sheet := readSheet(t, e.Do(apitest.Req{Method: "GET", Path: "/api/device/export", Token: ct, Lang: "en"}).Raw)
		if len(sheet) != 2 || sheet[1][0] != apitest.IMEI(1) || strings.Contains(strings.Join(sheet[0], ","), "ecret") {
			t.Fatalf("export: %v", sheet)
		}
		expect(t, e.Delete(path, ct), 200, 0)
		expect(t, e.Get(path, ct), 404, 40400)
		expect(t, e.Delete(fmt.Sprintf("/api/company/%d", c.ID), admin), 200, 0)
	})
}

func TestDeviceValidation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "c-admin")
		dt := createDeviceType(t, e, admin, deviceTypeBody("GT-100"))
		bad := func(change func(map[string]any)) map[string]any {
			b := deviceBodyWithCompany(apitest.IMEI(2), c.ID)
			b["typeId"] = dt.ID
			change(b)
			return b
		}
		rows := []refusal{
			{"IMEI check digit", bad(func(b map[string]any) { b["imei"] = "490154203237519" }), "imei"},
			{"IMEI length", bad(func(b map[string]any) { b["imei"] = "4901542032375" }), "imei"},
			{"latitude out of range", bad(func(b map[string]any) { b["latitude"] = 91 }), "latitude"},
			{"longitude without latitude", bad(func(b map[string]any) { delete(b, "latitude") }), "longitude"},
			{"bad ICCID", bad(func(b map[string]any) { b["iccid"] = "123" }), "iccid"},
			{"unknown type", bad(func(b map[string]any) { b["typeId"] = 999 }), "typeId"},
			{"platform user without company", bad(func(b map[string]any) { delete(b, "companyId") }), "companyId"},
			{"county of another city", bad(func(b map[string]any) { b["countyCode"] = "320102" }), "provinceCode"},
		}
		expectFieldRefusals(t, e, admin, "/api/device", rows)
		var p struct{ Total int64 }
		e.Get("/api/device", admin).Into(t, &p)
		if p.Total != 0 {
			t.Fatal("refused creates must store nothing")
		}
	})
}

func TestDeviceParametersAreQueued(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a := createCompany(t, e, admin, 1, "a-admin")
		createCompany(t, e, admin, 2, "b-admin")
		ta, tb := e.Login("a-admin", "Admin-Pass-1"), e.Login("b-admin", "Admin-Pass-1")
		dt := createDeviceType(t, e, admin, deviceTypeBody("GT-100"))
		var ids []int64
		for i := 1; i <= 3; i++ {
			ids = append(ids, createDevice(t, e, ta, deviceBody(apitest.IMEI(i), dt.ID)).ID)
		}
		foreign := createDevice(t, e, tb, deviceBody(apitest.IMEI(9), dt.ID)).ID

		// Thresholds on all three at once: wanted changes, confirmed stays, one pending command each.
		r := e.Post("/api/device/set-alert-param", ta, map[string]any{"deviceIds": ids, "alertLow": 15.5, "alertHigh": 40})
		expect(t, r, 200, 0)
		var cmds []model.DeviceCommand
		r.Into(t, &cmds)
		if len(cmds) != 3 || cmds[0].Status != "pending" || cmds[0].Command != "setAlertParam" || cmds[0].RequestedAccount != "a-admin" {
			t.Fatalf("queued: %+v", cmds)
		}
		var d model.Device
		e.Get(fmt.Sprintf("/api/device/%d", ids[0]), ta).Into(t, &d)
		if d.Wanted.AlertLow != 15.5 || d.Wanted.AlertHigh != 40 || d.Confirmed.AlertLow != 20 {
			t.Fatalf("wanted vs confirmed: %+v %+v", d.Wanted, d.Confirmed)
		}
		// A newer change of the same parameter replaces the one still pending.
		expect(t, e.Post("/api/device/set-alert-param", ta, map[string]any{"deviceIds": ids[:1], "alertLow": 10, "alertHigh": 30}), 200, 0)
		expect(t, e.Post("/api/device/set-custom-param", ta, map[string]any{"deviceIds": ids[:1], "params": map[string]any{"buzzer": 0, "zeroOffset": -1.5}}), 200, 0)
		expect(t, e.Post("/api/device/sendCommand/"+fmt.Sprint(ids[0]), ta, map[string]any{"command": "muteAlarm", "params": map[string]any{"minutes": 30}}), 200, 0)
		var queue []model.DeviceCommand
		e.Get(fmt.Sprintf("/api/device/%d/commands", ids[0]), ta).Into(t, &queue)
		statuses := []string{}
		for _, c := range queue {
			statuses = append(statuses, c.Command+":"+c.Status)
		}
		if fmt.Sprint(statuses) != "[muteAlarm:pending setCustomParam:pending setAlertParam:pending setAlertParam:expired]" {
			t.Fatalf("queue: %v", statuses)
		}
		var params map[string]float64
		_ = json.Unmarshal(queue[0].Params, &params)
		if params["minutes"] != 30 {
			t.Fatalf("command params: %s", queue[0].Params)
		}
		e.Get(fmt.Sprintf("/api/device/%d", ids[0]), ta).Into(t, &d)
		if d.Wanted.Custom["zeroOffset"] != -1.5 || d.Wanted.Custom["buzzer"] != 0 || d.Wanted.AlertLow != 10 {
			t.Fatalf("wanted: %+v", d.Wanted)
		}

		rows := []struct {
			name string
			path string
			body map[string]any
			code int
		}{
			{"low not below high", "/api/device/set-alert-param", map[string]any{"deviceIds": ids, "alertLow": 40, "alertHigh": 40}, 42200},
			{"two decimals", "/api/device/set-alert-param", map[string]any{"deviceIds": ids, "alertLow": 10.25, "alertHigh": 40}, 42200},
			{"above 100", "/api/device/set-alert-param", map[string]any{"deviceIds": ids, "alertLow": 10, "alertHigh": 100.5}, 42200},
			{"interval over a day", "/api/device/set-interval-param", map[string]any{"deviceIds": ids, "reportInterval": 5, "heartbeatInterval": 1441}, 42200},
			{"unknown custom parameter", "/api/device/set-custom-param", map[string]any{"deviceIds": ids, "params": map[string]any{"turbo": 1}}, 42200},
			{"custom out of bounds", "/api/device/set-custom-param", map[string]any{"deviceIds": ids, "params": map[string]any{"zeroOffset": 9}}, 42200},
			{"no devices", "/api/device/set-data-flag", map[string]any{"deviceIds": []int64{}, "dataFlag": 1}, 42200},
			{"another company's device among mine", "/api/device/set-alert-param", map[string]any{"deviceIds": append([]int64{foreign}, ids...), "alertLow": 5, "alertHigh": 9}, 40400},
			{"another company's device for custom", "/api/device/set-custom-param", map[string]any{"deviceIds": append(ids, foreign), "params": map[string]any{"led": 0}}, 40400},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				r := e.Post(row.path, ta, row.body)
				if r.Code != row.code {
					t.Fatalf("want %d: %s", row.code, r.Raw)
				}
			})
		}
		for _, bad := range []map[string]any{{"command": "selfDestruct"}, {"command": "muteAlarm"}, {"command": "muteAlarm", "params": map[string]any{"minutes": 500}}} {
			expect(t, e.Post("/api/device/sendCommand/"+fmt.Sprint(ids[1]), ta, bad), 422, 42200)
		}
		// None of the refused calls queued anything or changed a wanted value.
		var after []model.DeviceCommand
		var second model.Device // a fresh value: decoding into a used one would merge its maps
		e.Get(fmt.Sprintf("/api/device/%d/commands", ids[1]), ta).Into(t, &after)
		e.Get(fmt.Sprintf("/api/device/%d", ids[1]), ta).Into(t, &second)
		if len(after) != 1 || second.Wanted.AlertLow != 15.5 || len(second.Wanted.Custom) != 0 {
			t.Fatalf("refused calls changed device %d: %d commands, %+v", ids[1], len(after), second.Wanted)
		}
		var flag struct{ Wanted, Confirmed int }
		expect(t, e.Post("/api/device/set-data-flag", ta, map[string]any{"deviceIds": ids[1:2], "dataFlag": 1}), 200, 0)
		e.Get(fmt.Sprintf("/api/device/get-data-flag/%d", ids[1]), ta).Into(t, &flag)
		if flag.Wanted != 1 || flag.Confirmed != 0 {
			t.Fatalf("data flag: %+v", flag)
		}
		_ = a
	})
}

// companyDevice makes a company (administrator c-admin), a device type and one device of the company, and
// returns the company, its administrator's token and the device (with its secret).
func companyDevice(t *testing.T, e *apitest.Env, admin string) (model.Company, string, model.Device) {
	t.Helper()
	c := createCompany(t, e, admin, 1, "c-admin")
	ct := e.Login("c-admin", "Admin-Pass-1")
	d := createDevice(t, e, ct, deviceBody(apitest.IMEI(1), createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID))
	return c, ct, d
}
