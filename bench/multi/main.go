// Command multi measures irgas in its several-instances mode: instances on one PostgreSQL taking the devices'
// messages from an external MQTT broker (Mosquitto) through a shared subscription, each message stored
// before the instance acknowledges it to the broker (internal/gateway/external.go). It prints what the
// broker acknowledged to the devices, what reached the readings table, the rate at which it got there, and
// what it cost: CPU of each irgas process, of PostgreSQL and of the broker, database commits and new
// database connections per reading.
//
//	go run ./bench/multi                      # 500 devices, 1,000 messages/s for 30 s, with 1 then 2 instances
//	go run ./bench/multi -rate 2000 -duration 60s -rounds 1,2,3
//
// It is a program rather than a Go benchmark (bench/*_test.go): a round is a fixed rate for a fixed time,
// not b.N operations, it builds and runs irgas as separate processes (the instances must be processes of
// their own to be several, and their CPU is read from /proc), and its figures are a report of several
// counters that testing.B's one-line metrics would not hold. It needs Mosquitto (/usr/sbin/mosquitto) and a
// PostgreSQL it may create a database on (-pg, as a superuser: it reads pg_stat_activity and drops the
// database WITH (FORCE)); everything it starts listens on 127.0.0.1 and is stopped, and the database
// dropped, when it ends, on failure and on Ctrl-C too.
package main

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"irgas/internal/auth"
	"irgas/internal/ident"
	"irgas/internal/model"
	"irgas/internal/store"
)

type options struct {
	devices   int
	rate      float64
	duration  time.Duration
	rounds    []int
	pgURL     string
	dbName    string
	group     string
	settle    time.Duration
	deadline  time.Duration
	idle      time.Duration
	alarms    bool
	keep      bool
	mosquitto string
}

func main() {
	var o options
	var rounds string
	flag.IntVar(&o.devices, "devices", 500, "devices publishing")
	flag.Float64Var(&o.rate, "rate", 1000, "messages a second, all devices together (one reading a message)")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "how long each round publishes")
	flag.StringVar(&rounds, "rounds", "1,2", "instances of each round, comma-separated")
	flag.StringVar(&o.pgURL, "pg", cmp.Or(os.Getenv("IRGAS_TEST_POSTGRES_URL"), "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"),
		"a PostgreSQL URL of a superuser; the benchmark creates (and drops) its own database beside the one named")
	flag.StringVar(&o.dbName, "db", "irgas_bench_multi", "the private database's name (dropped first if it exists)")
	flag.StringVar(&o.group, "group", "bench", "the instances' shared-subscription group")
	flag.DurationVar(&o.settle, "settle", 20*time.Second, "after publishing, stop waiting for readings when the count has not changed for this long")
	flag.DurationVar(&o.deadline, "deadline", 5*time.Minute, "after publishing, wait for readings at most this long")
	flag.DurationVar(&o.idle, "idle", 5*time.Second, "idle time measured before each round (the instances' background commits)")
	flag.BoolVar(&o.alarms, "alarms", false, "one device in a hundred sends 60 %LEL (above both thresholds): alarms are started")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (logs of the instances and of Mosquitto)")
	flag.StringVar(&o.mosquitto, "mosquitto", "", "the mosquitto binary (default: PATH, then /usr/sbin/mosquitto)")
	flag.Parse()
	for _, s := range strings.Split(rounds, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 8 {
			fmt.Fprintf(os.Stderr, "-rounds: %q is not a number of instances (1–8)\n", s)
			os.Exit(2)
		}
		o.rounds = append(o.rounds, n)
	}
	if !dbName.MatchString(o.dbName) || o.devices < 1 || o.rate <= 0 || o.duration <= 0 {
		fmt.Fprintln(os.Stderr, "-db must be a lower-case identifier, -devices, -rate and -duration more than 0")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, o)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/multi:", err)
		os.Exit(1)
	}
}

// cleanups run in reverse order when run returns, whatever the reason.
type cleanups []func()

func (c *cleanups) add(f func()) { *c = append(*c, f) }
func (c *cleanups) run() {
	for i := len(*c) - 1; i >= 0; i-- {
		(*c)[i]()
	}
}

