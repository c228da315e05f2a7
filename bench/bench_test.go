// Package bench holds the benchmarks behind the speed goals of docs/benchmarks.md. They run only with
// -bench (bench/run); PostgreSQL runs need IRGAS_TEST_POSTGRES_URL.
package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// operationLogRows is the table size the operation record goals are stated for.
const operationLogRows = 1_000_000

// eachDB runs fn on a seeded SQLite database and, when configured, a seeded PostgreSQL one.
func eachDB(b *testing.B, fn func(b *testing.B, db *store.DB)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, testdb.SQLite(b)) })
	if url := os.Getenv(testdb.PostgresEnv); url != "" {
		b.Run("postgres", func(b *testing.B) { fn(b, testdb.Postgres(b, url)) })
	}
}

// seedOperationLogs writes n records spread over 90 days, 20 companies and 400 accounts, and reports
// how long it took.
func seedOperationLogs(b *testing.B, db *store.DB, n int) {
	b.Helper()
	ctx := context.Background()
	for c := 1; c <= 20; c++ {
		if _, err := db.CreateCompany(ctx, fmt.Sprintf("Company %d", c)); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	modules := []string{"RoleManagement", "UserManagement", "DeviceManagement", "CompanyManagement", "Auth", "SmsUserManagement"}
	actions := []string{"create", "update", "delete", "login", "logout"}
	statuses := []int{200, 200, 200, 200, 200, 200, 400, 401, 403, 409, 422}
	now := time.Now().UnixMilli()
	span := int64(90 * 24 * time.Hour / time.Millisecond)
	const batch = 5000
	rows := make([]model.OperationLog, 0, batch)
	for i := 0; i < n; i++ {
		company := int64(rng.IntN(20) + 1)
		acct := rng.IntN(400)
		uid := int64(acct + 1)
		rows = append(rows, model.OperationLog{
			CreatedAt: now - span + int64(i)*span/int64(n), UserID: &uid, Account: fmt.Sprintf("user%03d", acct),
			CompanyID: &company, IP: "10.0.0.1", UserAgent: "bench", Method: "POST", Path: "/api/role",
			Module: modules[rng.IntN(len(modules))], Action: actions[rng.IntN(len(actions))],
			TargetID: fmt.Sprint(rng.IntN(10000)), Status: statuses[rng.IntN(len(statuses))],
			DurationMs: int64(rng.IntN(50)), Body: `{"name":"x","permissions":["RoleManagement"]}`,
		})
		if len(rows) == batch || i == n-1 {
			if err := db.InsertOperationLogs(ctx, rows); err != nil {
				b.Fatal(err)
			}
			rows = rows[:0]
		}
	}
	if db.Dialect == store.Postgres {
		if _, err := db.SQL.Exec("ANALYZE operation_logs"); err != nil {
			b.Fatal(err)
		}
	} else if _, err := db.SQL.Exec("ANALYZE"); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d operation records on %s in %s", n, db.Dialect, time.Since(start).Round(time.Millisecond))
}

// BenchmarkOperationLogList times GET /api/operationLog through the whole HTTP handler (token check,
// permission check, count and page) on 1,000,000 records. Goal: under 20 ms a call.
func BenchmarkOperationLogList(b *testing.B) {
	eachDB(b, func(b *testing.B, db *store.DB) {
		seedOperationLogs(b, db, operationLogRows)
		e := apitest.New(b, db)
		admin := e.Admin()
		companyUser := func(company int64) string {
			acct := fmt.Sprintf("viewer%d", company)
			e.CreateUser(acct, "Pass-12345", &company, "OperationLogManagement")
			return e.Login(acct, "Pass-12345")
		}(7)
		weekAgo := time.Now().Add(-7 * 24 * time.Hour).UnixMilli()
		cases := []struct{ name, token, query string }{
			{"first-page", admin, ""},
			{"first-page-company", companyUser, ""},
			{"filter-account-week", admin, fmt.Sprintf("account=user123&createdAt=$gte:%d", weekAgo)},
			{"filter-module-status", admin, "module=RoleManagement&status=409"},
			{"filter-company-module-week", companyUser, fmt.Sprintf("module=Auth&createdAt=$gte:%d", weekAgo)},
			{"page-50", admin, "page=50&pageSize=20"},
		}
		handler := e.Server.Handler()
		for _, c := range cases {
			b.Run(c.name, func(b *testing.B) {
				timeGET(b, handler, "/api/operationLog?"+c.query, c.token)
			})
		}
	})
}

// BenchmarkSignIn measures sign-ins per second: a login key, then the encrypted password, argon2id check
// and session, from as many clients as GOMAXPROCS.
func BenchmarkSignIn(b *testing.B) {
	eachDB(b, func(b *testing.B, db *store.DB) {
		e := apitest.New(b, db)
		var once sync.Once
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				r := e.TryLogin("admin", apitest.AdminPassword, nil)
				if r.Status != 200 {
					once.Do(func() { b.Errorf("sign-in: %d %s", r.Status, r.Raw) })
				}
			}
		})
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "signins/s")
	})
}

// BenchmarkDeviceImport times POST /api/device/import of 10,000 rows (checked whole, then written in one
// transaction). Goal: seconds, not minutes.
func BenchmarkDeviceImport(b *testing.B) {
	eachDB(b, func(b *testing.B, db *store.DB) {
		e := apitest.New(b, db)
		admin := e.Admin()
		e.Post("/api/deviceClassify", admin, map[string]any{"name": "t", "model": "GT-100", "unit": "%LEL", "rangeMin": 0,
			"rangeMax": 100, "lowThreshold": 20, "highThreshold": 50, "reportInterval": 5, "heartbeatInterval": 60, "communication": "NB-IoT"})
		company := apitest.CompanyBody(1, "bench-admin")
		e.Post("/api/company", admin, company)
		run := 0
		var spent time.Duration // the uploads alone, not the making of the files
		for b.Loop() {
			run++
			file := deviceSheet(b, run, 10_000, company["name"].(string))
			start := time.Now()
			r := upload(b, e, "/api/device/import", admin, file)
			if r.Status != http.StatusOK {
				b.Fatalf("%d %s", r.Status, r.Raw[:min(len(r.Raw), 500)])
			}
			spent += time.Since(start)
		}
		b.ReportMetric(spent.Seconds()/float64(run), "s/10k-rows")
	})
}
