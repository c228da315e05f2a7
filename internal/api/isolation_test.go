package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"irgas/internal/api"
	"irgas/internal/apitest"
	"irgas/internal/commands"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// The isolation suite attacks company B as company A's administrator (who holds every company code), by
// id, by filter and through creates, for every company-scoped call. The route table is the list of calls:
// a new route fails TestIsolationCoversEveryRoute until it gets rows here (or is declared unscoped).
// Whatever A gets back is searched for B's identifiers (see foreign), not only for B's company id: some
// records (readings, feedback) do not carry theirs.

// attack is a call on one of B's records: it must answer 403 or 404 and change nothing.
type attack struct {
	route string // "METHOD /path" as in the route table
	kind  string // whose id fills {id}: role, user, operationLog, company, deviceType, device
	// body is the request body, or a func(id int64) any that makes it (bulk calls name records in their body).
	body any
}

var attacks = []attack{
	{"GET /role/{id}", "role", nil},
	{"PUT /role/{id}", "role", map[string]any{"name": "taken over", "permissions": []string{}}},
	{"DELETE /role/{id}", "role", nil},
	{"GET /users/{id}", "user", nil},
	{"PUT /users/{id}", "user", map[string]any{"name": "taken over"}},
	{"DELETE /users/{id}", "user", nil},
	{"PUT /users/change-status/{id}", "user", map[string]any{"status": 0}},
	{"PUT /users/reset-password/{id}", "user", map[string]any{"password": "Hijack-123"}},
	{"PUT /users/change-permission/{id}", "user", map[string]any{"permissions": []string{}}},
	{"GET /operationLog/{id}", "operationLog", nil},
	{"GET /company/{id}", "company", nil},
	{"PUT /company/{id}", "company", apitest.CompanyBody(9, "")},
	{"PATCH /company/{id}", "company", map[string]any{"status": 0}},
	{"DELETE /company/{id}", "company", nil},
	{"PUT /company/reset-password/{id}", "company", map[string]any{"password": "Hijack-123"}},
	// The device type catalogue is the platform's: a company may read it, never change it.
	{"PUT /deviceClassify/{id}", "deviceType", deviceTypeBody("HIJACK")},
	{"DELETE /deviceClassify/{id}", "deviceType", nil},
	{"GET /device/{id}", "device", nil},
	{"PUT /device/{id}", "device", deviceBody(apitest.IMEI(99), 0)},
	{"PATCH /device/{id}", "device", map[string]any{"status": 0}},
	{"DELETE /device/{id}", "device", nil},
	{"PUT /device/rotate-secret/{id}", "device", nil},
	{"GET /device/{id}/commands", "device", nil},
	{"GET /device/get-data-flag/{id}", "device", nil},
	{"POST /device/sendCommand/{id}", "device", map[string]any{"command": "restart"}},
	{"POST /device/set-alert-param", "device", func(id int64) any {
		return map[string]any{"deviceIds": []int64{id}, "alertLow": 10, "alertHigh": 20}
	}},
	{"POST /device/set-interval-param", "device", func(id int64) any {
		return map[string]any{"deviceIds": []int64{id}, "reportInterval": 1, "heartbeatInterval": 1}
	}},
	{"POST /device/set-custom-param", "device", func(id int64) any {
		return map[string]any{"deviceIds": []int64{id}, "params": map[string]any{"buzzer": 0}}
	}},
	{"POST /device/set-data-flag", "device", func(id int64) any { return map[string]any{"deviceIds": []int64{id}, "dataFlag": 1} }},
	{"GET /alarmLog/{id}", "alarm", nil},
	{"PUT /alarmLog/{id}/ack", "alarm", nil},
	{"PUT /alarmLog/ack", "alarm", func(id int64) any { return map[string]any{"ids": []int64{id}} }},
	{"PUT /alarmLog/{id}/handle", "alarm", map[string]any{"note": "handled by A"}},
	{"GET /smsUser/{id}", "smsUser", nil},
	{"PUT /smsUser/{id}", "smsUser", map[string]any{"name": "taken over", "phone": "13900000099"}},
	{"PATCH /smsUser/{id}", "smsUser", map[string]any{"status": 0}},
	{"DELETE /smsUser/{id}", "smsUser", nil},
}

