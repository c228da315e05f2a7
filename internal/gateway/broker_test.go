package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/xuri/excelize/v2"

	"irgas/internal/apitest"
	"irgas/internal/commands"
	"irgas/internal/gateway"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

type fixture struct {
	db     *store.DB
	env    *apitest.Env
	token  string
	addr   string
	broker *gateway.Broker
	device model.Device
	other  model.Device
}

// setUp makes two devices through the API and serves the broker on a free port.
func setUp(t *testing.T, db *store.DB) fixture {
	t.Helper()
	return setUpWith(t, db, gateway.BrokerOptions{})
}

func setUpWith(t *testing.T, db *store.DB, o gateway.BrokerOptions) fixture {
	t.Helper()
	e := apitest.New(t, db)
	admin := e.Admin()
	for n, acct := range map[int]string{1: "a-admin"} {
		e.Post("/api/company", admin, apitest.CompanyBody(n, acct))
	}
	ca := e.Login("a-admin", "Admin-Pass-1")
	var dt model.DeviceType
	e.Post("/api/deviceClassify", admin, map[string]any{"name": "t", "model": "GT-100", "unit": "%LEL", "rangeMin": 0, "rangeMax": 100,
		"lowThreshold": 20, "highThreshold": 50, "reportInterval": 5, "heartbeatInterval": 60, "communication": "NB-IoT"}).Into(t, &dt)
	mk := func(n int) model.Device {
		var d model.Device
		r := e.Post("/api/device", ca, map[string]any{"imei": apitest.IMEI(n), "name": "d", "typeId": dt.ID, "provinceCode": "330000"})
		r.Into(t, &d)
		if d.Secret == "" {
			t.Fatalf("device: %s", r.Raw)
		}
		return d
	}
	b, addr := serveBroker(t, db, o)
	return fixture{db: db, env: e, token: ca, addr: addr, broker: b, device: mk(1), other: mk(2)}
}

// serveBroker serves a broker with its command dispatcher and revocation watcher on a free port.
func serveBroker(t *testing.T, db *store.DB, o gateway.BrokerOptions) (*gateway.Broker, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := ingest.NewWriter(db, nil)
	b, err := gateway.NewBroker(ln, db, w, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	// Fast delivery settings so that re-sends and time-outs happen within the test.
	d := commands.NewDispatcher(db, b, commands.Settings{AckTimeout: 400 * time.Millisecond, MaxAttempts: 2, Sweep: 100 * time.Millisecond})
	b.Attach(d)
	ctx, stop := context.WithCancel(context.Background())
	go b.WatchRevocations(ctx)
	if err := b.Serve(); err != nil {
		t.Fatal(err)
	}
	go d.Run(ctx)
	t.Cleanup(func() { stop(); b.Close(); w.Close() })
	return b, ln.Addr().String()
}

func connect(t *testing.T, addr, user, pass string) (paho.Client, error) {
	t.Helper()
	opts := paho.NewClientOptions().AddBroker("tcp://" + addr).SetClientID(fmt.Sprintf("test-%d", time.Now().UnixNano())).
		SetUsername(user).SetPassword(pass).SetConnectTimeout(5 * time.Second).SetAutoReconnect(false)
	c := paho.NewClient(opts)
	tok := c.Connect()
	if !tok.WaitTimeout(5 * time.Second) {
		return nil, fmt.Errorf("connect timed out")
	}
	if tok.Error() != nil {
		return nil, tok.Error()
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return c, nil
}

func publish(t *testing.T, c paho.Client, topic string, payload any) {
	t.Helper()
	data, _ := json.Marshal(payload)
	tok := c.Publish(topic, 1, false, data)
	if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publish to %s: %v", topic, tok.Error())
	}
}

func readings(t *testing.T, db *store.DB, deviceID int64) int {
	t.Helper()
	var n int
	db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM readings WHERE device_id = ?"), deviceID).Scan(&n)
	return n
}

func TestDevicesAuthenticate(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		if _, err := connect(t, f.addr, f.device.IMEI, f.device.Secret); err != nil {
			t.Fatalf("the right secret: %v", err)
		}
		for name, creds := range map[string][2]string{
			"wrong secret":          {f.device.IMEI, "nope"},
			"another's secret":      {f.device.IMEI, f.other.Secret},
			"unknown IMEI":          {apitest.IMEI(99), f.device.Secret},
			"no credentials at all": {"", ""},
		} {
			if _, err := connect(t, f.addr, creds[0], creds[1]); err == nil {
				t.Errorf("%s: connected", name)
			}
		}
		if _, err := db.SQL.Exec(db.Rebind("UPDATE devices SET status = 0 WHERE id = ?"), f.device.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := connect(t, f.addr, f.device.IMEI, f.device.Secret); err == nil {
			t.Error("a disabled device connected")
		}
	})
}

