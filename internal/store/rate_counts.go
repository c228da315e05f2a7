package store

import (
	"context"
	"log/slog"
	"time"

	sq "github.com/Masterminds/squirrel"
)

// RateCounter keeps the counts of a sliding-window rate limit (go-chi/httprate's LimitCounter) in the
// database, so that every instance on it counts together: behind a balancer, an address gets the limit
// once, not once per instance. A failing database lets calls through (and says so in the log): the limit
// guards against floods, while accounts stay protected by the captcha and the sign-in lock.
type RateCounter struct {
	db *DB
}

// RateCounter returns the database's rate counter.
func (db *DB) RateCounter() *RateCounter { return &RateCounter{db: db} }

// Config is part of httprate.LimitCounter; the window length comes with each call.
func (c *RateCounter) Config(int, time.Duration) {}

// Increment counts one call of key in the window starting at window.
func (c *RateCounter) Increment(key string, window time.Time) error {
	return c.IncrementBy(key, window, 1)
}

// IncrementBy counts n calls of key in the window starting at window.
func (c *RateCounter) IncrementBy(key string, window time.Time, n int) error {
	ctx, cancel := Bounded(context.Background())
	defer cancel()
	_, err := exec(ctx, c.db.SQL, c.db.Q.Insert("rate_counts").Columns("rate_key", "window_start", "n").
		Values(key, window.UnixMilli(), n).
		Suffix("ON CONFLICT (rate_key, window_start) DO UPDATE SET n = rate_counts.n + excluded.n"))
	if err != nil {
		slog.Warn("rate limit: call not counted", "err", err)
	}
	return nil
}

// Get gives the counts of key in the current and the previous window.
func (c *RateCounter) Get(key string, current, previous time.Time) (int, int, error) {
	ctx, cancel := Bounded(context.Background())
	defer cancel()
	var cur, prev int
	err := scanAll(ctx, c.db.SQL,
		c.db.Q.Select("window_start", "n").From("rate_counts").
			Where(sq.Eq{"rate_key": key, "window_start": []int64{current.UnixMilli(), previous.UnixMilli()}}),
		func(r rowScanner) ([2]int64, error) {
			var x [2]int64
			err := r.Scan(&x[0], &x[1])
			return x, err
		},
		func(x [2]int64) error {
			if x[0] == current.UnixMilli() {
				cur = int(x[1])
			} else {
				prev = int(x[1])
			}
			return nil
		})
	if err != nil {
		slog.Warn("rate limit: counts not read; the call is let through", "err", err)
		return 0, 0, nil
	}
	return cur, prev, nil
}

// PruneRateCounts removes the counts of windows that started before cutoff.
func (db *DB) PruneRateCounts(ctx context.Context, cutoff time.Time) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("rate_counts").Where(sq.Lt{"window_start": cutoff.UnixMilli()}))
	return wrap(err, "prune rate counts")
}
