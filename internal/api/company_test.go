package api_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

type companyPage struct {
	List  []model.Company `json:"list"`
	Total int64           `json:"total"`
}

func createCompany(t *testing.T, e *apitest.Env, token string, n int, adminAccount string) model.Company {
	t.Helper()
	return created[model.Company](t, e, token, "/api/company", apitest.CompanyBody(n, adminAccount))
}

func TestCompanyLifecycle(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "hzgas")
		if c.ID == 0 || c.AdminAccount != "hzgas" || c.AdminUserID == nil || c.Status != 1 || c.RegionName != "浙江省 杭州市 西湖区" {
			t.Fatalf("created: %+v", c)
		}

		// The administrator signs in and holds every company code, and no platform code.
		token := e.Login("hzgas", "Admin-Pass-1")
		var u me
		e.Get("/api/user", token).Into(t, &u)
		if u.CompanyID == nil || *u.CompanyID != c.ID || !contains(u.Permission, "DeviceManagement:command") ||
			!contains(u.Permission, "UserManagement:permission") || contains(u.Permission, "CompanyManagement") {
			t.Fatalf("company administrator: %+v", u)
		}

		path := fmt.Sprintf("/api/company/%d", c.ID)
		body := apitest.CompanyBody(1, "")
		delete(body, "admin")
		body["name"], body["contactPhone"], body["cityCode"], body["countyCode"] = "杭州燃气集团", "0571-87654321", "330100", ""
		r := e.Put(path, admin, body)
		expect(t, r, 200, 0)
		var got model.Company
		r.Into(t, &got)
		if got.Name != "杭州燃气集团" || got.ContactPhone != "0571-87654321" || got.RegionName != "浙江省 杭州市" {
			t.Fatalf("updated: %+v", got)
		}

		// Disabling ends the administrator's session and stops its sign-in; enabling lets it back.
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: path, Token: admin, Body: map[string]any{"status": 0}}), 200, 0)
		expect(t, e.Get("/api/user", token), 401, 40100)
		expect(t, e.TryLogin("hzgas", "Admin-Pass-1", nil), 403, 40302)
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: path, Token: admin, Body: map[string]any{"status": 1}}), 200, 0)
		token = e.Login("hzgas", "Admin-Pass-1")

		// Reset with a generated password: shown once, the old one and the session stop working.
		r = e.Put("/api/company/reset-password/"+fmt.Sprint(c.ID), admin, map[string]any{})
		expect(t, r, 200, 0)
		var reset struct{ Account, Password string }
		r.Into(t, &reset)
		if reset.Account != "hzgas" || len(reset.Password) != 16 {
			t.Fatalf("reset: %+v", reset)
		}
		expect(t, e.Get("/api/user", token), 401, 40100)
		token = e.Login("hzgas", reset.Password)
		// Or set the one given.
		expect(t, e.Put("/api/company/reset-password/"+fmt.Sprint(c.ID), admin, map[string]any{"password": "Given-Pass-9"}), 200, 0)
		e.Login("hzgas", "Given-Pass-9")

		// Delete: refused while another user exists, then the company and its administrator go together.
		worker := e.Post("/api/users", token, map[string]any{"account": "hz-worker", "password": "Worker-Pass-1", "name": "W"})
		expect(t, worker, 401, 40100) // token was revoked by the reset above
		token = e.Login("hzgas", "Given-Pass-9")
		worker = e.Post("/api/users", token, map[string]any{"account": "hz-worker", "password": "Worker-Pass-1", "name": "W"})
		expect(t, worker, 200, 0)
		r = e.Do(apitest.Req{Method: "DELETE", Path: path, Token: admin, Lang: "en"})
		expect(t, r, 409, 40900)
		if !strings.Contains(r.Msg, "1 other user") {
			t.Fatalf("409 message: %q", r.Msg)
		}
		var w model.User
		worker.Into(t, &w)
		expect(t, e.Delete(fmt.Sprintf("/api/users/%d", w.ID), token), 200, 0)
		expect(t, e.Delete(path, admin), 200, 0)
		expect(t, e.Get(path, admin), 404, 40400)
		expect(t, e.TryLogin("hzgas", "Given-Pass-9", nil), 401, 40101)
	})
}

