package cluster

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/ident"
)

// Device roles in the fleet.
type role int

const (
	// roleEpisodes: MQTT; normal readings and two gas episodes, each device sending its next reading once its
	// last one is stored.
	roleEpisodes role = iota
	// roleSilent: MQTT; one reading five minutes old, then nothing: one offline alarm each.
	roleSilent
	// roleBurst: the same readings at once over MQTT (three connections) and HTTP (three instances).
	roleBurst
	// roleHTTPCommands: HTTP only; concurrent polls on several instances take its commands.
	roleHTTPCommands
)

func (r role) String() string {
	return [...]string{"episodes", "silent", "burst", "http-commands"}[r]
}

// Alarm thresholds of the test's device type (%LEL), and the end of a gas alarm (low minus the hysteresis).
const (
	lowThreshold  = 20
	highThreshold = 40
	gasEnd        = lowThreshold - 2
)

// episode is one gas episode as sent: the alarm it must make.
type episode struct {
	rise           bool // through the low threshold first (the alarm starts low and is raised), else straight to high
	startTS, endTS int64
	peak           float64
}

// step is one reading of an episode device's plan.
type step struct {
	ch4   float64
	ep    int // index of the episode, -1 outside one
	mark  string
	rise  bool
	isEnd bool
}

// device is one simulated detector and everything it sent and received.
type device struct {
	idx          int
	role         role
	id           int64
	imei, secret string
	mqttCommands bool // subscribes to its down topic and answers the commands it gets
	plan         []step

	mu         sync.Mutex
	lastTS     int64
	attempted  map[int64]float64 // ts → ch4 of every reading sent
	acked      map[int64]bool    // ts of every reading the broker PUBACKed or an instance answered 200
	episodes   []episode
	deliveries map[int64]int // command id → times the device got it (MQTT down message or HTTP answer)
	queued     int           // commands the test asked for
	returned   bool          // a silent device that came back: its offline alarm must have ended
}

func newDevice(idx int, r role) *device {
	return &device{idx: idx, role: r, attempted: map[int64]float64{}, acked: map[int64]bool{}, deliveries: map[int64]int{}}
}

// nextTS is a timestamp for the device's next reading: now, or just after its last one.
func (d *device) nextTS(now int64) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lastTS = max(now, d.lastTS+1)
	return d.lastTS
}

func (d *device) sent(ts int64, ch4 float64) {
	d.mu.Lock()
	d.attempted[ts] = ch4
	d.mu.Unlock()
}

func (d *device) ack(ts int64) {
	d.mu.Lock()
	d.acked[ts] = true
	d.mu.Unlock()
}

func (d *device) delivered(commandID int64) {
	d.mu.Lock()
	d.deliveries[commandID]++
	d.mu.Unlock()
}

func (d *device) deliveredCount() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.deliveries)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// episodePlan is an episode device's readings: normal, an episode, normal, the other kind of episode, normal.
// Each episode rises to a peak at or above the high threshold and falls back below the alarm's end.
func episodePlan(r *rand.Rand, riseFirst bool) []step {
	var out []step
	normal := func(n int) {
		for range n {
			out = append(out, step{ch4: round1(1 + 4*r.Float64()), ep: -1})
		}
	}
	add := func(ep int, rise bool) {
		peak := round1(60 + 35*r.Float64())
		var vals []float64
		start := 2 // index of the reading that starts the alarm
		if rise {
			peak = round1(55 + 40*r.Float64())
			vals = []float64{9 + 2*r.Float64(), 21 + 4*r.Float64(), 28 + 6*r.Float64(), 41 + 5*r.Float64(), peak,
				peak - 5 - 3*r.Float64(), 22 + 5*r.Float64(), 12 + 4*r.Float64(), 3 + 2*r.Float64()}
			start = 1
		} else {
			vals = []float64{8 + 2*r.Float64(), 14 + 3*r.Float64(), 41 + 5*r.Float64(), 50 + 5*r.Float64(), peak,
				peak - 8 - 2*r.Float64(), 28 + 4*r.Float64(), 10 + 5*r.Float64(), 2 + 2*r.Float64()}
		}
		for i, v := range vals {
			s := step{ch4: round1(v), ep: ep, rise: rise}
			switch i {
			case start:
				s.mark = "start"
			case 4:
				s.ch4, s.mark = peak, "peak"
			case 7:
				s.mark, s.isEnd = "end", true
			}
			out = append(out, s)
		}
	}
	normal(3)
	add(0, riseFirst)
	normal(3)
	add(1, !riseFirst)
	normal(3)
	return out
}

// imeiFor makes the device's IMEI (15 digits with its Luhn check digit).
func imeiFor(idx int) string {
	first := fmt.Sprintf("86%012d", 731000000+idx)
	return first + string(ident.IMEICheckDigit(first))
}