// A reading acknowledged at QoS 1 is already committed when the PUBACK arrives.
func TestReadingsAreCommittedBeforePuback(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		c, err := connect(t, f.addr, f.device.IMEI, f.device.Secret)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UnixMilli()
		for i := range 20 {
			publish(t, c, gateway.UpTopic(f.device.IMEI), map[string]any{"ts": now - int64(i)*1000, "ch4": 2.5, "signal": 20})
			if got := readings(t, db, f.device.ID); got != i+1 {
				t.Fatalf("after PUBACK %d: %d readings stored", i+1, got)
			}
		}
		// A batch in one message, with a redelivered reading: stored once.
		publish(t, c, gateway.UpTopic(f.device.IMEI), []map[string]any{{"ts": now, "ch4": 2.5}, {"ts": now + 1000, "ch4": 3}})
		if got := readings(t, db, f.device.ID); got != 21 {
			t.Fatalf("batch with a duplicate: %d", got)
		}
		// Invalid messages are acknowledged (a resend would be as bad) and dropped: nothing half-stored.
		publish(t, c, gateway.UpTopic(f.device.IMEI), []map[string]any{{"ts": now + 2000, "ch4": 1}, {"ts": now + 3000, "ch4": 150}})
		publish(t, c, gateway.UpTopic(f.device.IMEI), "not json")
		publish(t, c, gateway.UpTopic(f.device.IMEI), map[string]any{"ts": now + 4000, "ch4": 1, "status": "a\x00b"})
		if got := readings(t, db, f.device.ID); got != 21 {
			t.Fatalf("invalid messages stored: %d", got)
		}
	})
}

func TestDevicesStayInTheirTopics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		c, err := connect(t, f.addr, f.device.IMEI, f.device.Secret)
		if err != nil {
			t.Fatal(err)
		}
		// Publishing as another device stores nothing; MQTT 3.1.1 cannot refuse one PUBLISH, so the broker
		// drops the connection (MQTT 5 clients get a PUBACK with 0x87 Not authorized instead).
		data, _ := json.Marshal(map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1})
		tok := c.Publish(gateway.UpTopic(f.other.IMEI), 1, false, data)
		tok.WaitTimeout(5 * time.Second)
		if tok.Error() == nil {
			t.Fatal("publishing to another device's topic was acknowledged")
		}
		if got := readings(t, db, f.other.ID); got != 0 {
			t.Fatalf("a device wrote another's readings: %d", got)
		}
		if c, err = connect(t, f.addr, f.device.IMEI, f.device.Secret); err != nil {
			t.Fatal(err)
		}
		// Subscribing outside its own down topic fails in the SUBACK.
		for _, topic := range []string{gateway.DownTopic(f.other.IMEI), "irgas/dev/+/down", "#", gateway.UpTopic(f.device.IMEI)} {
			tok := c.Subscribe(topic, 1, nil)
			tok.WaitTimeout(5 * time.Second)
			st := tok.(*paho.SubscribeToken)
			if code := st.Result()[topic]; code < 0x80 {
				t.Errorf("subscribing to %s was granted (%#x)", topic, code)
			}
		}
		tok = c.Subscribe(gateway.DownTopic(f.device.IMEI), 1, nil)
		tok.WaitTimeout(5 * time.Second)
		if code := tok.(*paho.SubscribeToken).Result()[gateway.DownTopic(f.device.IMEI)]; code >= 0x80 {
			t.Fatalf("its own down topic was refused (%#x)", code)
		}
	})
}

