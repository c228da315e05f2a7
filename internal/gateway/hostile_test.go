package gateway_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/apitest"
	"irgas/internal/gateway"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

// Attacks on the embedded broker by hostile devices and strangers: each test performs the attack and
// checks that it is refused and that nothing was delivered or stored.

// remaining encodes an MQTT remaining length.
func remaining(n int) []byte {
	var out []byte
	for {
		b := byte(n % 128)
		n /= 128
		if n > 0 {
			b |= 0x80
		}
		out = append(out, b)
		if n == 0 {
			return out
		}
	}
}

func mqttString(s string) []byte {
	return append(binary.BigEndian.AppendUint16(nil, uint16(len(s))), s...)
}

type will struct {
	topic   string
	payload []byte
	qos     byte
	retain  bool
}

// rawConnect opens a TCP connection and sends an MQTT 3.1.1 CONNECT, with a Will if w is set, and returns
// the CONNACK's return code (0 accepted).
func rawConnect(t *testing.T, addr, clientID, user, pass string, w *will) (net.Conn, byte) {
	t.Helper()
	flags := byte(0xC2) // user name, password, clean session
	payload := mqttString(clientID)
	if w != nil {
		flags |= 0x04 | w.qos<<3
		if w.retain {
			flags |= 0x20
		}
		payload = append(payload, mqttString(w.topic)...)
		payload = append(payload, mqttString(string(w.payload))...)
	}
	payload = append(append(payload, mqttString(user)...), mqttString(pass)...)
	body := append(append(mqttString("MQTT"), 4, flags, 0, 60), payload...)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.Write(append(append([]byte{0x10}, remaining(len(body))...), body...)); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	ack := make([]byte, 4)
	if _, err := io.ReadFull(conn, ack); err != nil {
		// Refused without a CONNACK: count it as refused.
		return conn, 0xFF
	}
	conn.SetReadDeadline(time.Time{})
	return conn, ack[3]
}

// closedByServer waits (up to 5 s) for the server to close conn, reading whatever it sends.
func closedByServer(conn net.Conn) error {
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 512)
	for {
		if _, err := conn.Read(buf); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return errors.New("the server kept the connection open")
			}
			return nil
		}
	}
}

// A device's Will obeys the publish rules: a Will on another device's command topic (the forged-command
// attack), on a wildcard or retained is refused at CONNECT; nothing reaches the other device and nothing is
// retained.
func TestWillObeysThePublishRules(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		victim, err := connect(t, f.addr, f.other.IMEI, f.other.Secret)
		if err != nil {
			t.Fatal(err)
		}
		var got received
		victim.Subscribe(gateway.DownTopic(f.other.IMEI), 1, got.handler).WaitTimeout(5 * time.Second)

		forged := []byte(`{"id":1,"command":"setIntervalParam","params":{"reportInterval":86400}}`)
		for name, w := range map[string]will{
			"another device's command topic, retained": {gateway.DownTopic(f.other.IMEI), forged, 1, true},
			"another device's command topic":           {gateway.DownTopic(f.other.IMEI), forged, 1, false},
			"every command topic":                      {"irgas/dev/+/down", forged, 1, false},
			"everything":                               {"#", forged, 0, false},
			"its own up topic, retained":               {gateway.UpTopic(f.device.IMEI), []byte(`{}`), 1, true},
		} {
			conn, code := rawConnect(t, f.addr, "attacker", f.device.IMEI, f.device.Secret, &w)
			if code == 0 {
				t.Errorf("%s: CONNECT with that Will was accepted", name)
			}
			conn.Close() // a dropped connection is what sends a Will
		}
		// A Will on its own up topic is what a publish may do: accepted, and goes to nobody.
		conn, code := rawConnect(t, f.addr, "own", f.device.IMEI, f.device.Secret, &will{gateway.UpTopic(f.device.IMEI), []byte(`{"ts":1}`), 1, false})
		if code != 0 {
			t.Fatalf("a Will on its own up topic was refused: %d", code)
		}
		conn.Close()

		// The first command the victim receives is the one its company sent.
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.other.ID), f.token, map[string]any{"command": "selfTest"})
		if msgs := got.wait(t, 1); msgs[0].Command != "selfTest" {
			t.Fatalf("the victim received a forged command first: %+v", msgs[0])
		}
		if n := gateway.RetainedDeviceMessages(f.broker); n != 0 {
			t.Fatalf("%d retained messages", n)
		}
		var feedback int
		db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM readings WHERE device_id = ?"), f.device.ID).Scan(&feedback)
		if feedback != 0 {
			t.Fatalf("a Will was stored as a reading: %d", feedback)
		}
	})
}