func readingPayload(ts int64, ch4 float64) map[string]any {
	return map[string]any{"ts": ts, "ch4": ch4, "voltage": 362, "signal": 21, "temperature": 18.5, "status": "ok"}
}

// storedWatch follows each device's newest stored reading, read from the database a few times a second, so
// that an episode device sends its next reading only once its last one is stored. Behind an external broker
// several instances take one device's messages at once; a reading overtaken by a newer one of its device is
// stored but "late" (docs/device-protocol.md: it starts, ends or raises no alarm), so a device that did not
// wait would make the alarms depend on the order the instances happened to commit in. (A real detector
// reports minutes apart, far longer than a message takes to be stored.)
type storedWatch struct {
	newest []atomic.Int64 // by device index
	index  map[int64]int  // device id → index
}

func (w *storedWatch) run(ctx context.Context, db *sql.DB, companyID int64) {
	for ctx.Err() == nil {
		qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		rows, err := db.QueryContext(qctx, "SELECT device_id, max(ts) FROM readings WHERE company_id = $1 GROUP BY device_id", companyID)
		if err == nil {
			for rows.Next() {
				var id, ts int64
				if rows.Scan(&id, &ts) == nil {
					if i, ok := w.index[id]; ok && w.newest[i].Load() < ts {
						w.newest[i].Store(ts)
					}
				}
			}
			rows.Close()
		}
		cancel()
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// wait waits until the device's reading at ts (or a newer one) is stored, for at most limit.
func (w *storedWatch) wait(ctx context.Context, idx int, ts int64, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for w.newest[idx].Load() < ts {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(30 * time.Millisecond)
	}
	return true
}

// fleet drives the devices.
type fleet struct {
	cl       *cluster
	db       *sql.DB
	broker   string
	devices  []*device
	watch    *storedWatch
	problems *problems

	lateWaits   atomic.Int64 // readings not seen stored within waitLimit (a stall)
	mqttPubs    atomic.Int64
	httpPosts   atomic.Int64
	httpRetries atomic.Int64
	httpDups    atomic.Int64
}

// waitLimit bounds an episode device's wait for its last reading to be stored: the locked table holds
// readings back for 30 s, a killed instance's share waits for its restart.
const waitLimit = 75 * time.Second

// connect opens a device's MQTT connection (username the IMEI, password the secret), trying again for a
// while: a broker that takes its accounts from the platform may learn of a new device a few seconds late.
func (f *fleet) connect(ctx context.Context, d *device, clientID string) (paho.Client, error) {
	opts := paho.NewClientOptions().AddBroker(f.broker).SetClientID(clientID).SetUsername(d.imei).SetPassword(d.secret).
		SetCleanSession(true).SetAutoReconnect(true).SetConnectRetry(false).SetKeepAlive(30 * time.Second).
		SetConnectTimeout(10 * time.Second).SetOrderMatters(false)
	c := paho.NewClient(opts)
	deadline := time.Now().Add(30 * time.Second)
	for {
		tok := c.Connect()
		if tok.WaitTimeout(15*time.Second) && tok.Error() == nil {
			return c, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("device %s: MQTT connect: %v", d.imei, tok.Error())
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// publish sends one reading at QoS 1 and waits for the broker's PUBACK, sending it again if none comes.
func (f *fleet) publish(ctx context.Context, c paho.Client, d *device, ts int64, ch4 float64) bool {
	payload, _ := json.Marshal(readingPayload(ts, ch4))
	d.sent(ts, ch4)
	for range 5 {
		f.mqttPubs.Add(1)
		tok := c.Publish("irgas/dev/"+d.imei+"/up", 1, false, payload)
		if tok.WaitTimeout(20*time.Second) && tok.Error() == nil {
			d.ack(ts)
			return true
		}
		if ctx.Err() != nil {
			return false
		}
	}
	f.problems.add("device %s: no PUBACK for the reading at %d", d.imei, ts)
	return false
}

// listenForCommands subscribes the device to its down topic: it counts each command it gets and answers it
// on its ack topic.
func (f *fleet) listenForCommands(c paho.Client, d *device) error {
	tok := c.Subscribe("irgas/dev/"+d.imei+"/down", 1, func(c paho.Client, m paho.Message) {
		var down struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(m.Payload(), &down); err != nil || down.ID <= 0 {
			f.problems.add("device %s: a down message that is no command: %s", d.imei, m.Payload())
			return
		}
		d.delivered(down.ID)
		answer, _ := json.Marshal(map[string]any{"id": down.ID, "ok": true, "code": 0, "msg": ""})
		if t := c.Publish("irgas/dev/"+d.imei+"/ack", 1, false, answer); !t.WaitTimeout(30*time.Second) || t.Error() != nil {
			f.problems.add("device %s: answer to command %d not acknowledged by the broker: %v", d.imei, down.ID, t.Error())
		}
	})
	if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		return fmt.Errorf("device %s: subscribing to its down topic: %v", d.imei, tok.Error())
	}
	return nil
}

// runEpisodes sends the device's plan, each reading once the last one is stored, and notes the alarms it
// must have made.
func (f *fleet) runEpisodes(ctx context.Context, c paho.Client, d *device, r *rand.Rand) {
	var starts, ends [2]int64
	for _, s := range d.plan {
		if ctx.Err() != nil {
			return
		}
		ts := d.nextTS(time.Now().UnixMilli())
		switch s.mark {
		case "start":
			starts[s.ep] = ts
		case "end":
			ends[s.ep] = ts
		}
		if s.isEnd {
			d.mu.Lock()
			d.episodes = append(d.episodes, episode{rise: s.rise, startTS: starts[s.ep], endTS: ts, peak: peakOf(d.plan, s.ep)})
			d.mu.Unlock()
		}
		if !f.publish(ctx, c, d, ts, s.ch4) {
			continue
		}
		if !f.watch.wait(ctx, d.idx, ts, waitLimit) && ctx.Err() == nil {
			f.lateWaits.Add(1)
			f.problems.add("device %s: the reading at %d was not stored within %s", d.imei, ts, waitLimit)
		}
		time.Sleep(time.Duration(700+r.IntN(500)) * time.Millisecond) // the device's report interval
	}
}

func peakOf(plan []step, ep int) float64 {
	for _, s := range plan {
		if s.ep == ep && s.mark == "peak" {
			return s.ch4
		}
	}
	return 0
}

// runSilent sends one reading five minutes old and goes quiet: with a heartbeat of one minute the device is
// offline from the first sweep after it is stored (twice the heartbeat plus two minutes without data). A
// returning device then comes back once its offline alarm is open, with what it buffered meanwhile (one
// message, an array: docs/device-protocol.md), which ends the alarm.
func (f *fleet) runSilent(ctx context.Context, d *device, returns bool) {
	c, err := f.connect(ctx, d, "dev-"+d.imei)
	if err != nil {
		f.problems.add("%v", err)
		return
	}
	defer c.Disconnect(250)
	old := time.Now().Add(-5*time.Minute).UnixMilli() - int64(d.idx)
	ts := d.nextTS(old)
	if !f.publish(ctx, c, d, ts, 2.5) || !returns {
		return
	}
	open, _ := poll(ctx, 150*time.Second, func() (bool, string) {
		var n int
		err := f.db.QueryRowContext(ctx, "SELECT count(*) FROM alarm_logs WHERE device_id = $1 AND kind = 'offline' AND status = 'active'", d.id).Scan(&n)
		return err == nil && n > 0, ""
	})
	if !open {
		f.problems.add("device %s: no offline alarm within 150 s of its last reading", d.imei)
		return
	}
	var buffered []map[string]any
	for _, at := range []int64{old + 60_000, old + 120_000, time.Now().UnixMilli()} {
		ts := d.nextTS(at)
		d.sent(ts, 2.0)
		buffered = append(buffered, readingPayload(ts, 2.0))
	}
	payload, _ := json.Marshal(buffered)
	f.mqttPubs.Add(1)
	if tok := c.Publish("irgas/dev/"+d.imei+"/up", 1, false, payload); tok.WaitTimeout(20*time.Second) && tok.Error() == nil {
		for _, r := range buffered {
			d.ack(r["ts"].(int64))
		}
		d.mu.Lock()
		d.returned = true
		d.mu.Unlock()
	} else {
		f.problems.add("device %s: no PUBACK for its buffered readings", d.imei)
	}
}

// ingestResult is the answer to POST /api/ingest/{imei}.
type ingestResult struct {
	Accepted   int64 `json:"accepted"`
	Duplicates int64 `json:"duplicates"`
	Commands   []struct {
		ID      int64  `json:"id"`
		Command string `json:"command"`
	} `json:"commands"`
}

// postReadings sends readings over HTTP to an instance that is up, again (to another) until one answers
// 200 or limit passes, as a device behind an operator's cloud would. It reports the answer.
func (f *fleet) postReadings(ctx context.Context, d *device, readings []map[string]any, limit time.Duration) (*ingestResult, bool) {
	deadline := time.Now().Add(limit)
	for {
		f.httpPosts.Add(1)
		var res ingestResult
		cctx, cancel := context.WithTimeout(ctx, 45*time.Second)
		err := f.cl.call(cctx, f.cl.pick(), "POST", "/api/ingest/"+d.imei, readings, map[string]string{"X-Device-Secret": d.secret}, &res)
		cancel()
		if err == nil {
			if got := res.Accepted + res.Duplicates; got != int64(len(readings)) {
				f.problems.add("device %s: HTTP ingest of %d readings answered accepted %d + duplicates %d", d.imei, len(readings), res.Accepted, res.Duplicates)
			}
			f.httpDups.Add(res.Duplicates)
			return &res, true
		}
		var apiErr *apiError
		var netErr net.Error
		retry := errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) ||
			(errors.As(err, &apiErr) && (apiErr.Status >= 500 || apiErr.Status == 408))
		if !retry {
			var opErr *net.OpError
			retry = errors.As(err, &opErr)
		}
		if !retry || time.Now().After(deadline) || ctx.Err() != nil {
			f.problems.add("device %s: HTTP ingest: %v", d.imei, err)
			return nil, false
		}
		f.httpRetries.Add(1)
		time.Sleep(200 * time.Millisecond)
	}
}

// runBurst sends burstSize readings of one device at once: each over MQTT (one of three connections of the
// device) and over HTTP (to whichever instance is up), so that every reading arrives twice, on two paths,
// and instances store the device's readings side by side.
const burstSize = 45

func (f *fleet) runBurst(ctx context.Context, d *device) {
	var clients [3]paho.Client
	for k := range clients {
		c, err := f.connect(ctx, d, fmt.Sprintf("burst-%s-%d", d.imei, k))
		if err != nil {
			f.problems.add("%v", err)
			return
		}
		defer c.Disconnect(250)
		clients[k] = c
	}
	base := time.Now().UnixMilli()
	type one struct {
		ts  int64
		ch4 float64
	}
	all := make([]one, burstSize)
	for i := range all {
		all[i] = one{ts: d.nextTS(base + int64(i)), ch4: round1(1 + float64(i%30)/10)}
		d.sent(all[i].ts, all[i].ch4)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for k := range 3 {
		wg.Add(2)
		go func() { // MQTT: publish every third reading without waiting, then collect the PUBACKs
			defer wg.Done()
			<-start
			var toks []paho.Token
			var sent []one
			for i := k; i < len(all); i += 3 {
				payload, _ := json.Marshal(readingPayload(all[i].ts, all[i].ch4))
				f.mqttPubs.Add(1)
				toks = append(toks, clients[k].Publish("irgas/dev/"+d.imei+"/up", 1, false, payload))
				sent = append(sent, all[i])
			}
			for i, tok := range toks {
				if tok.WaitTimeout(30*time.Second) && tok.Error() == nil {
					d.ack(sent[i].ts)
				}
			}
		}()
		go func() { // HTTP: the same readings, one message each, in reverse order
			defer wg.Done()
			<-start
			for i := len(all) - 1 - k; i >= 0; i -= 3 {
				if _, ok := f.postReadings(ctx, d, []map[string]any{readingPayload(all[i].ts, all[i].ch4)}, 90*time.Second); ok {
					d.ack(all[i].ts)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
}

// runHTTPCommands polls for the device's commands from six goroutines at once, each posting readings to
// whichever instance is up, until the device has got want commands; then it answers them.
func (f *fleet) runHTTPCommands(ctx context.Context, d *device, want int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for d.deliveredCount() < want && time.Now().Before(deadline) && ctx.Err() == nil {
				ts := d.nextTS(time.Now().UnixMilli())
				ch4 := 1.5
				d.sent(ts, ch4)
				res, ok := f.postReadings(ctx, d, []map[string]any{readingPayload(ts, ch4)}, 60*time.Second)
				if !ok {
					continue
				}
				d.ack(ts)
				for _, c := range res.Commands {
					d.delivered(c.ID)
				}
				time.Sleep(150 * time.Millisecond)
			}
		}()
	}
	close(start)
	wg.Wait()
	d.mu.Lock()
	var answers []map[string]any
	for id := range d.deliveries {
		answers = append(answers, map[string]any{"id": id, "ok": true, "code": 0, "msg": ""})
	}
	d.mu.Unlock()
	if len(answers) < want {
		f.problems.add("device %s: got %d of its %d commands by polling within %s", d.imei, len(answers), want, limit)
	}
	if len(answers) == 0 {
		return
	}
	for try := 0; ; try++ {
		cctx, cancel := context.WithTimeout(ctx, 45*time.Second)
		err := f.cl.call(cctx, f.cl.pick(), "POST", "/api/ingest/"+d.imei+"/ack", answers, map[string]string{"X-Device-Secret": d.secret}, nil)
		cancel()
		if err == nil {
			return
		}
		if try == 20 || ctx.Err() != nil {
			f.problems.add("device %s: answering its commands over HTTP: %v", d.imei, err)
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
}