func TestTakenPortNamesTheSetting(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = gateway.Listen(ln.Addr().String())
	if err == nil || !strings.Contains(err.Error(), "IRGAS_MQTT_ADDR") {
		t.Fatalf("got %v", err)
	}
}

// received collects what a device gets on its down topic.
type received struct {
	mu   sync.Mutex
	msgs []commands.Down
}

func (r *received) handler(_ paho.Client, m paho.Message) {
	var d commands.Down
	json.Unmarshal(m.Payload(), &d)
	r.mu.Lock()
	r.msgs = append(r.msgs, d)
	r.mu.Unlock()
}

func (r *received) wait(t *testing.T, n int) []commands.Down {
	t.Helper()
	var got []commands.Down
	testwait.Until(t, 5*time.Second, fmt.Sprintf("%d command messages", n), func() bool {
		r.mu.Lock()
		got = append([]commands.Down(nil), r.msgs...)
		r.mu.Unlock()
		return len(got) >= n
	})
	return got
}

func commandStatuses(t *testing.T, f fixture) map[int64]model.DeviceCommand {
	t.Helper()
	var list []model.DeviceCommand
	f.env.Get(fmt.Sprintf("/api/device/%d/commands", f.device.ID), f.token).Into(t, &list)
	out := map[int64]model.DeviceCommand{}
	for _, c := range list {
		out[c.ID] = c
	}
	return out
}

func TestCommandsAreDeliveredInOrderAndConfirmed(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		ids := []int64{f.device.ID}
		// Queued while the device sleeps.
		f.env.Post("/api/device/set-alert-param", f.token, map[string]any{"deviceIds": ids, "alertLow": 15, "alertHigh": 35})
		f.env.Post("/api/device/set-custom-param", f.token, map[string]any{"deviceIds": ids, "params": map[string]any{"buzzer": 0}})
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.device.ID), f.token, map[string]any{"command": "restart"})

		c, err := connect(t, f.addr, f.device.IMEI, f.device.Secret)
		if err != nil {
			t.Fatal(err)
		}
		var got received
		c.Subscribe(gateway.DownTopic(f.device.IMEI), 1, got.handler).WaitTimeout(5 * time.Second)
		msgs := got.wait(t, 3)
		if msgs[0].Command != "setAlertParam" || msgs[1].Command != "setCustomParam" || msgs[2].Command != "restart" ||
			!(msgs[0].ID < msgs[1].ID && msgs[1].ID < msgs[2].ID) {
			t.Fatalf("delivered out of order: %+v", msgs)
		}
		for _, m := range msgs {
			if commandStatuses(t, f)[m.ID].Status != "sent" {
				t.Fatalf("command %d not marked sent", m.ID)
			}
		}
		// An answer confirming thresholds outside the officer's rules is acknowledged, dropped and changes nothing.
		publish(t, c, gateway.AckTopic(f.device.IMEI), map[string]any{"id": msgs[0].ID, "ok": true, "params": map[string]any{"alertLow": -50, "alertHigh": 1e308}})
		if st := commandStatuses(t, f)[msgs[0].ID]; st.Status != "sent" {
			t.Fatalf("a refused answer finished the command: %+v", st)
		}
		// The device confirms the thresholds with the values it really applied, and refuses the restart.
		publish(t, c, gateway.AckTopic(f.device.IMEI), map[string]any{"id": msgs[0].ID, "ok": true, "code": 0, "params": map[string]any{"alertLow": 15, "alertHigh": 35}})
		publish(t, c, gateway.AckTopic(f.device.IMEI), map[string]any{"id": msgs[1].ID, "ok": true})
		publish(t, c, gateway.AckTopic(f.device.IMEI), map[string]any{"id": msgs[2].ID, "ok": false, "code": 7, "msg": "busy"})
		st := commandStatuses(t, f)
		if st[msgs[0].ID].Status != "acknowledged" || st[msgs[1].ID].Status != "acknowledged" || st[msgs[2].ID].Status != "failed" ||
			st[msgs[2].ID].ResultMsg != "busy" || st[msgs[0].ID].AckedAt == nil {
			t.Fatalf("outcomes: %+v", st)
		}
		var d model.Device
		f.env.Get(fmt.Sprintf("/api/device/%d", f.device.ID), f.token).Into(t, &d)
		if d.Confirmed.AlertLow != 15 || d.Confirmed.AlertHigh != 35 || d.Confirmed.Custom["buzzer"] != 0 || len(d.Confirmed.Custom) != 1 {
			t.Fatalf("confirmed: %+v", d.Confirmed)
		}
		var logged int
		db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM device_feedback_logs WHERE device_id = ?"), f.device.ID).Scan(&logged)
		if logged != 3 {
			t.Fatalf("feedback log: %d", logged)
		}
		// An answer naming another device's command changes nothing but is logged.
		publish(t, c, gateway.AckTopic(f.device.IMEI), map[string]any{"id": 999999, "ok": true})
		r := f.env.Do(apitest.Req{Method: "GET", Path: "/api/deviceInfoFeedbackLog/export?sort=receivedAt", Token: f.token, Lang: "en"})
		xf, err := excelize.OpenReader(bytes.NewReader(r.Raw))
		if err != nil {
			t.Fatalf("feedback export: %v", err)
		}
		rows, _ := xf.GetRows("Sheet1")
		xf.Close()
		if len(rows) != 5 || rows[1][2] != "setAlertParam" || rows[3][5] != "busy" || rows[4][2] != "" {
			t.Fatalf("feedback export: %v", rows)
		}

		// A command queued while the device listens goes down at once (the sweep, here).
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.device.ID), f.token, map[string]any{"command": "selfTest"})
		if msgs = got.wait(t, 4); msgs[3].Command != "selfTest" {
			t.Fatalf("live delivery: %+v", msgs[3])
		}
	})
}

