package bench

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/commands"
	"irgas/internal/device"
	"irgas/internal/gateway"
	"irgas/internal/ident"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

const (
	// idleDevices is how many devices connect and then stay idle.
	idleDevices = 10_000
	// idleConcurrency bounds the connections being opened at once.
	idleConcurrency = 200
	// idleKeepalive is the keep-alive the devices ask for (seconds); the broker closes a connection silent
	// for 1.5 times it, so the clients ping at half of it while the benchmark runs.
	idleKeepalive = 120
	// idleClientsEnv, set, makes BenchmarkIdleConnections the client side (the child process).
	idleClientsEnv = "IRGAS_BENCH_IDLE_CLIENTS"
)

// BenchmarkIdleConnections measures what an idle connected device costs the embedded broker: 10,000
// devices (SQLite) connect, each with its own IMEI and secret, as a detector does (MQTT 3.1.1, persistent
// session, subscribed to its down topic at QoS 1), and then say nothing. It runs once whatever b.N is and
// reports figures only:
//
//   - heap-B/conn, stack-B/conn: the Go heap in use (HeapInuse) and goroutine stacks (StackInuse) of the
//     server process, after a full GC that returns free memory to the OS (debug.FreeOSMemory), with the
//     devices connected, minus the same before any connected, divided by the devices;
//   - sys-B/conn: the same for all the memory the Go runtime holds from the OS (MemStats.Sys);
//   - rss-B/conn: the same for the resident memory of the process (VmRSS of /proc/self/status), which also
//     counts what the Go runtime does not see (SQLite's page cache in modernc's allocator);
//   - goroutines/conn;
//   - kept-heap-B/session: the heap each device's persistent session still holds after it disconnected
//     (a device asleep in power saving mode), with nothing of the connection left;
//   - connect-s: the time for all of them to connect and subscribe, 200 at a time, on loopback.
//
// IRGAS_BENCH_IDLE_HEAPPROFILE=file writes a heap profile with the devices connected.
//
// The devices run in a child process (this test binary again, with idleClientsEnv set), so that nothing of
// the client side is in the server's figures: the server process holds the broker, the database and the
// writer and command dispatcher the server attaches to the broker, as internal/server does. The database is
// warmed first (every device authenticated once) and the measurement starts with the broker serving, so
// what the connections add is the broker's side of them only. What it does not count: the kernel's socket
// memory (outside the process; an idle socket's buffers are empty).
func BenchmarkIdleConnections(b *testing.B) {
	if os.Getenv(idleClientsEnv) != "" {
		idleClients(b)
		return
	}
	raiseOpenFiles(b, idleDevices+256) // the server side's sockets, the listener, the database files
	ctx := context.Background()
	db := testdb.SQLite(b)
	devs := seedIdleDevices(b, db)
	// Warm the database: the first connections would otherwise grow SQLite's page cache, a bounded cost
	// that is not per connection.
	for _, d := range devs {
		if _, err := ingest.Authenticate(ctx, db, d.imei, d.secret); err != nil {
			b.Fatalf("device %s does not authenticate: %v", d.imei, err)
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	w := ingest.NewWriter(db, nil)
	broker, err := gateway.NewBroker(ln, db, w, prometheus.NewRegistry(), gateway.BrokerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	dispatch := commands.NewDispatcher(db, broker, commands.DefaultSettings)
	broker.Attach(dispatch)
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go dispatch.Run(runCtx)
	if err := broker.Serve(); err != nil {
		b.Fatal(err)
	}
	defer func() { broker.Close(); w.Close() }()

	before := measureProcess()

	// The client side: this binary again. Its output goes to a file (no copying goroutine here), its
	// report comes on a pipe (fd 3 there), and closing its stdin tells it to disconnect every device.
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	logFile, err := os.CreateTemp(b.TempDir(), "idle-clients-*.log")
	if err != nil {
		b.Fatal(err)
	}
	defer logFile.Close()
	reportR, reportW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	defer reportR.Close()
	cmd := exec.Command(exe, "-test.run=^$", "-test.bench=^BenchmarkIdleConnections$", "-test.benchtime=1x",
		"-test.timeout=20m")
	cmd.Env = append(os.Environ(), idleClientsEnv+"=1")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.ExtraFiles = []*os.File{reportW}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	reportW.Close()
	exited := false
	defer func() {
		if !exited {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()
	clientLog := func() string {
		out, _ := os.ReadFile(logFile.Name())
		return string(out[max(0, len(out)-2000):])
	}

	var list bytes.Buffer
	fmt.Fprintf(&list, "%s %d\n", ln.Addr(), len(devs))
	for _, d := range devs {
		fmt.Fprintf(&list, "%s %s\n", d.imei, d.secret)
	}
	if _, err := stdin.Write(list.Bytes()); err != nil {
		b.Fatalf("clients: %v\n%s", err, clientLog())
	}
	var res struct {
		Connected int
		Seconds   float64
		Error     string
	}
	line, err := bufio.NewReader(reportR).ReadBytes('\n')
	if err != nil || json.Unmarshal(line, &res) != nil || res.Error != "" || res.Connected != len(devs) {
		b.Fatalf("clients: %v %s\n%s", err, line, clientLog())
	}
	if n := broker.Sessions(); n != len(devs) {
		b.Fatalf("the broker holds %d sessions, want %d", n, len(devs))
	}
	time.Sleep(2 * time.Second) // let the last connections settle
	connected := measureProcess()
	if path := os.Getenv("IRGAS_BENCH_IDLE_HEAPPROFILE"); path != "" { // where the connections' heap goes
		writeHeapProfile(b, path)
	}
	if n := broker.Sessions(); n != len(devs) {
		b.Fatalf("devices dropped while idle: the broker holds %d sessions, want %d\n%s", n, len(devs), clientLog())
	}

	// The devices go to sleep: DISCONNECT, with their persistent sessions kept by the broker.
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		b.Fatalf("clients: %v\n%s", err, clientLog())
	}
	exited = true
	for deadline := time.Now().Add(time.Minute); runtime.NumGoroutine() > before.goroutines+5; {
		if time.Now().After(deadline) {
			b.Fatalf("the broker still runs %d goroutines a minute after the devices left (%d before)",
				runtime.NumGoroutine(), before.goroutines)
		}
		time.Sleep(100 * time.Millisecond)
	}
	asleep := measureProcess()
	if n := broker.Sessions(); n != len(devs) {
		b.Fatalf("the broker keeps %d sessions of sleeping devices, want %d", n, len(devs))
	}

	n := float64(len(devs))
	per := func(after, before uint64) float64 { return (float64(after) - float64(before)) / n }
	b.ReportMetric(0, "ns/op") // the run's time is mostly seeding; connect-s is the figure
	b.ReportMetric(per(connected.heap, before.heap), "heap-B/conn")
	b.ReportMetric(per(connected.stack, before.stack), "stack-B/conn")
	b.ReportMetric(per(connected.sys, before.sys), "sys-B/conn")
	b.ReportMetric(per(connected.rss, before.rss), "rss-B/conn")
	b.ReportMetric(float64(connected.goroutines-before.goroutines)/n, "goroutines/conn")
	b.ReportMetric(per(asleep.heap, before.heap), "kept-heap-B/session")
	b.ReportMetric(res.Seconds, "connect-s")
	b.Logf("idle connections: %d devices connected in %.1f s; server process before → connected → asleep: "+
		"heap %s → %s → %s, stacks %s → %s → %s, Go runtime %s → %s → %s, RSS %s → %s → %s, goroutines %d → %d → %d",
		len(devs), res.Seconds, mib(before.heap), mib(connected.heap), mib(asleep.heap),
		mib(before.stack), mib(connected.stack), mib(asleep.stack), mib(before.sys), mib(connected.sys), mib(asleep.sys),
		mib(before.rss), mib(connected.rss), mib(asleep.rss), before.goroutines, connected.goroutines, asleep.goroutines)
}

type idleDevice struct{ imei, secret string }

// seedIdleDevices creates the devices, each with a secret of its own (device.NewSecret), in one transaction.
func seedIdleDevices(b *testing.B, db *store.DB) []idleDevice {
	b.Helper()
	ctx := context.Background()
	start := time.Now()
	company, err := db.CreateCompany(ctx, "Idle Gas")
	if err != nil {
		b.Fatal(err)
	}
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: "GT-1", Unit: "%LEL", RangeMax: 100,
		LowThreshold: 20, HighThreshold: 50, ReportInterval: 60, HeartbeatInterval: 600, Communication: "NB-IoT"})
	if err != nil {
		b.Fatal(err)
	}
	dt, err := db.GetDeviceType(ctx, typeID)
	if err != nil {
		b.Fatal(err)
	}
	devs := make([]idleDevice, idleDevices)
	news := make([]store.NewDevice, idleDevices)
	for i := range devs {
		first := fmt.Sprintf("86200000%06d", i)
		imei := first + string(ident.IMEICheckDigit(first))
		secret, hash := device.NewSecret()
		devs[i] = idleDevice{imei, secret}
		news[i] = store.NewDevice{Fields: store.DeviceFields{IMEI: imei, Name: imei, TypeID: typeID, CompanyID: company,
			ProvinceCode: "330000"}, Type: dt, SecretHash: hash, Secret: secret}
	}
	if err := db.InTx(ctx, func(tx *sql.Tx) error { return db.CreateDevices(ctx, tx, news) }); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d devices with their secrets in %s", len(devs), time.Since(start).Round(time.Millisecond))
	return devs
}

// processMemory is what the server process holds at one moment.
type processMemory struct {
	heap, stack, sys, rss uint64
	goroutines            int
}

// measureProcess collects the garbage, returns free memory to the OS, and reads the process's figures.
func measureProcess() processMemory {
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return processMemory{heap: ms.HeapInuse, stack: ms.StackInuse, sys: ms.Sys, rss: vmRSS(),
		goroutines: runtime.NumGoroutine()}
}

// vmRSS is the process's resident memory (bytes), from /proc/self/status; 0 where there is none.
func vmRSS() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// writeHeapProfile writes the heap in use now (go tool pprof -sample_index=inuse_space).
func writeHeapProfile(b *testing.B, path string) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}

func mib(v uint64) string { return fmt.Sprintf("%.1f MiB", float64(v)/(1<<20)) }

// raiseOpenFiles raises this process's open-file limit to its hard limit, and fails if even that is below
// need.
func raiseOpenFiles(b *testing.B, need uint64) {
	b.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		b.Fatalf("reading the open-file limit: %v", err)
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			b.Fatalf("raising the open-file limit to %d: %v", lim.Max, err)
		}
	}
	if lim.Cur < need {
		b.Fatalf("%d connections need at least %d open files; the limit is %d (hard limit %d): raise it, e.g. ulimit -n %d",
			idleDevices, need, lim.Cur, lim.Max, need)
	}
}

