package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"irgas/internal/store"
)

// A SQLite path with characters that mean something in a URI ('#', '?', '%') opens exactly that file, with
// the platform's settings (write-ahead log, foreign keys), not a shorter path without them.
func TestSQLitePathIsTakenLiterally(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plant #2?x=1%41", "irgas.db")
	db, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	var fk int
	if err := db.SQL.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode %q, %v", mode, err)
	}
	if err := db.SQL.QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys %d, %v", fk, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the database is not at the path given: %v", err)
	}
}