func run(ctx context.Context, o options) (err error) {
	var cl cleanups
	defer cl.run()

	root, err := moduleRoot()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "irgas-bench-multi-")
	if err != nil {
		return err
	}
	cl.add(func() {
		if o.keep || err != nil {
			fmt.Printf("logs kept in %s\n", dir)
			return
		}
		os.RemoveAll(dir)
	})
	mosqBin, err := findMosquitto(o.mosquitto)
	if err != nil {
		return err
	}

	step := func(what string) func() {
		start := time.Now()
		fmt.Printf("%s ...", what)
		return func() { fmt.Printf(" %s\n", time.Since(start).Round(10*time.Millisecond)) }
	}

	done := step("building cmd/irgas")
	bin := filepath.Join(dir, "irgas")
	if err := buildIrgas(root, bin); err != nil {
		return err
	}
	done()

	done = step("starting Mosquitto with deploy/mosquitto/irgas.conf")
	mosq, broker, err := startMosquitto(mosqBin, filepath.Join(root, "deploy", "mosquitto", "irgas.conf"), dir)
	if err != nil {
		return err
	}
	cl.add(func() { mosq.stop(10 * time.Second) })
	done()

	// The database: created beside the one -pg names, read from there (pg_stat_*), dropped at the end.
	admin, err := openOne(ctx, o.pgURL)
	if err != nil {
		return fmt.Errorf("PostgreSQL at -pg: %w", err)
	}
	cl.add(func() { admin.Close() })
	stats, version, err := newStatsReader(ctx, admin, o.dbName)
	if err != nil {
		return err
	}
	done = step("creating database " + o.dbName)
	if err := createDatabase(ctx, admin, o.dbName); err != nil {
		return err
	}
	cl.add(func() {
		dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := dropDatabase(dctx, admin, o.dbName); err != nil {
			fmt.Fprintf(os.Stderr, "dropping database %s: %v\n", o.dbName, err)
		} else {
			fmt.Printf("dropped database %s\n", o.dbName)
		}
	})
	done()
	dbURL, err := withDatabase(o.pgURL, o.dbName)
	if err != nil {
		return err
	}

	done = step("irgas migrate")
	mig, err := startProc("migrate", bin, []string{"migrate"}, irgasEnv(map[string]string{"IRGAS_DATABASE_URL": dbURL}),
		filepath.Join(dir, "migrate.log"), "")
	if err != nil {
		return err
	}
	<-mig.exited
	if mig.err != nil {
		return fmt.Errorf("irgas migrate: %v\n%s", mig.err, tail(mig.log, 20))
	}
	done()

	done = step(fmt.Sprintf("seeding %d devices", o.devices))
	f, company, err := seed(ctx, dbURL, o.devices)
	if err != nil {
		return err
	}
	f.alarms = o.alarms
	done()

	bdb, err := openOne(ctx, dbURL)
	if err != nil {
		return err
	}
	cl.add(func() { bdb.Close() })
	bc := &benchConn{db: bdb}
	if err := bdb.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&bc.pid); err != nil {
		return err
	}

	env := environment{bin: bin, dir: dir, dbURL: dbURL, broker: broker, mosq: mosq, stats: stats, admin: admin, bench: bc,
		company: company, fleet: f, ticks: clockTicks(), password: "Bench-1-" + randomHex(12)} // the password rule: letters and digits
	var results []roundResult
	for _, n := range o.rounds {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		fmt.Printf("\n== round: %d instance(s), %d devices, %.0f messages/s for %s ==\n", n, o.devices, o.rate, o.duration)
		r, err := env.round(ctx, o, n)
		if err != nil {
			return fmt.Errorf("round with %d instance(s): %w", n, err)
		}
		r.print()
		results = append(results, r)
	}
	fmt.Printf("\n== summary (%s; %d cores; PostgreSQL CPU is every postgres process on the machine) ==\n",
		strings.SplitN(version, ",", 2)[0], runtime.NumCPU())
	summary(results)
	for _, r := range results {
		if r.lost > 0 {
			return fmt.Errorf("%d acknowledged reading(s) lost with %d instance(s)", r.lost, r.instances)
		}
	}
	return nil
}

