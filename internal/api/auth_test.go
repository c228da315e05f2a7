package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/auth"
	"irgas/internal/config"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

type me struct {
	ID         int64    `json:"id"`
	Account    string   `json:"account"`
	CompanyID  *int64   `json:"companyId"`
	IsAdmin    bool     `json:"isAdmin"`
	Permission []string `json:"permission"`
}

type captchaState struct {
	CaptchaRequired bool `json:"captchaRequired"`
}

func TestSignInWithEncryptedPassword(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		token := e.Admin()
		r := e.Get("/api/user", token)
		if r.Status != 200 || r.Code != 0 || r.Msg != "ok" {
			t.Fatalf("GET /api/user: %d %s", r.Status, r.Raw)
		}
		var u me
		r.Into(t, &u)
		if u.Account != "admin" || !u.IsAdmin || u.CompanyID != nil {
			t.Fatalf("admin's user info: %+v", u)
		}
		if !contains(u.Permission, "RoleManagement:delete") || !contains(u.Permission, "CompanyManagement") {
			t.Fatalf("admin must hold every code, got %v", u.Permission)
		}
		if strings.Contains(string(r.Raw), "password") {
			t.Fatalf("user info leaks the password hash: %s", r.Raw)
		}
	})
}

func TestSignInRefusals(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)

		t.Run("plain text password", func(t *testing.T) {
			k := e.LoginKey()
			r := e.Post("/api/login", "", map[string]string{"account": "admin", "password": apitest.AdminPassword, "keyId": k.KeyID})
			expect(t, r, 400, 40011)
		})
		t.Run("reused login key", func(t *testing.T) {
			k := e.LoginKey()
			enc, _ := auth.EncryptPassword(k.Key, apitest.AdminPassword)
			body := map[string]string{"account": "admin", "password": enc, "keyId": k.KeyID}
			expect(t, e.Post("/api/login", "", body), 200, 0)
			expect(t, e.Post("/api/login", "", body), 400, 40010)
		})
		t.Run("unknown login key", func(t *testing.T) {
			k := e.LoginKey()
			enc, _ := auth.EncryptPassword(k.Key, apitest.AdminPassword)
			expect(t, e.Post("/api/login", "", map[string]string{"account": "admin", "password": enc, "keyId": "nope"}), 400, 40010)
		})
		t.Run("expired login key", func(t *testing.T) {
			id, key := auth.NewLoginKey()
			if err := db.PutSecret(context.Background(), store.LoginKeys, id, key, time.Now().Add(-time.Second).UnixMilli()); err != nil {
				t.Fatal(err)
			}
			enc, _ := auth.EncryptPassword(key, apitest.AdminPassword)
			expect(t, e.Post("/api/login", "", map[string]string{"account": "admin", "password": enc, "keyId": id}), 400, 40010)
		})
		t.Run("password encrypted under another key", func(t *testing.T) {
			k, other := e.LoginKey(), e.LoginKey()
			enc, _ := auth.EncryptPassword(other.Key, apitest.AdminPassword)
			expect(t, e.Post("/api/login", "", map[string]string{"account": "admin", "password": enc, "keyId": k.KeyID}), 400, 40011)
		})
		t.Run("missing fields", func(t *testing.T) {
			r := e.Post("/api/login", "", map[string]string{"account": "admin"})
			expect(t, r, 422, 42200)
			if len(r.Errors) < 2 {
				t.Fatalf("want errors for password and keyId, got %s", r.Raw)
			}
		})
	})
}

