package ingest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/ident"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// fleet creates n devices (thresholds 20 and 50 %LEL, heartbeat 10 minutes) and returns their ids.
func fleet(t *testing.T, db *store.DB, n int) (company int64, ids []int64) {
	t.Helper()
	ctx := context.Background()
	company, err := db.CreateCompany(ctx, "Writer Gas")
	if err != nil {
		t.Fatal(err)
	}
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: "WT-1", Unit: "%LEL", RangeMax: 100,
		LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 10, Communication: "4G"})
	if err != nil {
		t.Fatal(err)
	}
	dt, _ := db.GetDeviceType(ctx, typeID)
	for i := range n {
		first := fmt.Sprintf("86200000%06d", i)
		imei := first + string(ident.IMEICheckDigit(first))
		id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: imei, Name: imei, TypeID: typeID, CompanyID: company,
			ProvinceCode: "330000"}, dt, auth.HashToken("s-"+imei))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return company, ids
}

// oneEach makes a job per device (as each message is one device's), each with one reading at ts.
func oneEach(company int64, ids []int64, ts int64, ch4 float64) []*job {
	jobs := make([]*job, len(ids))
	for i, id := range ids {
		jobs[i] = &job{result: make(chan result, 1),
			readings: []model.Reading{{DeviceID: id, CompanyID: company, TS: ts, ReceivedAt: ts, CH4: ch4}}}
	}
	return jobs
}

func lastSeen(t *testing.T, db *store.DB, id int64) int64 {
	t.Helper()
	var ts int64
	if err := db.SQL.QueryRow(db.Rebind("SELECT COALESCE(last_seen_at, 0) FROM devices WHERE id = ?"), id).Scan(&ts); err != nil {
		t.Fatal(err)
	}
	return ts
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.SQL.QueryRow(db.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Under load the writer moves the devices' live state at most once a second; meanwhile every reading is
// committed, the alarm rules know each device's newest data, and offline detection counts the readings.
func TestWriterHoldsLiveStateBackUnderLoad(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, ids := fleet(t, db, liveStateInline+6)
		w := newWriter(db, nil) // not running: the test drives commit itself
		w.liveEvery = time.Hour // however slow the machine, the batches below fall within one period
		t0 := time.Now().Add(-time.Hour).UnixMilli()

		// A first batch after a quiet spell moves the live state at once.
		w.commit(oneEach(company, ids, t0, 1), len(ids))
		if got := lastSeen(t, db, ids[0]); got != t0 {
			t.Fatalf("last seen %d after the first batch, want %d", got, t0)
		}
		// The next, within the second and with as many devices, is held back: readings in, live state not.
		w.commit(oneEach(company, ids, t0+2000, 2), len(ids))
		if got := lastSeen(t, db, ids[0]); got != t0 {
			t.Fatalf("last seen %d: the live state moved with a loaded batch", got)
		}
		if n := count(t, db, "SELECT count(*) FROM readings WHERE ts = ?", t0+2000); n != len(ids) {
			t.Fatalf("%d readings of the held-back batch stored, want %d", n, len(ids))
		}
		if held := testutil.ToFloat64(w.held); held != float64(len(ids)) {
			t.Fatalf("the held-back gauge says %v devices, want %d", held, len(ids))
		}
		// A late reading (older than the held-back newest) is history: no alarm although it is high.
		late := oneEach(company, ids[:1], t0+1000, 80)
		w.commit(late, 1)
		if r := <-late[0].result; r.err != nil || r.stored != 1 {
			t.Fatalf("late reading: %+v", r)
		}
		if n := count(t, db, "SELECT count(*) FROM alarm_logs WHERE device_id = ?", ids[0]); n != 0 {
			t.Fatalf("%d alarms from a late reading", n)
		}
		// Offline detection (twice the 10-minute heartbeat) sees the stored readings newer than the held-back
		// live state: a moment when the last seen (t0) is stale but the held-back reading (t0+2s) is not.
		silentFor := int64(20 * 60 * 1000)
		marked, err := db.MarkOffline(ctx, t0+silentFor+1000, 0)
		if err != nil || len(marked) != 0 {
			t.Fatalf("marked %v offline (%v) although their recent readings are stored", marked, err)
		}

		w.moveLiveState()
		if held := testutil.ToFloat64(w.held); held != 0 {
			t.Fatalf("the held-back gauge says %v devices after the move", held)
		}
		for _, id := range ids {
			if got := lastSeen(t, db, id); got != t0+2000 {
				t.Fatalf("device %d last seen %d after the move, want %d", id, got, t0+2000)
			}
		}
		var ch4 float64
		db.SQL.QueryRow(db.Rebind("SELECT ch4 FROM devices WHERE id = ?"), ids[0]).Scan(&ch4)
		if ch4 != 2 {
			t.Fatalf("methane %v on the device record, want the newest reading's 2", ch4)
		}
		// Now they are silent: offline detection marks them all.
		if marked, err := db.MarkOffline(ctx, time.Now().Add(24*time.Hour).UnixMilli(), 0); err != nil || len(marked) != len(ids) {
			t.Fatalf("marked %d of %d offline: %v", len(marked), len(ids), err)
		}
		// The home page's trend counts each of them, from the roll-up the sweep writes once.
		var started int
		if err := db.SQL.QueryRow("SELECT COALESCE(sum(n), 0) FROM alarm_counts WHERE kind = 'offline'").Scan(&started); err != nil || started != len(ids) {
			t.Fatalf("offline alarms counted %d, want %d: %v", started, len(ids), err)
		}
	})
}

