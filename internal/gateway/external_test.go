package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apitest"
	"irgas/internal/commands"
	"irgas/internal/gateway"
	"irgas/internal/ident"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/mosquittotest"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

// openMosquitto is a private Mosquitto that lets anyone in: there the broker's own configuration is what
// would authenticate devices.
func openMosquitto(t *testing.T) string {
	return mosquittotest.Start(t, "allow_anonymous true\npersistence false")
}

// randomIMEI gives each test devices of its own.
func randomIMEI() string {
	first := fmt.Sprintf("99%012d", rand.Int64N(1e12))
	return first + string(ident.IMEICheckDigit(first))
}

type instance struct {
	x   *gateway.External
	reg *prometheus.Registry
}

func (i instance) counter(name, reason string) float64 {
	families, _ := i.reg.Gather()
	total := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if reason == "" || (len(m.GetLabel()) > 0 && m.GetLabel()[0].GetValue() == reason) {
				total += m.GetCounter().GetValue()
			}
		}
	}
	return total
}

// startInstances connects n platform instances to the external broker in one new shared-subscription group.
func startInstances(t *testing.T, db *store.DB, broker string, n int) []instance {
	group := fmt.Sprintf("test%d", rand.Int64())
	var out []instance
	for k := range n {
		reg := prometheus.NewRegistry()
		w := ingest.NewWriter(db, nil)
		x := gateway.NewExternal(gateway.ExternalOptions{Broker: broker, Group: group,
			ClientID: fmt.Sprintf("%s-%d", group, k), Ephemeral: true}, db, w, reg)
		d := commands.NewDispatcher(db, x, commands.Settings{AckTimeout: time.Second, MaxAttempts: 3, Sweep: 200 * time.Millisecond})
		x.Attach(d)
		if err := x.Serve(); err != nil {
			t.Fatal(err)
		}
		if !x.WaitSubscribed(10 * time.Second) {
			t.Fatal("the instance did not subscribe")
		}
		ctx, stop := context.WithCancel(context.Background())
		go d.Run(ctx)
		go x.WatchRevocations(ctx)
		t.Cleanup(func() { stop(); x.Close(); w.Close() })
		out = append(out, instance{x: x, reg: reg})
	}
	return out
}

// externalDevices makes a company with n devices through the API.
func externalDevices(t *testing.T, e *apitest.Env, admin string, n int) []model.Device {
	t.Helper()
	cid := e.CreateCompany("外部代理测试")
	var dt model.DeviceType
	e.Post("/api/deviceClassify", admin, map[string]any{"name": "t", "model": "EXT-1", "unit": "%LEL", "rangeMin": 0,
		"rangeMax": 100, "lowThreshold": 20, "highThreshold": 50, "reportInterval": 5, "heartbeatInterval": 60,
		"communication": "4G"}).Into(t, &dt)
	devices := make([]model.Device, n)
	for i := range devices {
		e.Post("/api/device", admin, map[string]any{"imei": randomIMEI(), "name": fmt.Sprintf("d%d", i), "typeId": dt.ID,
			"companyId": cid, "provinceCode": "330000"}).Into(t, &devices[i])
	}
	return devices
}