// A CONNECT announcing a huge packet is refused from its fixed header: nothing is allocated for it and the
// connection closes at once, without credentials.
func TestOversizedPacketIsRefusedUnread(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUpWith(t, db, gateway.BrokerOptions{ConnectTimeout: time.Minute})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 4 {
			conn, err := net.Dial("tcp", f.addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.Write(append([]byte{0x10}, remaining(250<<20)...))
			if err := closedByServer(conn); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
			t.Fatalf("the broker allocated %d MiB for four refused packets", grew>>20)
		}
	})
}

// A connection that never sends CONNECT is closed after the connect timeout.
func TestSilentConnectionsAreClosed(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUpWith(t, db, gateway.BrokerOptions{ConnectTimeout: 200 * time.Millisecond})
		conns := make([]net.Conn, 50)
		for i := range conns {
			c, err := net.Dial("tcp", f.addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			conns[i] = c
		}
		for i, c := range conns {
			if err := closedByServer(c); err != nil {
				t.Fatalf("connection %d: %v", i, err)
			}
		}
	})
}

func connectAs(t *testing.T, addr, clientID string, clean bool, d model.Device) paho.Client {
	t.Helper()
	opts := paho.NewClientOptions().AddBroker("tcp://" + addr).SetClientID(clientID).SetCleanSession(clean).
		SetUsername(d.IMEI).SetPassword(d.Secret).SetConnectTimeout(5 * time.Second).SetAutoReconnect(false)
	c := paho.NewClient(opts)
	if tok := c.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("connect %s: %v", clientID, tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(50) })
	return c
}

// A device's session is keyed by its IMEI: another device using the same client id opens its own session
// and cannot take this one over, and one device holds one session however many client ids it uses.
func TestSessionsAreKeyedByDevice(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		owner := connectAs(t, f.addr, "sim-"+f.device.IMEI, false, f.device)
		var got received
		owner.Subscribe(gateway.DownTopic(f.device.IMEI), 1, got.handler).WaitTimeout(5 * time.Second)

		intruder := connectAs(t, f.addr, "sim-"+f.device.IMEI, false, f.other)
		if !intruder.IsConnectionOpen() {
			t.Fatal("the other device could not connect")
		}
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.device.ID), f.token, map[string]any{"command": "selfTest"})
		if msgs := got.wait(t, 1); msgs[0].Command != "selfTest" || !owner.IsConnectionOpen() {
			t.Fatalf("the owner lost its session: %+v, open %v", msgs, owner.IsConnectionOpen())
		}

		// The other device tries 30 persistent sessions with its credentials: it keeps one.
		for i := range 30 {
			c := connectAs(t, f.addr, fmt.Sprintf("flood-%d", i), false, f.other)
			c.Disconnect(0)
		}
		if n := f.broker.Sessions(); n != 2 {
			t.Fatalf("%d sessions for two devices", n)
		}
	})
}

// A persistent session of a device that went away expires after the session expiry.
func TestPersistentSessionsExpire(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUpWith(t, db, gateway.BrokerOptions{SessionExpiry: time.Second})
		c := connectAs(t, f.addr, "sleepy", false, f.device)
		c.Subscribe(gateway.DownTopic(f.device.IMEI), 1, nil).WaitTimeout(5 * time.Second)
		c.Disconnect(0)
		testwait.Until(t, 10*time.Second, "the session dropped at its expiry", func() bool { return f.broker.Sessions() == 0 })
	})
}

// lost connects a device and reports when the broker closes its connection.
func lost(t *testing.T, addr string, d model.Device) (paho.Client, chan struct{}) {
	t.Helper()
	gone := make(chan struct{}, 1)
	opts := paho.NewClientOptions().AddBroker("tcp://" + addr).SetClientID("watch-" + d.IMEI).
		SetUsername(d.IMEI).SetPassword(d.Secret).SetConnectTimeout(5 * time.Second).SetAutoReconnect(false).
		SetConnectionLostHandler(func(paho.Client, error) { gone <- struct{}{} })
	c := paho.NewClient(opts)
	if tok := c.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(0) })
	return c, gone
}