// listAttack reads a list (or export) filtered on B: it must answer 403, or 200 without any of B's records.
type listAttack struct {
	route string
	query string
}

var listAttacks = []listAttack{
	{"GET /role", "companyId={B}"},
	{"GET /users", "companyId={B}"},
	{"GET /operationLog", "companyId={B}"},
	{"GET /company", "name=B"},
	{"GET /company/export", ""},
	{"GET /company/simple-list", ""},
	{"GET /deviceClassify/export", ""},
	{"GET /device", "companyId={B}"},
	{"GET /device/export", "companyId={B}"},
	{"GET /alarmLog", "companyId={B}"},
	{"GET /deviceDataLog", "companyId={B}"},
	{"GET /deviceDataLog/export", "companyId={B}"},
	{"GET /deviceDataLog/statistic", "companyId={B}"},
	{"GET /alarmLog/export", "companyId={B}"},
	{"GET /alarmLog/statistic", "companyId={B}"},
	{"GET /alarmLog/stageCounts", "companyId={B}"},
	{"GET /deviceInfoFeedbackLog/export", "companyId={B}"},
	{"GET /calibrateLog", "companyId={B}"},
	{"GET /smsUser", "companyId={B}"},
	{"GET /smsUser/device-options", "companyId={B}"},
	{"GET /smsSendLog", "companyId={B}"},
	{"GET /smsSendLog/export", "companyId={B}"},
	{"GET /home/statistic", ""},
}

// createAttack creates a record naming company B: it must land in A (or be refused).
type createAttack struct {
	route string
	body  map[string]any
}

var createAttacks = []createAttack{
	{"POST /role", map[string]any{"name": "planted", "companyId": "{B}", "permissions": []string{}}},
	{"POST /users", map[string]any{"account": "planted", "password": "Planted-123", "name": "p", "companyId": "{B}"}},
	{"POST /company", apitest.CompanyBody(8, "planted-admin")},
	{"POST /deviceClassify", deviceTypeBody("PLANTED")},
	{"POST /device", deviceBodyWithCompany(apitest.IMEI(98), "{B}")},
	{"POST /smsUser", map[string]any{"name": "planted", "phone": "13900000098", "companyId": "{B}"}},
}

// refAttack is a write of A's whose body names one of B's records ("{role}", "{device}"): it must be refused
// (403, 404, or 422 as invalid), without naming the record.
type refAttack struct {
	route string
	body  map[string]any
}

var refAttacks = []refAttack{
	{"POST /users", map[string]any{"account": "planted-role", "password": "Planted-123", "name": "p", "roleIds": []any{"{role}"}}},
	{"POST /smsUser", map[string]any{"name": "planted", "phone": "13900000097", "scope": "devices", "deviceIds": []any{"{device}"}}},
}

// unscoped calls hold no company's records.
var unscoped = []string{"GET /user", "DELETE /user/loginout", "GET /permission", "GET /industry", "GET /regional/tree",
	"GET /users/check-user-account", "GET /deviceClassify", "GET /deviceClassify/{id}"}

// attackedElsewhere are company-scoped calls whose attacks need bodies this table cannot send (uploads),
// with the test that makes them.
var attackedElsewhere = map[string]string{
	"POST /device/import":               "TestDeviceImportIsolation",
	"POST /device/param/import":         "TestDeviceImportIsolation",
	"GET /device/import-template":       "unscoped: a blank template",
	"GET /device/param/import-template": "unscoped: a blank template",
	"POST /upload/image":                "unscoped: platform-only codes (device type descriptions)",
	"GET /events":                       "TestCompanyIsolation (A's feed from the first event), TestEventsAreCompanyScopedAndResume",
}

func routeKey(rt api.Route) string { return rt.Method + " " + rt.Path }

