package server

import (
	"context"
	"crypto/rand"
	"log/slog"
	"sync/atomic"
	"time"

	"irgas/internal/store"
)

// The jobs that must not run on two instances at once (the offline sweep, maintenance, the broker's
// accounts) run on the instance that holds the jobs lease in the database. It renews the lease every
// leaseRenew; if it dies, another instance takes the lease once it expires (leaseTTL), and if it cannot
// renew it (the database is unreachable) it stops the jobs at once rather than risk running them beside
// the next holder.
const (
	jobsLease  = "jobs"
	leaseTTL   = 15 * time.Second
	leaseRenew = 5 * time.Second
)

// leader keeps this instance's claim to the jobs lease.
type leader struct {
	db     *store.DB
	holder string
	held   atomic.Bool
}

func newLeader(db *store.DB, instance string) *leader {
	return &leader{db: db, holder: instance + "/" + rand.Text()[:8]}
}

// Held tells whether this instance runs the single-instance jobs now.
func (l *leader) Held() bool { return l.held.Load() }

// renew takes or renews the lease once.
func (l *leader) renew(ctx context.Context) {
	c, cancel := store.Bounded(ctx)
	defer cancel()
	ok, err := l.db.TakeLease(c, jobsLease, l.holder, leaseTTL)
	if err != nil && ctx.Err() == nil {
		slog.Warn("renewing the jobs lease failed; the jobs stop here until it is renewed", "err", err)
	}
	if was := l.held.Swap(ok && err == nil); was != l.Held() {
		slog.Info("jobs lease", "held", l.Held(), "holder", l.holder)
	}
}

// run renews the lease until ctx ends, then gives it up so that another instance takes over at once.
func (l *leader) run(ctx context.Context) {
	t := time.NewTicker(leaseRenew)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			if l.held.Swap(false) {
				c, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_ = l.db.DropLease(c, jobsLease, l.holder)
				cancel()
			}
			return
		case <-t.C:
			l.renew(ctx)
		}
	}
}

// accountsPoll is how often the holder of the jobs lease looks for device changes to give the broker: a
// device created, disabled or given a new secret is reflected at the broker within about a second.
const accountsPoll = 500 * time.Millisecond

// whileLeading runs job every interval while this instance holds the jobs lease, until ctx ends. first
// tells the job that the instance has started to hold it since the job last succeeded at such a start.
func (s *Server) whileLeading(ctx context.Context, every time.Duration, job func(ctx context.Context, first bool) error) {
	t := time.NewTicker(every)
	defer t.Stop()
	first := true
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if !s.leader.Held() {
			first = true
			continue
		}
		if err := job(ctx, first); err == nil {
			first = false
		}
	}
}

// syncAccounts keeps the external broker's device accounts in line with the devices. When this instance
// has just started to hold the lease, it first queues every device whose account differs, so that what
// changed under another holder (or before provisioning) is caught up.
func (s *Server) syncAccounts(ctx context.Context, first bool) error {
	c, cancel := store.Bounded(ctx)
	defer cancel()
	var err error
	if first {
		err = s.db.QueueBrokerDrift(c)
	}
	for err == nil {
		var n int
		if n, err = s.external.SyncAccounts(c); n == 0 {
			break
		}
	}
	if err != nil && ctx.Err() == nil {
		slog.Warn("keeping the broker's device accounts failed; trying again", "err", err)
	}
	return err
}
