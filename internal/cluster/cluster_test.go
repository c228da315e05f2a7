package cluster

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/ident"
	"irgas/internal/testdb"
)

// The fleet.
const (
	instanceCount     = 3
	episodeDevices    = 300
	mqttCommandDevs   = 15 // of the episode devices: they also listen for commands
	silentDevices     = 8
	burstDevices      = 4
	httpCommandDevs   = 4
	commandsPerDevice = 3
)

var recipients = []string{"13900000001", "13900000002", "13900000003"}

// TestCluster runs whole `irgas serve` processes on one PostgreSQL behind one Mosquitto (docs/deployment.md),
// drives a fleet through them while one instance is killed and restarted, one is stopped, and the readings
// table is locked for 30 s, and checks what a user would see: every reading the broker acknowledged stored
// once, one alarm per gas episode with its peak, one SMS per recipient per alarm, one offline alarm per
// silent device (ended, never before it started, for those that come back with buffered readings), no
// command sent twice in one attempt, every instance ready at the end; and that the broker, whose accounts
// the platform keeps (dynamic security), refuses strangers, forged publishes and foreign subscriptions. It
// logs a table of these counts.
//
// Several instances need one shared PostgreSQL (testdb.PostgresURL).
func TestCluster(t *testing.T) {
	base := testdb.PostgresURL(t)
	t.Run("postgres", func(t *testing.T) { runCluster(t, base) })
}

