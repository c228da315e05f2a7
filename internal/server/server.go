// Package server assembles `irgas serve`: the database, the API, the console, health and metrics, and the
// background jobs, and runs them until the context ends, then shuts down gracefully.
package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"irgas/internal/alarm"
	"irgas/internal/api"
	"irgas/internal/auth"
	"irgas/internal/commands"
	"irgas/internal/company"
	"irgas/internal/config"
	"irgas/internal/demo"
	"irgas/internal/device"
	"irgas/internal/devicetype"
	"irgas/internal/gateway"
	"irgas/internal/ingest"
	"irgas/internal/notify"
	"irgas/internal/oplog"
	"irgas/internal/role"
	"irgas/internal/simulate"
	"irgas/internal/store"
	"irgas/internal/user"
)

// Server is a running platform instance.
type Server struct {
	cfg      config.Config
	db       *store.DB
	recorder *oplog.Recorder
	ingest   *ingest.Writer
	broker   *gateway.Broker
	external *gateway.External
	commands *commands.Dispatcher
	devices  *device.Service
	auth     *auth.Service
	notifier *notify.Notifier
	handler  http.Handler
	// metrics serves /metrics on its own listener (ServeMetrics), never on the public one.
	metrics http.Handler
	// demo is the seeded demo fleet the built-in simulator drives (--demo).
	demo   *demo.Fleet
	mqttLn net.Listener
	// leader tells whether this instance runs the jobs that must run on one instance at a time.
	leader *leader
}

// New opens and migrates the database, creates the first administrator if there is no user yet, and
// builds the HTTP handler and, when mqttLn is given, the embedded MQTT broker on it.
func New(ctx context.Context, cfg config.Config, mqttLn net.Listener) (*Server, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	if len(applied) > 0 {
		slog.Info("database migrated", "applied", applied)
	}
	if err := Prepare(ctx, db, cfg.AdminPassword); err != nil {
		db.Close()
		return nil, err
	}
	reg := prometheus.NewRegistry()
	s := NewWithDB(db, cfg, reg)
	if cfg.Demo {
		fleet, err := demo.Seed(ctx, db, demo.Options{Count: cfg.DemoDevices, IMEIPrefix: demo.ServePrefix, NeverConnected: true})
		if err != nil {
			s.Close()
			return nil, err
		}
		s.demo = &fleet
	}
	if cfg.MQTTBroker != "" {
		if cfg.MQTTDynsec {
			db.ProvisionBroker()
		}
		s.external = gateway.NewExternal(gateway.ExternalOptions{Broker: cfg.MQTTBroker, Username: cfg.MQTTBrokerUsername,
			Password: cfg.MQTTBrokerPassword, Group: cfg.MQTTShareGroup, ClientID: clientID(cfg), Provision: cfg.MQTTDynsec},
			db, s.ingest, reg)
		s.commands = commands.NewDispatcher(db, s.external, commands.DefaultSettings)
		s.external.Attach(s.commands)
		s.devices.OnQueued(s.commands.Nudge)
	}
	if mqttLn != nil {
		s.mqttLn = mqttLn
		if s.broker, err = gateway.NewBroker(mqttLn, db, s.ingest, reg, gateway.BrokerOptions{SessionExpiry: cfg.MQTTSessionExpiry}); err != nil {
			s.Close()
			return nil, err
		}
		s.commands = commands.NewDispatcher(db, s.broker, commands.DefaultSettings)
		s.broker.Attach(s.commands)
		s.devices.OnQueued(s.commands.Nudge)
	}
	return s, nil
}

// NewWithDB builds a server on an open, migrated database (tests use it with their own databases).
func NewWithDB(db *store.DB, cfg config.Config, reg *prometheus.Registry) *Server {
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	rec := oplog.NewRecorder(db, reg)
	var linger []ingest.Option
	if cfg.MQTTBroker != "" {
		linger = append(linger, ingest.Linger(externalLinger))
	}
	writer := ingest.NewWriter(db, reg, linger...)
	devices := device.NewService(db)
	authSvc := auth.NewService(db, cfg.SessionTTL)
	a := &api.API{DB: db, Auth: authSvc, Roles: role.NewService(db), Companies: company.NewService(db),
		Users: user.NewService(db), DeviceTypes: devicetype.NewService(db),
		Devices: devices, SMSUsers: notify.NewUsers(db), Ingest: writer, Recorder: rec, Config: cfg}
	notifier, err := notify.New(db, cfg.SMS)
	if err != nil { // config.Validate refuses such settings first
		slog.Error("notifications are off", "err", err)
	}
	s := &Server{cfg: cfg, db: db, recorder: rec, ingest: writer, devices: devices, auth: authSvc, notifier: notifier,
		metrics: metricsHandler(reg), leader: newLeader(db, clientID(cfg))}
	s.handler = newHandler(a, db, reg, s.stalled)
	return s
}