func TestCaptchaThenLock(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		var st captchaState
		for i := 1; i <= 2; i++ {
			r := e.TryLogin("admin", "wrong", nil)
			expect(t, r, 401, 40101)
			r.Into(t, &st)
			if st.CaptchaRequired {
				t.Fatalf("failure %d already asks for a captcha", i)
			}
		}
		r := e.TryLogin("admin", "wrong", nil)
		expect(t, r, 401, 40101)
		r.Into(t, &st)
		if !st.CaptchaRequired {
			t.Fatal("the third failure must say captchaRequired")
		}
		// From now on the right password alone is not enough.
		expect(t, e.TryLogin("admin", apitest.AdminPassword, nil), 400, 40012)
		c := newCaptcha(t, e)
		expect(t, e.TryLogin("admin", apitest.AdminPassword, map[string]string{"captchaId": c.id, "captchaCode": c.answer + "9"}), 400, 40012)
		// A captcha is single use: the wrong try above spent it.
		expect(t, e.TryLogin("admin", apitest.AdminPassword, map[string]string{"captchaId": c.id, "captchaCode": c.answer}), 400, 40012)

		// Failures 4 to 9 with captchas; the 10th locks.
		for i := 4; i <= 10; i++ {
			c := newCaptcha(t, e)
			r := e.TryLogin("admin", "wrong", map[string]string{"captchaId": c.id, "captchaCode": c.answer})
			if i < 10 {
				expect(t, r, 401, 40101)
			} else {
				expect(t, r, 429, 42900)
			}
		}
		c = newCaptcha(t, e)
		r = e.TryLogin("admin", apitest.AdminPassword, map[string]string{"captchaId": c.id, "captchaCode": c.answer})
		expect(t, r, 429, 42900)
		// The lock lasts 15 minutes: once the failures are older than that, the right password signs in
		// again, without a captcha.
		if _, err := db.SQL.Exec(db.Rebind("UPDATE login_failures SET at = ?"), time.Now().Add(-16*time.Minute).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		expect(t, e.TryLogin("admin", apitest.AdminPassword, nil), 200, 0)
		if !strings.Contains(e.Do(apitest.Req{Method: "GET", Path: "/api/user", Lang: "en"}).Msg, "sign in") {
			t.Fatal("an English 401 message is expected")
		}
	})
}

// One person's typos do not put the colleagues behind the same address behind a captcha; many accounts
// failing from one address do.
func TestCaptchaPerClientAddress(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		e.CreateUser("colleague", "Colleague-Pass-1", nil)
		for range auth.CaptchaAfter {
			expect(t, e.TryLogin("typist", "x", nil), 401, 40101)
		}
		expect(t, e.TryLogin("typist", "x", nil), 400, 40012)
		expect(t, e.TryLogin("colleague", "Colleague-Pass-1", nil), 200, 0)
		expect(t, e.TryLogin("admin", apitest.AdminPassword, nil), 200, 0)

		// Spraying: one wrong password for each of many accounts from one address.
		for i := range auth.AddressCaptchaAfter - auth.CaptchaAfter {
			r := e.TryLogin(fmt.Sprintf("sprayed%d", i), "x", nil)
			expect(t, r, 401, 40101)
		}
		e.CreateUser("fresh", "Fresh-Pass-1", nil)
		expect(t, e.TryLogin("fresh", "Fresh-Pass-1", nil), 400, 40012)
		c := newCaptcha(t, e)
		expect(t, e.TryLogin("fresh", "Fresh-Pass-1", map[string]string{"captchaId": c.id, "captchaCode": c.answer}), 200, 0)
	})
}

func TestTokenRevocation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		ctx := context.Background()

		t.Run("logout", func(t *testing.T) {
			token := e.Admin()
			other := e.Admin() // several sessions of one account coexist
			expect(t, e.Delete("/api/user/loginout", token), 200, 0)
			expect(t, e.Get("/api/user", token), 401, 40100)
			expect(t, e.Get("/api/user", other), 200, 0)
		})
		t.Run("password reset", func(t *testing.T) {
			id := e.CreateUser("resetme", "Old-Pass-123", nil)
			token := e.Login("resetme", "Old-Pass-123")
			hash, _ := auth.HashPassword("New-Pass-456")
			if err := db.SetPassword(ctx, id, hash); err != nil {
				t.Fatal(err)
			}
			expect(t, e.Get("/api/user", token), 401, 40100)
			expect(t, e.TryLogin("resetme", "Old-Pass-123", nil), 401, 40101)
			e.Login("resetme", "New-Pass-456")
		})
		t.Run("disabled user", func(t *testing.T) {
			id := e.CreateUser("disableme", "Pass-12345", nil)
			token := e.Login("disableme", "Pass-12345")
			if _, err := db.SQL.ExecContext(ctx, db.Rebind("UPDATE users SET status = 0 WHERE id = ?"), id); err != nil {
				t.Fatal(err)
			}
			expect(t, e.Get("/api/user", token), 401, 40100)
			expect(t, e.TryLogin("disableme", "Pass-12345", nil), 403, 40302)
		})
		t.Run("disabled company", func(t *testing.T) {
			company := e.CreateCompany("Gas Co")
			e.CreateUser("companyuser", "Pass-12345", &company)
			token := e.Login("companyuser", "Pass-12345")
			if err := db.SetCompanyStatus(ctx, company, model.StatusDisabled); err != nil {
				t.Fatal(err)
			}
			expect(t, e.Get("/api/user", token), 401, 40100)
			expect(t, e.TryLogin("companyuser", "Pass-12345", nil), 403, 40302)
		})
		t.Run("expired", func(t *testing.T) {
			token := e.Admin()
			if _, err := db.SQL.ExecContext(ctx, db.Rebind("UPDATE sessions SET expires_at = ? WHERE token_hash = ?"),
				time.Now().Add(-time.Minute).UnixMilli(), auth.HashToken(token)); err != nil {
				t.Fatal(err)
			}
			expect(t, e.Get("/api/user", token), 401, 40100)
		})
		t.Run("garbage token", func(t *testing.T) {
			expect(t, e.Get("/api/user", "not-a-token"), 401, 40100)
		})
	})
}

