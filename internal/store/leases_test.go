package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Of many instances asking for the jobs lease at once, exactly one gets it; it keeps it while it renews;
// another gets it once it expired or was given up.
func TestLeaseHasOneHolder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var mu sync.Mutex
		holders := []string{}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				name := fmt.Sprintf("i%d", i)
				ok, err := db.TakeLease(ctx, "jobs", name, time.Minute)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					holders = append(holders, name)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(holders) != 1 {
			t.Fatalf("holders: %v, want exactly one", holders)
		}
		first := holders[0]
		if ok, _ := db.TakeLease(ctx, "jobs", first, time.Minute); !ok {
			t.Fatal("the holder could not renew its lease")
		}
		if ok, _ := db.TakeLease(ctx, "jobs", "other", time.Minute); ok {
			t.Fatal("another instance took a lease that had not expired")
		}
		// Given up: taken at once.
		if err := db.DropLease(ctx, "jobs", first); err != nil {
			t.Fatal(err)
		}
		if ok, _ := db.TakeLease(ctx, "jobs", "other", time.Millisecond); !ok {
			t.Fatal("a lease given up was not taken")
		}
		// Expired: taken by the next asker, and the old holder has lost it.
		time.Sleep(5 * time.Millisecond) // the lease above was for 1 ms
		if ok, _ := db.TakeLease(ctx, "jobs", first, time.Minute); !ok {
			t.Fatal("an expired lease was not taken")
		}
		if ok, _ := db.TakeLease(ctx, "jobs", "other", time.Minute); ok {
			t.Fatal("the holder whose lease expired still has it")
		}
	})
}