func runCluster(t *testing.T, base string) {
	began := time.Now()
	elapsed := func() string { return time.Since(began).Round(100 * time.Millisecond).String() }
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	bin := buildIrgas(t)
	t.Logf("%s: built irgas", elapsed())
	dbURL, db := privateDatabase(t, base)
	broker := startBroker(t)
	sink := newSMSSink(t)

	cl := &cluster{hc: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}}
	for n := range instanceCount {
		cl.instances = append(cl.instances, newInstance(t, n, bin, dbURL, broker, sink.srv.URL))
	}
	t.Cleanup(func() {
		for _, in := range cl.instances { // a graceful stop, then SIGKILL for whatever is left
			if in.running() {
				if _, err := in.signal(syscall.SIGTERM, 30*time.Second); err != nil {
					t.Errorf("stopping %s: %v", in.name, err)
				}
			}
		}
		for _, in := range cl.instances {
			in.stopLeftover()
			t.Logf("%s: warnings and errors in its log (%d starts):\n  %s", in.name, in.starts, strings.Join(in.logSummary(), "\n  "))
			if panics := in.logLines("panic:", "fatal error:"); len(panics) > 0 {
				t.Errorf("%s: %s", in.name, strings.Join(panics, "\n"))
			}
			if t.Failed() {
				t.Log(in.logTail(25))
			}
		}
	})
	for _, in := range cl.instances { // all at once: the first migrates, the others wait for its lock
		if err := in.start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range cl.instances {
		readyCtx, cancelReady := context.WithTimeout(ctx, 90*time.Second)
		err := in.waitReady(readyCtx)
		cancelReady()
		if err != nil {
			t.Fatal(err)
		}
	}
	dbName, _, _ := strings.Cut(dbURL[strings.LastIndex(dbURL, "/")+1:], "?")
	t.Logf("%s: %d instances ready on database %s, broker %s", elapsed(), instanceCount, dbName, broker)

	// Set-up through the API, as the platform's administrator.
	if err := cl.signIn(ctx); err != nil {
		t.Fatal(err)
	}
	companyID, typeID, devices := setUp(ctx, t, cl)
	t.Logf("%s: company %d, %d devices, %d notification users", elapsed(), companyID, len(devices), len(recipients))

	f := &fleet{cl: cl, db: db, broker: broker, devices: devices, problems: &problems{},
		watch: &storedWatch{newest: make([]atomic.Int64, len(devices)), index: map[int64]int{}}}
	for _, d := range devices {
		f.watch.index[d.id] = d.idx
	}
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go f.watch.run(watchCtx, db, companyID)

	// The MQTT devices connect (and those that take commands subscribe) before the traffic starts.
	clients := make([]paho.Client, len(devices))
	var connectWG sync.WaitGroup
	sem := make(chan struct{}, 32)
	for _, d := range devices {
		if d.role != roleEpisodes {
			continue
		}
		connectWG.Add(1)
		go func() {
			defer connectWG.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c, err := f.connect(ctx, d, "dev-"+d.imei)
			if err == nil && d.mqttCommands {
				err = f.listenForCommands(c, d)
			}
			if err != nil {
				f.problems.add("%v", err)
				return
			}
			clients[d.idx] = c
		}()
	}
	connectWG.Wait()
	defer func() {
		for _, c := range clients {
			if c != nil {
				c.Disconnect(100)
			}
		}
	}()
	t.Logf("%s: MQTT devices connected (their accounts at the broker made by the platform)", elapsed())

	// Traffic, and the faults on a schedule alongside it.
	t0 := time.Now()
	at := func(d time.Duration) { time.Sleep(time.Until(t0.Add(d))) }
	var traffic sync.WaitGroup
	for _, d := range devices {
		switch d.role {
		case roleEpisodes:
			if clients[d.idx] == nil {
				continue
			}
			traffic.Add(1)
			go func() {
				defer traffic.Done()
				r := rand.New(rand.NewPCG(uint64(d.idx), 7))
				time.Sleep(time.Duration(r.IntN(1000)) * time.Millisecond) // not all in step
				f.runEpisodes(ctx, clients[d.idx], d, r)
			}()
		case roleSilent:
			traffic.Add(1)
			go func() { defer traffic.Done(); f.runSilent(ctx, d, d.idx%4 == 0) }()
		}
	}
	// Commands: queued for the MQTT listeners and the HTTP pollers; the pollers start at once.
	at(1 * time.Second)
	queueCommands(ctx, t, cl, devices)
	t.Logf("%s: commands queued", elapsed())
	for _, d := range devices {
		if d.role == roleHTTPCommands {
			traffic.Add(1)
			go func() { defer traffic.Done(); f.runHTTPCommands(ctx, d, commandsPerDevice, 150*time.Second) }()
		}
	}
	var faults sync.WaitGroup
	faults.Add(1)
	var faultLog []string
	note := func(format string, args ...any) {
		line := fmt.Sprintf("%s (traffic +%s, %s UTC): ", elapsed(), time.Since(t0).Round(100*time.Millisecond),
			time.Now().UTC().Format("15:04:05.000")) + fmt.Sprintf(format, args...)
		faultLog = append(faultLog, line)
		t.Log(line)
	}
	faultErrs := &problems{}
	var killedAt, killedBack, stoppedAt time.Time // read after faults.Wait
	go func() {
		defer faults.Done()
		killed, stopped := cl.instances[0], cl.instances[1]
		at(6 * time.Second)
		killedAt = time.Now()
		took, err := killed.signal(syscall.SIGKILL, 10*time.Second)
		note("SIGKILL %s (gone in %s, %v)", killed.name, took.Round(time.Millisecond), err)
		at(9 * time.Second)
		killedBack = time.Now()
		if err := killed.start(); err != nil {
			faultErrs.add("restarting %s: %v", killed.name, err)
		} else {
			rctx, c := context.WithTimeout(ctx, 60*time.Second)
			if err := killed.waitReady(rctx); err != nil {
				faultErrs.add("%v", err)
			}
			c()
			note("%s restarted and ready", killed.name)
		}
		at(16 * time.Second)
		stoppedAt = time.Now()
		took, err = stopped.signal(syscall.SIGTERM, 45*time.Second)
		note("SIGTERM %s: exited in %s (%v, exit status %v); it stays down until the traffic ends", stopped.name, took.Round(time.Millisecond), err, stopped.exitError())
		if err != nil || stopped.exitError() != nil {
			faultErrs.add("SIGTERM %s: %v, exit status %v", stopped.name, err, stopped.exitError())
		}
		at(22 * time.Second)
		watching := make(chan struct{})
		var notReady []string
		var watched sync.WaitGroup
		held, err := lockReadings(ctx, db, 30*time.Second, func() {
			note("readings locked (ACCESS EXCLUSIVE)")
			watched.Add(1)
			go func() { // what a load balancer's health check sees meanwhile
				defer watched.Done()
				seen := map[string]bool{}
				for {
					for _, in := range cl.instances {
						if status, body := in.readyz(); in.up.Load() && status != http.StatusOK && !seen[in.name] {
							seen[in.name] = true
							notReady = append(notReady, fmt.Sprintf("%s at +%s: %d %s", in.name,
								time.Since(t0).Round(100*time.Millisecond), status, body))
						}
					}
					select {
					case <-watching:
						return
					case <-time.After(500 * time.Millisecond):
					}
				}
			}()
		})
		close(watching)
		watched.Wait()
		note("readings unlocked after %s (%v); /readyz not 200 meanwhile: %v", held.Round(time.Millisecond), err, notReady)
		if err != nil {
			faultErrs.add("locking readings: %v", err)
		}
	}()
	// Bursts on single devices, over MQTT and HTTP at once, while the killed instance is away and returns.
	at(7 * time.Second)
	for _, d := range devices {
		if d.role == roleBurst {
			traffic.Add(1)
			go func() { defer traffic.Done(); f.runBurst(ctx, d) }()
		}
	}
	traffic.Wait()
	faults.Wait()
	t.Logf("%s: traffic done in %s (MQTT publishes %d, HTTP posts %d, HTTP retries %d)", elapsed(),
		time.Since(t0).Round(100*time.Millisecond), f.mqttPubs.Load(), f.httpPosts.Load(), f.httpRetries.Load())
	for _, p := range faultErrs.all() {
		t.Error(p)
	}

	// The stopped instance comes back, with the same client id.
	stopped := cl.instances[1]
	stoppedBack := time.Now()
	if err := stopped.start(); err != nil {
		t.Fatal(err)
	}
	rctx, c := context.WithTimeout(ctx, 60*time.Second)
	if err := stopped.waitReady(rctx); err != nil {
		t.Error(err)
	}
	c()
	t.Logf("%s: %s restarted", elapsed(), stopped.name)

	// What a user would see.
	rep := &report{}
	for _, check := range []struct {
		name string
		fn   func()
	}{
		{"broker security", func() { checkBrokerSecurity(ctx, t, f, clients, db, companyID, typeID, rep) }},
		{"readings", func() {
			checkReadings(ctx, t, db, companyID, devices, rep)
			checkHeld(ctx, t, db, companyID, t0, killedAt, killedBack, stoppedAt, stoppedBack, rep)
		}},
		{"alarms", func() { checkAlarms(ctx, t, db, companyID, devices, rep) }},
		{"SMS", func() { checkSMS(ctx, t, db, companyID, devices, sink, rep) }},
		{"commands", func() { checkCommands(ctx, t, db, companyID, devices, rep) }},
		{"readiness", func() { checkReady(ctx, t, cl, rep) }},
	} {
		check.fn()
		t.Logf("%s: %s checked", elapsed(), check.name)
	}
	rep.add("stored-reading waits over "+waitLimit.String()+" (stalls)", 0, int(f.lateWaits.Load()))
	rep.add("HTTP ingest answers counting duplicates", -1, int(f.httpDups.Load()))
	for _, p := range f.problems.all() {
		t.Error(p)
	}
	t.Logf("%s: checks done\n%s\nfaults:\n  %s", elapsed(), rep.table(), strings.Join(faultLog, "\n  "))
}

