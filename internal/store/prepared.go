package store

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// stmtCache keeps the statements of the ingestion path prepared for the pool's lifetime: database/sql
// prepares a *sql.Stmt once on each connection and reuses it in every transaction. Without it SQLite
// parses a 512-row insert (4,608 parameters) on every batch; PostgreSQL plans it every time.
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// prepared returns the statement named key within tx, preparing the text build returns the first time.
// A key names a fixed text: keep the set of keys small (see rowShapes).
func (db *DB) prepared(ctx context.Context, tx *sql.Tx, key string, build func() string) (*sql.Stmt, error) {
	c := db.stmts
	c.mu.Lock()
	s, ok := c.m[key]
	if !ok {
		var err error
		if s, err = db.SQL.PrepareContext(ctx, db.Rebind(build())); err != nil {
			c.mu.Unlock()
			return nil, err
		}
		c.m[key] = s
	}
	c.mu.Unlock()
	return tx.StmtContext(ctx, s), nil
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, s := range c.m {
		s.Close()
		delete(c.m, k)
	}
}

// rowShapes are the row counts of the multi-row statements a batch is cut into, largest first: a few
// fixed texts, each prepared once, instead of a new text for every batch size.
var rowShapes = []int{512, 256, 128, 64, 32, 16, 8, 4, 2, 1}

// eachShape calls fn for consecutive pieces [lo, hi) of n rows, each as long as one of rowShapes.
func eachShape(n int, fn func(lo, hi int) error) error {
	for lo := 0; lo < n; {
		size := rowShapes[len(rowShapes)-1]
		for _, s := range rowShapes {
			if s <= n-lo {
				size = s
				break
			}
		}
		if err := fn(lo, lo+size); err != nil {
			return err
		}
		lo += size
	}
	return nil
}

// valuesList is "(a, b, …), (…)" of rows rows, each row the tuple given (with ? placeholders).
func valuesList(tuple string, rows int) string {
	var b strings.Builder
	b.Grow(rows * (len(tuple) + 2))
	for i := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(tuple)
	}
	return b.String()
}

// padIDs grows ids (at most rowShapes[0] of them) to the smallest of rowShapes that holds them by
// repeating the last one: IN ignores the repeats, and the statement is one of a few prepared texts.
func padIDs(ids []int64) []int64 {
	size := rowShapes[0]
	for _, s := range rowShapes {
		if s >= len(ids) {
			size = s
		}
	}
	if len(ids) == 0 || len(ids) == size {
		return ids
	}
	out := make([]int64, size)
	copy(out, ids)
	for i := len(ids); i < size; i++ {
		out[i] = ids[len(ids)-1]
	}
	return out
}
