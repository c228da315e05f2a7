package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"irgas/internal/api"
	"irgas/internal/apitest"
	"irgas/internal/auth"
	"irgas/internal/i18n"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Hostile input answers 400 or 422 with a message in the caller's language, never 500, and stores nothing:
// page numbers past any table, huge, repeated and NUL-laden filters on every list call of the route table,
// NUL and invalid UTF-8 in paths, queries and bodies, and names made of spaces.

var langs = []i18n.Lang{i18n.ZH, i18n.EN}

// expectRefused checks a refusal's status, code and message (or, for a 422, the message of field).
func expectRefused(t *testing.T, r *apitest.Response, status, code int, field, msg string) {
	t.Helper()
	if r.Status != status || r.Code != code {
		t.Fatalf("want %d/%d, got %d: %.300s", status, code, r.Status, r.Raw)
	}
	if field == "" {
		if r.Msg != msg {
			t.Fatalf("want message %q, got %q", msg, r.Msg)
		}
		return
	}
	for _, f := range r.Errors {
		if f.Field == field && f.Msg == msg {
			return
		}
	}
	t.Fatalf("want %s: %q among the errors, got %.300s", field, msg, r.Raw)
}

func TestEveryListRefusesHostileQueries(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		// Rows in the lists, so that every query runs to its page (an empty list answers before it).
		_, _, d := companyDevice(t, e, admin)
		now := time.Now().UnixMilli()
		expect(t, ingest(e, d.IMEI, d.Secret, []map[string]any{{"ts": now, "ch4": 60},
			{"type": "calibration", "ts": now, "kind": "zero", "result": "ok"}}), 200, 0)
		e.FlushRecords()
		n := 0
		for _, rt := range (&api.API{}).Routes() {
			if rt.List == nil {
				continue
			}
			n++
			path := "/api" + rt.Path
			first := rt.List.Filters[0].Param
			text, bound := first, "" // a text filter where the list has one: the NUL reaches a text column
			for _, f := range rt.List.Filters {
				if f.Kind == listq.Exact || f.Kind == listq.Contains {
					text = f.Param
					bound = "&" + text + "=" + url.QueryEscape(strings.Repeat("甲", listq.MaxValueLength))
					break
				}
			}
			repeated := strings.Repeat("&"+first+"=1", listq.MaxValues+1)[1:]
			attacks := []struct{ query, key string }{
				{"page=9223372036854775807", "query.page_too_far"},
				{"page=99999999999999999999999", "query.page_too_far"},
				{fmt.Sprintf("page=%d&pageSize=100", listq.MaxOffset/100+2), "query.page_too_far"},
				{"pageSize=9223372036854775807&page=9223372036854775807", "query.page_too_far"},
				{first + "=" + strings.Repeat("9", 100_000), "query.too_long"},
				{text + "=" + strings.Repeat("甲", 100_000), "query.too_long"},
				{"sort=" + strings.Repeat("x", 100_000), "query.too_long"},
				{repeated, "query.too_many"},
				{text + "=a%00b", "query.bad_text"},
				{first + "=1%00", "query.bad_text"},
				{text + "=%FF%FE", "query.bad_text"},
			}
			for _, at := range attacks {
				if rt.List.Unpaged && (strings.HasPrefix(at.query, "page") || strings.HasPrefix(at.query, "sort")) {
					continue // an option list reads no paging or sort key
				}
				for _, lang := range langs {
					r := e.Do(apitest.Req{Method: rt.Method, Path: path + "?" + at.query, Token: admin, Lang: string(lang)})
					var want string
					switch at.key {
					case "query.page_too_far":
						want = i18n.T(lang, at.key, listq.MaxOffset)
					case "query.too_long":
						key, _, _ := strings.Cut(at.query, "=")
						want = i18n.T(lang, at.key, key, listq.MaxValueLength)
					case "query.too_many":
						want = i18n.T(lang, at.key, first, listq.MaxValues)
					default:
						key, _, _ := strings.Cut(at.query, "=")
						want = i18n.T(lang, at.key, key)
					}
					t.Run(fmt.Sprintf("%s %s?%.40s", rt.Method, rt.Path, at.query), func(t *testing.T) {
						expectRefused(t, r, 400, 40000, "", want)
					})
				}
			}
			// The bound itself is a page like any other.
			r := e.Do(apitest.Req{Method: rt.Method, Path: fmt.Sprintf("%s?page=%d&pageSize=%d%s", path,
				listq.MaxOffset/listq.MaxPageSize+1, listq.MaxPageSize, bound), Token: admin})
			if r.Status != 200 {
				t.Errorf("%s %s at the bounds: %d %.300s", rt.Method, rt.Path, r.Status, r.Raw)
			}
		}
		if n < 15 {
			t.Fatalf("only %d list routes in the route table", n)
		}
	})
}