// setUp makes the company, the device type, the notification users and the devices through the API.
func setUp(ctx context.Context, t *testing.T, cl *cluster) (int64, int64, []*device) {
	t.Helper()
	suffix := fmt.Sprintf("%09d", rand.IntN(1e9))
	first := "91330106" + suffix
	var company struct {
		ID int64 `json:"id"`
	}
	if err := cl.api(ctx, "POST", "/api/company", map[string]any{
		"name": "集群测试燃气" + suffix + "有限公司", "creditCode": first + string(ident.CreditCodeCheck(first)), "industryCode": "D",
		"provinceCode": "330000", "cityCode": "330100", "countyCode": "330106", "address": "西湖区文三路 1 号",
		"contactPerson": "王工", "contactPhone": "13800138000",
		"admin": map[string]any{"account": "cluster" + suffix, "name": "企业管理员", "password": "Admin-Pass-1"},
	}, &company); err != nil {
		t.Fatalf("creating the company: %v", err)
	}
	var typ struct {
		ID int64 `json:"id"`
	}
	// The shortest heartbeat (1 minute): offline after 4 minutes without data.
	if err := cl.api(ctx, "POST", "/api/deviceClassify", map[string]any{
		"name": "集群测试探测器", "model": "CLUSTER-" + suffix, "manufacturer": "irgas", "gas": "CH4", "unit": "%LEL",
		"rangeMin": 0, "rangeMax": 100, "lowThreshold": lowThreshold, "highThreshold": highThreshold,
		"reportInterval": 1, "heartbeatInterval": 1, "communication": "NB-IoT", "description": "",
	}, &typ); err != nil {
		t.Fatalf("creating the device type: %v", err)
	}
	for i, phone := range recipients {
		if err := cl.api(ctx, "POST", "/api/smsUser", map[string]any{"name": fmt.Sprintf("值班员%d", i+1), "phone": phone,
			"companyId": company.ID}, nil); err != nil {
			t.Fatalf("creating notification user %s: %v", phone, err)
		}
	}
	var devices []*device
	add := func(n int, r role) {
		for range n {
			devices = append(devices, newDevice(len(devices), r))
		}
	}
	add(episodeDevices, roleEpisodes)
	add(silentDevices, roleSilent)
	add(burstDevices, roleBurst)
	add(httpCommandDevs, roleHTTPCommands)
	for i := range mqttCommandDevs {
		devices[i*(episodeDevices/mqttCommandDevs)].mqttCommands = true
	}
	for _, d := range devices {
		if d.role == roleEpisodes {
			d.plan = episodePlan(rand.New(rand.NewPCG(uint64(d.idx), 1)), d.idx%2 == 0)
		}
	}
	var wg sync.WaitGroup
	errs := &problems{}
	work := make(chan *device)
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range work {
				d.imei = imeiFor(d.idx)
				var out struct {
					ID     int64  `json:"id"`
					Secret string `json:"secret"`
				}
				err := cl.api(ctx, "POST", "/api/device", map[string]any{"imei": d.imei, "name": fmt.Sprintf("%s %03d", d.role, d.idx),
					"typeId": typ.ID, "companyId": company.ID, "provinceCode": "330000", "cityCode": "330100", "countyCode": "330106",
					"address": fmt.Sprintf("文三路 %d 号", d.idx+1)}, &out)
				if err == nil && (out.ID == 0 || out.Secret == "") {
					err = fmt.Errorf("no id or secret in the answer")
				}
				if err != nil {
					errs.add("creating device %s: %v", d.imei, err)
					continue
				}
				d.id, d.secret = out.ID, out.Secret
			}
		}()
	}
	for _, d := range devices {
		work <- d
	}
	close(work)
	wg.Wait()
	if e := errs.all(); len(e) > 0 {
		t.Fatal(strings.Join(e, "\n"))
	}
	return company.ID, typ.ID, devices
}