func TestUnauthenticatedVersusForbidden(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		e.CreateUser("viewer", "Pass-12345", nil, "RoleManagement")
		e.CreateUser("nobody", "Pass-12345", nil)
		viewer, nobody := e.Login("viewer", "Pass-12345"), e.Login("nobody", "Pass-12345")
		rows := []struct {
			name, method, path, token string
			status, code              int
		}{
			{"no token lists roles", "GET", "/api/role", "", 401, 40100},
			{"no token reads records", "GET", "/api/operationLog", "", 401, 40100},
			{"no permission lists roles", "GET", "/api/role", nobody, 403, 40300},
			{"no permission reads records", "GET", "/api/operationLog", nobody, 403, 40300},
			{"menu code lists roles", "GET", "/api/role", viewer, 200, 0},
			{"menu code is not the create button", "POST", "/api/role", viewer, 403, 40300},
			{"menu code is not the delete button", "DELETE", "/api/role/1", viewer, 403, 40300},
			{"anyone signed in reads the catalogue", "GET", "/api/permission", nobody, 200, 0},
			{"anyone signed in reads itself", "GET", "/api/user", nobody, 200, 0},
			{"settings are public", "GET", "/api/settings", "", 200, 0},
			{"unknown api path", "GET", "/api/no/such/call", viewer, 404, 40401},
			{"wrong method", "PATCH", "/api/role", viewer, 405, 40500},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				var body any
				if row.method == "POST" {
					body = map[string]any{"name": "x", "permissions": []string{}}
				}
				expect(t, e.Do(apitest.Req{Method: row.method, Path: row.path, Token: row.token, Body: body}), row.status, row.code)
			})
		}
		var u me
		e.Get("/api/user", nobody).Into(t, &u)
		if u.IsAdmin || len(u.Permission) != 0 {
			t.Fatalf("a user without codes: %+v", u)
		}
	})
}

type issuedCaptcha struct{ id, answer string }

// newCaptcha fetches a captcha and reads its answer from the database, as a person reads the image.
func newCaptcha(t *testing.T, e *apitest.Env) issuedCaptcha {
	t.Helper()
	var c auth.Captcha
	r := e.Get("/api/verification-code", "")
	r.Into(t, &c)
	if !strings.HasPrefix(c.Image, "data:image/png;base64,") || c.CaptchaID == "" {
		t.Fatalf("captcha answer: %s", r.Raw[:min(len(r.Raw), 200)])
	}
	var answer string
	if err := e.DB.SQL.QueryRow(e.DB.Rebind("SELECT answer FROM captchas WHERE id = ?"), c.CaptchaID).Scan(&answer); err != nil {
		t.Fatal(err)
	}
	return issuedCaptcha{c.CaptchaID, answer}
}

// created posts body to path as token, expects success and decodes the answer.
func created[T any](t *testing.T, e *apitest.Env, token, path string, body map[string]any) T {
	t.Helper()
	r := e.Post(path, token, body)
	expect(t, r, 200, 0)
	var v T
	r.Into(t, &v)
	return v
}

// refusal is a create body that must be refused (422) with the error on field.
type refusal struct {
	name  string
	body  map[string]any
	field string
}

// expectFieldRefusals posts each refused body to path and checks the 422 names its field.
func expectFieldRefusals(t *testing.T, e *apitest.Env, token, path string, rows []refusal) {
	t.Helper()
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			r := e.Post(path, token, row.body)
			expect(t, r, 422, 42200)
			if r.Errors[0].Field != row.field {
				t.Fatalf("want the error on %s: %s", row.field, r.Raw)
			}
		})
	}
}

