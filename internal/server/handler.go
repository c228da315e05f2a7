package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"irgas/internal/api"
	"irgas/internal/apperr"
	"irgas/internal/httpx"
	"irgas/internal/store"
	"irgas/web"
)

// newHandler serves the public surface; stalled reports ingestion that is stuck (it makes /readyz fail).
func newHandler(a *api.API, db *store.DB, reg *prometheus.Registry, stalled func() error) http.Handler {
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "irgas_http_requests_total",
		Help: "HTTP requests by route and status."}, []string{"method", "route", "status"})
	latency := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "irgas_http_request_duration_seconds",
		Help: "HTTP request latency by route.", Buckets: prometheus.DefBuckets}, []string{"method", "route"})
	reg.MustRegister(requests, latency)

	r := chi.NewRouter()
	r.Use(recoverer, observe(requests, latency))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	r.Get("/readyz", func(w http.ResponseWriter, req *http.Request) {
		ctx, cancel := context.WithTimeout(req.Context(), 2*time.Second)
		defer cancel()
		if err := db.Ping(ctx); err != nil {
			slog.Warn("readiness: database unreachable", "err", err)
			http.Error(w, "database unreachable", http.StatusServiceUnavailable)
			return
		}
		if err := stalled(); err != nil {
			slog.Warn("readiness: ingestion stalled", "err", err)
			http.Error(w, "ingestion stalled: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	// The metrics have their own listener (IRGAS_METRICS_ADDR); here the path is only not the console's.
	r.Get("/metrics", http.NotFound)
	r.Mount("/api", a.Handler())
	r.Handle("/*", console(web.Console()))
	return r
}

// metricsHandler serves the registry's metrics in the Prometheus text format.
func metricsHandler(reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	return mux
}

// recoverer turns a panic into a logged 500 in the API's envelope.
func recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				slog.Error("panic serving a request", "path", r.URL.Path, "panic", p)
				httpx.Fail(w, r, apperr.Internal(nil))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// observe counts and times requests by route pattern (not raw path, which would explode the labels) and
// logs each one. The query string is not logged: it may carry a token.
func observe(requests *prometheus.CounterVec, latency *prometheus.HistogramVec) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(sw, r)
			route := "other"
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
				route = rc.RoutePattern()
			}
			if !strings.HasPrefix(route, "/api") && route != "/healthz" && route != "/readyz" && route != "/metrics" {
				route = "console"
			}
			d := time.Since(start)
			requests.WithLabelValues(r.Method, route, strconv.Itoa(sw.status)).Inc()
			latency.WithLabelValues(r.Method, route).Observe(d.Seconds())
			if route != "console" && route != "/metrics" && route != "/healthz" && route != "/readyz" {
				slog.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", d.Milliseconds())
			}
		})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) { s.status = code; s.ResponseWriter.WriteHeader(code) }

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// console serves the built console with history-mode fallback: a path that is not a file gets
// index.html, so that deep links work. Hashed assets are cached for good, index.html never.
func console(files fs.FS) http.Handler {
	fileServer := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(files, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				w.Header().Set("X-Content-Type-Options", "nosniff")
				fileServer.ServeHTTP(w, r)
				return
			}
		}
		index, err := fs.ReadFile(files, "index.html")
		if err != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("The console is not built into this binary. Build it with `make build` (npm run build in web/, then go build).\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		for k, v := range consoleHeaders {
			w.Header().Set(k, v)
		}
		_, _ = w.Write(index)
	})
}

// consoleHeaders keep the console's page to its own origin: scripts only from its own files (no inline
// script, no eval), calls and the live feed only to its own API, images also from data: and blob: URLs
// (captchas, pasted screenshots), no framing by other sites. Styles may be inline: the UI kit writes its
// CSS at run time.
var consoleHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
		"base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"X-Frame-Options":        "DENY",
	"Referrer-Policy":        "same-origin",
}