// queueCommands asks for commandsPerDevice commands (different ones: a newer one of the same kind would
// replace a pending one) for every device that takes commands.
func queueCommands(ctx context.Context, t *testing.T, cl *cluster, devices []*device) {
	t.Helper()
	cmds := []map[string]any{{"command": "selfTest"}, {"command": "restart"}, {"command": "muteAlarm", "params": map[string]any{"minutes": 5}}}
	for _, d := range devices {
		if !d.mqttCommands && d.role != roleHTTPCommands {
			continue
		}
		for _, body := range cmds[:commandsPerDevice] {
			if err := cl.api(ctx, "POST", fmt.Sprintf("/api/device/sendCommand/%d", d.id), body, nil); err != nil {
				t.Fatalf("queueing %v for %s: %v", body["command"], d.imei, err)
			}
			d.mu.Lock()
			d.queued++
			d.mu.Unlock()
		}
	}
}

// lockReadings holds the readings table (every partition) in ACCESS EXCLUSIVE mode for hold, from a
// connection of its own, then commits: nothing can read or write readings meanwhile.
func lockReadings(ctx context.Context, db *sql.DB, hold time.Duration, locked func()) (time.Duration, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	lctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := tx.ExecContext(lctx, "LOCK TABLE readings IN ACCESS EXCLUSIVE MODE"); err != nil {
		_ = tx.Rollback()
		return 0, err
	}
	began := time.Now()
	locked()
	time.Sleep(hold) // the fault itself: the table stays locked this long
	return time.Since(began), tx.Commit()
}

// report is the table of counts the test prints.
type report struct {
	rows [][3]string
	mu   sync.Mutex
}

// add notes a count; want < 0 means there is no fixed expectation.
func (r *report) add(what string, want, got int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := "-"
	if want >= 0 {
		w = fmt.Sprint(want)
	}
	r.rows = append(r.rows, [3]string{what, w, fmt.Sprint(got)})
}

func (r *report) table() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "  %-58s %10s %10s\n", "count", "expected", "got")
	for _, row := range r.rows {
		fmt.Fprintf(&b, "  %-58s %10s %10s\n", row[0], row[1], row[2])
	}
	return b.String()
}

