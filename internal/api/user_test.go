package api_test

import (
	"fmt"
	"testing"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

type userPage struct {
	List  []model.User `json:"list"`
	Total int64        `json:"total"`
}

func createUser(t *testing.T, e *apitest.Env, token string, body map[string]any) model.User {
	t.Helper()
	return created[model.User](t, e, token, "/api/users", body)
}

func TestUserLifecycle(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c := createCompany(t, e, admin, 1, "hz-admin")
		ca := e.Login("hz-admin", "Admin-Pass-1")
		role := createRole(t, e, ca, map[string]any{"name": "Operators", "permissions": []string{"DeviceManagement", "OperationLogManagement"}})

		u := createUser(t, e, ca, map[string]any{"account": "li.ming", "password": "Li-Ming-123", "name": "李明", "phone": "13900139000",
			"email": "li@example.com", "companyId": 999, "roleIds": []int64{role.ID}, "permissions": []string{"UserManagement"}})
		if u.CompanyID == nil || *u.CompanyID != c.ID || u.CompanyName != c.Name || len(u.Roles) != 1 || u.Roles[0].Name != "Operators" ||
			fmt.Sprint(u.Permissions) != "[UserManagement]" || u.IsCompanyAdmin {
			t.Fatalf("created: %+v", u)
		}
		token := e.Login("li.ming", "Li-Ming-123")
		var m me
		e.Get("/api/user", token).Into(t, &m)
		if fmt.Sprint(m.Permission) != "[DeviceManagement OperationLogManagement UserManagement]" {
			t.Fatalf("effective codes are roles ∪ extra codes: %v", m.Permission)
		}
		var fetched model.User
		e.Get(fmt.Sprintf("/api/users/%d", u.ID), ca).Into(t, &fetched)
		if fetched.LastLoginAt == nil || fetched.LastLoginIP == "" {
			t.Fatalf("last sign-in is kept: %+v", fetched)
		}

		path := func(op string) string { return fmt.Sprintf("/api/users/%s%d", op, u.ID) }
		expect(t, e.Put(path(""), ca, map[string]any{"name": "李明明", "phone": "", "email": ""}), 200, 0)

		// A new permission set takes effect on the very next call.
		expect(t, e.Put(path("change-permission/"), ca, map[string]any{"roleIds": []int64{}, "permissions": []string{"RoleManagement"}}), 200, 0)
		expect(t, e.Get("/api/users", token), 403, 40300)
		expect(t, e.Get("/api/role", token), 200, 0)

		// Disable: the session ends and sign-in stops; enable again.
		expect(t, e.Put(path("change-status/"), ca, map[string]any{"status": 0}), 200, 0)
		expect(t, e.Get("/api/user", token), 401, 40100)
		expect(t, e.TryLogin("li.ming", "Li-Ming-123", nil), 403, 40302)
		expect(t, e.Put(path("change-status/"), ca, map[string]any{"status": 1}), 200, 0)
		token = e.Login("li.ming", "Li-Ming-123")

		// Reset: the new password works, the session ends.
		r := e.Put(path("reset-password/"), ca, map[string]any{})
		expect(t, r, 200, 0)
		var reset struct{ Password string }
		r.Into(t, &reset)
		expect(t, e.Get("/api/user", token), 401, 40100)
		e.Login("li.ming", reset.Password)

		var p userPage
		e.Get("/api/users?account=li.m&roleId=999", ca).Into(t, &p)
		if p.Total != 0 {
			t.Fatal("roleId filter")
		}
		e.Get("/api/users?name=明明&status=1", ca).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("filters: %d", p.Total)
		}
		expect(t, e.Delete(path(""), ca), 200, 0)
		expect(t, e.Get(path(""), ca), 404, 40400)
	})
}

