// Package ingest takes device messages in: it authenticates devices, validates readings, and writes them
// through one group-commit writer, answering each sender only after its readings are committed.
package ingest

import (
	"context"
	"errors"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/store"
)

// Writer batches the readings of many concurrent senders into one transaction. There is no artificial
// delay: whatever queued while the previous commit ran goes into the next one, so batches grow with load.
type Writer struct {
	db       *store.DB
	in       chan *job
	done     chan struct{}
	once     sync.Once
	maxBatch int

	batches  prometheus.Histogram
	stored   prometheus.Counter
	dupes    prometheus.Counter
	failures prometheus.Counter
}

type job struct {
	readings []store.Reading
	result   chan result
}

type result struct {
	stored int64
	err    error
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("ingest: writer closed")

// NewWriter starts a writer; reg may be nil.
func NewWriter(db *store.DB, reg prometheus.Registerer) *Writer {
	w := &Writer{
		db: db, in: make(chan *job, 4096), done: make(chan struct{}), maxBatch: 5000,
		batches: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "irgas_ingest_batch_readings",
			Help: "Readings per committed batch.", Buckets: prometheus.ExponentialBuckets(1, 4, 8)}),
		stored:   prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_readings_stored_total", Help: "Readings stored."}),
		dupes:    prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_readings_duplicate_total", Help: "Readings already stored (redelivered)."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_ingest_batch_failures_total", Help: "Batches that failed to commit."}),
	}
	if reg != nil {
		reg.MustRegister(w.batches, w.stored, w.dupes, w.failures)
	}
	go w.run()
	return w
}

// Write stores readings and returns once they are committed: only then may the sender be acknowledged.
// It returns how many were new (the rest were already stored).
func (w *Writer) Write(ctx context.Context, readings []store.Reading) (int64, error) {
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
	for first := range w.in {
		jobs := []*job{first}
		n := len(first.readings)
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
	}
}

func (w *Writer) commit(jobs []*job, n int) {
	all := make([]store.Reading, 0, n)
	for _, j := range jobs {
		all = append(all, j.readings...)
	}
	stored, err := w.db.InsertReadings(context.Background(), all)
	if err != nil {
		w.failures.Inc()
	} else {
		w.batches.Observe(float64(n))
		w.stored.Add(float64(stored))
		w.dupes.Add(float64(int64(n) - stored))
	}
	// Per-job counts are not known inside one insert; a job learns its readings were committed, and how
	// many of the batch were new only when it is alone in it.
	for _, j := range jobs {
		r := result{err: err, stored: int64(len(j.readings))}
		if len(jobs) == 1 {
			r.stored = stored
		}
		j.result <- r
	}
}