// idleClients is the device side, in the child process: it reads the broker's address and the devices
// (IMEI and secret) from stdin, connects them 200 at a time, reports on fd 3, keeps them connected and
// idle (a PINGREQ at half the keep-alive) until stdin closes, then disconnects them all.
func idleClients(b *testing.B) {
	report := os.NewFile(3, "report")
	fail := func(err error) {
		_ = json.NewEncoder(report).Encode(map[string]any{"error": err.Error()})
		b.Fatal(err)
	}
	raiseOpenFiles(b, idleDevices+64)
	in := bufio.NewReader(os.Stdin)
	var addr string
	var n int
	if _, err := fmt.Fscanf(in, "%s %d\n", &addr, &n); err != nil {
		fail(fmt.Errorf("reading the broker's address: %w", err))
	}
	devs := make([]idleDevice, n)
	for i := range devs {
		if _, err := fmt.Fscanf(in, "%s %s\n", &devs[i].imei, &devs[i].secret); err != nil {
			fail(fmt.Errorf("reading device %d: %w", i, err))
		}
	}

	conns := make([]net.Conn, n)
	defer func() {
		for _, c := range conns {
			if c != nil {
				_, _ = c.Write([]byte{packets.Disconnect << 4, 0})
				c.Close()
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	slots := make(chan struct{}, idleConcurrency)
	for i, d := range devs {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			c, err := idleConnect(addr, d)
			mu.Lock()
			defer mu.Unlock()
			conns[i] = c
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	if firstErr != nil {
		fail(firstErr)
	}
	_ = json.NewEncoder(report).Encode(map[string]any{"connected": n, "seconds": took.Seconds()})
	report.Close()

	done := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(done) }()
	tick := time.NewTicker(idleKeepalive * time.Second / 2)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			for _, c := range conns {
				_, _ = c.Write([]byte{packets.Pingreq << 4, 0})
			}
		}
	}
}

// idleConnect connects one device as its firmware does (MQTT 3.1.1, persistent session) and subscribes it
// to its down topic at QoS 1: one TCP connection, nothing more held.
func idleConnect(addr string, d idleDevice) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", addr, 30*time.Second)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (net.Conn, error) {
		c.Close()
		return nil, fmt.Errorf("device %s: %w", d.imei, err)
	}
	_ = c.SetDeadline(time.Now().Add(60 * time.Second))
	var buf bytes.Buffer
	connect := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}, ProtocolVersion: 4,
		Connect: packets.ConnectParams{ProtocolName: []byte("MQTT"), Clean: false, Keepalive: idleKeepalive,
			ClientIdentifier: d.imei, UsernameFlag: true, Username: []byte(d.imei), PasswordFlag: true,
			Password: []byte(d.secret)}}
	if err := connect.ConnectEncode(&buf); err != nil {
		return fail(err)
	}
	// CONNACK: type 2, length 2, session present, return code.
	var ack [4]byte
	if _, err := c.Write(buf.Bytes()); err != nil {
		return fail(err)
	}
	if _, err := io.ReadFull(c, ack[:]); err != nil {
		return fail(fmt.Errorf("no CONNACK: %w", err))
	}
	if ack[0]>>4 != packets.Connack || ack[3] != 0 {
		return fail(fmt.Errorf("refused: CONNACK % x", ack))
	}
	subscribe := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Subscribe, Qos: 1}, ProtocolVersion: 4,
		PacketID: 1, Filters: packets.Subscriptions{{Filter: gateway.DownTopic(d.imei), Qos: 1}}}
	buf.Reset()
	if err := subscribe.SubscribeEncode(&buf); err != nil {
		return fail(err)
	}
	if _, err := c.Write(buf.Bytes()); err != nil {
		return fail(err)
	}
	// SUBACK: type 9, length 3, packet id, granted QoS.
	var suback [5]byte
	if _, err := io.ReadFull(c, suback[:]); err != nil {
		return fail(fmt.Errorf("no SUBACK: %w", err))
	}
	if suback[0]>>4 != packets.Suback || suback[4] != 1 {
		return fail(fmt.Errorf("subscription refused: SUBACK % x", suback))
	}
	_ = c.SetDeadline(time.Time{})
	return c, nil
}