// A writer that died holding live state back (the server was killed) leaves stored readings newer than the
// devices' last seen; once those are old too, the devices are offline all the same.
func TestOfflineDetectionAfterHeldBackLiveStateWasLost(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, liveStateInline)
		w := newWriter(db, nil)
		w.liveEvery = time.Hour
		t0 := time.Now().Add(-2 * time.Hour).UnixMilli()
		w.commit(oneEach(company, ids, t0, 1), len(ids))
		w.commit(oneEach(company, ids, t0+2000, 1), len(ids)) // held back, then lost with the writer
		silentFor := int64(20 * 60 * 1000)
		marked, err := db.MarkOffline(context.Background(), t0+silentFor+3000, 0)
		if err != nil || len(marked) != len(ids) {
			t.Fatalf("marked %d of %d silent devices offline: %v", len(marked), len(ids), err)
		}
	})
}

// Under light load every acknowledged message has moved its device's live state.
func TestWriterMovesLiveStateBeforeAcknowledgingLightLoad(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 3)
		w := NewWriter(db, nil)
		defer w.Close()
		ts := time.Now().Add(-time.Minute).UnixMilli()
		for i, id := range ids {
			if _, err := w.Write(context.Background(), []model.Reading{{DeviceID: id, CompanyID: company, TS: ts + int64(i),
				ReceivedAt: ts, CH4: 3}}); err != nil {
				t.Fatal(err)
			}
			if got := lastSeen(t, db, id); got != ts+int64(i) {
				t.Fatalf("device %d last seen %d once acknowledged, want %d", id, got, ts+int64(i))
			}
		}
	})
}

// Close moves whatever live state is held back.
func TestWriterCloseMovesHeldBackLiveState(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, liveStateInline)
		w := NewWriter(db, nil)
		ts := time.Now().Add(-time.Minute).UnixMilli()
		done := make(chan error, len(ids)*2)
		for round := range 2 {
			for _, id := range ids {
				go func() {
					_, err := w.Write(context.Background(), []model.Reading{{DeviceID: id, CompanyID: company,
						TS: ts + int64(round), ReceivedAt: ts, CH4: 1}})
					done <- err
				}()
			}
			for range ids {
				if err := <-done; err != nil {
					t.Fatal(err)
				}
			}
		}
		w.Close()
		for _, id := range ids {
			if got := lastSeen(t, db, id); got != ts+1 {
				t.Fatalf("device %d last seen %d after Close, want %d", id, got, ts+1)
			}
		}
	})
}

// refusing is the database refusing any batch that holds a reading with status "poison", as PostgreSQL
// refuses a NUL in text (SQLite stores NUL, so on SQLite the refusal is made here).
type refusing struct{ *store.DB }