func TestCompanyValidationAndUniqueness(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "first-admin")
		with := func(n int, account string, change func(map[string]any)) map[string]any {
			b := apitest.CompanyBody(n, account)
			change(b)
			return b
		}
		rows := []struct {
			name         string
			body         map[string]any
			status, code int
			field        string
		}{
			{"bad credit code check", with(2, "adm2", func(b map[string]any) { b["creditCode"] = "91330106000000002X" }), 422, 42200, "creditCode"},
			{"credit code length", with(2, "adm2", func(b map[string]any) { b["creditCode"] = "9133" }), 422, 42200, "creditCode"},
			{"bad phone", with(2, "adm2", func(b map[string]any) { b["contactPhone"] = "12345" }), 422, 42200, "contactPhone"},
			{"unknown industry", with(2, "adm2", func(b map[string]any) { b["industryCode"] = "Z" }), 422, 42200, "industryCode"},
			{"city of another province", with(2, "adm2", func(b map[string]any) { b["cityCode"], b["countyCode"] = "320100", "" }), 422, 42200, "provinceCode"},
			{"admin account too short", with(2, "ab", func(map[string]any) {}), 422, 42200, "admin.account"},
			{"weak admin password", with(2, "adm2", func(b map[string]any) { b["admin"].(map[string]any)["password"] = "password" }), 422, 42200, "admin.password"},
			{"duplicate name", with(2, "adm2", func(b map[string]any) { b["name"] = apitest.CompanyBody(1, "")["name"] }), 409, 40900, ""},
			{"duplicate credit code", with(2, "adm2", func(b map[string]any) { b["creditCode"] = apitest.CreditCode(1) }), 409, 40900, ""},
			{"duplicate admin account", with(2, "first-admin", func(map[string]any) {}), 409, 40900, ""},
			{"admin account differs only in case", with(2, "First-Admin", func(map[string]any) {}), 409, 40900, ""},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				r := e.Post("/api/company", admin, row.body)
				expect(t, r, row.status, row.code)
				if row.field != "" && (len(r.Errors) == 0 || r.Errors[0].Field != row.field) {
					t.Fatalf("want an error on %s: %s", row.field, r.Raw)
				}
			})
		}
		var p companyPage
		e.Get("/api/company", admin).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("refused creates must store nothing: %d companies", p.Total)
		}
		var check struct{ Available bool }
		e.Get("/api/users/check-user-account?account=adm2", admin).Into(t, &check)
		if !check.Available {
			t.Fatal("no refused create may leave its administrator behind")
		}
	})
}

func TestCompanyListFiltersAndExport(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		for i := 1; i <= 3; i++ {
			createCompany(t, e, admin, i, fmt.Sprintf("admin-%d", i))
		}
		b := apitest.CompanyBody(4, "admin-4")
		b["name"], b["provinceCode"], b["cityCode"], b["countyCode"], b["industryCode"] = "=HYPERLINK(\"http://x\")", "110000", "", "", "C"
		expect(t, e.Post("/api/company", admin, b), 200, 0)

		rows := []struct {
			query string
			want  int64
		}{
			{"", 4}, {"name=杭州燃气2", 1}, {"industryCode=C", 1}, {"industryCode=C&industryCode=D", 4},
			{"provinceCode=330000", 3}, {"countyCode=330106", 3}, {"status=0", 0}, {"creditCode=" + apitest.CreditCode(3)[:12], 4},
		}
		for _, row := range rows {
			var p companyPage
			e.Get("/api/company?"+row.query, admin).Into(t, &p)
			if p.Total != row.want {
				t.Errorf("%q: want %d, got %d", row.query, row.want, p.Total)
			}
		}

		r := e.Do(apitest.Req{Method: "GET", Path: "/api/company/export?provinceCode=330000&sort=name", Token: admin, Lang: "en"})
		if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "filename*=UTF-8''companies.xlsx") {
			t.Fatalf("export: %d %v", r.Status, r.Header)
		}
		sheet := readSheet(t, r.Raw)
		if len(sheet) != 4 || sheet[0][0] != "Name" || sheet[1][0] != "杭州燃气1有限公司" || sheet[1][3] != "浙江省 杭州市 西湖区" {
			t.Fatalf("export rows: %v", sheet)
		}
		r = e.Get("/api/company/export?industryCode=C", admin)
		if !strings.Contains(r.Header.Get("Content-Disposition"), "%E4%BC%81%E4%B8%9A") { // 企业
			t.Fatalf("zh file name: %s", r.Header.Get("Content-Disposition"))
		}
		sheet = readSheet(t, r.Raw)
		if sheet[1][0] != `=HYPERLINK("http://x")` || bytes.Contains(unzipSheet(t, r.Raw), []byte("<f>")) {
			t.Fatalf("a value starting with = must stay text: %v", sheet[1])
		}
	})
}

func readSheet(t *testing.T, data []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not an xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