// seed makes a company, a device type and n devices (the store's own calls: what the API's create would
// write, without the round trips).
func seed(ctx context.Context, dbURL string, n int) (*fleet, int64, error) {
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, 0, err
	}
	defer db.Close()
	company, err := db.CreateCompany(ctx, "Bench Multi")
	if err != nil {
		return nil, 0, err
	}
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "bench", Model: "BM-1", Gas: "CH4", Unit: "%LEL", RangeMax: 100,
		LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 60, Communication: "4G"})
	if err != nil {
		return nil, 0, err
	}
	dt, err := db.GetDeviceType(ctx, typeID)
	if err != nil {
		return nil, 0, err
	}
	f := &fleet{imeis: make([]string, n), ids: make([]int64, n), lastTS: make([]int64, n)}
	for i := range n {
		first := fmt.Sprintf("86200000%06d", i)
		imei := first + string(ident.IMEICheckDigit(first))
		id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: imei, Name: "bench " + imei, TypeID: typeID,
			CompanyID: company, ProvinceCode: "330000"}, dt, auth.HashToken("s-"+imei))
		if err != nil {
			return nil, 0, err
		}
		f.imeis[i], f.ids[i] = imei, id
	}
	return f, company, nil
}

// environment is what the rounds share.
type environment struct {
	bin, dir, dbURL, broker string
	mosq                    *proc
	stats                   *statsReader
	admin                   *sql.DB
	bench                   *benchConn
	company                 int64
	fleet                   *fleet
	ticks                   float64
	password                string
}

// snapshot is the counters read at one moment.
type snapshot struct {
	at        time.Time
	pg        pgStats
	instances []int64 // CPU ticks of each instance
	postgres  int64
	pgProcs   int
	mosquitto int64
	self      time.Duration
	metrics   []map[string]float64
}

func (e *environment) snapshot(ctx context.Context, insts []*instance) (snapshot, error) {
	s := snapshot{at: time.Now()}
	var err error
	if s.pg, err = e.stats.read(ctx); err != nil {
		return s, err
	}
	for _, in := range insts {
		t, err := procTicks(in.pid(), false)
		if err != nil {
			return s, fmt.Errorf("%s: %w", in.clientID, err)
		}
		s.instances = append(s.instances, t)
		m, err := scrapeMetrics(ctx, in.metricsAddr)
		if err != nil {
			return s, fmt.Errorf("%s /metrics: %w", in.clientID, err)
		}
		s.metrics = append(s.metrics, m)
	}
	s.postgres, s.pgProcs = postgresTicks()
	s.mosquitto, _ = procTicks(e.mosq.pid(), false)
	s.self = selfCPU()
	return s, nil
}

// roundResult is one round's figures.
type roundResult struct {
	instances                int
	published, acked, failed int64
	stored, lost, extra      int64
	dupRows                  int64
	publishSecs, commitSecs  float64
	lagSecs                  float64
	waitEnded                string
	names                    []string
	instCPU                  []float64 // seconds
	instStored               []float64 // readings each stored (its irgas_ingest_readings_stored_total)
	pgCPU, mosqCPU, selfCPU  float64
	pgIdleCores              float64 // PostgreSQL's CPU while the instances idled: the rest of the machine's work
	windowSecs               float64 // the measured window, first snapshot to last
	backendCPU               float64 // CPU of the database's own backends, sampled (a lower bound)
	pgProcs                  int
	commits, rollbacks, own  int64
	idleCommitsPerSec        float64
	sessions                 int64
	sampledNew, maxConc      int
	samples                  int
	active                   map[string]int       // what active backends ran, in how many samples
	metrics                  []map[string]float64 // deltas, by instance
	stoppedCleanly           []bool
}