// deviceClient is a detector on the external broker.
func deviceClient(t *testing.T, broker, imei string) paho.Client {
	opts := paho.NewClientOptions().AddBroker(broker).SetClientID("dev-" + imei).SetUsername(imei).
		SetAutoReconnect(false).SetConnectTimeout(5 * time.Second)
	c := paho.NewClient(opts)
	if tok := c.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("device connect: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(50) })
	return c
}

// Two instances in one group split the devices' messages between them; every reading is stored once; a
// disabled device's messages are dropped; a command reaches a device at its next message and its answer
// confirms the parameter.
func TestExternalBrokerSharedSubscriptions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		devices := externalDevices(t, e, admin, 4)
		broker := openMosquitto(t)
		instances := startInstances(t, db, broker, 2)

		const perDevice = 60
		base := time.Now().Add(-time.Hour).UnixMilli()
		var wg sync.WaitGroup
		for _, d := range devices {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := deviceClient(t, broker, d.IMEI)
				for i := range perDevice {
					payload, _ := json.Marshal(map[string]any{"ts": base + int64(i)*1000, "ch4": 1.5})
					if tok := c.Publish(gateway.UpTopic(d.IMEI), 1, false, payload); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
						t.Errorf("publish: %v", tok.Error())
						return
					}
				}
			}()
		}
		wg.Wait()
		want := len(devices) * perDevice
		testwait.Until(t, 15*time.Second, "every reading stored", func() bool { return countReadings(t, db) == want })
		a, b := instances[0].counter("irgas_mqtt_messages_received_total", ""), instances[1].counter("irgas_mqtt_messages_received_total", "")
		if a == 0 || b == 0 || a+b != float64(want) {
			t.Fatalf("the group did not split the messages once each: %v + %v for %d", a, b, want)
		}

		// A disabled device is refused: its message is dropped, nothing stored.
		off := devices[3]
		if r := e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", off.ID), Token: admin,
			Body: map[string]any{"status": 0}}); r.Code != 0 {
			t.Fatalf("disable: %s", r.Raw)
		}
		// (An instance may still take the device for enabled for the moment it needs to read the revocation;
		// then the batch that stores readings refuses the message instead.)
		c := deviceClient(t, broker, off.IMEI)
		testwait.Until(t, 15*time.Second, "the disabled device's message dropped", func() bool {
			payload, _ := json.Marshal(map[string]any{"ts": time.Now().UnixMilli(), "ch4": 2})
			c.Publish(gateway.UpTopic(off.IMEI), 1, false, payload).WaitTimeout(5 * time.Second)
			return instances[0].counter("irgas_mqtt_messages_dropped_total", "unknown_or_disabled")+
				instances[1].counter("irgas_mqtt_messages_dropped_total", "unknown_or_disabled") >= 1
		})
		if got := countReadings(t, db); got != want {
			t.Fatalf("a disabled device's reading was stored: %d", got)
		}

		// A command waits for the device's next message, then goes down; the answer confirms the thresholds.
		dev := devices[0]
		if r := e.Post("/api/device/set-alert-param", admin, map[string]any{"deviceIds": []int64{dev.ID}, "alertLow": 12.5,
			"alertHigh": 40}); r.Code != 0 {
			t.Fatalf("set alert: %s", r.Raw)
		}
		dc := deviceClient(t, broker, dev.IMEI)
		got := make(chan commands.Down, 4)
		dc.Subscribe(gateway.DownTopic(dev.IMEI), 1, func(_ paho.Client, m paho.Message) {
			var d commands.Down
			if json.Unmarshal(m.Payload(), &d) == nil {
				got <- d
			}
		}).WaitTimeout(5 * time.Second)
		payload, _ := json.Marshal(map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1})
		dc.Publish(gateway.UpTopic(dev.IMEI), 1, false, payload).WaitTimeout(5 * time.Second)
		var down commands.Down
		select {
		case down = <-got:
		case <-time.After(10 * time.Second):
			t.Fatal("the queued command was not delivered after the device's message")
		}
		if down.Command != "setAlertParam" {
			t.Fatalf("delivered %+v", down)
		}
		ack, _ := json.Marshal(commands.Up{ID: down.ID, OK: true, Params: down.Params})
		dc.Publish(gateway.AckTopic(dev.IMEI), 1, false, ack).WaitTimeout(5 * time.Second)
		testwait.Until(t, 15*time.Second, "the thresholds confirmed", func() bool {
			var d model.Device
			e.Get(fmt.Sprintf("/api/device/%d", dev.ID), admin).Into(t, &d)
			return d.Confirmed.AlertLow == 12.5 && d.Confirmed.AlertHigh == 40
		})
	})
}

// A broker that cannot be reached ends start-up with the setting to change.
func TestExternalBrokerUnreachableNamesTheSetting(t *testing.T) {
	db := testdb.SQLite(t)
	w := ingest.NewWriter(db, nil)
	defer w.Close()
	x := gateway.NewExternal(gateway.ExternalOptions{Broker: "tcp://127.0.0.1:1", Group: "g", ClientID: "c", Ephemeral: true}, db, w, nil)
	err := x.Serve()
	if err == nil || !strings.Contains(err.Error(), "IRGAS_MQTT_BROKER") || !strings.Contains(err.Error(), "127.0.0.1:1") {
		t.Fatalf("got %v", err)
	}
}