func TestIsolationCoversEveryRoute(t *testing.T) {
	t.Parallel()
	covered := map[string]bool{}
	for _, a := range attacks {
		covered[a.route] = true
	}
	for _, l := range listAttacks {
		covered[l.route] = true
	}
	for _, c := range createAttacks {
		covered[c.route] = true
	}
	for _, c := range refAttacks {
		covered[c.route] = true
	}
	for _, u := range unscoped {
		covered[u] = true
	}
	for route := range attackedElsewhere {
		covered[route] = true
	}
	for _, rt := range (&api.API{}).Routes() {
		if !rt.Public && !covered[routeKey(rt)] {
			t.Errorf("%s has no isolation row: add it to attacks, listAttacks, createAttacks or unscoped", routeKey(rt))
		}
	}
}

func TestCompanyIsolation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a := createCompany(t, e, admin, 1, "a-admin")
		b := createCompany(t, e, admin, 2, "b-admin")
		ta, tb := e.Login("a-admin", "Admin-Pass-1"), e.Login("b-admin", "Admin-Pass-1")

		ids := map[string]int64{"company": b.ID}
		ids["role"] = createRole(t, e, tb, map[string]any{"name": "B role", "permissions": []string{"DeviceManagement"}}).ID
		ids["user"] = createUser(t, e, tb, map[string]any{"account": "b-user", "password": "B-User-123", "name": "B user"}).ID
		p := listLogs(t, e, admin, fmt.Sprintf("companyId=%d", b.ID))
		if p.Total == 0 {
			t.Fatal("company B has no operation record to attack")
		}
		ids["operationLog"] = p.List[0].ID
		ids["deviceType"] = createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID
		bodyB := deviceBody(apitest.IMEI(1), ids["deviceType"])
		bodyB["name"] = "B 井" // A's devices keep deviceBody's name
		devB := createDevice(t, e, tb, bodyB)
		ids["device"] = devB.ID
		expect(t, ingest(e, devB.IMEI, devB.Secret, []map[string]any{{"ts": time.Now().UnixMilli(), "ch4": 60},
			{"type": "calibration", "ts": time.Now().UnixMilli(), "kind": "zero", "result": "ok"}}), 200, 0)
		// An answer of B's device, as the MQTT gateway records it, so that B's feedback log is not empty.
		if err := commands.Record(context.Background(), db, devB.ID, b.ID, commands.Up{ID: 1, Msg: "B answered"}); err != nil {
			t.Fatal(err)
		}
		var alarmsB struct{ List []model.Alarm }
		e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d", devB.ID), tb).Into(t, &alarmsB)
		ids["alarm"] = alarmsB.List[0].ID
		ids["smsUser"] = smsUserOfB(t, e, tb) // with a message about B's alarm in the send log
		// What names B's records in an answer. Every record of B carries one of these (its company's id, its
		// device's id or IMEI, a name, an account, a phone), and no record of A's does.
		theirs := foreign{
			ids: map[string][]int64{"companyId": {b.ID}, "deviceId": {devB.ID}, "deviceIds": {devB.ID},
				"alarmId": {ids["alarm"]}, "smsUserId": {ids["smsUser"]}, "userId": {*b.AdminUserID, ids["user"]}},
			texts: []string{b.Name, b.CreditCode, "b-admin", "b-user", "B user", "B role", devB.IMEI, "B 井", "B duty", "13900000001"},
		}
		// A's live feed from the first event on: A's devices never report, so whatever it carries is B's.
		feed, status := openFeed(t, e, "", map[string]string{"Authorization": "Bearer " + ta, "Last-Event-ID": "0"})
		if status != 200 {
			t.Fatalf("A's feed: %d", status)
		}
		// Device bodies must be valid, so that only the company scope can stop them.
		for _, at := range createAttacks {
			if at.route == "POST /device" {
				at.body["typeId"] = ids["deviceType"]
			}
		}
		for _, at := range attacks {
			if at.route == "PUT /device/{id}" {
				at.body.(map[string]any)["typeId"] = ids["deviceType"]
			}
		}

		// What B's records look like to the platform, before and after the attacks.
		snapshot := func() string {
			var sb strings.Builder
			for _, path := range []string{fmt.Sprintf("/api/role/%d", ids["role"]), fmt.Sprintf("/api/users/%d", ids["user"]),
				fmt.Sprintf("/api/company/%d", b.ID), fmt.Sprintf("/api/deviceClassify/%d", ids["deviceType"]), fmt.Sprintf("/api/device/%d", ids["device"]),
				fmt.Sprintf("/api/device/%d/commands", ids["device"]), fmt.Sprintf("/api/alarmLog/%d", ids["alarm"]),
				fmt.Sprintf("/api/smsUser/%d", ids["smsUser"]), fmt.Sprintf("/api/smsSendLog?companyId=%d", b.ID),
				fmt.Sprintf("/api/users?companyId=%d", b.ID), fmt.Sprintf("/api/role?companyId=%d", b.ID)} {
				r := e.Get(path, admin)
				expect(t, r, 200, 0)
				sb.Write(r.Data)
			}
			return sb.String()
		}
		before := snapshot()
		fill := func(s string) string { return strings.ReplaceAll(s, "{B}", fmt.Sprint(b.ID)) }
		// resolve puts B's ids in a body: "{B}" is B's company, "{role}" and "{device}" B's records.
		resolve := func(body map[string]any) map[string]any {
			out := map[string]any{}
			for k, v := range body {
				if refs, ok := v.([]any); ok {
					named := []int64{}
					for _, r := range refs {
						named = append(named, ids[strings.Trim(r.(string), "{}")])
					}
					v = named
				} else if v == "{B}" {
					v = b.ID
				}
				out[k] = v
			}
			return out
		}

		for _, at := range attacks {
			t.Run(at.route, func(t *testing.T) {
				method, path, _ := strings.Cut(at.route, " ")
				path = "/api" + strings.ReplaceAll(path, "{id}", fmt.Sprint(ids[at.kind]))
				body := at.body
				if f, ok := body.(func(int64) any); ok {
					body = f(ids[at.kind])
				}
				r := e.Do(apitest.Req{Method: method, Path: path, Token: ta, Body: body})
				if r.Status != 403 && r.Status != 404 {
					t.Fatalf("%s on B's %s as A: %d %s", method, at.kind, r.Status, r.Raw)
				}
				theirs.check(t, r)
			})
		}
		for _, l := range listAttacks {
			t.Run(l.route, func(t *testing.T) {
				method, path, _ := strings.Cut(l.route, " ")
				r := e.Do(apitest.Req{Method: method, Path: "/api" + path + "?" + fill(l.query), Token: ta})
				if r.Status != 200 && r.Status != 403 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				theirs.check(t, r)
				// counts name no record: any figure in them is one of B's
				if r.Status == 200 && (strings.HasSuffix(path, "/statistic") || strings.HasSuffix(path, "/stageCounts")) {
					var st any
					r.Into(t, &st)
					if f := figure(st, ""); f != "" {
						t.Fatalf("statistic holds B's figures (%s): %s", f, r.Data)
					}
				}
			})
		}
		for _, at := range refAttacks {
			t.Run("naming B's record: "+at.route, func(t *testing.T) {
				method, path, _ := strings.Cut(at.route, " ")
				r := e.Do(apitest.Req{Method: method, Path: "/api" + path, Token: ta, Body: resolve(at.body)})
				if r.Status != 403 && r.Status != 404 && r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				theirs.check(t, r)
			})
		}
		// A's unfiltered operation record total comes from a per-company counter, its filtered one from the
		// records: both count A's records only.
		if all, counted := listLogs(t, e, ta, ""), listLogs(t, e, ta, "createdAt=$gte:0"); all.Total != counted.Total {
			t.Fatalf("A's operation records: %d unfiltered, %d counted", all.Total, counted.Total)
		}
		for _, c := range createAttacks {
			t.Run(c.route, func(t *testing.T) {
				method, path, _ := strings.Cut(c.route, " ")
				r := e.Do(apitest.Req{Method: method, Path: "/api" + path, Token: ta, Body: resolve(c.body)})
				theirs.check(t, r)
				if r.Status == 403 {
					return
				}
				expect(t, r, 200, 0)
				var created struct{ CompanyID *int64 }
				r.Into(t, &created)
				if created.CompanyID == nil || *created.CompanyID != a.ID {
					t.Fatalf("a record created by A naming B must belong to A: %s", r.Data)
				}
			})
		}
		if after := snapshot(); after != before {
			t.Fatalf("B's records changed:\nbefore %s\nafter  %s", before, after)
		}
		select {
		case ev := <-feed:
			t.Fatalf("A's feed carries B's event %s: %+v", ev.name, ev.data)
		case <-time.After(2 * time.Second): // a poll a second; PostgreSQL's feed holds back the newest second
		}
		e.Login("b-user", "B-User-123") // B's user still signs in with its own password
	})
}

