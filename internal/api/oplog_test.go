package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

type logPage struct {
	List  []model.OperationLog `json:"list"`
	Total int64                `json:"total"`
}

func listLogs(t *testing.T, e *apitest.Env, token, query string) logPage {
	t.Helper()
	e.FlushRecords()
	r := e.Get("/api/operationLog?"+query, token)
	expect(t, r, 200, 0)
	var p logPage
	r.Into(t, &p)
	return p
}

func TestOperationRecords(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		before := time.Now().UnixMilli()
		admin := e.Admin()
		e.TryLogin("admin", "wrong-password", nil)
		role := createRole(t, e, admin, map[string]any{"name": "Recorded", "permissions": []string{"RoleManagement"}})
		expect(t, e.Put(fmt.Sprintf("/api/role/%d", role.ID), admin, map[string]any{"name": "", "permissions": []string{}}), 422, 42200)
		e.Get("/api/role", admin) // reads are not recorded

		p := listLogs(t, e, admin, "")
		if p.Total != 4 {
			t.Fatalf("want 4 records (login, failed login, create, failed update), got %d: %+v", p.Total, p.List)
		}
		upd, create, failed, login := p.List[0], p.List[1], p.List[2], p.List[3]
		if upd.Action != "update" || upd.Status != 422 || upd.TargetID != fmt.Sprint(role.ID) {
			t.Fatalf("newest first, the failed update: %+v", upd)
		}
		if create.Module != "RoleManagement" || create.Action != "create" || create.Method != "POST" || create.Path != "/api/role" ||
			create.Status != 200 || create.TargetID != fmt.Sprint(role.ID) || create.Account != "admin" || create.UserID == nil ||
			create.CreatedAt < before || create.IP == "" || create.UserAgent == "" || !strings.Contains(create.Body, `"name":"Recorded"`) {
			t.Fatalf("create record: %+v", create)
		}
		if failed.Module != "Auth" || failed.Action != "login" || failed.Status != 401 || failed.Account != "admin" || failed.UserID != nil {
			t.Fatalf("failed sign-in record: %+v", failed)
		}
		if login.Status != 200 || login.UserID == nil || login.Account != "admin" {
			t.Fatalf("sign-in record: %+v", login)
		}
		for _, rec := range []model.OperationLog{failed, login} {
			if !strings.Contains(rec.Body, `"password":"***"`) || strings.Contains(rec.Body, "wrong-password") {
				t.Fatalf("the password must be redacted: %s", rec.Body)
			}
			if !strings.Contains(rec.Body, `"keyId":"`) {
				t.Fatalf("keyId is not a secret and stays: %s", rec.Body)
			}
		}

		expect(t, e.Delete("/api/user/loginout", admin), 200, 0)
		admin = e.Admin()
		p = listLogs(t, e, admin, "module=Auth&action=logout")
		if p.Total != 1 || p.List[0].Method != "DELETE" || p.List[0].Account != "admin" {
			t.Fatalf("logout record: %+v", p.List)
		}

		var one model.OperationLog
		expect(t, e.Get(fmt.Sprintf("/api/operationLog/%d", create.ID), admin), 200, 0)
		e.Get(fmt.Sprintf("/api/operationLog/%d", create.ID), admin).Into(t, &one)
		if one.ID != create.ID || one.Body != create.Body {
			t.Fatalf("one record: %+v", one)
		}
	})
}

func TestOperationRecordFilters(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a, b := e.CreateCompany("A"), e.CreateCompany("B")
		e.CreateUser("ua", "Pass-12345", &a, "OperationLogManagement", "RoleManagement", "RoleManagement:create")
		e.CreateUser("ub", "Pass-12345", &b, "OperationLogManagement", "RoleManagement", "RoleManagement:create")
		ua, ub := e.Login("ua", "Pass-12345"), e.Login("ub", "Pass-12345")
		createRole(t, e, ua, map[string]any{"name": "ra", "permissions": []string{}})
		createRole(t, e, ub, map[string]any{"name": "rb", "permissions": []string{}})
		e.Post("/api/role", ua, map[string]any{"name": "ra", "permissions": []string{}}) // 409

		rows := []struct {
			name, token, query string
			want               int64
		}{
			{"platform sees all", admin, "", 6},
			{"company A sees its own", ua, "", 3},
			{"company B sees its own", ub, "", 2},
			{"company A cannot filter into B", ua, fmt.Sprintf("companyId=%d", b), 0},
			{"by account", admin, "account=ua", 3},
			{"account is exact", admin, "account=u", 0},
			{"by module", admin, "module=RoleManagement", 3},
			{"by status", admin, "status=409", 1},
			{"by several statuses", admin, "status=409&status=200", 6},
			{"time range in ms", admin, fmt.Sprintf("createdAt=$gte:%d&createdAt=$lte:%d", time.Now().Add(-time.Hour).UnixMilli(), time.Now().Add(time.Hour).UnixMilli()), 6},
			{"time range in seconds", admin, fmt.Sprintf("createdAt=$gte:%d", time.Now().Add(time.Hour).Unix()), 0},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				p := listLogs(t, e, row.token, row.query)
				if p.Total != row.want || int64(len(p.List)) != row.want {
					t.Fatalf("want %d records, got %d: %+v", row.want, p.Total, p.List)
				}
			})
		}
		p := listLogs(t, e, admin, "account=ua")
		foreign := p.List[0].ID
		expect(t, e.Get(fmt.Sprintf("/api/operationLog/%d", foreign), ub), 404, 40400)
		expect(t, e.Get("/api/operationLog?createdAt=yesterday", admin), 400, 40000)
		expect(t, e.Get("/api/operationLog?sort=body", admin), 400, 40000)
	})
}

func TestOperationRecordTotals(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		a := e.CreateCompany("A")
		e.CreateUser("ua", "Pass-12345", &a, "OperationLogManagement")
		ua := e.Login("ua", "Pass-12345")
		// 1,200 records of company A in two batches, then the platform's two sign-ins and A's one.
		var batch []model.OperationLog
		for i := range store.OperationLogCountCap + 200 {
			batch = append(batch, model.OperationLog{CreatedAt: int64(1_700_000_000_000 + i), CompanyID: &a, Account: "ua",
				Method: "PUT", Path: "/api/role/1", Module: "RoleManagement", Action: "update", Status: 200})
		}
		for _, part := range [][]model.OperationLog{batch[:700], batch[700:]} {
			if err := db.InsertOperationLogs(t.Context(), part); err != nil {
				t.Fatal(err)
			}
		}
		rows := []struct {
			name, token, query string
			total              int64
			capped             bool
		}{
			{"unfiltered platform total is exact", admin, "", 1202, false},
			{"unfiltered company total is exact", ua, "", 1201, false},
			{"a filter matching more than the cap", admin, "module=RoleManagement", store.OperationLogCountCap, true},
			{"a filter under the cap is exact", admin, "module=Auth", 2, false},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				e.FlushRecords()
				var p struct {
					Total       int64 `json:"total"`
					TotalCapped bool  `json:"totalCapped"`
				}
				e.Get("/api/operationLog?"+row.query, row.token).Into(t, &p)
				if p.Total != row.total || p.TotalCapped != row.capped {
					t.Fatalf("want %d (capped %v), got %+v", row.total, row.capped, p)
				}
			})
		}
	})
}
