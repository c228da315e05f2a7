// Package oplog keeps the operation record: every call that changes something, and every sign-in and
// logout, with who, from where, what, the outcome and the redacted body. Recording happens off the
// request path: a call never waits for, nor fails because of, its record.
package oplog

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/store"
)

// Recorder queues records and writes them in batches.
type Recorder struct {
	db      *store.DB
	queue   chan item
	done    chan struct{}
	once    sync.Once
	dropped prometheus.Counter
	written prometheus.Counter
}

// Batching: at most this many records per transaction, and at most this long before a record is written.
const (
	batchSize  = 256
	batchDelay = 200 * time.Millisecond
	queueSize  = 16384
)

// NewRecorder starts the writer. Call Close to flush and stop it.
func NewRecorder(db *store.DB, reg prometheus.Registerer) *Recorder {
	r := &Recorder{
		db:    db,
		queue: make(chan item, queueSize),
		done:  make(chan struct{}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_oplog_dropped_total",
			Help: "Operation records dropped because the write queue was full."}),
		written: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_oplog_written_total",
			Help: "Operation records written."}),
	}
	if reg != nil {
		reg.MustRegister(r.dropped, r.written)
	}
	go r.run()
	return r
}

// Add queues a record without blocking; if the queue is full the record is dropped and counted.
func (r *Recorder) Add(rec model.OperationLog) {
	select {
	case r.queue <- item{rec: rec}:
	default:
		r.dropped.Inc()
		slog.Warn("operation record dropped: queue full", "path", rec.Path, "account", rec.Account)
	}
}

// item is a record to write, or a flush request (rec empty, flushed set) answered once everything queued
// before it is written.
type item struct {
	rec     model.OperationLog
	flushed chan struct{}
}

// Flush returns once every record queued before the call is written (or ctx ends).
func (r *Recorder) Flush(ctx context.Context) error {
	done := make(chan struct{})
	select {
	case r.queue <- item{flushed: done}:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close writes what is queued and stops the writer. Calls in flight must have finished.
func (r *Recorder) Close() {
	r.once.Do(func() { close(r.queue) })
	<-r.done
}

func (r *Recorder) run() {
	defer close(r.done)
	batch := make([]model.OperationLog, 0, batchSize)
	timer := time.NewTimer(batchDelay)
	defer timer.Stop()
	flush := func() {
		if len(batch) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// A failed batch is retried a few times: the database may be briefly busy or restarting.
		var err error
		for attempt := range 5 {
			if err = r.db.InsertOperationLogs(ctx, batch); err == nil {
				break
			}
			time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
		}
		if err != nil {
			r.dropped.Add(float64(len(batch)))
			slog.Error("operation records lost", "count", len(batch), "err", err)
		} else {
			r.written.Add(float64(len(batch)))
		}
		batch = batch[:0]
	}
	for {
		select {
		case it, ok := <-r.queue:
			if !ok {
				flush()
				return
			}
			if it.flushed != nil {
				flush()
				close(it.flushed)
				continue
			}
			batch = append(batch, it.rec)
			if len(batch) >= batchSize {
				flush()
			}
		case <-timer.C:
			flush()
			timer.Reset(batchDelay)
		}
	}
}

// Meta names what a route does, for its records.
type Meta struct {
	Module string
	Action string
	// Always records the call even when its method changes nothing (none yet; sign-in is a POST).
	Always bool
}

// Middleware records calls of mutating methods (and routes marked Always). It must wrap the auth
// middleware, which fills httpx.Info with the user.
func (r *Recorder) Middleware(meta Meta, trustProxy bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if !meta.Always && !mutating(req.Method) {
				next.ServeHTTP(w, req)
				return
			}
			start := time.Now()
			ctx, info := httpx.WithInfo(req.Context())
			req = req.WithContext(ctx)
			body := captureBody(req)
			sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
			defer func() {
				// Recorded even if the handler panics (the recoverer above answers 500).
				status := sw.status
				if p := recover(); p != nil {
					status = http.StatusInternalServerError
					defer panic(p)
				}
				r.Add(model.OperationLog{
					CreatedAt: start.UnixMilli(), UserID: info.UserID, Account: info.Account, CompanyID: info.CompanyID,
					IP: httpx.ClientIP(req, trustProxy), UserAgent: req.UserAgent(), Method: req.Method, Path: req.URL.Path,
					Module: meta.Module, Action: meta.Action, TargetID: targetID(req, info), Status: status,
					DurationMs: time.Since(start).Milliseconds(), Body: body,
				})
			}()
			next.ServeHTTP(sw, req)
		})
	}
}

func mutating(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// captureBody reads a JSON body for the record and puts it back for the handler, error included (so an
// over-limit body still answers 413). Other bodies (uploads) are not read here.
func captureBody(req *http.Request) string {
	if req.Body == nil || req.Body == http.NoBody {
		return ""
	}
	ct, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if ct != "" && ct != "application/json" {
		return "[" + ct + " body not kept]"
	}
	data, err := io.ReadAll(req.Body)
	req.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errReader{err}))
	if err != nil {
		return "[body over the limit; not kept]"
	}
	return RedactBody(data)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err == nil {
		return 0, io.EOF
	}
	return 0, e.err
}

func targetID(req *http.Request, info *httpx.Info) string {
	if info.TargetID != "" {
		return info.TargetID
	}
	return req.PathValue("id")
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer (flushing streams).
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
