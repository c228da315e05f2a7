package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"irgas/internal/auth"
	"irgas/internal/config"
	"irgas/internal/store"
)

func runCLI(t *testing.T, env map[string]string, args ...string) (int, string) {
	t.Helper()
	for k, v := range env {
		t.Setenv(k, v)
	}
	var out bytes.Buffer
	code := run(args, &out, &out)
	return code, out.String()
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"serve", "--help"}, {"migrate", "--help"}, {"user", "--help"}, {"user", "create", "--help"}} {
		code, out := runCLI(t, nil, args...)
		if code != 0 || !strings.Contains(out, "Usage") {
			t.Errorf("%v: exit %d\n%s", args, code, out)
		}
	}
	if code, out := runCLI(t, nil, "frobnicate"); code != 2 || !strings.Contains(out, "unknown command") {
		t.Errorf("unknown command: %d %s", code, out)
	}
	code, out := runCLI(t, nil, "serve", "--help")
	for _, s := range []string{"IRGAS_DATABASE_URL", "IRGAS_HTTP_ADDR", "IRGAS_ADMIN_PASSWORD", "IRGAS_METRICS_ADDR"} {
		if code != 0 || !strings.Contains(out, s) {
			t.Errorf("serve --help must name %s", s)
		}
	}
}

func TestUserCommands(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	env := map[string]string{"IRGAS_DATABASE_URL": url}

	if code, out := runCLI(t, env, "migrate"); code != 0 || !strings.Contains(out, "applied") {
		t.Fatalf("migrate: %d %s", code, out)
	}
	if code, out := runCLI(t, env, "migrate"); code != 0 || !strings.Contains(out, "up to date") {
		t.Fatalf("second migrate: %d %s", code, out)
	}
	code, out := runCLI(t, env, "user", "create", "ops", "--password", "Ops-Pass-1", "--name", "Ops", "--permissions", "RoleManagement,OperationLogManagement")
	if code != 0 || !strings.Contains(out, "2 permission code(s)") {
		t.Fatalf("user create: %d %s", code, out)
	}
	if code, out := runCLI(t, env, "user", "create", "ops", "--password", "x"); code != 1 || !strings.Contains(out, "already exists") {
		t.Fatalf("duplicate: %d %s", code, out)
	}
	if code, out := runCLI(t, env, "user", "create", "bad", "--password", "x", "--permissions", "Nope"); code != 1 || !strings.Contains(out, "unknown permission") {
		t.Fatalf("unknown code: %d %s", code, out)
	}

	code, out = runCLI(t, env, "user", "reset-password", "ops")
	if code != 0 || !strings.Contains(out, "new password for ops: ") {
		t.Fatalf("reset: %d %s", code, out)
	}
	newPassword := strings.TrimSpace(strings.Split(strings.SplitAfter(out, "new password for ops: ")[1], "\n")[0])

	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.UserByAccount(context.Background(), "ops")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.CheckPassword(u.PasswordHash, newPassword); !ok {
		t.Fatal("the printed password does not sign in")
	}
	codes, _ := db.UserCodes(context.Background(), u.ID)
	if len(codes) != 2 {
		t.Fatalf("codes: %v", codes)
	}
	if code, out := runCLI(t, env, "user", "reset-password", "ghost"); code != 1 || !strings.Contains(out, "no account") {
		t.Fatalf("unknown account: %d %s", code, out)
	}
}

// `irgas serve` answers /metrics on its metrics address only: the public port says 404 and shows no metric,
// signed in or not. The default metrics address is this machine's alone.
func TestServeKeepsMetricsOffThePublicPort(t *testing.T) {
	if host, _, err := net.SplitHostPort(config.DefaultMetricsAddr); err != nil || !net.ParseIP(host).IsLoopback() {
		t.Fatalf("the default metrics address %q must be a loopback one", config.DefaultMetricsAddr)
	}
	httpAddr, metricsAddr := freePort(t), freePort(t)
	server := startServer(t, "sqlite:"+filepath.Join(t.TempDir(), "irgas.db"), httpAddr, "off", "IRGAS_METRICS_ADDR="+metricsAddr)
	defer func() {
		server.Process.Signal(syscall.SIGTERM)
		server.Wait()
	}()
	get := func(url string) (int, string) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if status, body := get("http://" + httpAddr + "/metrics"); status != http.StatusNotFound || strings.Contains(body, "irgas_") {
		t.Fatalf("public /metrics: %d %.200s", status, body)
	}
	if status, body := get("http://" + metricsAddr + "/metrics"); status != http.StatusOK || !strings.Contains(body, "irgas_http_requests_total") {
		t.Fatalf("/metrics on the metrics address: %d %.200s", status, body)
	}
	if status, _ := get("http://" + httpAddr + "/healthz"); status != http.StatusOK {
		t.Fatalf("/healthz stays on the public port: %d", status)
	}
}