func (r refusing) InsertReadingBatch(ctx context.Context, b store.ReadingBatch) (int64, error) {
	for _, x := range b.Readings {
		if x.Status == "poison" {
			return 0, fmt.Errorf("store: unable to store readings: %w", store.ErrBadData)
		}
	}
	return r.DB.InsertReadingBatch(ctx, b)
}

// One message the database refuses fails only itself: the other messages of its batch are committed, and
// the bad one is refused with a 422 and counted.
func TestARefusedMessageDoesNotFailItsBatch(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 5)
		var st Store = refusing{db}
		poison := "poison"
		if db.Dialect == store.Postgres {
			st, poison = db, "bad\x00status" // the real refusal
		}
		w := newWriter(st, nil)
		jobs := oneEach(company, ids, time.Now().UnixMilli(), 1)
		jobs[2].readings[0].Status = poison
		w.commit(jobs, len(jobs))
		for i, j := range jobs {
			r := <-j.result
			var refused *apperr.Error
			switch {
			case i == 2 && !(errors.As(r.err, &refused) && refused.Status == 422):
				t.Fatalf("the bad message: %v", r.err)
			case i != 2 && r.err != nil:
				t.Fatalf("message %d failed with the bad one: %v", i, r.err)
			}
		}
		if n := count(t, db, "SELECT count(*) FROM readings"); n != 4 {
			t.Fatalf("%d readings stored, want the 4 good ones", n)
		}
		if got := testutil.ToFloat64(w.refused); got != 1 {
			t.Fatalf("refused counted %v", got)
		}
	})
}

// Two instances' writers take the readings of the same devices at once, each holding its live state back,
// out of order between them: every reading is stored once and no write fails; each gas episode raises one
// alarm, which ends after it starts; and a reading older than what the alarms have seen, arriving late,
// cannot start an alarm in the past.
func TestTwoWritersOnTheSameDevices(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 80)
		var writers [2]*Writer
		for i := range writers {
			w := newWriter(db, nil)
			w.liveEvery = time.Hour // under load: the live state stays held back in each writer
			go w.run()
			t.Cleanup(w.Close)
			writers[i] = w
		}
		base := time.Now().Add(-time.Hour).UnixMilli()
		ch4 := func(i int) float64 { // an episode above the high threshold, then one above the low one
			switch {
			case i >= 20 && i < 30:
				return float64(35 + i)
			case i >= 40 && i < 50:
				return float64(i - 10)
			}
			return 1
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(ids)*2)
		for _, id := range ids {
			for k, w := range writers { // writer k takes the readings i with i%2 == k, in order
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := k; i < 60; i += 2 {
						r := model.Reading{DeviceID: id, CompanyID: company, TS: base + int64(i)*1000, ReceivedAt: base, CH4: ch4(i)}
						if _, err := w.Write(context.Background(), []model.Reading{r}); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("a write failed: %v", err)
		}
		// Late: a high reading from within the first episode, after everything else.
		for _, id := range ids {
			late := model.Reading{DeviceID: id, CompanyID: company, TS: base + 25_500, ReceivedAt: base, CH4: 99}
			if _, err := writers[0].Write(context.Background(), []model.Reading{late}); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, db, "SELECT count(*) FROM readings"); n != len(ids)*61 {
			t.Fatalf("%d readings stored, want %d", n, len(ids)*61)
		}
		for _, id := range ids {
			rows, err := db.SQL.Query(db.Rebind("SELECT level, started_at, COALESCE(ended_at, 0) FROM alarm_logs WHERE device_id = ? AND kind = 'gas' ORDER BY started_at"), id)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var level string
				var start, end int64
				rows.Scan(&level, &start, &end)
				if end <= start {
					t.Errorf("device %d: an alarm ends (%d) before it starts (%d)", id, end-base, start-base)
				}
				got = append(got, level)
			}
			rows.Close()
			if len(got) != 2 || got[0] != "high" || got[1] != "low" {
				t.Fatalf("device %d: gas alarms %v, want one high then one low", id, got)
			}
		}
	})
}