func countReadings(t *testing.T, db *store.DB) int {
	var n int
	if err := db.SQL.QueryRow("SELECT count(*) FROM readings").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// flaky is the database refusing every batch of readings while down is set, as when it cannot be reached.
type flaky struct {
	*store.DB
	down atomic.Bool
}

func (f *flaky) InsertReadingBatch(ctx context.Context, b store.ReadingBatch) (int64, error) {
	if f.down.Load() {
		return 0, errors.New("database unreachable")
	}
	return f.DB.InsertReadingBatch(ctx, b)
}

// While the database cannot store them, the instance keeps the messages it took and tries them again (no
// message left unacknowledged for good on a live connection), reports itself stalled, and once the
// database is back every reading the broker acknowledged is stored, once.
func TestExternalBrokerRetriesUntilStored(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		d := externalDevices(t, e, admin, 1)[0]

		broker := openMosquitto(t)
		st := &flaky{DB: db}
		st.down.Store(true)
		reg := prometheus.NewRegistry()
		w := ingest.NewWriter(st, nil)
		x := gateway.NewExternal(gateway.ExternalOptions{Broker: broker, Group: "retry", ClientID: "retry-1", Ephemeral: true,
			StallAfter: 300 * time.Millisecond}, db, w, reg)
		if err := x.Serve(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { x.Close(); w.Close() })
		if !x.WaitSubscribed(10 * time.Second) {
			t.Fatal("not subscribed")
		}
		inst := instance{x: x, reg: reg}

		c := deviceClient(t, broker, d.IMEI)
		const n = 40
		base := time.Now().Add(-time.Hour).UnixMilli()
		for i := range n {
			payload, _ := json.Marshal(map[string]any{"ts": base + int64(i)*1000, "ch4": 1.5})
			if tok := c.Publish(gateway.UpTopic(d.IMEI), 1, false, payload); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
				t.Fatalf("publish: %v", tok.Error())
			}
		}
		testwait.Until(t, 15*time.Second, "tries again", func() bool { return inst.counter("irgas_mqtt_store_retries_total", "") > 0 })
		testwait.Until(t, 15*time.Second, "reported stalled", func() bool { return x.Stalled() != nil })
		st.down.Store(false)
		testwait.Until(t, 15*time.Second, "every reading stored", func() bool { return countReadings(t, db) == n })
		testwait.Until(t, 15*time.Second, "no longer stalled", func() bool { return x.Stalled() == nil })
	})
}

// shippedMosquitto runs Mosquitto with the configuration the product ships for this mode.
func shippedMosquitto(t *testing.T) string {
	conf, err := os.ReadFile("../../deploy/mosquitto/irgas.conf")
	if err != nil {
		t.Fatal(err)
	}
	return mosquittotest.Start(t, string(conf)+"\nallow_anonymous true\nuser root\npersistence_location "+t.TempDir()+"/\n")
}

// With the shipped configuration the broker holds what an instance has not taken yet, however much: 1,500
// messages queued for an instance that is away all reach it when it is back (Mosquitto's default keeps
// 1,000 and drops the rest silently).
func TestShippedMosquittoQueuesWithoutDropping(t *testing.T) {
	broker := shippedMosquitto(t)
	const n = 1500
	var got atomic.Int64
	instance := func() paho.Client {
		// The handler is set before connecting: the queued messages arrive as soon as the session resumes.
		opts := paho.NewClientOptions().AddBroker(broker).SetClientID("instance").SetCleanSession(false).
			SetAutoReconnect(false).SetConnectTimeout(5 * time.Second).
			SetDefaultPublishHandler(func(paho.Client, paho.Message) { got.Add(1) })
		c := paho.NewClient(opts)
		if tok := c.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
			t.Fatalf("connect: %v", tok.Error())
		}
		return c
	}
	c := instance()
	if tok := c.Subscribe("$share/g/irgas/dev/+/up", 1, nil); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatal(tok.Error())
	}
	c.Disconnect(50) // away; its session (and the shared subscription) stays

	imei := randomIMEI()
	dev := deviceClient(t, broker, imei)
	for i := range n {
		if tok := dev.Publish(gateway.UpTopic(imei), 1, false, fmt.Appendf(nil, `{"ts":%d,"ch4":1}`, i)); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
			t.Fatalf("publish %d: %v", i, tok.Error())
		}
	}
	c = instance()
	defer c.Disconnect(50)
	testwait.Until(t, 15*time.Second, "every queued message delivered", func() bool { return got.Load() == n })
}

// An instance that stops gracefully leaves the group first: the broker gives every later message to the
// instances still running, instead of queueing a share for the stopped one.
func TestExternalInstanceLeavesTheGroupOnClose(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		d := externalDevices(t, e, e.Admin(), 1)[0]
		broker := shippedMosquitto(t)
		var xs []*gateway.External
		for k := range 2 {
			w := ingest.NewWriter(db, nil)
			x := gateway.NewExternal(gateway.ExternalOptions{Broker: broker, Group: "leave", ClientID: fmt.Sprintf("leave-%d", k)}, db, w, nil)
			if err := x.Serve(); err != nil {
				t.Fatal(err)
			}
			if !x.WaitSubscribed(10 * time.Second) {
				t.Fatal("not subscribed")
			}
			t.Cleanup(func() { x.Close(); w.Close() })
			xs = append(xs, x)
		}
		xs[0].Close() // SIGTERM

		c := deviceClient(t, broker, d.IMEI)
		const n = 100
		base := time.Now().Add(-time.Hour).UnixMilli()
		for i := range n {
			payload, _ := json.Marshal(map[string]any{"ts": base + int64(i)*1000, "ch4": 1})
			if tok := c.Publish(gateway.UpTopic(d.IMEI), 1, false, payload); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
				t.Fatalf("publish: %v", tok.Error())
			}
		}
		testwait.Until(t, 15*time.Second, "every reading stored by the instance still running", func() bool { return countReadings(t, db) == n })
	})
}