// foreign identifies company B's records: by their ids under the JSON fields that name their kind (a bare
// "id" is left out: its kind depends on the answer), and by texts that appear in no record of A's.
type foreign struct {
	ids   map[string][]int64
	texts []string
}

// check fails when an answer to A holds an identifier of B: in its JSON (messages included) or in the
// cells of an exported sheet.
func (f foreign) check(t *testing.T, r *apitest.Response) {
	t.Helper()
	var v any
	if err := json.Unmarshal(r.Raw, &v); err == nil {
		if id := f.in(v, ""); id != "" {
			t.Fatalf("the answer holds B's %s: %s", id, r.Raw)
		}
		return
	}
	for _, row := range readSheet(t, r.Raw) {
		for _, cell := range row {
			if id := f.text(cell); id != "" {
				t.Fatalf("the export holds B's %s: %v", id, row)
			}
		}
	}
}

// in finds an identifier of B in a JSON value held by field key.
func (f foreign) in(v any, key string) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if id := f.in(x, k); id != "" {
				return id
			}
		}
	case []any:
		for _, x := range v {
			if id := f.in(x, key); id != "" {
				return id
			}
		}
	case float64:
		if slices.Contains(f.ids[key], int64(v)) {
			return fmt.Sprintf("%s %d", key, int64(v))
		}
	case string:
		return f.text(v)
	}
	return ""
}

