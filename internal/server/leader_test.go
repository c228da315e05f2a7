package server

import (
	"context"
	"testing"

	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Of two instances, one runs the single-instance jobs; when it stops, it gives the lease up and the other
// takes over at its next renewal, without waiting for the lease to expire.
func TestOneInstanceRunsTheJobs(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := newLeader(db, "a"), newLeader(db, "b")
		a.renew(ctx)
		b.renew(ctx)
		if !a.Held() || b.Held() {
			t.Fatalf("a holds: %v, b holds: %v; want a alone", a.Held(), b.Held())
		}
		stopA, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { a.run(stopA); close(done) }()
		cancel()
		<-done
		if a.Held() {
			t.Fatal("a stopped but still holds the lease")
		}
		b.renew(ctx)
		if !b.Held() {
			t.Fatal("b did not take the lease a gave up")
		}
	})
}