func expect(t *testing.T, r *apitest.Response, status, code int) {
	t.Helper()
	if r.Status != status || r.Code != code {
		t.Fatalf("want %d/%d, got %d: %s", status, code, r.Status, r.Raw)
	}
	if status != http.StatusOK && r.Msg == "" {
		t.Fatalf("a failure must carry a message: %s", r.Raw)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// One client address may make only so many sign-in calls a minute (captcha, login key and login together);
// another address is not held back by it.
func TestSignInCallsAreRateLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.NewWithConfig(t, db, config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second,
			SignInRate: 4, TrustProxy: true})
		from := func(addr, path, lang string) *apitest.Response {
			return e.Do(apitest.Req{Method: "GET", Path: path, Lang: lang, Header: map[string]string{"X-Forwarded-For": addr}})
		}
		for i, path := range []string{"/api/login-key", "/api/verification-code", "/api/login-key", "/api/login-key"} {
			if r := from("203.0.113.7", path, ""); r.Status != 200 {
				t.Fatalf("call %d (%s): %d %s", i+1, path, r.Status, r.Raw)
			}
		}
		r := from("203.0.113.7", "/api/verification-code", "")
		if r.Status != http.StatusTooManyRequests || r.Code != 42901 || r.Msg != "请求过于频繁，请 1 分钟后再试" {
			t.Fatalf("fifth call: %d %s", r.Status, r.Raw)
		}
		if r := from("203.0.113.7", "/api/login-key", "en"); r.Status != 429 || !strings.Contains(r.Msg, "try again in a minute") {
			t.Fatalf("in English: %d %s", r.Status, r.Raw)
		}
		if r := from("203.0.113.8", "/api/login-key", ""); r.Status != 200 {
			t.Fatalf("another address: %d %s", r.Status, r.Raw)
		}
		// Calls that are not part of signing in are not counted.
		if r := e.Do(apitest.Req{Method: "GET", Path: "/api/user", Header: map[string]string{"X-Forwarded-For": "203.0.113.7"}}); r.Status != 401 {
			t.Fatalf("a signed-out call: %d %s", r.Status, r.Raw)
		}
	})
}

// The sign-in limit is counted in the database: several instances on one database (behind a balancer)
// hold an address to the limit once, not once each.
func TestSignInRateIsSharedByInstancesOnOneDatabase(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		cfg := config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second, SignInRate: 4, TrustProxy: true}
		instances := []*apitest.Env{apitest.NewWithConfig(t, db, cfg), apitest.NewWithConfig(t, db, cfg)}
		from := func(i int, addr string) *apitest.Response {
			return instances[i%2].Do(apitest.Req{Method: "GET", Path: "/api/login-key",
				Header: map[string]string{"X-Forwarded-For": addr}})
		}
		for i := range 4 {
			if r := from(i, "203.0.113.9"); r.Status != 200 {
				t.Fatalf("call %d on instance %d: %d %s", i+1, i%2+1, r.Status, r.Raw)
			}
		}
		for i := range 2 {
			if r := from(i, "203.0.113.9"); r.Status != http.StatusTooManyRequests || r.Code != 42901 {
				t.Fatalf("past the limit on instance %d: %d %s", i+1, r.Status, r.Raw)
			}
		}
		if r := from(0, "203.0.113.10"); r.Status != 200 {
			t.Fatalf("another address: %d %s", r.Status, r.Raw)
		}

		// Counts older than the two windows the limit reads are pruned; the newer ones stay.
		if err := db.PruneRateCounts(context.Background(), time.Now().Add(-2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if r := from(1, "203.0.113.9"); r.Status != http.StatusTooManyRequests {
			t.Fatalf("pruning removed the current counts: %d %s", r.Status, r.Raw)
		}
		if err := db.PruneRateCounts(context.Background(), time.Now().Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if r := from(1, "203.0.113.9"); r.Status != 200 {
			t.Fatalf("after every count is pruned: %d %s", r.Status, r.Raw)
		}
	})
}

// burst prepares one sign-in of account per captcha (or n without captchas) from addr, then sends them all
// at once and returns the answers.
func burst(t *testing.T, e *apitest.Env, account, password, addr string, n int, captchas []issuedCaptcha) []*apitest.Response {
	t.Helper()
	bodies := make([][]byte, n)
	for i := range bodies {
		k := e.LoginKey()
		enc, err := auth.EncryptPassword(k.Key, password)
		if err != nil {
			t.Fatal(err)
		}
		body := map[string]string{"account": account, "password": enc, "keyId": k.KeyID}
		if captchas != nil {
			body["captchaId"], body["captchaCode"] = captchas[i].id, captchas[i].answer
		}
		bodies[i], _ = json.Marshal(body)
	}
	out := make([]*apitest.Response, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range bodies {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", e.URL+"/api/login", bytes.NewReader(bodies[i]))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", addr)
			<-start
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				errs[i] = err
				return
			}
			defer res.Body.Close()
			r := &apitest.Response{Status: res.StatusCode}
			r.Raw, _ = io.ReadAll(res.Body)
			errs[i] = json.Unmarshal(r.Raw, r)
			out[i] = r
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("sign-in %d: %v", i, err)
		}
	}
	return out
}

