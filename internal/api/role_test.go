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

type rolePage struct {
	List     []model.Role `json:"list"`
	Total    int64        `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
}

func createRole(t *testing.T, e *apitest.Env, token string, body map[string]any) model.Role {
	t.Helper()
	return created[model.Role](t, e, token, "/api/role", body)
}

func TestRoleLifecycle(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()

		role := createRole(t, e, admin, map[string]any{"name": " Operators ", "remark": "night shift",
			"permissions": []string{"RoleManagement", "OperationLogManagement", "RoleManagement"}})
		if role.ID == 0 || role.Name != "Operators" || role.CompanyID != nil || role.UserCount != 0 {
			t.Fatalf("created role: %+v", role)
		}
		if fmt.Sprint(role.Permissions) != "[OperationLogManagement RoleManagement]" {
			t.Fatalf("codes are deduplicated and sorted, got %v", role.Permissions)
		}

		path := fmt.Sprintf("/api/role/%d", role.ID)
		var got model.Role
		e.Get(path, admin).Into(t, &got)
		if got.Name != "Operators" || got.Remark != "night shift" {
			t.Fatalf("read role: %+v", got)
		}

		r := e.Put(path, admin, map[string]any{"name": "Operators 2", "remark": "", "permissions": []string{"UserManagement"}})
		expect(t, r, 200, 0)
		r.Into(t, &got)
		if got.Name != "Operators 2" || fmt.Sprint(got.Permissions) != "[UserManagement]" || got.UpdatedAt < got.CreatedAt {
			t.Fatalf("updated role: %+v", got)
		}

		// In use: a user holds it, so it cannot go.
		uid := e.CreateUser("holder", "Pass-12345", nil)
		if _, err := db.SQL.Exec(db.Rebind("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)"), uid, role.ID); err != nil {
			t.Fatal(err)
		}
		r = e.Do(apitest.Req{Method: "DELETE", Path: path, Token: admin, Lang: "en"})
		expect(t, r, 409, 40900)
		if !strings.Contains(r.Msg, "1 user") {
			t.Fatalf("the 409 must say the role is still given to users: %q", r.Msg)
		}
		// The holder now has the role's codes on its very next call.
		holder := e.Login("holder", "Pass-12345")
		var u me
		e.Get("/api/user", holder).Into(t, &u)
		if fmt.Sprint(u.Permission) != "[UserManagement]" {
			t.Fatalf("holder's codes: %v", u.Permission)
		}
		if _, err := db.SQL.Exec(db.Rebind("DELETE FROM user_roles WHERE role_id = ?"), role.ID); err != nil {
			t.Fatal(err)
		}
		expect(t, e.Delete(path, admin), 200, 0)
		expect(t, e.Get(path, admin), 404, 40400)
		expect(t, e.Delete(path, admin), 404, 40400)
	})
}

func TestRoleListFiltersAndPages(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		for i := 1; i <= 25; i++ {
			createRole(t, e, admin, map[string]any{"name": fmt.Sprintf("Shift %02d", i), "permissions": []string{}})
		}
		createRole(t, e, admin, map[string]any{"name": "Auditors_100%", "permissions": []string{}})

		var p rolePage
		e.Get("/api/role?page=2&pageSize=10&sort=name", admin).Into(t, &p)
		if p.Total != 26 || p.Page != 2 || p.PageSize != 10 || len(p.List) != 10 || p.List[0].Name != "Shift 10" {
			t.Fatalf("page 2 by name: total %d, first %q", p.Total, p.List[0].Name)
		}
		e.Get("/api/role?pageSize=1000", admin).Into(t, &p)
		if p.PageSize != 100 || len(p.List) != 26 {
			t.Fatalf("pageSize is capped at 100: %d, %d rows", p.PageSize, len(p.List))
		}
		e.Get("/api/role", admin).Into(t, &p)
		if p.List[0].Name != "Auditors_100%" || p.PageSize != 20 {
			t.Fatalf("default: newest first, 20 a page; got %q, %d", p.List[0].Name, p.PageSize)
		}
		e.Get("/api/role?name=shift+0", admin).Into(t, &p)
		if p.Total != 9 {
			t.Fatalf("name filter is a case-insensitive substring: %d", p.Total)
		}
		// LIKE wildcards in the filter are taken literally.
		e.Get("/api/role?name=_100%25", admin).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("wildcards must be literal: %d", p.Total)
		}
		for _, bad := range []string{"sort=password", "page=0", "pageSize=abc", "companyId=x"} {
			r := e.Get("/api/role?"+bad, admin)
			expect(t, r, 400, 40000)
		}
	})
}

func TestRoleNoEscalation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		e.CreateUser("rolemgr", "Pass-12345", nil, "RoleManagement", "RoleManagement:create", "RoleManagement:update", "OperationLogManagement")
		mgr := e.Login("rolemgr", "Pass-12345")

		r := e.Post("/api/role", mgr, map[string]any{"name": "Too much", "permissions": []string{"RoleManagement", "UserManagement"}})
		expect(t, r, 403, 40301)
		var p rolePage
		e.Get("/api/role", mgr).Into(t, &p)
		if p.Total != 0 {
			t.Fatal("a refused create must store nothing")
		}

		role := createRole(t, e, mgr, map[string]any{"name": "Within", "permissions": []string{"OperationLogManagement"}})
		path := fmt.Sprintf("/api/role/%d", role.ID)
		expect(t, e.Put(path, mgr, map[string]any{"name": "Within", "permissions": []string{"RoleManagement:delete"}}), 403, 40301)
		var got model.Role
		e.Get(path, mgr).Into(t, &got)
		if fmt.Sprint(got.Permissions) != "[OperationLogManagement]" {
			t.Fatalf("a refused update must change nothing: %v", got.Permissions)
		}
		// Admin may grant anything.
		expect(t, e.Put(path, e.Admin(), map[string]any{"name": "Within", "permissions": []string{"CompanyManagement", "RoleManagement:delete"}}), 200, 0)
	})
}

func TestRolesAreCompanyScoped(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a, b := e.CreateCompany("Company A"), e.CreateCompany("Company B")
		codes := []string{"RoleManagement", "RoleManagement:create", "RoleManagement:update", "RoleManagement:delete", "DeviceManagement"}
		e.CreateUser("a-admin", "Pass-12345", &a, codes...)
		ua := e.Login("a-admin", "Pass-12345")

		roleB := createRole(t, e, admin, map[string]any{"name": "Inspectors", "companyId": b, "permissions": []string{"DeviceManagement"}})
		if roleB.CompanyID == nil || *roleB.CompanyID != b {
			t.Fatalf("platform user creates a role of company B: %+v", roleB)
		}
		// The same name in another company is fine; the company in the body is ignored for company users.
		roleA := createRole(t, e, ua, map[string]any{"name": "Inspectors", "companyId": b, "permissions": []string{"DeviceManagement"}})
		if roleA.CompanyID == nil || *roleA.CompanyID != a {
			t.Fatalf("a company user's role belongs to its company: %+v", roleA)
		}
		expect(t, e.Post("/api/role", ua, map[string]any{"name": "Inspectors", "permissions": []string{}}), 409, 40900)

		pathB := fmt.Sprintf("/api/role/%d", roleB.ID)
		expect(t, e.Get(pathB, ua), 404, 40400)
		expect(t, e.Put(pathB, ua, map[string]any{"name": "Mine now", "permissions": []string{}}), 404, 40400)
		expect(t, e.Delete(pathB, ua), 404, 40400)
		var p rolePage
		e.Get(fmt.Sprintf("/api/role?companyId=%d", b), ua).Into(t, &p)
		if p.Total != 0 {
			t.Fatalf("a filter on another company must find nothing: %+v", p.List)
		}
		e.Get("/api/role", ua).Into(t, &p)
		if p.Total != 1 || p.List[0].ID != roleA.ID {
			t.Fatalf("company A sees its own role only: %+v", p.List)
		}
		e.Get("/api/role", admin).Into(t, &p)
		if p.Total != 2 {
			t.Fatalf("the platform sees both: %d", p.Total)
		}
		var stillB model.Role
		e.Get(pathB, admin).Into(t, &stillB)
		if stillB.Name != "Inspectors" {
			t.Fatal("company A's attempts changed company B's role")
		}
		// A company role never holds a platform-only code, even when the platform creates it.
		r := e.Post("/api/role", admin, map[string]any{"name": "Bad", "companyId": b, "permissions": []string{"CompanyManagement"}})
		expect(t, r, 422, 42200)
		if r.Errors[0].Field != "permissions" {
			t.Fatalf("the error names the field: %s", r.Raw)
		}
		expect(t, e.Post("/api/role", admin, map[string]any{"name": "Ghost", "companyId": 999999, "permissions": []string{}}), 422, 42200)
		// A company user asking for a platform-only code asks for a power it cannot have: refused (403), with
		// the same message, and nothing stored.
		r = e.Do(apitest.Req{Method: "POST", Path: "/api/role", Token: ua, Lang: "en",
			Body: map[string]any{"name": "Grab", "permissions": []string{"CompanyManagement"}}})
		expect(t, r, 403, 40301)
		if !strings.Contains(r.Msg, "platform permission CompanyManagement") {
			t.Fatalf("the refusal names the code: %s", r.Raw)
		}
		e.Get("/api/role", ua).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("a refused role was stored: %+v", p.List)
		}
	})
}

func TestRoleInputErrors(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		rows := []struct {
			name       string
			body       any
			lang       string
			status     int
			code       int
			field, msg string
		}{
			{"empty name, zh", map[string]any{"name": "", "permissions": []string{}}, "zh-CN", 422, 42200, "name", "为必填字段"},
			{"empty name, en", map[string]any{"name": "", "permissions": []string{}}, "en", 422, 42200, "name", "required"},
			{"name too long", map[string]any{"name": strings.Repeat("x", 33), "permissions": []string{}}, "en", 422, 42200, "name", "32"},
			{"unknown code", map[string]any{"name": "x", "permissions": []string{"Nope"}}, "en", 422, 42200, "permissions", "Nope"},
			{"unknown field", `{"name":"x","permissions":[],"isRoot":true}`, "en", 400, 40001, "", "isRoot"},
			{"not JSON", `{"name":`, "en", 400, 40001, "", "JSON"},
			{"wrong type", `{"name":42,"permissions":[]}`, "en", 422, 42200, "name", ""},
			{"two values", `{"name":"x","permissions":[]}{}`, "en", 400, 40001, "", ""},
			{"too large", `{"name":"x","remark":"` + strings.Repeat("a", 1<<20) + `","permissions":[]}`, "en", 413, 41300, "", "MiB"},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				r := e.Do(apitest.Req{Method: "POST", Path: "/api/role", Token: admin, Body: row.body, Lang: row.lang})
				expect(t, r, row.status, row.code)
				text := r.Msg
				if row.field != "" {
					if len(r.Errors) == 0 || r.Errors[0].Field != row.field {
						t.Fatalf("want an error on %q: %s", row.field, r.Raw)
					}
					text = r.Errors[0].Msg
				}
				if !strings.Contains(text, row.msg) {
					t.Fatalf("message %q should mention %q", text, row.msg)
				}
			})
		}
		var p rolePage
		e.Get("/api/role", admin).Into(t, &p)
		if p.Total != 0 {
			t.Fatalf("bad input must change nothing, found %d roles", p.Total)
		}
	})
}

// Nobody acts on a more powerful user through a role either: a role manager of a company may not change
// the codes of, or delete, a role that a user holding codes the manager lacks also holds; the role and
// that user's codes stay as they were. A rename, or a role held only by users within the manager's
// codes, is still fine.
func TestRoleOfAMorePowerfulUserIsNotChanged(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "c-admin")
		ca := e.Login("c-admin", "Admin-Pass-1")
		role := createRole(t, e, ca, map[string]any{"name": "Inspectors", "permissions": []string{"DeviceManagement"}})
		path := fmt.Sprintf("/api/role/%d", role.ID)

		boss := e.CreateUser("boss", "Pass-12345", &c.ID, "UserManagement", "UserManagement:permission")
		e.CreateUser("mgr", "Pass-12345", &c.ID, "RoleManagement", "RoleManagement:update", "RoleManagement:delete", "DeviceManagement")
		peer := e.CreateUser("peer", "Pass-12345", &c.ID)
		for _, uid := range []int64{boss, peer} {
			if _, err := db.SQL.Exec(db.Rebind("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)"), uid, role.ID); err != nil {
				t.Fatal(err)
			}
		}
		mgr, bossToken := e.Login("mgr", "Pass-12345"), e.Login("boss", "Pass-12345")

		for lang, want := range map[string]string{"en": "A user of this role holds a permission you do not (UserManagement)",
			"zh-CN": "该角色的用户拥有您没有的权限（UserManagement）"} {
			r := e.Do(apitest.Req{Method: "PUT", Path: path, Token: mgr, Lang: lang, Body: map[string]any{"name": "Inspectors", "permissions": []string{}}})
			expect(t, r, 403, 40301)
			if !strings.Contains(r.Msg, want) {
				t.Fatalf("%s: %q", lang, r.Msg)
			}
		}
		expect(t, e.Delete(path, mgr), 403, 40301)
		var got model.Role
		e.Get(path, ca).Into(t, &got)
		if got.Name != "Inspectors" || fmt.Sprint(got.Permissions) != "[DeviceManagement]" || got.UserCount != 2 {
			t.Fatalf("a refused edit changed the role: %+v", got)
		}
		var u me
		e.Get("/api/user", bossToken).Into(t, &u)
		if !contains(u.Permission, "DeviceManagement") {
			t.Fatalf("the more powerful user lost a code: %v", u.Permission)
		}

		// A rename changes nobody's codes.
		expect(t, e.Put(path, mgr, map[string]any{"name": "Field inspectors", "permissions": []string{"DeviceManagement"}}), 200, 0)
		// Without the more powerful holder, the manager may change the role.
		if _, err := db.SQL.Exec(db.Rebind("DELETE FROM user_roles WHERE user_id = ?"), boss); err != nil {
			t.Fatal(err)
		}
		expect(t, e.Put(path, mgr, map[string]any{"name": "Field inspectors", "permissions": []string{}}), 200, 0)
		// The company's administrator holds every company code: its role is out of the manager's reach too.
		if _, err := db.SQL.Exec(db.Rebind("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)"), *c.AdminUserID, role.ID); err != nil {
			t.Fatal(err)
		}
		expect(t, e.Put(path, mgr, map[string]any{"name": "Field inspectors", "permissions": []string{"DeviceManagement"}}), 403, 40301)
		expect(t, e.Put(path, ca, map[string]any{"name": "Field inspectors", "permissions": []string{"DeviceManagement"}}), 200, 0)
	})
}