func (f foreign) text(s string) string {
	for _, x := range f.texts {
		if strings.Contains(s, x) {
			return fmt.Sprintf("%q", x)
		}
	}
	return ""
}

// figure finds a figure in a statistic answered to A, who owns no device, reading or alarm while the list
// attacks run: every point, day or group, and every count but the period's, would be B's.
func figure(v any, key string) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if f := figure(x, k); f != "" {
				return f
			}
		}
	case []any:
		if len(v) > 0 {
			return key
		}
	case float64:
		if v != 0 && !slices.Contains([]string{"from", "to", "bucketMs", "generatedAt"}, key) {
			return key
		}
	}
	return ""
}

// TestEveryCallNeedsItsCode checks the route table for a signed-in user without codes (403 wherever a
// code is needed) and for no token at all (401 on everything that is not public).
func TestEveryCallNeedsItsCode(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "c-admin")
		createUser(t, e, e.Login("c-admin", "Admin-Pass-1"), map[string]any{"account": "no-codes", "password": "No-Codes-1", "name": "n", "companyId": c.ID})
		none := e.Login("no-codes", "No-Codes-1")
		for _, rt := range (&api.API{}).Routes() {
			if rt.Public {
				continue
			}
			path := "/api" + strings.NewReplacer("{id}", "1").Replace(rt.Path)
			t.Run(routeKey(rt), func(t *testing.T) {
				r := e.Do(apitest.Req{Method: rt.Method, Path: path, Body: map[string]any{}})
				expect(t, r, 401, 40100)
				if rt.Perm == "" || rt.Method == "DELETE" && rt.Path == "/user/loginout" {
					return
				}
				r = e.Do(apitest.Req{Method: rt.Method, Path: path, Token: none, Body: map[string]any{}})
				expect(t, r, 403, 40300)
			})
		}
	})
}