func TestUnansweredCommandsAreResentThenTimeOut(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		f := setUp(t, db)
		c, err := connect(t, f.addr, f.device.IMEI, f.device.Secret)
		if err != nil {
			t.Fatal(err)
		}
		var got received
		c.Subscribe(gateway.DownTopic(f.device.IMEI), 1, got.handler).WaitTimeout(5 * time.Second)
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.device.ID), f.token, map[string]any{"command": "selfTest"})
		msgs := got.wait(t, 2) // sent, then sent again after the answer timeout
		if msgs[0].ID != msgs[1].ID {
			t.Fatalf("re-sent another command: %+v", msgs)
		}
		testwait.Until(t, 5*time.Second, "the command timed out", func() bool {
			return commandStatuses(t, f)[msgs[0].ID].Status == "timedOut"
		})
		if cmd := commandStatuses(t, f)[msgs[0].ID]; cmd.Attempts != 2 || cmd.FinishedAt == nil {
			t.Fatalf("attempts: %+v", cmd)
		}

		// A command past its time to live expires without being sent.
		c.Unsubscribe(gateway.DownTopic(f.device.IMEI)).WaitTimeout(5 * time.Second)
		f.env.Post(fmt.Sprintf("/api/device/sendCommand/%d", f.device.ID), f.token, map[string]any{"command": "restart"})
		db.SQL.Exec(db.Rebind("UPDATE device_commands SET expires_at = ? WHERE command = 'restart'"), time.Now().Add(-time.Second).UnixMilli())
		testwait.Until(t, 5*time.Second, "the restart command expired", func() bool {
			var status string
			db.SQL.QueryRow("SELECT status FROM device_commands WHERE command = 'restart'").Scan(&status)
			return status == "expired"
		})
	})
}