// checkReadings: every reading acknowledged to a device is stored, once, with its value; nothing is stored
// that no device sent.
func checkReadings(ctx context.Context, t *testing.T, db *sql.DB, companyID int64, devices []*device, rep *report) {
	t.Helper()
	byID := map[int64]*device{}
	acked := 0
	for _, d := range devices {
		byID[d.id] = d
		acked += len(d.acked)
	}
	var missing, doubled, wrongValue, foreign, unackedStored, stored int
	var examples []string
	done, _ := poll(ctx, 90*time.Second, func() (bool, string) {
		missing, doubled, wrongValue, foreign, unackedStored, stored = 0, 0, 0, 0, 0, 0
		examples = nil
		rows, err := db.QueryContext(ctx, "SELECT device_id, ts, ch4, count(*) OVER (PARTITION BY device_id, ts) FROM readings WHERE company_id = $1", companyID)
		if err != nil {
			return false, err.Error()
		}
		defer rows.Close()
		seen := map[[2]int64]bool{}
		for rows.Next() {
			var id, ts int64
			var ch4 float64
			var n int
			if err := rows.Scan(&id, &ts, &ch4, &n); err != nil {
				return false, err.Error()
			}
			stored++
			if n > 1 {
				doubled++
			}
			seen[[2]int64{id, ts}] = true
			d := byID[id]
			want, sent := 0.0, false
			if d != nil {
				d.mu.Lock()
				want, sent = d.attempted[ts]
				if sent && !d.acked[ts] {
					unackedStored++
				}
				d.mu.Unlock()
			}
			switch {
			case !sent:
				foreign++
			case math.Abs(want-ch4) > 1e-9:
				wrongValue++
			}
		}
		for _, d := range devices {
			d.mu.Lock()
			for ts := range d.acked {
				if !seen[[2]int64{d.id, ts}] {
					missing++
					if len(examples) < 10 {
						examples = append(examples, fmt.Sprintf("%s (%s) ts %d", d.imei, d.role, ts))
					}
				}
			}
			d.mu.Unlock()
		}
		return missing == 0, ""
	})
	if !done || doubled+wrongValue+foreign > 0 {
		t.Errorf("readings: %d acknowledged readings missing (e.g. %s), %d stored twice, %d with another value, %d stored that no device sent",
			missing, strings.Join(examples, ", "), doubled, wrongValue, foreign)
	}
	rep.add("readings acknowledged to devices (PUBACK / HTTP 200)", -1, acked)
	rep.add("  acknowledged readings missing", 0, missing)
	rep.add("  readings stored twice", 0, doubled)
	rep.add("  readings stored with another value", 0, wrongValue)
	rep.add("  readings stored that no device sent", 0, foreign)
	rep.add("readings stored (all)", -1, stored)
	rep.add("  of them sent but never acknowledged", -1, unackedStored)
}

// checkHeld counts the readings sent before an instance went away and stored only once it was back, which
// the broker held for that instance's session. For the killed instance they show the fault hit messages in
// flight (the broker delivered them again to the restarted instance); for the instance stopped with SIGTERM
// there must be none: it leaves the shared subscriptions first, so its share goes to the others
// (docs/deployment.md).
func checkHeld(ctx context.Context, t *testing.T, db *sql.DB, companyID int64, t0, killedAt, killedBack, stoppedAt, stoppedBack time.Time, rep *report) {
	t.Helper()
	held := func(sent, back time.Time) int {
		var n int
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM readings WHERE company_id = $1 AND ts >= $2 AND ts < $3 AND received_at >= $4",
			companyID, t0.UnixMilli(), sent.UnixMilli(), back.UnixMilli()).Scan(&n); err != nil {
			t.Error(err)
		}
		return n
	}
	killed, stopped := held(killedAt, killedBack), held(stoppedAt, stoppedBack)
	if stopped > 0 {
		t.Errorf("%d readings sent before an instance was stopped (SIGTERM) were stored only after it came back: the broker kept them for it", stopped)
	}
	rep.add("readings sent before the SIGKILL, stored after the restart", -1, killed)
	rep.add("readings sent before the SIGTERM, stored after the restart", 0, stopped)
}

// alarmRow is an alarm as stored.
type alarmRow struct {
	id, device      int64
	kind, level, st string
	peak            float64
	started         int64
	ended           sql.NullInt64
}

