// Package ingest takes device messages in: it authenticates devices, validates readings, and writes them
// through one group-commit writer, answering each sender only after its readings are committed.
package ingest

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apperr"
	"irgas/internal/model"
	"irgas/internal/store"
)

// The live state of devices (methane, last seen, online on the device record) is derived from the readings.
// Under load it is held back and moved at most once every liveStateEvery, with one statement per 512
// devices, instead of with every batch; a batch touching, with what is held back, fewer than liveStateInline
// devices (light load) moves it in the batch's own transaction, so the device record is current when the
// sender is acknowledged.
const (
	liveStateEvery  = time.Second
	liveStateInline = 64
)

// Store is what a Writer needs of the database (*store.DB; the ingestion benchmark also runs one over
// nothing, to measure the MQTT path alone).
type Store interface {
	InsertReadingBatch(ctx context.Context, batch store.ReadingBatch) (int64, error)
	MoveLiveState(ctx context.Context, newest map[int64]model.Reading) error
}

// Writer batches the readings of many concurrent senders into one transaction. By default there is no
// artificial delay: whatever queued while the previous commit ran goes into the next one, so batches grow
// with load. Linger adds one, for senders that are not kept waiting by it (see Linger).
type Writer struct {
	db       Store
	in       chan *job
	done     chan struct{}
	once     sync.Once
	maxBatch int
	linger   time.Duration

	// Held-back live state, owned by the run goroutine.
	unmoved   map[int64]model.Reading
	movedAt   time.Time
	liveEvery time.Duration

	batches  prometheus.Histogram
	stored   prometheus.Counter
	dupes    prometheus.Counter
	failures prometheus.Counter
	refused  prometheus.Counter
	held     prometheus.Gauge
}

type job struct {
	readings []model.Reading
	result   chan result
}

type result struct {
	stored int64
	err    error
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("ingest: writer closed")

// Option tunes a writer.
type Option func(*Writer)

// Linger makes a batch wait up to d after its first reading for others to join it. Behind an external
// broker the devices already have their PUBACK and the broker keeps up to its in-flight window of messages
// per instance coming, so waiting costs them nothing while committing every few readings (a commit takes a
// few milliseconds, and 1,000 messages a second then made a commit for every five) costs the database a
// transaction each.
func Linger(d time.Duration) Option { return func(w *Writer) { w.linger = d } }

// NewWriter starts a writer; reg may be nil.
func NewWriter(db Store, reg prometheus.Registerer, opts ...Option) *Writer {
	w := newWriter(db, reg)
	for _, o := range opts {
		o(w)
	}
	go w.run()
	return w
}

func newWriter(db Store, reg prometheus.Registerer) *Writer {
	w := &Writer{
		db: db, in: make(chan *job, 4096), done: make(chan struct{}), maxBatch: 5000,
		unmoved: map[int64]model.Reading{}, liveEvery: liveStateEvery,
		batches: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "irgas_ingest_batch_readings",
			Help: "Readings per committed batch.", Buckets: prometheus.ExponentialBuckets(1, 4, 8)}),
		stored:   prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_readings_stored_total", Help: "Readings stored."}),
		dupes:    prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_readings_duplicate_total", Help: "Readings already stored (redelivered)."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_batch_failures_total", Help: "Batches that failed to commit."}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_messages_refused_total",
			Help: "Device messages the database refused, committed apart from their batch and dropped."}),
		held: prometheus.NewGauge(prometheus.GaugeOpts{Name: "irgas_ingest_live_state_held_devices",
			Help: "Devices whose live state the writer holds back (moved at most a second later)."}),
	}
	if reg != nil {
		reg.MustRegister(w.batches, w.stored, w.dupes, w.failures, w.refused, w.held)
	}
	return w
}

