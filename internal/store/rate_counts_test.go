package store_test

import (
	"testing"
	"time"

	"irgas/internal/store"
	"irgas/internal/testdb"
)

func TestRateCounterCountsPerKeyAndWindow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		c := db.RateCounter()
		now := time.Now().UTC().Truncate(time.Minute)
		prev := now.Add(-time.Minute)
		for _, step := range []struct {
			key    string
			window time.Time
			n      int
		}{{"a", now, 1}, {"a", now, 2}, {"a", prev, 5}, {"b", now, 7}, {"a", prev.Add(-time.Minute), 11}} {
			if err := c.IncrementBy(step.key, step.window, step.n); err != nil {
				t.Fatal(err)
			}
		}
		if cur, last, err := c.Get("a", now, prev); err != nil || cur != 3 || last != 5 {
			t.Fatalf("a: %d %d %v, want 3 5", cur, last, err)
		}
		if cur, last, _ := c.Get("b", now, prev); cur != 7 || last != 0 {
			t.Fatalf("b: %d %d, want 7 0", cur, last)
		}
		if cur, last, _ := c.Get("c", now, prev); cur != 0 || last != 0 {
			t.Fatalf("an address never seen: %d %d", cur, last)
		}

		// A database that cannot count lets calls through rather than refusing every sign-in.
		if _, err := db.SQL.Exec("DROP TABLE rate_counts"); err != nil {
			t.Fatal(err)
		}
		if err := c.Increment("a", now); err != nil {
			t.Fatalf("increment on a failing database: %v", err)
		}
		if cur, last, err := c.Get("a", now, prev); err != nil || cur != 0 || last != 0 {
			t.Fatalf("get on a failing database: %d %d %v", cur, last, err)
		}
	})
}
