package cluster

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// dialMQTT opens one MQTT connection and reports the broker's refusal, if any.
func dialMQTT(broker, user, pass, clientID string) (paho.Client, error) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(broker).SetClientID(clientID).SetUsername(user).SetPassword(pass).
		SetCleanSession(true).SetAutoReconnect(false).SetConnectTimeout(5 * time.Second).SetOrderMatters(false))
	tok := c.Connect()
	if !tok.WaitTimeout(10 * time.Second) {
		return nil, fmt.Errorf("no CONNACK")
	}
	if err := tok.Error(); err != nil {
		return nil, err
	}
	return c, nil
}

// refusedAtConnect reports whether the broker refuses user/pass.
func refusedAtConnect(broker, user, pass, clientID string) bool {
	c, err := dialMQTT(broker, user, pass, clientID)
	if err != nil {
		return true
	}
	c.Disconnect(50)
	return false
}

// subackCode subscribes c to filter and returns the SUBACK's code (0x80: refused).
func subackCode(c paho.Client, filter string, handler paho.MessageHandler) (byte, error) {
	tok := c.Subscribe(filter, 1, handler)
	if !tok.WaitTimeout(10 * time.Second) {
		return 0, fmt.Errorf("no SUBACK for %s", filter)
	}
	if err := tok.Error(); err != nil {
		return 0, err
	}
	for _, code := range tok.(*paho.SubscribeToken).Result() { // one filter (paho keys a shared one without its prefix)
		return code, nil
	}
	return 0, fmt.Errorf("an empty SUBACK for %s", filter)
}