// Write stores readings and returns once they are committed: only then may the sender be acknowledged.
// It returns how many were new (the rest were already stored).
func (w *Writer) Write(ctx context.Context, readings []model.Reading) (int64, error) {
	if len(readings) == 0 {
		return 0, nil
	}
	j := &job{readings: readings, result: make(chan result, 1)}
	select {
	case <-w.done:
		return 0, ErrClosed
	default:
	}
	select {
	case w.in <- j:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	select {
	case r := <-j.result:
		return r.stored, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// Close writes what is queued and stops. Senders must have stopped.
func (w *Writer) Close() {
	w.once.Do(func() { close(w.in) })
	<-w.done
}

func (w *Writer) run() {
	defer close(w.done)
	tick := time.NewTicker(w.liveEvery)
	defer tick.Stop()
	for {
		select {
		case first, ok := <-w.in:
			if !ok {
				w.moveLiveState()
				return
			}
			jobs := []*job{first}
			n := len(first.readings)
			if w.linger > 0 {
				jobs, n = w.gather(jobs, n)
			}
		drain:
			for n < w.maxBatch {
				select {
				case j, ok := <-w.in:
					if !ok {
						break drain
					}
					jobs = append(jobs, j)
					n += len(j.readings)
				default:
					break drain
				}
			}
			w.commit(jobs, n)
		case <-tick.C:
			if len(w.unmoved) > 0 && time.Since(w.movedAt) >= w.liveEvery {
				w.moveLiveState()
			}
		}
	}
}

// gather adds the jobs that come within the linger time.
func (w *Writer) gather(jobs []*job, n int) ([]*job, int) {
	timer := time.NewTimer(w.linger)
	defer timer.Stop()
	for n < w.maxBatch {
		select {
		case j, ok := <-w.in:
			if !ok {
				return jobs, n
			}
			jobs = append(jobs, j)
			n += len(j.readings)
		case <-timer.C:
			return jobs, n
		}
	}
	return jobs, n
}

func (w *Writer) commit(jobs []*job, n int) {
	all := make([]model.Reading, 0, n)
	for _, j := range jobs {
		all = append(all, j.readings...)
	}
	// Each job is one device's message, so len(jobs) bounds the batch's devices.
	moveNow := len(w.unmoved)+len(jobs) < liveStateInline || time.Since(w.movedAt) >= w.liveEvery
	stored, err := w.insert(all, moveNow)
	if err != nil && len(jobs) > 1 && refusedByDatabase(err) {
		// One message the database refuses must not fail everyone's: each is tried alone, and only the
		// one(s) at fault are refused.
		w.isolate(jobs)
		return
	}
	// Per-job counts are not known inside one insert; a job learns its readings were committed, and how
	// many of the batch were new only when it is alone in it.
	for _, j := range jobs {
		r := result{err: refusal(err), stored: int64(len(j.readings))}
		if len(jobs) == 1 {
			r.stored = stored
		}
		j.result <- r
	}
}

// insert commits readings (with the live state now or held back) and keeps the writer's books.
func (w *Writer) insert(readings []model.Reading, moveNow bool) (int64, error) {
	var stored int64
	var err error
	for try := 0; try < 3; try++ { // a deadlock or serialization failure is run again
		ctx, cancel := store.Bounded(context.Background())
		stored, err = w.db.InsertReadingBatch(ctx, store.ReadingBatch{Readings: readings, Unmoved: w.unmoved, MoveLive: moveNow})
		cancel()
		if !errors.Is(err, store.ErrRetry) {
			break
		}
	}
	if err != nil {
		w.failures.Inc()
		return 0, err
	}
	w.batches.Observe(float64(len(readings)))
	w.stored.Add(float64(stored))
	w.dupes.Add(float64(int64(len(readings)) - stored))
	if moveNow {
		clear(w.unmoved)
		w.movedAt = time.Now()
	} else {
		store.MergeNewest(w.unmoved, readings)
	}
	w.held.Set(float64(len(w.unmoved)))
	return stored, nil
}

// isolate commits each job of a refused batch on its own.
func (w *Writer) isolate(jobs []*job) {
	for _, j := range jobs {
		stored, err := w.insert(j.readings, false)
		if errors.Is(err, store.ErrBadData) {
			w.refused.Inc()
		}
		j.result <- result{stored: stored, err: refusal(err)}
	}
}

// refusedByDatabase: the database refused a value of the batch; sending it again would fail again.
func refusedByDatabase(err error) bool {
	return errors.Is(err, store.ErrBadData) || errors.Is(err, store.ErrConflict)
}

// refusal turns the database's refusal of a value of a message into the sender's 422 (over MQTT:
// acknowledged and dropped); other errors, a conflict with a concurrent transaction included, stay as they
// are, and the sender tries again.
func refusal(err error) error {
	if errors.Is(err, store.ErrBadData) {
		return apperr.Validation(apperr.Field("readings", "ingest.refused", err.Error()))
	}
	return err
}

// moveLiveState moves the live state held back, in a transaction of its own; on failure it stays held
// for the next try.
func (w *Writer) moveLiveState() {
	if len(w.unmoved) == 0 {
		return
	}
	ctx, cancel := store.Bounded(context.Background())
	defer cancel()
	if err := w.db.MoveLiveState(ctx, w.unmoved); err != nil {
		slog.Warn("ingest: live state not moved; will try again", "devices", len(w.unmoved), "err", err)
		return
	}
	clear(w.unmoved)
	w.movedAt = time.Now()
	w.held.Set(0)
}