func TestPathsAndQueriesRefuseUnstorableText(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		e.FlushRecords()
		before := countRows(t, db, "operation_logs")
		sessions := countRows(t, db, "sessions")
		k := e.LoginKey()
		password, err := auth.EncryptPassword(k.Key, apitest.AdminPassword)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			method, path, token string
			body                any
			key, arg            string
			agent               string // the User-Agent, stored with sessions and records
		}{
			{"GET", "/api/users/check-user-account?account=a%00b", admin, nil, "query.bad_text", "account", ""},
			{"GET", "/api/smsUser/device-options?q=%FF", ct, nil, "query.bad_text", "q", ""},
			{"GET", "/api/files/a%00b", "", nil, "query.bad_path", "", ""},
			{"PUT", "/api/role/%00", admin, map[string]any{"name": "x", "permissions": []string{}}, "query.bad_path", "", ""},
			{"DELETE", "/api/users/%FF", admin, nil, "query.bad_path", "", ""},
			{"POST", "/api/ingest/" + d.IMEI + "%00", "", map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1}, "query.bad_path", "", ""},
			{"POST", "/api/role", admin, map[string]any{"name": "agent", "permissions": []string{}}, "query.bad_header", "User-Agent", "bad \xff agent"},
			{"POST", "/api/login", "", map[string]any{"account": "admin", "password": password, "keyId": k.KeyID}, "query.bad_header", "User-Agent", "\xc3"},
		} {
			for _, lang := range langs {
				header := map[string]string{"X-Device-Secret": d.Secret}
				if c.agent != "" {
					header["User-Agent"] = c.agent
				}
				r := e.Do(apitest.Req{Method: c.method, Path: c.path, Token: c.token, Body: c.body, Lang: string(lang), Header: header})
				want := i18n.T(lang, c.key)
				if c.arg != "" {
					want = i18n.T(lang, c.key, c.arg)
				}
				t.Run(c.method+" "+c.path, func(t *testing.T) { expectRefused(t, r, 400, 40000, "", want) })
			}
		}
		e.FlushRecords()
		if after := countRows(t, db, "operation_logs"); after != before {
			t.Fatalf("refused calls were recorded: %d records, %d before", after, before)
		}
		if n := countReadings(t, db, d.ID); n != 0 {
			t.Fatalf("%d readings stored", n)
		}
		if n := countRows(t, db, "sessions"); n != sessions {
			t.Fatalf("%d sessions, %d before", n, sessions)
		}
	})
}

// bodyCase is a create call whose "name" the attacks fill.
type bodyCase struct {
	path  string
	table string
	body  func(n int) map[string]any
	token string
	field string // the attacked field: "name" unless nested
}

