// Package testdb gives tests real databases: a fresh SQLite file always, and a fresh PostgreSQL schema
// when IRGAS_TEST_POSTGRES_URL is set (CI always sets it). Each is migrated, and removed afterwards.
package testdb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"irgas/internal/store"
)

// PostgresEnv names the variable that turns on the PostgreSQL runs.
const PostgresEnv = "IRGAS_TEST_POSTGRES_URL"

// PostgresURL is the PostgreSQL server of a test that needs it whatever else runs (several instances on one
// database, the two databases compared). Without IRGAS_TEST_POSTGRES_URL the test is reported skipped,
// naming the setting, never passed.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		t.Skipf("needs PostgreSQL: set %s (CI sets it)", PostgresEnv)
	}
	return base
}

// Each runs fn as a subtest once per database: "sqlite", and "postgres" when PostgresEnv is set.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if base := os.Getenv(PostgresEnv); base != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t, base)) })
	}
}

// SQLite opens a migrated database in a new temporary file.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "irgas.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	migrate(t, db)
	return db
}

// Postgres creates a schema of its own on the server at base, opens a migrated database in it, and drops
// the schema when the test ends.
func Postgres(t testing.TB, base string) *store.DB {
	t.Helper()
	ctx := context.Background()
	schema := "irgas_test_" + strings.ToLower(rand.Text()[:12])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("%s is set but PostgreSQL refused a test schema: %v", PostgresEnv, err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping test schema %s: %v", schema, err)
		}
	})
	db, err := store.Open(ctx, WithSearchPath(base, schema))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	migrate(t, db)
	return db
}

// WithSearchPath returns the URL with its search_path set to schema.
func WithSearchPath(base, schema string) string {
	u, err := url.Parse(base)
	if err != nil {
		panic(fmt.Sprintf("bad %s: %v", PostgresEnv, err))
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func migrate(t testing.TB, db *store.DB) {
	t.Helper()
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
}