func (e *environment) round(ctx context.Context, o options, n int) (r roundResult, err error) {
	r.instances = n
	var insts []*instance
	defer func() {
		e.fleet.disconnect()
		for _, in := range insts {
			r.stoppedCleanly = append(r.stoppedCleanly, in.stop(30*time.Second))
		}
	}()
	for i := range n {
		in, err := startInstance(e.bin, e.dir, e.dbURL, e.broker, o.group, fmt.Sprintf("bench-%c", 'a'+i), e.password)
		if err != nil {
			return r, err
		}
		insts = append(insts, in)
		r.names = append(r.names, in.clientID)
	}
	fmt.Printf("started %s (pids", strings.Join(r.names, ", "))
	for _, in := range insts {
		fmt.Printf(" %d", in.pid())
	}
	fmt.Println(")")
	if err := e.fleet.connect(e.broker); err != nil {
		return r, err
	}
	// Let the start-up's statistics reach pg_stat_database (a backend reports them at most once a second).
	if err := sleep(ctx, 2*time.Second); err != nil {
		return r, err
	}
	idle0, err := e.stats.read(ctx)
	if err != nil {
		return r, err
	}
	idlePG, _ := postgresTicks()
	if err := sleep(ctx, o.idle); err != nil {
		return r, err
	}
	s1, err := e.snapshot(ctx, insts)
	if err != nil {
		return r, err
	}
	r.idleCommitsPerSec = float64(s1.pg.commits+s1.pg.rollbacks-idle0.commits-idle0.rollbacks) / o.idle.Seconds()
	r.pgIdleCores = float64(s1.postgres-idlePG) / e.ticks / o.idle.Seconds()
	own1 := e.bench.own.Load()
	sampler, err := startSampler(ctx, e.admin, e.stats.name, e.bench.pid)
	if err != nil {
		return r, err
	}

	since := time.Now().UnixMilli()
	fmt.Printf("publishing %d messages ...", int64(o.rate*o.duration.Seconds()))
	load := e.fleet.publish(ctx, o.rate, o.duration, time.Minute)
	if ctx.Err() != nil {
		_ = sampler.finish()
		return r, ctx.Err()
	}
	r.published, r.failed, r.acked = load.published, load.failed, int64(len(load.acks))
	r.publishSecs = load.last.Sub(load.first).Seconds()
	fmt.Printf(" %.1f s; %d acknowledged by the broker, %d failed\n", r.publishSecs, r.acked, r.failed)

	// Wait for the readings: all of them, or until nothing changes for o.settle, or o.deadline.
	waitStart := time.Now()
	var count int64 = -1
	var lastChange time.Time
	for {
		c, err := e.bench.countReadings(ctx, e.company, since)
		if err != nil {
			_ = sampler.finish()
			return r, err
		}
		now := time.Now()
		if c != count {
			count, lastChange = c, now
		}
		if count >= r.acked {
			r.waitEnded = "all acknowledged readings stored"
			break
		}
		if now.Sub(lastChange) >= o.settle {
			r.waitEnded = fmt.Sprintf("no new reading for %s", o.settle)
			break
		}
		if now.Sub(waitStart) >= o.deadline {
			r.waitEnded = fmt.Sprintf("deadline of %s", o.deadline)
			break
		}
		if err := sleep(ctx, 100*time.Millisecond); err != nil {
			_ = sampler.finish()
			return r, err
		}
	}
	r.commitSecs = lastChange.Sub(load.first).Seconds()
	r.lagSecs = max(0, lastChange.Sub(load.last).Seconds())
	fmt.Printf("waited %.1f s: %s\n", time.Since(waitStart).Seconds(), r.waitEnded)
	own2 := e.bench.own.Load()
	if err := sleep(ctx, 2*time.Second); err != nil { // the last statistics reach pg_stat_database
		_ = sampler.finish()
		return r, err
	}
	s2, err := e.snapshot(ctx, insts)
	seen := sampler.finish()
	r.sampledNew, r.maxConc, r.samples, r.active = seen.newPids, seen.maxConc, seen.samples, seen.active
	r.backendCPU = float64(seen.backendTicks) / e.ticks
	if err != nil {
		return r, err
	}

	// What is in the table against what the broker acknowledged.
	keys, rows, err := e.bench.storedReadings(ctx, e.company, since)
	if err != nil {
		return r, err
	}
	r.stored = int64(len(keys))
	r.dupRows = rows - int64(len(keys))
	ackedKeys := make(map[readingKey]bool, len(load.acks))
	for _, a := range load.acks {
		k := readingKey{device: e.fleet.ids[a.device], ts: a.ts}
		ackedKeys[k] = true
		if keys[k] == 0 {
			r.lost++
		}
	}
	for k := range keys {
		if !ackedKeys[k] {
			r.extra++
		}
	}

	tick := func(d int64) float64 { return float64(d) / e.ticks }
	for i := range insts {
		r.instCPU = append(r.instCPU, tick(s2.instances[i]-s1.instances[i]))
		d := map[string]float64{}
		for k, v := range s2.metrics[i] {
			if dv := v - s1.metrics[i][k]; dv != 0 {
				d[k] = dv
			}
		}
		r.metrics = append(r.metrics, d)
		r.instStored = append(r.instStored, d["irgas_ingest_readings_stored_total"])
	}
	r.pgCPU, r.pgProcs = tick(s2.postgres-s1.postgres), s2.pgProcs
	r.windowSecs = s2.at.Sub(s1.at).Seconds()
	r.mosqCPU = tick(s2.mosquitto - s1.mosquitto)
	r.selfCPU = (s2.self - s1.self).Seconds()
	r.commits, r.rollbacks = s2.pg.commits-s1.pg.commits, s2.pg.rollbacks-s1.pg.rollbacks
	r.own = own2 - own1
	r.sessions = -1
	if s2.pg.sessions >= 0 {
		r.sessions = s2.pg.sessions - s1.pg.sessions
	}
	return r, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// per1000 is x for every 1,000 readings stored.
func (r roundResult) per1000(x float64) float64 {
	if r.stored == 0 {
		return 0
	}
	return x * 1000 / float64(r.stored)
}

func (r roundResult) commitsPerReading() float64 {
	if r.stored == 0 {
		return 0
	}
	return float64(r.commits+r.rollbacks-r.own) / float64(r.stored)
}

func (r roundResult) rate() float64 {
	if r.commitSecs <= 0 {
		return 0
	}
	return float64(r.stored) / r.commitSecs
}

func (r roundResult) print() {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	p := func(k, format string, a ...any) { fmt.Fprintf(w, "  %s\t"+format+"\n", append([]any{k}, a...)...) }
	p("messages published / acknowledged by the broker / failed", "%d / %d / %d", r.published, r.acked, r.failed)
	p("readings stored (rows of the round)", "%d", r.stored)
	p("lost (acknowledged, not stored)", "%d", r.lost)
	p("stored without an acknowledgement", "%d", r.extra)
	p("duplicate rows / redeliveries recognised", "%d / %.0f", r.dupRows, r.metricSum("irgas_ingest_readings_duplicate_total"))
	p("publishing took", "%.2f s", r.publishSecs)
	p("first publish → last commit", "%.2f s (last commit %.2f s after the last publish; wait ended: %s)", r.commitSecs, r.lagSecs, r.waitEnded)
	p("committed readings/s", "%.0f", r.rate())
	for i, name := range r.names {
		p("irgas "+name+" CPU", "%.2f s = %.3f s per 1,000 readings of all; it stored %.0f: %.3f s per 1,000 of its own",
			r.instCPU[i], r.per1000(r.instCPU[i]), r.instStored[i], per(r.instCPU[i], r.instStored[i]))
	}
	p("irgas CPU, all instances", "%.3f s per 1,000 readings", r.per1000(sum(r.instCPU)))
	p("PostgreSQL CPU (all postgres processes on the machine)", "%.2f s in %.1f s = %.3f s per 1,000 readings (%d processes)",
		r.pgCPU, r.windowSecs, r.per1000(r.pgCPU), r.pgProcs)
	p("  while the instances idled before the round", "%.2f cores (the rest of the machine's work on it varies)", r.pgIdleCores)
	p("  the database's own backends (sampled, lower bound)", "%.2f s = %.3f s per 1,000 readings", r.backendCPU, r.per1000(r.backendCPU))
	p("Mosquitto CPU", "%.3f s per 1,000 readings", r.per1000(r.mosqCPU))
	p("load generator (this process) CPU", "%.3f s per 1,000 readings", r.per1000(r.selfCPU))
	p("commits + rollbacks on the database", "%d + %d (%d of them the benchmark's own count queries, taken off)", r.commits, r.rollbacks, r.own)
	p("commits per reading", "%.3f (idle instances: %.1f commits/s)", r.commitsPerReading(), r.idleCommitsPerSec)
	if r.sessions >= 0 {
		p("new connections (pg_stat_database.sessions)", "%d = %.1f per 1,000 readings", r.sessions, r.per1000(float64(r.sessions)))
	}
	p("new backends seen in pg_stat_activity (200 ms samples)", "%d = %.1f per 1,000 readings; at most %d at once", r.sampledNew, r.per1000(float64(r.sampledNew)), r.maxConc)
	p("mean batch (irgas_ingest_batch_readings)", "%.1f readings in %.0f commits",
		ratio(r.metricSum("irgas_ingest_batch_readings_sum"), r.metricSum("irgas_ingest_batch_readings_count")),
		r.metricSum("irgas_ingest_batch_readings_count"))
	w.Flush()
	fmt.Println("  metrics (change over the round, per instance):")
	for i, m := range r.metrics {
		keys := make([]string, 0, len(m))
		for k := range m {
			if !strings.Contains(k, "_bucket") {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Printf("    %s %s %.6g\n", r.names[i], k, m[k])
		}
	}
	fmt.Printf("  active backends on the database, on average over %d samples (statement [wait event]):\n", r.samples)
	type busy struct {
		what string
		n    int
	}
	var top []busy
	for k, n := range r.active {
		top = append(top, busy{k, n})
	}
	slices.SortFunc(top, func(a, b busy) int { return cmp.Compare(b.n, a.n) })
	for _, b := range top[:min(8, len(top))] {
		fmt.Printf("    %5.2f  %s\n", ratio(float64(b.n), float64(r.samples)), b.what)
	}
	fmt.Printf("  instances stopped by SIGTERM within 30 s: %v\n", r.stoppedCleanly)
}

func (r roundResult) metricSum(name string) float64 {
	var s float64
	for _, m := range r.metrics {
		s += m[name]
	}
	return s
}

// per is x for every 1,000 of n.
func per(x, n float64) float64 { return 1000 * ratio(x, n) }

func ratio(x, n float64) float64 {
	if n == 0 {
		return 0
	}
	return x / n
}

func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

// summary prints the rounds side by side, as a Markdown table.
func summary(rs []roundResult) {
	head := "| |"
	sep := "|--|"
	for _, r := range rs {
		head += fmt.Sprintf(" %d instance(s) |", r.instances)
		sep += "--:|"
	}
	fmt.Println(head)
	fmt.Println(sep)
	row := func(name string, f func(r roundResult) string) {
		line := "| " + name + " |"
		for _, r := range rs {
			line += " " + f(r) + " |"
		}
		fmt.Println(line)
	}
	row("acknowledged by the broker", func(r roundResult) string { return strconv.FormatInt(r.acked, 10) })
	row("readings stored", func(r roundResult) string { return strconv.FormatInt(r.stored, 10) })
	row("lost / duplicates", func(r roundResult) string { return fmt.Sprintf("%d / %d", r.lost, r.dupRows) })
	row("committed readings/s", func(r roundResult) string { return fmt.Sprintf("%.0f", r.rate()) })
	row("last commit after the last publish", func(r roundResult) string { return fmt.Sprintf("%.1f s", r.lagSecs) })
	row("irgas CPU s / 1,000 readings, per process", func(r roundResult) string {
		var parts []string
		for i := range r.instCPU {
			parts = append(parts, fmt.Sprintf("%.3f", r.per1000(r.instCPU[i])))
		}
		return strings.Join(parts, " + ")
	})
	row("PostgreSQL CPU s / 1,000 readings (whole server; its backends on the database, sampled)", func(r roundResult) string {
		return fmt.Sprintf("%.3f; %.3f", r.per1000(r.pgCPU), r.per1000(r.backendCPU))
	})
	row("Mosquitto CPU s / 1,000 readings", func(r roundResult) string { return fmt.Sprintf("%.3f", r.per1000(r.mosqCPU)) })
	row("commits per reading", func(r roundResult) string { return fmt.Sprintf("%.3f", r.commitsPerReading()) })
	row("new connections / 1,000 readings (sessions; sampled)", func(r roundResult) string {
		return fmt.Sprintf("%.1f; %.1f", r.per1000(float64(r.sessions)), r.per1000(float64(r.sampledNew)))
	})
	row("mean batch, readings", func(r roundResult) string {
		return fmt.Sprintf("%.1f", ratio(r.metricSum("irgas_ingest_batch_readings_sum"), r.metricSum("irgas_ingest_batch_readings_count")))
	})
	row("store retries (irgas_mqtt_store_retries_total)", func(r roundResult) string {
		return fmt.Sprintf("%.0f", r.metricSum("irgas_mqtt_store_retries_total"))
	})
}
