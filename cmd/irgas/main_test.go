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
	for _, args := range [][]string{{"--help"}, {"serve", "--help"}, {"migrate", "--help"}, {"user", "--help"}, {"user", "create", "--help"}, {"openapi", "--help"}} {
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
	code, out := runCLI(t, env, "user", "create", "ops1", "--password", "Ops-Pass-1", "--name", "Ops", "--permissions", "RoleManagement,OperationLogManagement")
	if code != 0 || !strings.Contains(out, "2 permission code(s)") {
		t.Fatalf("user create: %d %s", code, out)
	}
	if code, out := runCLI(t, env, "user", "create", "ops1", "--password", "Other-Pass-2"); code != 1 || !strings.Contains(out, "already exists") {
		t.Fatalf("duplicate: %d %s", code, out)
	}
	if code, out := runCLI(t, env, "user", "create", "bad.one", "--password", "Ops-Pass-1", "--permissions", "Nope"); code != 1 || !strings.Contains(out, "unknown permission") {
		t.Fatalf("unknown code: %d %s", code, out)
	}

	code, out = runCLI(t, env, "user", "reset-password", "ops1")
	if code != 0 || !strings.Contains(out, "new password for ops1: ") {
		t.Fatalf("reset: %d %s", code, out)
	}
	newPassword := strings.TrimSpace(strings.Split(strings.SplitAfter(out, "new password for ops1: ")[1], "\n")[0])

	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.UserByAccount(context.Background(), "ops1")
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

// `irgas user` applies the API's account and password rules: a bad account name or a weak password is
// refused with the rule, exit status 1, and nothing is written.
func TestUserCommandsApplyTheAPIRules(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	env := map[string]string{"IRGAS_DATABASE_URL": url}
	if code, out := runCLI(t, env, "user", "create", "ops.1", "--password", "Ops-Pass-1"); code != 0 {
		t.Fatalf("a valid user: %d %s", code, out)
	}
	const accountRule = "account must be 4 to 32 letters, digits, _, . or -"
	const passwordRule = "password must be 8 to 64 characters with letters and digits"
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"user", "create", "a b", "--password", "Ops-Pass-1"}, []string{`invalid ACCOUNT "a b": ` + accountRule}},
		{[]string{"user", "create", "abc", "--password", "Ops-Pass-1"}, []string{`invalid ACCOUNT "abc": ` + accountRule}},
		{[]string{"user", "create", "weak.user", "--password", "x"}, []string{"invalid --password: " + passwordRule}},
		{[]string{"user", "create", "weak.user", "--password", "onlyletters"}, []string{"invalid --password: " + passwordRule}},
		{[]string{"user", "create", "a b", "--password", "12345678"}, []string{accountRule, passwordRule}},
		{[]string{"user", "reset-password", "ops.1", "--password", "short1"}, []string{"invalid --password: " + passwordRule}},
	} {
		code, out := runCLI(t, env, c.args...)
		if code != 1 {
			t.Errorf("%q: exit %d, want 1\n%s", c.args, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: the output does not name the rule %q:\n%s", c.args, w, out)
			}
		}
	}

	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, err := db.CountUsers(context.Background()); err != nil || n != 1 {
		t.Fatalf("users after the refusals: %d %v (want only ops.1)", n, err)
	}
	u, err := db.UserByAccount(context.Background(), "ops.1")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.CheckPassword(u.PasswordHash, "Ops-Pass-1"); !ok {
		t.Fatal("a refused reset changed the password")
	}
}

// The first start refuses an IRGAS_ADMIN_PASSWORD that breaks the password rule (the README's old example,
// change-me), naming the setting and the rule, and creates no administrator.
func TestFirstStartRefusesAWeakAdminPassword(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	env := map[string]string{"IRGAS_DATABASE_URL": url, "IRGAS_HTTP_ADDR": "127.0.0.1:0", "IRGAS_MQTT_ADDR": "off",
		"IRGAS_METRICS_ADDR": "off", "IRGAS_LOG_LEVEL": "error", "IRGAS_ADMIN_PASSWORD": "change-me"}
	code, out := runCLI(t, env, "serve")
	if code != 1 || !strings.Contains(out, "IRGAS_ADMIN_PASSWORD") ||
		!strings.Contains(out, "password must be 8 to 64 characters with letters and digits") {
		t.Fatalf("serve with a weak admin password: exit %d\n%s", code, out)
	}
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, err := db.CountUsers(context.Background()); err != nil || n != 0 {
		t.Fatalf("users: %d %v", n, err)
	}
}