// checkBrokerSecurity: with the accounts the platform keeps at Mosquitto (dynamic security), strangers are
// refused, a device cannot publish as another one nor read another one's commands, and creating, disabling
// and deleting a device reaches the broker within 5 s.
func checkBrokerSecurity(ctx context.Context, t *testing.T, f *fleet, clients []paho.Client, db *sql.DB, companyID, typeID int64, rep *report) {
	t.Helper()
	var a, b, c *device // a forges and snoops, b is its victim (and takes commands), c gets disabled
	for _, d := range f.devices {
		if d.role != roleEpisodes || clients[d.idx] == nil {
			continue
		}
		switch {
		case d.mqttCommands && b == nil:
			b = d
		case !d.mqttCommands && a == nil:
			a = d
		case !d.mqttCommands && c == nil:
			c = d
		}
	}
	if a == nil || b == nil || c == nil {
		t.Error("broker security: not enough connected devices to probe with")
		return
	}
	up := func(d *device) string { return "irgas/dev/" + d.imei + "/up" }
	down := func(d *device) string { return "irgas/dev/" + d.imei + "/down" }

	// Strangers.
	anonymous := refusedAtConnect(f.broker, "", "", "probe-anonymous")
	wrongSecret := refusedAtConnect(f.broker, a.imei, "not-the-secret", "probe-wrong-secret")
	if !anonymous || !wrongSecret {
		t.Errorf("broker security: anonymous client refused %v, device with a wrong secret refused %v", anonymous, wrongSecret)
	}
	rep.add("anonymous / wrong-secret connections let in", 0, btoi(!anonymous)+btoi(!wrongSecret))

	// A spy with the platform's account sees every up message the broker routes.
	spy, err := dialMQTT(f.broker, brokerUser, brokerPassword, "cluster-spy")
	if err != nil {
		t.Errorf("broker security: the platform's account could not connect: %v", err)
		return
	}
	defer spy.Disconnect(50)
	var spyMu sync.Mutex
	spySeen := map[string]map[int64]bool{}
	if code, err := subackCode(spy, "irgas/dev/+/up", func(_ paho.Client, m paho.Message) {
		var r struct {
			TS int64 `json:"ts"`
		}
		_ = json.Unmarshal(m.Payload(), &r)
		spyMu.Lock()
		if spySeen[m.Topic()] == nil {
			spySeen[m.Topic()] = map[int64]bool{}
		}
		spySeen[m.Topic()][r.TS] = true
		spyMu.Unlock()
	}); err != nil || code >= 0x80 {
		t.Errorf("broker security: the platform's account may not read the devices' up topics: code %#x, %v", code, err)
		return
	}
	spied := func(topic string, ts int64) bool {
		spyMu.Lock()
		defer spyMu.Unlock()
		return spySeen[topic][ts]
	}

	// a publishes a reading on b's topic; then b sends one of its own. Mosquitto routes a message before it
	// acknowledges it, so once the spy has b's own reading, it would have had the forged one before it.
	forger, err := dialMQTT(f.broker, a.imei, a.secret, "forger-"+a.imei)
	if err != nil {
		t.Errorf("broker security: device %s could not connect a second time: %v", a.imei, err)
		return
	}
	defer forger.Disconnect(50)
	forgedTS := b.nextTS(time.Now().UnixMilli())
	forged, _ := json.Marshal(readingPayload(forgedTS, 99.9))
	forger.Publish(up(b), 1, false, forged).WaitTimeout(10 * time.Second)
	markerTS := b.nextTS(time.Now().UnixMilli())
	f.publish(ctx, clients[b.idx], b, markerTS, 1.3)
	markerSeen, _ := poll(ctx, 30*time.Second, func() (bool, string) { return spied(up(b), markerTS), "" })
	markerStored := f.watch.wait(ctx, b.idx, markerTS, 60*time.Second)
	var forgedStored int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM readings WHERE device_id = $1 AND ts = $2", b.id, forgedTS).Scan(&forgedStored); err != nil {
		t.Error(err)
	}
	forgedRouted := spied(up(b), forgedTS)
	if !markerSeen || !markerStored || forgedRouted || forgedStored > 0 {
		t.Errorf("broker security: device %s publishing on %s's up topic: routed by the broker %v, stored %d (the victim's own reading seen %v, stored %v)",
			a.imei, b.imei, forgedRouted, forgedStored, markerSeen, markerStored)
	}
	rep.add("forged publish (device A on B's up topic) routed or stored", 0, btoi(forgedRouted)+forgedStored)

	// a subscribes to what is not its own: refused, and it gets nothing of b's commands.
	var foreignGot atomic.Int64
	count := func(paho.Client, paho.Message) { foreignGot.Add(1) }
	granted := 0
	foreign := []string{"irgas/dev/+/down", down(b), "#", "irgas/dev/#", up(b), "irgas/dev/+/up", "$share/irgas/irgas/dev/+/up"}
	for _, filter := range foreign {
		code, err := subackCode(forger, filter, count)
		if err != nil || code < 0x80 {
			granted++
			t.Errorf("broker security: device %s subscribing to %s: SUBACK %#x, %v (want 0x80)", a.imei, filter, code, err)
		}
	}
	if code, err := subackCode(forger, down(a), count); err != nil || code >= 0x80 {
		t.Errorf("broker security: device %s may not subscribe to its own down topic: %#x, %v", a.imei, code, err)
	}
	rep.add(fmt.Sprintf("foreign subscriptions granted (of %d tried)", len(foreign)), 0, granted)
	before := b.deliveredCount()
	if err := f.cl.api(ctx, "POST", fmt.Sprintf("/api/device/sendCommand/%d", b.id), map[string]any{"command": "zeroCalibration"}, nil); err != nil {
		t.Errorf("queueing a command for %s: %v", b.imei, err)
	} else {
		b.mu.Lock()
		b.queued++
		b.mu.Unlock()
		got, _ := poll(ctx, 30*time.Second, func() (bool, string) { return b.deliveredCount() > before, "" })
		if !got {
			t.Errorf("broker security: device %s did not get its command", b.imei)
		}
	}
	if n := foreignGot.Load(); n > 0 {
		t.Errorf("broker security: device %s received %d messages of other devices' topics", a.imei, n)
	}
	rep.add("messages of other devices' topics received by device A", 0, int(foreignGot.Load()))

	// Disabling c closes its connection and refuses it, within 5 s.
	began := time.Now()
	var cut time.Duration
	if err := f.cl.api(ctx, "PATCH", fmt.Sprintf("/api/device/%d", c.id), map[string]any{"status": 0}, nil); err != nil {
		t.Errorf("disabling %s: %v", c.imei, err)
	} else {
		ok, _ := poll(ctx, 20*time.Second, func() (bool, string) {
			return !clients[c.idx].IsConnectionOpen() && refusedAtConnect(f.broker, c.imei, c.secret, "probe-disabled-"+c.imei), ""
		})
		cut = time.Since(began)
		if !ok || cut > 5*time.Second {
			t.Errorf("broker security: disabled device %s still connected or let in after %s", c.imei, cut.Round(time.Millisecond))
		}
	}
	rep.add("ms from disabling a device to its connection closed and refused", -1, int(cut.Milliseconds()))

	// A new device can connect within 5 s of its creation, and not within 5 s of its deletion.
	e := newDevice(len(f.devices), roleEpisodes)
	e.imei = imeiFor(e.idx + 1000)
	var out struct {
		ID     int64  `json:"id"`
		Secret string `json:"secret"`
	}
	if err := f.cl.api(ctx, "POST", "/api/device", map[string]any{"imei": e.imei, "name": "late device", "typeId": typeID,
		"companyId": companyID, "provinceCode": "330000"}, &out); err != nil {
		t.Errorf("creating a device: %v", err)
		return
	}
	began = time.Now()
	created, _ := poll(ctx, 20*time.Second, func() (bool, string) {
		return !refusedAtConnect(f.broker, e.imei, out.Secret, "probe-new-"+e.imei), ""
	})
	admitted := time.Since(began)
	if !created || admitted > 5*time.Second {
		t.Errorf("broker security: a new device could connect after %s (%v)", admitted.Round(time.Millisecond), created)
	}
	rep.add("ms from creating a device to its first connection", -1, int(admitted.Milliseconds()))
	if err := f.cl.api(ctx, "DELETE", fmt.Sprintf("/api/device/%d", out.ID), nil, nil); err != nil {
		t.Errorf("deleting a device: %v", err)
		return
	}
	began = time.Now()
	deleted, _ := poll(ctx, 20*time.Second, func() (bool, string) {
		return refusedAtConnect(f.broker, e.imei, out.Secret, "probe-deleted-"+e.imei), ""
	})
	gone := time.Since(began)
	if !deleted || gone > 5*time.Second {
		t.Errorf("broker security: a deleted device was still let in after %s (%v)", gone.Round(time.Millisecond), deleted)
	}
	rep.add("ms from deleting a device to its refusal", -1, int(gone.Milliseconds()))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
