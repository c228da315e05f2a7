package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"irgas/internal/auth"
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
	for _, s := range []string{"IRGAS_DATABASE_URL", "IRGAS_HTTP_ADDR", "IRGAS_ADMIN_PASSWORD"} {
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