func TestBodiesRefuseUnstorableAndBlankText(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, _ := companyDevice(t, e, admin)
		dt := createDeviceType(t, e, admin, deviceTypeBody("HOSTILE-0"))
		cases := []bodyCase{
			{"/api/role", "roles", func(int) map[string]any { return map[string]any{"permissions": []string{}} }, admin, "name"},
			{"/api/users", "users", func(n int) map[string]any {
				return map[string]any{"account": fmt.Sprintf("hostile-%d", n), "password": "Hostile-123"}
			}, admin, "name"},
			{"/api/company", "companies", func(n int) map[string]any { return apitest.CompanyBody(100+n, fmt.Sprintf("hostile-admin-%d", n)) }, admin, "name"},
			{"/api/company", "companies", func(n int) map[string]any { return apitest.CompanyBody(200+n, fmt.Sprintf("hostile-nested-%d", n)) }, admin, "admin.name"},
			{"/api/deviceClassify", "device_types", func(n int) map[string]any { return deviceTypeBody(fmt.Sprintf("HOSTILE-%d", n)) }, admin, "name"},
			{"/api/device", "devices", func(n int) map[string]any { return deviceBody(apitest.IMEI(500+n), dt.ID) }, ct, "name"},
			{"/api/smsUser", "sms_users", func(n int) map[string]any {
				return map[string]any{"phone": fmt.Sprintf("139%08d", n)}
			}, ct, "name"},
		}
		n := 0
		for _, c := range cases {
			before := countRows(t, db, c.table)
			for _, lang := range langs {
				for _, attack := range []struct {
					value string
					msg   string
				}{
					{"a\x00b", i18n.T(lang, "field.bad_text")},
					{"\x00", i18n.T(lang, "field.bad_text")},
					{"   ", map[i18n.Lang]string{i18n.ZH: "name为必填字段", i18n.EN: "name is a required field"}[lang]},
					{" \t\n　", map[i18n.Lang]string{i18n.ZH: "name为必填字段", i18n.EN: "name is a required field"}[lang]},
				} {
					n++
					body := setField(c.body(n), c.field, attack.value)
					r := e.Do(apitest.Req{Method: "POST", Path: c.path, Token: c.token, Body: body, Lang: string(lang)})
					t.Run(fmt.Sprintf("%s %s=%q", c.path, c.field, attack.value), func(t *testing.T) {
						expectRefused(t, r, 422, 42200, c.field, attack.msg)
					})
				}
			}
			if after := countRows(t, db, c.table); after != before {
				t.Fatalf("%s: %d rows after the refused creates, %d before", c.path, after, before)
			}
			// Text is stored trimmed.
			n++
			r := e.Do(apitest.Req{Method: "POST", Path: c.path, Token: c.token, Body: setField(c.body(n), c.field, fmt.Sprintf("  Padded 名称 %d\t ", n))})
			expect(t, r, 200, 0)
			if c.field == "name" && !strings.Contains(string(r.Data), fmt.Sprintf(`"name":"Padded 名称 %d"`, n)) {
				t.Fatalf("%s: not trimmed: %s", c.path, r.Data)
			}
		}

		// An update of a name to spaces is refused and leaves the name.
		u := createUser(t, e, admin, map[string]any{"account": "spaces", "password": "Spaces-123", "name": "Spaces"})
		r := e.Do(apitest.Req{Method: "PUT", Path: fmt.Sprintf("/api/users/%d", u.ID), Token: admin, Body: map[string]any{"name": "  "}, Lang: "en"})
		expectRefused(t, r, 422, 42200, "name", "name is a required field")
		var got model.User
		e.Get(fmt.Sprintf("/api/users/%d", u.ID), admin).Into(t, &got)
		if got.Name != "Spaces" {
			t.Fatalf("name changed to %q", got.Name)
		}
		// A NUL deep in a body (an array element) is named by its path; invalid UTF-8 is not JSON text.
		roles := countRows(t, db, "roles")
		r = e.Do(apitest.Req{Method: "POST", Path: "/api/role", Token: admin, Lang: "en",
			Body: map[string]any{"name": "deep", "permissions": []string{"RoleManagement", "Role\x00Management"}}})
		expectRefused(t, r, 422, 42200, "permissions[1]", i18n.T(i18n.EN, "field.bad_text"))
		for _, lang := range langs {
			r = e.Do(apitest.Req{Method: "POST", Path: "/api/role", Token: admin, Lang: string(lang),
				Body: []byte("{\"name\": \"bad \xff\xfe\", \"permissions\": []}")})
			expectRefused(t, r, 400, 40001, "", i18n.T(lang, "error.bad_utf8"))
		}
		if n := countRows(t, db, "roles"); n != roles {
			t.Fatalf("%d roles stored", n-roles)
		}
	})
}

// A device's answer to a command goes through the same text rule: its message is stored.
func TestCommandAnswerRefusesUnstorableText(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		expect(t, e.Post(fmt.Sprintf("/api/device/sendCommand/%d", d.ID), ct, map[string]any{"command": "restart"}), 200, 0)
		var res struct{ Commands []struct{ ID int64 } }
		ingest(e, d.IMEI, d.Secret, map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1}).Into(t, &res)
		if len(res.Commands) != 1 {
			t.Fatalf("commands: %+v", res)
		}
		id := res.Commands[0].ID
		for _, lang := range langs {
			r := e.Do(apitest.Req{Method: "POST", Path: "/api/ingest/" + d.IMEI + "/ack", Lang: string(lang),
				Body:   []map[string]any{{"id": id, "ok": false, "code": 1, "msg": "bad\x00answer"}},
				Header: map[string]string{"X-Device-Secret": d.Secret}})
			expectRefused(t, r, 422, 42200, "[0].msg", i18n.T(lang, "field.bad_text"))
		}
		if st := commandOf(t, e, ct, d.ID, id); st != "sent" {
			t.Fatalf("a refused answer finished the command: %s", st)
		}
	})
}

// setField sets a dotted field of body ("admin.name").
func setField(body map[string]any, field string, v any) map[string]any {
	m := body
	parts := strings.Split(field, ".")
	for _, p := range parts[:len(parts)-1] {
		m = m[p].(map[string]any)
	}
	m[parts[len(parts)-1]] = v
	return body
}

func countRows(t *testing.T, db *store.DB, table string) int {
	t.Helper()
	var n int
	if err := db.SQL.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