// stalled reports ingestion that is stuck: a device message from the external broker waiting too long to be
// stored. (The embedded broker answers each device itself: a device whose message is not stored resends it.)
func (s *Server) stalled() error {
	if s.external != nil {
		return s.external.Stalled()
	}
	return nil
}

// Handler is the public HTTP surface: /api, /healthz, /readyz and the console.
func (s *Server) Handler() http.Handler { return s.handler }

// MetricsHandler answers GET /metrics in the Prometheus text format.
func (s *Server) MetricsHandler() http.Handler { return s.metrics }

// ListenMetrics takes the metrics address (config.Config.MetricsAddr), like Listen the HTTP one.
func ListenMetrics(addr string) (net.Listener, error) {
	return config.Listen(addr, "metrics", "metrics-addr", "IRGAS_METRICS_ADDR", "e.g. IRGAS_METRICS_ADDR=127.0.0.1:9465, or off")
}

// ServeMetrics serves /metrics on ln until ctx ends.
func (s *Server) ServeMetrics(ctx context.Context, ln net.Listener) {
	srv := &http.Server{Handler: s.metrics, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(slog.Default().Handler(), slog.LevelWarn)}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	slog.Info("metrics are served", "url", "http://"+displayAddr(ln.Addr())+"/metrics")
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		slog.Warn("the metrics listener stopped", "err", err)
	}
}

// Close flushes the operation records and closes the database. Calls must have finished.
func (s *Server) Close() {
	if s.broker != nil {
		_ = s.broker.Close()
	}
	if s.external != nil {
		_ = s.external.Close()
	}
	s.ingest.Close()
	s.recorder.Close()
	s.db.Close()
}

// Listen takes the HTTP address before anything else starts, so that a taken port ends start-up at once
// with a message naming the setting to change.
func Listen(addr string) (net.Listener, error) {
	return config.Listen(addr, "HTTP", "http-addr", "IRGAS_HTTP_ADDR", "e.g. IRGAS_HTTP_ADDR=:8081")
}

