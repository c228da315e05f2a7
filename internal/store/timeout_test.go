package store_test

import (
	"context"
	"testing"
	"time"

	"irgas/internal/store"
	"irgas/internal/testdb"
)

// A query whose context deadline passes is stopped by the database, on both drivers: the deadline every call
// and background step carries (config.QueryTimeout, store.JobTimeout) really bounds its queries.
func TestAQueryStopsAtItsDeadline(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		endless := `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		var n int64
		err := db.SQL.QueryRowContext(ctx, endless).Scan(&n)
		if err == nil {
			t.Fatal("an endless query returned")
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("the query ran %s past a 200 ms deadline", took)
		}
		if ping := db.Ping(context.Background()); ping != nil {
			t.Fatalf("the database is unusable after a cancelled query: %v", ping)
		}
	})
}

// PostgreSQL connections carry a statement_timeout of their own, a backstop for any query without a deadline.
func TestPostgresHasAStatementTimeout(t *testing.T) {
	db := testdb.Postgres(t, testdb.PostgresURL(t))
	var v string
	if err := db.SQL.QueryRow("SHOW statement_timeout").Scan(&v); err != nil || v != "15min" {
		t.Fatalf("statement_timeout = %q, %v", v, err)
	}
}