func TestUserRules(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a := createCompany(t, e, admin, 1, "a-admin")
		createCompany(t, e, admin, 2, "b-admin")
		ca := e.Login("a-admin", "Admin-Pass-1")
		roleB := createRole(t, e, e.Login("b-admin", "Admin-Pass-1"), map[string]any{"name": "B role", "permissions": []string{"DeviceManagement"}})
		platformRole := createRole(t, e, admin, map[string]any{"name": "Platform ops", "permissions": []string{"CompanyManagement"}})

		// A user manager of company A who holds only user codes and device viewing.
		mgr := createUser(t, e, ca, map[string]any{"account": "a-mgr", "password": "Mgr-Pass-123", "name": "M",
			"permissions": []string{"UserManagement", "UserManagement:create", "UserManagement:update", "UserManagement:status",
				"UserManagement:delete", "UserManagement:permission", "UserManagement:resetPassword", "DeviceManagement"}})
		mt := e.Login("a-mgr", "Mgr-Pass-123")
		var adminA model.User
		var p userPage
		e.Get("/api/users?account=a-admin", ca).Into(t, &p)
		adminA = p.List[0]
		if !adminA.IsCompanyAdmin {
			t.Fatalf("the company administrator is marked: %+v", adminA)
		}
		var adminID int64
		if err := db.SQL.QueryRow("SELECT id FROM users WHERE account = 'admin'").Scan(&adminID); err != nil {
			t.Fatal(err)
		}
		self := fmt.Sprint(mgr.ID)

		rows := []struct {
			name, token, method, path string
			body                      any
			status, code              int
		}{
			{"grant a code the granter lacks", mt, "POST", "/api/users", map[string]any{"account": "xuser-1", "password": "Pass-12345", "name": "x", "permissions": []string{"RoleManagement"}}, 403, 40301},
			{"grant a role of another company", ca, "POST", "/api/users", map[string]any{"account": "xuser-2", "password": "Pass-12345", "name": "x", "roleIds": []int64{roleB.ID}}, 422, 42200},
			{"grant a platform role to a company user", admin, "POST", "/api/users", map[string]any{"account": "xuser-3", "password": "Pass-12345", "name": "x", "companyId": a.ID, "roleIds": []int64{platformRole.ID}}, 422, 42200},
			{"a platform code to a company user", admin, "POST", "/api/users", map[string]any{"account": "xuser-4", "password": "Pass-12345", "name": "x", "companyId": a.ID, "permissions": []string{"CompanyManagement"}}, 422, 42200},
			{"duplicate account", ca, "POST", "/api/users", map[string]any{"account": "A-MGR", "password": "Pass-12345", "name": "x"}, 409, 40900},
			{"bad account", ca, "POST", "/api/users", map[string]any{"account": "李明", "password": "Pass-12345", "name": "x"}, 422, 42200},
			{"weak password", ca, "POST", "/api/users", map[string]any{"account": "xuser-5", "password": "12345678", "name": "x"}, 422, 42200},
			{"bad email", ca, "POST", "/api/users", map[string]any{"account": "xuser-6", "password": "Pass-12345", "name": "x", "email": "nope"}, 422, 42200},
			{"disable oneself", mt, "PUT", "/api/users/change-status/" + self, map[string]any{"status": 0}, 409, 40900},
			{"delete oneself", mt, "DELETE", "/api/users/" + self, nil, 409, 40900},
			{"demote oneself", mt, "PUT", "/api/users/change-permission/" + self, map[string]any{"permissions": []string{}}, 409, 40900},
			{"disable the company administrator", mt, "PUT", fmt.Sprintf("/api/users/change-status/%d", adminA.ID), map[string]any{"status": 0}, 409, 40900},
			{"delete the company administrator", admin, "DELETE", fmt.Sprintf("/api/users/%d", adminA.ID), nil, 409, 40900},
			{"reset a more powerful user", mt, "PUT", fmt.Sprintf("/api/users/reset-password/%d", adminA.ID), map[string]any{}, 403, 40301},
			{"edit a more powerful user", mt, "PUT", fmt.Sprintf("/api/users/%d", adminA.ID), map[string]any{"name": "pwned"}, 403, 40301},
			{"disable admin", admin, "PUT", fmt.Sprintf("/api/users/change-status/%d", adminID), map[string]any{"status": 0}, 409, 40900},
			{"another company's user", ca, "GET", fmt.Sprintf("/api/users/%d", roleB.ID), nil, 404, 40400},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				expect(t, e.Do(apitest.Req{Method: row.method, Path: row.path, Token: row.token, Body: row.body}), row.status, row.code)
			})
		}
		// Nothing above changed anything.
		e.Get("/api/users", admin).Into(t, &p)
		if p.Total != 4 { // admin, a-admin, b-admin, a-mgr
			t.Fatalf("refused calls must store nothing: %d users", p.Total)
		}
		e.Login("a-admin", "Admin-Pass-1")
		var m me
		e.Get("/api/user", mt).Into(t, &m)
		if !contains(m.Permission, "UserManagement:delete") {
			t.Fatal("a refused self-demotion changed the manager's codes")
		}

		var check struct {
			Available bool
			Reason    string
		}
		e.Get("/api/users/check-user-account?account=A-Mgr", mt).Into(t, &check)
		if check.Available || check.Reason != "taken" {
			t.Fatalf("taken: %+v", check)
		}
		e.Get("/api/users/check-user-account?account=new.user", mt).Into(t, &check)
		if !check.Available {
			t.Fatalf("free: %+v", check)
		}
		expect(t, e.Get("/api/users/check-user-account", mt), 400, 40000)
	})
}