// Run serves on ln until ctx ends, then stops taking calls, lets those in flight finish (up to the
// shutdown timeout), writes the queued operation records and closes the database.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	var err error
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(slog.Default().Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	jobs, stopJobs := context.WithCancel(context.Background())
	if s.broker != nil {
		go s.broker.WatchRevocations(jobs)
		if err := s.broker.Serve(); err != nil {
			stopJobs()
			srv.Close()
			s.Close()
			return fmt.Errorf("starting the MQTT broker: %w", err)
		}
		slog.Info("devices connect over MQTT", "address", s.cfg.MQTTAddr)
	}
	if s.external != nil {
		go s.external.WatchRevocations(jobs)
		if err := s.external.Serve(); err != nil {
			stopJobs()
			srv.Close()
			s.Close()
			return err
		}
	}
	slog.Info("irgas is serving", "url", "http://"+displayAddr(ln.Addr()), "database", string(s.db.Dialect))

	s.leader.renew(jobs)
	leaderDone := make(chan struct{})
	go func() { s.leader.run(jobs); close(leaderDone) }()
	go s.whileLeading(jobs, maintenanceInterval, func(ctx context.Context, _ bool) error {
		s.maintain(ctx)
		return nil
	})
	if s.commands != nil {
		go s.commands.Run(jobs)
	}
	go s.whileLeading(jobs, offlineEvery, s.sweepOffline)
	if s.external != nil && s.cfg.MQTTDynsec {
		go s.whileLeading(jobs, accountsPoll, s.syncAccounts)
	}
	if s.notifier != nil {
		go s.notifier.Run(jobs)
	}
	if s.demo != nil {
		go s.simulate(jobs, ln)
	}

	select {
	case err := <-serveErr:
		stopJobs()
		<-leaderDone
		s.Close()
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing calls in flight", "timeout", s.cfg.ShutdownTimeout)
	stopJobs()
	<-leaderDone // the lease is given up while the database is open
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	s.Close()
	slog.Info("stopped")
	return err
}

// maintenanceInterval: expired sessions, login keys and captchas are removed, and the readings partitions
// kept ahead of time, every few minutes (maintain).
const maintenanceInterval = 5 * time.Minute

// maintain is one round of maintenance, each step with its own time limit.
func (s *Server) maintain(ctx context.Context) {
	step := func(name string, fn func(context.Context) error) {
		c, cancel := store.Bounded(ctx)
		defer cancel()
		if err := fn(c); err != nil && ctx.Err() == nil {
			slog.Warn(name+" failed", "err", err)
		}
	}
	step("purging expired sessions", s.auth.Purge)
	step("creating readings partitions", func(c context.Context) error { return ensurePartitions(c, s.db) })
	step("pruning sign-in rate counts", func(c context.Context) error {
		return s.db.PruneRateCounts(c, time.Now().Add(-2*time.Minute)) // the limit reads this minute and the last
	})
	step("purging device revocations", func(c context.Context) error {
		return s.db.PurgeRevocations(c, time.Now().Add(-store.RevocationKeep))
	})
	step("purging old events", func(c context.Context) error {
		_, err := s.db.PurgeEvents(c, time.Now().Add(-store.EventKeep))
		return err
	})
	if s.cfg.RetentionDays > 0 {
		cutoff := time.Now().AddDate(0, 0, -s.cfg.RetentionDays)
		// Retention works in small batches, each its own statement; the whole purge gets a longer limit.
		c, cancel := context.WithTimeout(ctx, 10*store.JobTimeout)
		defer cancel()
		if n, err := s.db.PurgeBefore(c, cutoff); err != nil && ctx.Err() == nil {
			slog.Warn("retention purge failed", "err", err)
		} else if n > 0 {
			slog.Info("retention purge", "before", cutoff.Format(time.DateOnly), "removed", n)
		}
	}
}

// offlineEvery: silent devices are marked offline every 30 seconds, so that an offline status is never more
// than a minute late. The sweep keeps no state: after a restart or a change of holder, or for devices added
// meanwhile, the next sweep covers all.
const offlineEvery = 30 * time.Second

// sweepOffline is one offline sweep.
func (s *Server) sweepOffline(ctx context.Context, _ bool) error {
	step, cancel := store.Bounded(ctx)
	defer cancel()
	_, err := s.db.MarkOffline(step, time.Now().UnixMilli(), alarm.OfflineGrace)
	if err != nil && ctx.Err() == nil {
		slog.Warn("offline detection failed", "err", err)
	}
	return err
}

// simulate drives the demo fleet against this server, over its embedded broker or else its HTTP ingest.
// The last device stays silent, so that the demo also shows an offline detector.
func (s *Server) simulate(ctx context.Context, httpLn net.Listener) {
	o := simulate.Options{Transport: "http", URL: "http://" + loopback(httpLn.Addr()), Scale: demoScale,
		FirstLeak: 20 * time.Second, WeakBattery: true, Seed: uint64(time.Now().UnixNano())}
	switch {
	case s.mqttLn != nil:
		o.Transport, o.Broker = "mqtt", "tcp://"+loopback(s.mqttLn.Addr())
	case s.cfg.MQTTBroker != "":
		o.Transport, o.Broker = "mqtt", s.cfg.MQTTBroker
	}
	devices := s.demo.Devices[:len(s.demo.Devices)-1]
	slog.Info("demo: simulated detectors report", "devices", len(devices), "transport", o.Transport,
		"timeScale", demoScale, "company", demo.CompanyName)
	if err := simulate.Run(ctx, devices, o, nil); err != nil {
		slog.Warn("demo: the simulator stopped", "err", err)
	}
}

// clientID is this instance's id at an external broker: configured, or made of the host name and HTTP port,
// stable across restarts (so the broker keeps its session) and different for instances side by side.
func clientID(cfg config.Config) string {
	if cfg.MQTTClientID != "" {
		return cfg.MQTTClientID
	}
	host, _ := os.Hostname()
	_, port, _ := net.SplitHostPort(cfg.HTTPAddr)
	return fmt.Sprintf("irgas-%s-%s", cmp.Or(host, "host"), cmp.Or(port, "0"))
}

// externalLinger is how long a batch of readings waits for more behind an external broker: about 40
// readings a commit at 1,000 messages a second, instead of one commit for every five.
const externalLinger = 40 * time.Millisecond

// demoScale makes demo devices live 30 times faster than real ones: a 5-minute report every 10 seconds.
const demoScale = 30

// loopback is the local address of a listener, for a client inside this process.
func loopback(a net.Addr) string {
	_, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return net.JoinHostPort("127.0.0.1", port)
}

func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if host == "::" || host == "0.0.0.0" || host == "" {
		host = "localhost"
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return host + ":" + port
}

// FlushRecords waits until every queued operation record is written (tests and shutdown use it).
func (s *Server) FlushRecords(ctx context.Context) error { return s.recorder.Flush(ctx) }
