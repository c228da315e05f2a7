package main

import (
	"context"
	"database/sql"
	"net/url"
	"regexp"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

var dbName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// withDatabase is rawURL naming another database.
func withDatabase(rawURL, name string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// openOne opens a pool of one connection that is never closed for idleness, so that the benchmark's own
// queries open no connection during a round.
func openOne(ctx context.Context, rawURL string) (*sql.DB, error) {
	db, err := sql.Open("pgx", rawURL)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxIdleTime(0)
	db.SetConnMaxLifetime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// createDatabase makes the private database, dropping one left by an earlier run that did not end.
func createDatabase(ctx context.Context, admin *sql.DB, name string) error {
	if err := dropDatabase(ctx, admin, name); err != nil {
		return err
	}
	_, err := admin.ExecContext(ctx, "CREATE DATABASE "+name)
	return err
}

// dropDatabase drops it, ending the connections still on it (PostgreSQL 13 and later).
func dropDatabase(ctx context.Context, admin *sql.DB, name string) error {
	_, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	return err
}

// pgStats is the database's counters in pg_stat_database.
type pgStats struct {
	commits, rollbacks int64
	sessions           int64 // -1 when the server has no such column (before PostgreSQL 14)
	backends           int64
}

// statsReader reads the counters of one database from another one's connection, so that reading them adds
// nothing to them.
type statsReader struct {
	db          *sql.DB
	name        string
	hasSessions bool
}

func newStatsReader(ctx context.Context, monitor *sql.DB, name string) (*statsReader, string, error) {
	var version string
	var num int
	if err := monitor.QueryRowContext(ctx, "SELECT version(), current_setting('server_version_num')::int").Scan(&version, &num); err != nil {
		return nil, "", err
	}
	return &statsReader{db: monitor, name: name, hasSessions: num >= 140000}, version, nil
}

func (r *statsReader) read(ctx context.Context) (pgStats, error) {
	var s pgStats
	q := "SELECT xact_commit, xact_rollback, numbackends, -1 FROM pg_stat_database WHERE datname = $1"
	if r.hasSessions {
		q = "SELECT xact_commit, xact_rollback, numbackends, sessions FROM pg_stat_database WHERE datname = $1"
	}
	err := r.db.QueryRowContext(ctx, q, r.name).Scan(&s.commits, &s.rollbacks, &s.backends, &s.sessions)
	return s, err
}

// backendSampler notes every backend pid it sees on the database in pg_stat_activity, every 200 ms: the
// connections opened during a round, on servers without pg_stat_database.sessions too (a connection that
// lives less than 200 ms may be missed). It also notes what the active backends were running, and what they
// waited for: where the database's time goes.
type backendSampler struct {
	seen   map[int]bool
	before map[int]bool
	active map[string]int // statement (start of its text) and wait event → samples it was active in
	// CPU ticks of each backend when first and last seen (a backend there at the start counts from then,
	// a new one from 0).
	firstTicks, lastTicks map[int]int64
	maxConc               int
	samples               int
	stop                  chan struct{}
	done                  chan struct{}
}

func startSampler(ctx context.Context, monitor *sql.DB, name string, exclude int) (*backendSampler, error) {
	s := &backendSampler{seen: map[int]bool{}, active: map[string]int{}, stop: make(chan struct{}), done: make(chan struct{}),
		firstTicks: map[int]int64{}, lastTicks: map[int]int64{}}
	pids, _, err := activity(ctx, monitor, name, exclude)
	if err != nil {
		return nil, err
	}
	s.before = pids
	for p := range pids {
		if t, err := procTicks(p, false); err == nil {
			s.firstTicks[p], s.lastTicks[p] = t, t
		}
	}
	go func() {
		defer close(s.done)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-t.C:
			}
			pids, active, err := activity(ctx, monitor, name, exclude)
			if err != nil {
				continue
			}
			s.samples++
			s.maxConc = max(s.maxConc, len(pids))
			for p := range pids {
				s.seen[p] = true
				if t, err := procTicks(p, false); err == nil {
					if _, ok := s.firstTicks[p]; !ok && !s.before[p] {
						s.firstTicks[p] = 0
					}
					if _, ok := s.firstTicks[p]; ok {
						s.lastTicks[p] = t
					}
				}
			}
			for _, a := range active {
				s.active[a]++
			}
		}
	}()
	return s, nil
}

// sampled is what a backendSampler saw.
type sampled struct {
	newPids, maxConc, samples int
	active                    map[string]int
	// backendTicks is the CPU the database's own backends used as far as the samples saw it: a lower
	// bound (what a backend did after its last sample, or in a life shorter than 200 ms, is missed).
	backendTicks int64
}

// finish stops sampling and reports the backends seen that were not there at the start, the most seen at
// once, and what the active ones ran.
func (s *backendSampler) finish() sampled {
	close(s.stop)
	<-s.done
	out := sampled{maxConc: s.maxConc, samples: s.samples, active: s.active}
	for p := range s.seen {
		if !s.before[p] {
			out.newPids++
		}
	}
	for p, last := range s.lastTicks {
		out.backendTicks += last - s.firstTicks[p]
	}
	return out
}

// activity lists the database's backends, and for each active one its statement's start and wait event.
func activity(ctx context.Context, monitor *sql.DB, name string, exclude int) (map[int]bool, []string, error) {
	rows, err := monitor.QueryContext(ctx, `SELECT pid, state = 'active', coalesce(wait_event_type || ':' || wait_event, 'CPU'),
		left(regexp_replace(query, '\s+', ' ', 'g'), 60) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2`, name, exclude)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out := map[int]bool{}
	var active []string
	for rows.Next() {
		var p int
		var isActive bool
		var wait, query string
		if err := rows.Scan(&p, &isActive, &wait, &query); err != nil {
			return nil, nil, err
		}
		out[p] = true
		if isActive {
			active = append(active, query+" ["+wait+"]")
		}
	}
	return out, active, rows.Err()
}

// benchConn is the benchmark's one connection to its own database; it counts its own transactions (each
// query is one), which are taken off the database's commit counter.
type benchConn struct {
	db  *sql.DB
	pid int
	own atomic.Int64
}

func (c *benchConn) countReadings(ctx context.Context, company int64, since int64) (int64, error) {
	c.own.Add(1)
	var n int64
	err := c.db.QueryRowContext(ctx, "SELECT count(*) FROM readings WHERE company_id = $1 AND ts >= $2", company, since).Scan(&n)
	return n, err
}

// readingKey is one reading's identity: the readings table's primary key.
type readingKey struct {
	device int64
	ts     int64
}

// storedReadings reads the keys of the round's readings, and how many rows hold them (more than the keys
// would be duplicates; the primary key forbids them, and the check says so rather than assuming it).
func (c *benchConn) storedReadings(ctx context.Context, company, since int64) (map[readingKey]int, int64, error) {
	c.own.Add(1)
	rows, err := c.db.QueryContext(ctx, "SELECT device_id, ts FROM readings WHERE company_id = $1 AND ts >= $2", company, since)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := map[readingKey]int{}
	var n int64
	for rows.Next() {
		var k readingKey
		if err := rows.Scan(&k.device, &k.ts); err != nil {
			return nil, 0, err
		}
		out[k]++
		n++
	}
	return out, n, rows.Err()
}