// Rotating a device's secret, disabling or deleting it, or disabling its company closes its open session at
// once, on this instance and on another one on the same database, and it cannot come back.
func TestRevocationClosesOpenSessions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		_, secondAddr := serveBroker(t, db, gateway.BrokerOptions{})
		admin := f.env.Admin()
		var companyID int64
		db.SQL.QueryRow(db.Rebind("SELECT company_id FROM devices WHERE id = ?"), f.device.ID).Scan(&companyID)
		n := 10
		newDevice := func() model.Device {
			n++
			var d model.Device
			var dt int64
			db.SQL.QueryRow("SELECT type_id FROM devices LIMIT 1").Scan(&dt)
			f.env.Post("/api/device", f.token, map[string]any{"imei": apitest.IMEI(n), "name": "d", "typeId": dt, "provinceCode": "330000"}).Into(t, &d)
			return d
		}
		for _, tc := range []struct {
			name string
			act  func(d model.Device)
		}{
			{"secret rotated", func(d model.Device) { f.env.Put(fmt.Sprintf("/api/device/rotate-secret/%d", d.ID), f.token, nil) }},
			{"device disabled", func(d model.Device) {
				f.env.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", d.ID), Token: f.token, Body: map[string]any{"status": 0}})
			}},
			{"device deleted", func(d model.Device) { f.env.Delete(fmt.Sprintf("/api/device/%d", d.ID), f.token) }},
			{"company disabled", func(model.Device) {
				f.env.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/company/%d", companyID), Token: admin, Body: map[string]any{"status": 0}})
			}},
		} {
			for i, addr := range []string{f.addr, secondAddr} {
				if tc.name == "company disabled" && i == 0 {
					continue // the company is disabled once, with a device on each instance
				}
				d := newDevice()
				c, gone := lost(t, addr, d)
				var otherGone chan struct{}
				if tc.name == "company disabled" {
					_, otherGone = lost(t, f.addr, newDevice())
				}
				tc.act(d)
				for _, g := range []chan struct{}{gone, otherGone} {
					if g == nil {
						continue
					}
					select {
					case <-g:
					case <-time.After(5 * time.Second):
						t.Fatalf("%s (instance %d): the session stayed open", tc.name, i+1)
					}
				}
				data := []byte(fmt.Sprintf(`{"ts":%d,"ch4":60}`, time.Now().UnixMilli()))
				if tok := c.Publish(gateway.UpTopic(d.IMEI), 1, false, data); tok.WaitTimeout(2*time.Second) && tok.Error() == nil {
					t.Fatalf("%s: a publish after the revocation was acknowledged", tc.name)
				}
				if _, err := connect(t, addr, d.IMEI, d.Secret); err == nil {
					t.Fatalf("%s: the device connected again", tc.name)
				}
				if got := readings(t, db, d.ID); got != 0 {
					t.Fatalf("%s: %d readings stored", tc.name, got)
				}
			}
		}
	})
}

// Readings of a device that is disabled, or whose company is, are not stored and raise no alarm, even from
// a session that is still open (defence in depth behind the revocation).
func TestDisabledDevicesReadingsAreNotStored(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		c, err := connect(t, f.addr, f.device.IMEI, f.device.Secret)
		if err != nil {
			t.Fatal(err)
		}
		// Straight in the database: no revocation is recorded, so the session stays open.
		db.SQL.Exec(db.Rebind("UPDATE companies SET status = 0 WHERE id = (SELECT company_id FROM devices WHERE id = ?)"), f.device.ID)
		publish(t, c, gateway.UpTopic(f.device.IMEI), map[string]any{"ts": time.Now().UnixMilli(), "ch4": 60})
		var alarms int
		db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM alarm_logs WHERE device_id = ?"), f.device.ID).Scan(&alarms)
		if got := readings(t, db, f.device.ID); got != 0 || alarms != 0 {
			t.Fatalf("a disabled company's device stored %d readings and opened %d alarms", got, alarms)
		}
	})
}
