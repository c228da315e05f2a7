package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apitest"
	"irgas/internal/config"
	"irgas/internal/server"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

func TestAPIIsNeverShadowedByTheConsole(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		for _, path := range []string{"/api/unknown", "/api/role/1/nothing", "/api/"} {
			r := e.Get(path, "")
			if r.Status != 404 || r.Code != 40401 || r.Header.Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("%s: %d %s", path, r.Status, r.Raw)
			}
		}
		for path, want := range map[string]string{"/healthz": "ok", "/readyz": "ok"} {
			r := e.Get(path, "")
			if r.Status != 200 || !strings.Contains(string(r.Raw), want) {
				t.Errorf("%s: %d %s", path, r.Status, r.Raw[:min(200, len(r.Raw))])
			}
		}
	})
}

// /metrics is not on the public port, for anyone (it would tell the routes, their traffic and the
// process's state): only the metrics handler, which `irgas serve` puts on its own listener, answers it.
func TestMetricsAreNotServedOnThePublicPort(t *testing.T) {
	db := testdb.SQLite(t)
	e := apitest.New(t, db)
	for _, token := range []string{"", e.Admin()} {
		r := e.Get("/metrics", token)
		if r.Status != http.StatusNotFound || strings.Contains(string(r.Raw), "irgas_") {
			t.Fatalf("public /metrics (token %t): %d %.200s", token != "", r.Status, r.Raw)
		}
	}
	metrics := httptest.NewServer(e.Server.MetricsHandler())
	defer metrics.Close()
	resp, err := http.Get(metrics.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `irgas_http_requests_total{method="GET",route="/metrics",status="404"}`) {
		t.Fatalf("the metrics handler: %d %.300s", resp.StatusCode, body)
	}
}

func TestReadyzAnswers503WhenTheDatabaseIsGone(t *testing.T) {
	db := testdb.SQLite(t)
	e := apitest.New(t, db)
	db.Close()
	if r := e.Get("/readyz", ""); r.Status != 503 {
		t.Fatalf("readyz with a closed database: %d", r.Status)
	}
	if r := e.Get("/healthz", ""); r.Status != 200 {
		t.Fatalf("healthz only says the process is up: %d", r.Status)
	}
}

func TestRunStopsGracefullyAndKeepsQueuedRecords(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	cfg := config.Config{DatabaseURL: url, HTTPAddr: "127.0.0.1:0", AdminPassword: "Admin-Pass-123",
		SessionTTL: time.Hour, ShutdownTimeout: 5 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	ln, err := server.Listen(cfg.HTTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(ctx, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()

	base := "http://" + ln.Addr().String()
	for range 3 { // three failed sign-ins, recorded asynchronously
		resp, err := http.Post(base+"/api/login", "application/json", strings.NewReader(`{"account":"admin","password":"x","keyId":"none"}`))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.SQL.QueryRow("SELECT count(*) FROM operation_logs WHERE module = 'Auth'").Scan(&n); err != nil || n != 3 {
		t.Fatalf("records written at shutdown: %d %v", n, err)
	}
}

func TestListenOnATakenPortNamesTheSetting(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	_, err = server.Listen(taken.Addr().String())
	if err == nil || !strings.Contains(err.Error(), "IRGAS_HTTP_ADDR") || !strings.Contains(err.Error(), "already in use") {
		t.Fatalf("got %v", err)
	}
}

// `irgas serve --demo` seeds the demo company and its simulated detectors report through the embedded broker
// at once, so a new user sees live data within a minute.
func TestDemoShowsLiveDataAtOnce(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	cfg := config.Config{DatabaseURL: url, HTTPAddr: "127.0.0.1:0", MQTTAddr: "127.0.0.1:0", AdminPassword: "Admin-Pass-123",
		SessionTTL: time.Hour, ShutdownTimeout: 5 * time.Second, Demo: true, DemoDevices: 4}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ln, err := server.Listen(cfg.HTTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	mqttLn, err := net.Listen("tcp", cfg.MQTTAddr)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(ctx, cfg, mqttLn)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	defer func() { cancel(); <-done }()

	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	testwait.Until(t, 30*time.Second, "live demo data (readings, a device online)", func() bool {
		var readings, online int
		err := db.SQL.QueryRow("SELECT count(*) FROM readings").Scan(&readings)
		if err == nil {
			err = db.SQL.QueryRow("SELECT count(*) FROM devices WHERE online = 1").Scan(&online)
		}
		return err == nil && readings > 0 && online > 0
	})
	// And one more detector, installed but never connected, whose offline alarm the demo shows later.
	var devices int
	if err := db.SQL.QueryRow("SELECT count(*) FROM devices").Scan(&devices); err != nil || devices != cfg.DemoDevices+1 {
		t.Fatalf("%d demo devices (%v), want %d simulated and one never connected", devices, err, cfg.DemoDevices)
	}
}

// A call whose time limit passes while its queries run answers 503 with the envelope and a message in the
// caller's language (docs/product.md: 503 when a dependency is down), never the driver's words.
func TestACallPastItsTimeLimitAnswers503(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		token := e.Admin()
		slow := server.NewWithDB(db, config.Config{SessionTTL: time.Hour, QueryTimeout: time.Nanosecond,
			ExportTimeout: time.Nanosecond}, prometheus.NewRegistry())
		for _, path := range []string{"/api/role", "/api/device/export"} {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Accept-Language", "en")
			w := httptest.NewRecorder()
			slow.Handler().ServeHTTP(w, req)
			var body struct {
				Code int    `json:"code"`
				Msg  string `json:"msg"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != 503 || body.Code != 50300 ||
				body.Msg == "" || strings.Contains(strings.ToLower(body.Msg), "deadline") {
				t.Fatalf("%s: %d %s", path, w.Code, w.Body.String())
			}
		}
	})
}

// The first administrator's password follows the API's password rule: a weak IRGAS_ADMIN_PASSWORD stops the
// first start with the setting and the rule, and creates nobody; an empty one is generated, and meets it.
func TestFirstAdminPasswordFollowsThePasswordRule(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for _, weak := range []string{"change-me", "12345678", "Ab1"} {
			err := server.BootstrapAdmin(ctx, db, weak)
			if err == nil || !strings.Contains(err.Error(), "IRGAS_ADMIN_PASSWORD") ||
				!strings.Contains(err.Error(), "password must be 8 to 64 characters with letters and digits") {
				t.Fatalf("%q: %v", weak, err)
			}
		}
		if n, err := db.CountUsers(ctx); err != nil || n != 0 {
			t.Fatalf("users after the refusals: %d %v", n, err)
		}
		if err := server.BootstrapAdmin(ctx, db, "Change-me-2024"); err != nil {
			t.Fatal(err)
		}
		if n, err := db.CountUsers(ctx); err != nil || n != 1 {
			t.Fatalf("users: %d %v", n, err)
		}
	})
}
