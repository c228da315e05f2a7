// Package apitest runs the whole HTTP surface of the server on a real database behind a real listener,
// and talks to it the way a client does: sign-in with an encrypted password, bearer tokens, JSON.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/auth"
	"irgas/internal/config"
	"irgas/internal/ident"
	"irgas/internal/server"
	"irgas/internal/store"
)

func init() {
	// Tests read failures, not request logs: keep warnings and errors only.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
}

// AdminPassword is the password of admin in every test server.
const AdminPassword = "Admin-Pass-123"

// Env is a running server on its own database.
type Env struct {
	T      testing.TB
	DB     *store.DB
	Server *server.Server
	URL    string
}

// New starts a server on db with admin created.
func New(t testing.TB, db *store.DB) *Env {
	t.Helper()
	return NewWithConfig(t, db, config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second})
}

// NewWithConfig is New with settings of the test's own.
func NewWithConfig(t testing.TB, db *store.DB, cfg config.Config) *Env {
	t.Helper()
	if err := server.Prepare(context.Background(), db, AdminPassword); err != nil {
		t.Fatal(err)
	}
	srv := server.NewWithDB(db, cfg, prometheus.NewRegistry())
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &Env{T: t, DB: db, Server: srv, URL: hs.URL}
}

// Response is a decoded answer.
type Response struct {
	Status int
	Header http.Header
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Row   int    `json:"row"`
		Field string `json:"field"`
		Msg   string `json:"msg"`
	} `json:"errors"`
	Raw []byte
}

// Into decodes the answer's data into v.
func (r *Response) Into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decoding data %s: %v", r.Data, err)
	}
}

// Req describes a call.
type Req struct {
	Method string
	Path   string // under the server root, e.g. /api/role
	Body   any    // marshalled as JSON unless it is a string or []byte
	Token  string
	Lang   string
	Header map[string]string
}

// Do makes a call and decodes the envelope.
func (e *Env) Do(r Req) *Response {
	e.T.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = bytes.NewBufferString(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.T.Fatal(err)
		}
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequest(r.Method, e.URL+r.Path, body)
	if err != nil {
		e.T.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	if r.Lang != "" {
		req.Header.Set("Accept-Language", r.Lang)
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.T.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	if len(raw) > 0 && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		if err := json.Unmarshal(raw, out); err != nil {
			e.T.Fatalf("%s %s: answer is not JSON: %s", r.Method, r.Path, raw)
		}
	}
	return out
}

// Get, Post, Put and Delete are Do for one method.
func (e *Env) Get(path, token string) *Response {
	e.T.Helper()
	return e.Do(Req{Method: "GET", Path: path, Token: token})
}

// Post calls POST with a JSON body.
func (e *Env) Post(path, token string, body any) *Response {
	e.T.Helper()
	return e.Do(Req{Method: "POST", Path: path, Token: token, Body: body})
}

// Put calls PUT with a JSON body.
func (e *Env) Put(path, token string, body any) *Response {
	e.T.Helper()
	return e.Do(Req{Method: "PUT", Path: path, Token: token, Body: body})
}

// Delete calls DELETE.
func (e *Env) Delete(path, token string) *Response {
	e.T.Helper()
	return e.Do(Req{Method: "DELETE", Path: path, Token: token})
}

// LoginKey fetches a login key.
func (e *Env) LoginKey() auth.LoginKey {
	e.T.Helper()
	var k auth.LoginKey
	e.Get("/api/login-key", "").Into(e.T, &k)
	return k
}

// TryLogin signs in as a client does and returns the raw answer.
func (e *Env) TryLogin(account, password string, extra map[string]string) *Response {
	e.T.Helper()
	k := e.LoginKey()
	enc, err := auth.EncryptPassword(k.Key, password)
	if err != nil {
		e.T.Fatal(err)
	}
	body := map[string]string{"account": account, "password": enc, "keyId": k.KeyID}
	for key, v := range extra {
		body[key] = v
	}
	return e.Post("/api/login", "", body)
}

// Login signs in and returns the token, failing the test otherwise.
func (e *Env) Login(account, password string) string {
	e.T.Helper()
	r := e.TryLogin(account, password, nil)
	if r.Status != http.StatusOK {
		e.T.Fatalf("sign-in of %s: %d %s", account, r.Status, r.Raw)
	}
	var out auth.LoginResult
	r.Into(e.T, &out)
	return out.Token
}

// Admin signs in as admin.
func (e *Env) Admin() string {
	e.T.Helper()
	return e.Login(auth.SuperAdmin, AdminPassword)
}

// CreateUser stores a user directly (the users API comes with the companies issue) and returns its id.
func (e *Env) CreateUser(account, password string, companyID *int64, codes ...string) int64 {
	e.T.Helper()
	hash, err := auth.HashPassword(password)
	if err != nil {
		e.T.Fatal(err)
	}
	id, err := e.DB.CreateUser(context.Background(), e.DB.SQL, store.NewUser{Account: account, Name: account,
		CompanyID: companyID, PasswordHash: hash, ExtraCodes: codes})
	if err != nil {
		e.T.Fatal(err)
	}
	return id
}

// CreateCompany stores a company directly and returns its id.
func (e *Env) CreateCompany(name string) int64 {
	e.T.Helper()
	id, err := e.DB.CreateCompany(context.Background(), name)
	if err != nil {
		e.T.Fatal(err)
	}
	return id
}

// FlushRecords waits until the operation records of finished calls are written.
func (e *Env) FlushRecords() {
	e.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Server.FlushRecords(ctx); err != nil {
		e.T.Fatal(err)
	}
}

// CreditCode returns a valid unified social credit code, different for each n.
func CreditCode(n int) string {
	first := fmt.Sprintf("91330106%09d", n)
	return first + string(ident.CreditCodeCheck(first))
}

// CompanyBody is a valid create-company body; override fields as a test needs.
func CompanyBody(n int, adminAccount string) map[string]any {
	return map[string]any{
		"name": fmt.Sprintf("杭州燃气%d有限公司", n), "creditCode": CreditCode(n), "industryCode": "D",
		"provinceCode": "330000", "cityCode": "330100", "countyCode": "330106", "address": "西湖区文三路 1 号",
		"contactPerson": "王工", "contactPhone": "13800138000", "remark": "",
		"admin": map[string]any{"account": adminAccount, "name": "企业管理员", "phone": "0571-88886666", "password": "Admin-Pass-1"},
	}
}

// IMEI returns a valid IMEI (with its Luhn check digit), different for each n.
func IMEI(n int) string {
	first := fmt.Sprintf("86%012d", n)
	return first + string(ident.IMEICheckDigit(first))
}