func readAlarms(ctx context.Context, db *sql.DB, companyID int64) ([]alarmRow, error) {
	rows, err := db.QueryContext(ctx, "SELECT id, device_id, kind, level, status, peak, started_at, ended_at FROM alarm_logs "+
		"WHERE company_id = $1 ORDER BY device_id, started_at, id", companyID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []alarmRow
	for rows.Next() {
		var a alarmRow
		if err := rows.Scan(&a.id, &a.device, &a.kind, &a.level, &a.st, &a.peak, &a.started, &a.ended); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// checkAlarms: one gas alarm per episode (high, its peak, started and ended by the right readings), one
// offline alarm per silent device, nothing else, and no alarm that ends before it starts.
func checkAlarms(ctx context.Context, t *testing.T, db *sql.DB, companyID int64, devices []*device, rep *report) {
	t.Helper()
	byID := map[int64]*device{}
	episodes, silent, returning := 0, 0, 0
	for _, d := range devices {
		byID[d.id] = d
		episodes += len(d.episodes)
		if d.role == roleSilent {
			silent++
		}
		if d.returned {
			returning++
		}
	}
	var gasOK, gasWrong, gasUnexpected, offlineOK, offlineMissing, offlineExtra, otherKinds, endBeforeStart, offlineReturned int
	var notes []string
	bad := func(format string, args ...any) {
		if len(notes) < 15 {
			notes = append(notes, fmt.Sprintf(format, args...))
		}
	}
	poll(ctx, 120*time.Second, func() (bool, string) {
		gasOK, gasWrong, gasUnexpected, offlineOK, offlineMissing, offlineExtra, otherKinds, endBeforeStart, offlineReturned = 0, 0, 0, 0, 0, 0, 0, 0, 0
		notes = nil
		alarms, err := readAlarms(ctx, db, companyID)
		if err != nil {
			return false, err.Error()
		}
		gas := map[int64][]alarmRow{}
		offline, offlineEnded := map[int64]int{}, map[int64]int{}
		for _, a := range alarms {
			if a.ended.Valid && a.ended.Int64 < a.started {
				endBeforeStart++
				bad("alarm %d (%s, device %d) ends at %d before it starts at %d", a.id, a.kind, a.device, a.ended.Int64, a.started)
			}
			switch a.kind {
			case "gas":
				gas[a.device] = append(gas[a.device], a)
			case "offline":
				offline[a.device]++
				if a.ended.Valid && a.st == "ended" {
					offlineEnded[a.device]++
				}
			default:
				otherKinds++
				bad("unexpected %s alarm %d on device %d", a.kind, a.id, a.device)
			}
		}
		for _, d := range devices {
			got := gas[d.id]
			d.mu.Lock()
			eps := append([]episode(nil), d.episodes...)
			d.mu.Unlock()
			if len(got) > len(eps) {
				gasUnexpected += len(got) - len(eps)
				bad("device %s (%s): %d gas alarms for %d episodes", d.imei, d.role, len(got), len(eps))
			}
			for i, ep := range eps {
				if i >= len(got) {
					gasWrong++
					bad("device %s: no alarm for episode %d (started by the reading at %d)", d.imei, i, ep.startTS)
					continue
				}
				a := got[i]
				if a.started != ep.startTS || !a.ended.Valid || a.ended.Int64 != ep.endTS || math.Abs(a.peak-ep.peak) > 1e-9 ||
					a.level != "high" || a.st != "ended" {
					gasWrong++
					bad("device %s episode %d: alarm %d started %d ended %v peak %v level %s status %s; want started %d ended %d peak %v level high, ended",
						d.imei, i, a.id, a.started, a.ended.Int64, a.peak, a.level, a.st, ep.startTS, ep.endTS, ep.peak)
					continue
				}
				gasOK++
			}
			d.mu.Lock()
			returned := d.returned
			d.mu.Unlock()
			switch n := offline[d.id]; {
			case d.role == roleSilent && n == 1 && returned && offlineEnded[d.id] == 0:
				offlineMissing++ // not ended yet
			case d.role == roleSilent && n == 1:
				offlineOK++
				if returned {
					offlineReturned++
				}
			case d.role == roleSilent && n == 0:
				offlineMissing++
			case d.role == roleSilent:
				offlineExtra += n - 1
				bad("device %s: %d offline alarms", d.imei, n)
			case n > 0:
				offlineExtra += n
				bad("device %s (%s): %d offline alarms, though it never went quiet", d.imei, d.role, n)
			}
		}
		return offlineMissing == 0 && gasOK == episodes, ""
	})
	if gasOK != episodes || gasUnexpected+offlineMissing+offlineExtra+otherKinds+endBeforeStart > 0 {
		t.Errorf("alarms: %d of %d episodes with their alarm as sent, %d wrong or missing, %d unexpected gas alarms; "+
			"offline: %d of %d silent devices, %d extra; %d of other kinds; %d ending before they start:\n  %s",
			gasOK, episodes, gasWrong, gasUnexpected, offlineOK, silent, offlineExtra, otherKinds, endBeforeStart, strings.Join(notes, "\n  "))
	}
	rep.add("gas episodes sent", -1, episodes)
	rep.add("  episodes with exactly their alarm (start, end, peak, high)", episodes, gasOK)
	rep.add("  gas alarms wrong or missing", 0, gasWrong)
	rep.add("  gas alarms more than episodes", 0, gasUnexpected)
	rep.add("offline alarms of silent devices (one each)", silent, offlineOK)
	rep.add("  of them ended by the device's return with buffered readings", returning, offlineReturned)
	rep.add("  offline alarms extra (doubled, or of devices not silent)", 0, offlineExtra)
	rep.add("alarms of other kinds", 0, otherKinds)
	rep.add("alarms ending before they start", 0, endBeforeStart)
}

// checkSMS: every recipient gets one message per alarm start (gas and offline) and one per rise of a low gas
// alarm to high, counted by the webhook's message id (docs/notifications.md: a receiver drops a repeat of an
// id), and nothing else.
func checkSMS(ctx context.Context, t *testing.T, db *sql.DB, companyID int64, devices []*device, sink *smsSink, rep *report) {
	t.Helper()
	type key struct {
		alarm int64
		phone string
		event string
	}
	byID := map[int64]*device{}
	for _, d := range devices {
		byID[d.id] = d
	}
	alarms, err := readAlarms(ctx, db, companyID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[key]bool{}
	for _, a := range alarms {
		for _, phone := range recipients {
			want[key{a.id, phone, "started"}] = true
		}
		if a.kind != "gas" {
			continue
		}
		d := byID[a.device]
		if d == nil {
			continue
		}
		d.mu.Lock()
		for _, ep := range d.episodes {
			if ep.startTS == a.started && ep.rise {
				for _, phone := range recipients {
					want[key{a.id, phone, "raised"}] = true
				}
			}
		}
		d.mu.Unlock()
	}
	var missing, doubled, unexpected, repeats, posts int
	var refused []string
	var notes []string
	poll(ctx, 150*time.Second, func() (bool, string) {
		msgs, ref := sink.snapshot()
		refused, posts = ref, len(msgs)
		ids := map[key]map[string]bool{}
		raw := map[key]int{}
		for _, m := range msgs {
			k := key{m.AlarmID, m.Phone, m.EventType}
			if ids[k] == nil {
				ids[k] = map[string]bool{}
			}
			ids[k][m.MessageID] = true
			raw[k]++
		}
		missing, doubled, unexpected, repeats = 0, 0, 0, 0
		notes = nil
		for k := range want {
			if len(ids[k]) == 0 {
				missing++
				if len(notes) < 10 {
					notes = append(notes, fmt.Sprintf("missing: %s for alarm %d to %s", k.event, k.alarm, k.phone))
				}
			}
		}
		for k, set := range ids {
			if !want[k] {
				unexpected += len(set)
				if len(notes) < 10 {
					notes = append(notes, fmt.Sprintf("unexpected: %s for alarm %d to %s", k.event, k.alarm, k.phone))
				}
			} else if len(set) > 1 {
				doubled += len(set) - 1
				if len(notes) < 10 {
					notes = append(notes, fmt.Sprintf("doubled: %s for alarm %d to %s, message ids %v", k.event, k.alarm, k.phone, keys(set)))
				}
			}
			repeats += raw[k] - len(set)
		}
		return missing == 0, ""
	})
	var notSent int
	_ = db.QueryRowContext(ctx, "SELECT count(*) FROM sms_send_log WHERE company_id = $1 AND status <> 'sent'", companyID).Scan(&notSent)
	if missing+doubled+unexpected+len(refused) > 0 {
		t.Errorf("SMS: %d of %d messages missing, %d doubled (distinct message ids), %d unexpected, %d refused by the receiver %v:\n  %s",
			missing, len(want), doubled, unexpected, len(refused), refused, strings.Join(notes, "\n  "))
	}
	rep.add("SMS expected (recipients x (alarm starts + rises))", -1, len(want))
	rep.add("  SMS received, distinct message ids", len(want), len(want)-missing+doubled+unexpected)
	rep.add("  SMS missing", 0, missing)
	rep.add("  SMS doubled for one recipient, alarm and event", 0, doubled)
	rep.add("  SMS unexpected (ended, reminder, unknown alarm)", 0, unexpected)
	rep.add("  webhook POSTs repeating a message id (allowed, rare)", -1, repeats)
	rep.add("  webhook POSTs in all", -1, posts)
	rep.add("  send-log rows not 'sent'", 0, notSent)
	if notSent > 0 {
		t.Errorf("SMS: %d send-log rows are not 'sent'", notSent)
	}
	// How long messages took (informative): from the gas alarm's start (the reading's time) to the message's
	// queueing, and from its queueing to the provider's acceptance.
	var queueP50, queueMax, sendP50, sendMax sql.NullFloat64
	_ = db.QueryRowContext(ctx, "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.created_at - a.started_at), max(s.created_at - a.started_at), "+
		"percentile_cont(0.5) WITHIN GROUP (ORDER BY s.sent_at - s.created_at), max(s.sent_at - s.created_at) "+
		"FROM sms_send_log s JOIN alarm_logs a ON a.id = s.alarm_id WHERE s.company_id = $1 AND a.kind = 'gas' AND s.event_type = 'started'",
		companyID).Scan(&queueP50, &queueMax, &sendP50, &sendMax)
	rep.add("  ms from gas alarm start to SMS queued, median", -1, int(queueP50.Float64))
	rep.add("  ms from gas alarm start to SMS queued, max", -1, int(queueMax.Float64))
	rep.add("  ms from SMS queued to sent, median", -1, int(sendP50.Float64))
	rep.add("  ms from SMS queued to sent, max", -1, int(sendMax.Float64))
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkCommands: every command is answered, and no device got a command more often than it was sent
// (attempts): one send, one poll or one instance.
func checkCommands(ctx context.Context, t *testing.T, db *sql.DB, companyID int64, devices []*device, rep *report) {
	t.Helper()
	byID := map[int64]*device{}
	queued := 0
	for _, d := range devices {
		byID[d.id] = d
		d.mu.Lock()
		queued += d.queued
		d.mu.Unlock()
	}
	var total, acked, overSent, never, resent int
	var notes []string
	poll(ctx, 90*time.Second, func() (bool, string) {
		total, acked, overSent, never, resent = 0, 0, 0, 0, 0
		notes = nil
		rows, err := db.QueryContext(ctx, "SELECT id, device_id, command, status, attempts FROM device_commands WHERE company_id = $1", companyID)
		if err != nil {
			return false, err.Error()
		}
		defer rows.Close()
		for rows.Next() {
			var id, device int64
			var command, status string
			var attempts int
			if err := rows.Scan(&id, &device, &command, &status, &attempts); err != nil {
				return false, err.Error()
			}
			total++
			if status == "acknowledged" {
				acked++
			}
			if attempts > 1 {
				resent++
			}
			d := byID[device]
			got := 0
			if d != nil {
				d.mu.Lock()
				got = d.deliveries[id]
				d.mu.Unlock()
			}
			switch {
			case got > attempts:
				overSent++
				if len(notes) < 10 {
					notes = append(notes, fmt.Sprintf("command %d (%s) of %s: received %d times in %d attempts", id, command, d.imei, got, attempts))
				}
			case got == 0:
				never++
			}
		}
		return acked == queued && total == queued, ""
	})
	if total != queued || acked != queued || overSent+never > 0 {
		t.Errorf("commands: %d queued, %d stored, %d acknowledged, %d received more often than sent, %d never received:\n  %s",
			queued, total, acked, overSent, never, strings.Join(notes, "\n  "))
	}
	rep.add("commands queued (MQTT listeners and HTTP pollers)", -1, queued)
	rep.add("  commands acknowledged", queued, acked)
	rep.add("  commands received more often than sent (twice in one attempt)", 0, overSent)
	rep.add("  commands never received", 0, never)
	rep.add("  commands sent again after the answer timeout", -1, resent)
}

// checkReady: no instance is stalled; each /readyz answers 200.
func checkReady(ctx context.Context, t *testing.T, cl *cluster, rep *report) {
	t.Helper()
	ready := 0
	for _, in := range cl.instances {
		var last string
		ok, _ := poll(ctx, 60*time.Second, func() (bool, string) {
			status, body := in.readyz()
			last = fmt.Sprintf("%d %s", status, body)
			return status == http.StatusOK, last
		})
		if ok {
			ready++
		} else {
			t.Errorf("%s: /readyz still answers %s", in.name, last)
		}
	}
	rep.add("instances ready (/readyz 200)", len(cl.instances), ready)
}