// failuresOf counts the failures noted against a subject ("account:x", "ip:y").
func failuresOf(t *testing.T, db *store.DB, subject string) int {
	t.Helper()
	var n int
	if err := db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM login_failures WHERE subject = ?"), subject).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Sign-ins sent all at once keep the captcha and the lock: of 40 wrong passwords for one account from a
// fresh address, at most 3 are checked and every other one is asked for a captcha; of 40 with captchas, at
// most 10 are checked and every other one finds the account locked. A password checked is a failure noted
// (a wrong one stays noted), so the notes count the checks, whatever the timing.
func TestConcurrentSignInsKeepTheCaptchaAndTheLock(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.NewWithConfig(t, db, config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second, TrustProxy: true})
		e.CreateUser("target", "Target-Pass-1", nil)
		const n = 40
		// tally counts the answers of checked wrong passwords (401); every other answer must be a refusal
		// without a check: a captcha asked for, the account locked (attempts in flight count as failures
		// until they end), or a retry (503).
		tally := func(rs []*apitest.Response, captchaAsked bool) (wrong int) {
			for _, r := range rs {
				switch {
				case r.Status == 401 && r.Code == 40101:
					wrong++
				case captchaAsked && r.Status == 400 && r.Code == 40012,
					r.Status == 429 && r.Code == 42900, r.Status == 503 && r.Code == 50300:
				default:
					t.Fatalf("unexpected answer %d: %s", r.Status, r.Raw)
				}
			}
			return wrong
		}

		rs := burst(t, e, "target", "wrong-password", "198.51.100.1", n, nil)
		wrong := tally(rs, true)
		checks := failuresOf(t, db, "account:target")
		if checks > auth.CaptchaAfter || wrong != checks {
			t.Fatalf("without captchas: %d passwords checked (%d answered 401), want at most %d", checks, wrong, auth.CaptchaAfter)
		}

		captchas := make([]issuedCaptcha, n)
		for i := range captchas {
			captchas[i] = newCaptcha(t, e)
		}
		rs = burst(t, e, "target", "wrong-password", "198.51.100.2", n, captchas)
		tally(rs, false)
		if total := failuresOf(t, db, "account:target"); total > auth.LockAfter {
			t.Fatalf("with captchas: %d passwords checked in all, want at most %d", total, auth.LockAfter)
		} else {
			t.Logf("passwords checked: %d without captchas, %d with", checks, total-checks)
		}
	})
}

// A session in use does not expire: with the shortest TTL (1 minute) and a call every 30 seconds, it lives
// on; an idle one still expires. Each step moves the session's times 30 seconds into the past, as the clock
// would; a call right after another writes nothing.
func TestSessionInUseSlides(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.NewWithConfig(t, db, config.Config{SessionTTL: time.Minute, ShutdownTimeout: time.Second})
		token := e.Admin()
		hash := auth.HashToken(token)
		times := func() (lastSeen, expires int64) {
			t.Helper()
			if err := db.SQL.QueryRow(db.Rebind("SELECT last_seen_at, expires_at FROM sessions WHERE token_hash = ?"), hash).
				Scan(&lastSeen, &expires); err != nil {
				t.Fatal(err)
			}
			return lastSeen, expires
		}
		age := func(d time.Duration) {
			t.Helper()
			if _, err := db.SQL.Exec(db.Rebind("UPDATE sessions SET last_seen_at = last_seen_at - ?, expires_at = expires_at - ? WHERE token_hash = ?"),
				d.Milliseconds(), d.Milliseconds(), hash); err != nil {
				t.Fatal(err)
			}
		}
		for step := 1; step <= 6; step++ { // three minutes, three times the TTL
			age(30 * time.Second)
			expect(t, e.Get("/api/user", token), 200, 0)
			lastSeen, expires := times()
			if expires < time.Now().Add(50*time.Second).UnixMilli() {
				t.Fatalf("step %d: a session in use was not extended (expires in %d ms)", step, expires-time.Now().UnixMilli())
			}
			expect(t, e.Get("/api/user", token), 200, 0)
			if l, x := times(); l != lastSeen || x != expires {
				t.Fatalf("step %d: a second call at once wrote the session again", step)
			}
		}
		age(61 * time.Second)
		expect(t, e.Get("/api/user", token), 401, 40100)
	})
}
