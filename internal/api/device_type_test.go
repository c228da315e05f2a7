package api_test

import (
	"fmt"
	"strings"
	"testing"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func deviceTypeBody(modelName string) map[string]any {
	return map[string]any{"name": "红外甲烷探测器", "model": modelName, "manufacturer": "Acme Sensors", "unit": "%LEL",
		"rangeMin": 0, "rangeMax": 100, "lowThreshold": 20, "highThreshold": 50, "reportInterval": 5, "heartbeatInterval": 60,
		"communication": "NB-IoT", "description": "<p>说明</p>"}
}

func createDeviceType(t *testing.T, e *apitest.Env, token string, body map[string]any) model.DeviceType {
	t.Helper()
	return created[model.DeviceType](t, e, token, "/api/deviceClassify", body)
}

func TestDeviceTypes(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		body := deviceTypeBody("GT-100")
		body["description"] = `<p onclick="steal()">量程 <strong>0-100</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`
		dt := createDeviceType(t, e, admin, body)
		if dt.Gas != "CH4" || dt.Unit != "%LEL" || strings.Contains(dt.Description, "script") ||
			strings.Contains(dt.Description, "onclick") || strings.Contains(dt.Description, "javascript") ||
			!strings.Contains(dt.Description, "<strong>0-100</strong>") {
			t.Fatalf("created (description sanitized on the server): %+v", dt)
		}
		expect(t, e.Post("/api/deviceClassify", admin, deviceTypeBody("GT-100")), 409, 40900)

		path := fmt.Sprintf("/api/deviceClassify/%d", dt.ID)
		upd := deviceTypeBody("GT-100")
		upd["highThreshold"], upd["communication"] = 60.5, "4G"
		r := e.Put(path, admin, upd)
		expect(t, r, 200, 0)
		r.Into(t, &dt)
		if dt.HighThreshold != 60.5 || dt.Communication != "4G" {
			t.Fatalf("updated: %+v", dt)
		}

		bad := func(change func(map[string]any)) map[string]any {
			b := deviceTypeBody("GT-200")
			change(b)
			return b
		}
		rows := []refusal{
			{"unknown unit", bad(func(b map[string]any) { b["unit"] = "mg/m3" }), "unit"},
			{"unknown communication", bad(func(b map[string]any) { b["communication"] = "Bluetooth" }), "communication"},
			{"low above high", bad(func(b map[string]any) { b["lowThreshold"], b["highThreshold"] = 50, 20 }), "highThreshold"},
			{"two decimals", bad(func(b map[string]any) { b["lowThreshold"] = 20.25 }), "lowThreshold"},
			{"threshold outside the range", bad(func(b map[string]any) { b["highThreshold"] = 150 }), "highThreshold"},
			{"empty range", bad(func(b map[string]any) { b["rangeMin"], b["rangeMax"] = 50, 50 }), "rangeMax"},
			{"interval too long", bad(func(b map[string]any) { b["reportInterval"] = 2000 }), "reportInterval"},
			{"heartbeat shorter than reports", bad(func(b map[string]any) { b["heartbeatInterval"] = 1 }), "heartbeatInterval"},
		}
		expectFieldRefusals(t, e, admin, "/api/deviceClassify", rows)

		var p struct{ Total int64 }
		e.Get("/api/deviceClassify?communication=4G&model=GT", admin).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("filters: %d", p.Total)
		}
		r = e.Do(apitest.Req{Method: "GET", Path: "/api/deviceClassify/export", Token: admin, Lang: "en"})
		sheet := readSheet(t, r.Raw)
		if len(sheet) != 2 || sheet[0][1] != "Model" || sheet[1][1] != "GT-100" {
			t.Fatalf("export: %v", sheet)
		}
		// A company user reads the catalogue (its device forms need it) but cannot change it.
		createCompany(t, e, admin, 1, "c-admin")
		ct := e.Login("c-admin", "Admin-Pass-1")
		expect(t, e.Get(path, ct), 200, 0)
		expect(t, e.Put(path, ct, upd), 403, 40300)
		expect(t, e.Delete(path, admin), 200, 0)
		expect(t, e.Get(path, admin), 404, 40400)
	})
}