// Every instance runs the offline sweep: sweeps at the same moment mark each silent device offline once,
// with one offline alarm, and none fails.
func TestConcurrentOfflineSweeps(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 50)
		w := newWriter(db, nil)
		t0 := time.Now().Add(-2 * time.Hour).UnixMilli()
		w.commit(oneEach(company, ids, t0, 1), len(ids))
		now := t0 + int64(30*time.Minute/time.Millisecond)
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				marked, err := db.MarkOffline(context.Background(), now, 0)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total += len(marked)
				mu.Unlock()
			}()
		}
		wg.Wait()
		alarms := count(t, db, "SELECT count(*) FROM alarm_logs WHERE kind = 'offline'")
		devices := count(t, db, "SELECT count(DISTINCT device_id) FROM alarm_logs WHERE kind = 'offline'")
		if total != len(ids) || alarms != len(ids) || devices != len(ids) {
			t.Fatalf("%d marked, %d offline alarms on %d devices, want %d each", total, alarms, devices, len(ids))
		}
	})
}

type counting struct {
	*store.DB
	batches atomic.Int64
}

func (c *counting) InsertReadingBatch(ctx context.Context, b store.ReadingBatch) (int64, error) {
	c.batches.Add(1)
	return c.DB.InsertReadingBatch(ctx, b)
}

// Behind an external broker a batch waits for others to join it: messages that come within the linger time
// are committed together, each sender released only once they are.
func TestLingerGathersMessagesIntoOneCommit(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 20)
		st := &counting{DB: db}
		w := NewWriter(st, nil, Linger(2*time.Second))
		defer w.Close()
		var wg sync.WaitGroup
		ts := time.Now().UnixMilli()
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := w.Write(context.Background(), []model.Reading{{DeviceID: id, CompanyID: company, TS: ts, ReceivedAt: ts, CH4: 1}}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if n := count(t, db, "SELECT count(*) FROM readings"); n != len(ids) {
			t.Fatalf("%d readings stored, want %d", n, len(ids))
		}
		if got := st.batches.Load(); got != 1 {
			t.Fatalf("%d commits for %d messages that came within the linger time, want 1", got, len(ids))
		}
	})
}

// gated holds its first batch until released, recording each batch's size.
type gated struct {
	*store.DB
	release chan struct{}
	mu      sync.Mutex
	sizes   []int
}

func (g *gated) InsertReadingBatch(ctx context.Context, b store.ReadingBatch) (int64, error) {
	g.mu.Lock()
	first := len(g.sizes) == 0
	g.sizes = append(g.sizes, len(b.Readings))
	g.mu.Unlock()
	if first {
		<-g.release
	}
	return g.DB.InsertReadingBatch(ctx, b)
}

// Group commit: whatever queued while a commit ran goes into the next commit, all of it at once.
func TestWhatQueuedDuringACommitIsCommittedTogether(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		company, ids := fleet(t, db, 11)
		g := &gated{DB: db, release: make(chan struct{})}
		w := NewWriter(g, nil)
		defer w.Close()
		ts := time.Now().UnixMilli()
		write := func(id int64, wg *sync.WaitGroup) {
			defer wg.Done()
			if _, err := w.Write(context.Background(), []model.Reading{{DeviceID: id, CompanyID: company, TS: ts, ReceivedAt: ts, CH4: 1}}); err != nil {
				t.Error(err)
			}
		}
		var wg sync.WaitGroup
		wg.Add(len(ids))
		go write(ids[0], &wg)
		for { // the first commit is under way
			g.mu.Lock()
			started := len(g.sizes) == 1
			g.mu.Unlock()
			if started {
				break
			}
			time.Sleep(time.Millisecond)
		}
		for _, id := range ids[1:] {
			go write(id, &wg)
		}
		for len(w.in) < len(ids)-1 { // all the others wait behind it
			time.Sleep(time.Millisecond)
		}
		close(g.release)
		wg.Wait()
		if fmt.Sprint(g.sizes) != fmt.Sprint([]int{1, len(ids) - 1}) {
			t.Fatalf("batch sizes %v, want [1 %d]", g.sizes, len(ids)-1)
		}
	})
}
