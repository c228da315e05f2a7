package gateway_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/apitest"
	"irgas/internal/commands"
	"irgas/internal/gateway"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/mosquittotest"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

// provisionedMosquitto runs Mosquitto with the shipped configuration and the dynamic security plugin, whose
// administrator is the platform's account.
func provisionedMosquitto(t *testing.T) string {
	conf, err := os.ReadFile("../../deploy/mosquitto/irgas.conf")
	if err != nil {
		t.Fatal(err)
	}
	return mosquittotest.StartDynsec(t, string(conf)+"\npersistence_location "+t.TempDir()+"/\n", "irgas", "platform-pass")
}

// provisioner is a platform instance that keeps the broker's accounts.
func provisioner(t *testing.T, db *store.DB, broker string) *gateway.External {
	w := ingest.NewWriter(db, nil)
	x := gateway.NewExternal(gateway.ExternalOptions{Broker: broker, Username: "irgas", Password: "platform-pass",
		Group: "irgas", ClientID: fmt.Sprintf("platform-%d", time.Now().UnixNano()), Ephemeral: true, Provision: true}, db, w, nil)
	x.Attach(commands.NewDispatcher(db, x, commands.DefaultSettings))
	if err := x.Serve(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close(); w.Close() })
	if !x.WaitSubscribed(15 * time.Second) {
		t.Fatal("the platform did not set the broker up and subscribe")
	}
	return x
}

// syncAll gives the broker every queued change.
func syncAll(t *testing.T, x *gateway.External) {
	t.Helper()
	for {
		n, err := x.SyncAccounts(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// dial connects as user/pass and reports the broker's refusal, if any.
func dial(broker, user, pass string) (paho.Client, error) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(broker).SetClientID(fmt.Sprintf("c-%s-%d", user, time.Now().UnixNano())).
		SetUsername(user).SetPassword(pass).SetAutoReconnect(false).SetConnectTimeout(5 * time.Second))
	tok := c.Connect()
	if !tok.WaitTimeout(5 * time.Second) {
		return nil, fmt.Errorf("no answer")
	}
	return c, tok.Error()
}

func mustDial(t *testing.T, broker, user, pass string) paho.Client {
	t.Helper()
	c, err := dial(broker, user, pass)
	if err != nil {
		t.Fatalf("%s could not connect: %v", user, err)
	}
	t.Cleanup(func() { c.Disconnect(50) })
	return c
}

func refused(t *testing.T, broker, user, pass, why string) {
	t.Helper()
	if c, err := dial(broker, user, pass); err == nil {
		c.Disconnect(50)
		t.Fatalf("%s: the broker let %q in", why, user)
	}
}

func subackCode(t *testing.T, c paho.Client, filter string) byte {
	t.Helper()
	tok := c.Subscribe(filter, 1, func(paho.Client, paho.Message) {})
	if !tok.WaitTimeout(5 * time.Second) {
		t.Fatal("no SUBACK")
	}
	for _, code := range tok.(*paho.SubscribeToken).Result() { // one filter (paho keys a shared one without its prefix)
		return code
	}
	t.Fatal("no result in the SUBACK")
	return 0
}

func sendReading(t *testing.T, c paho.Client, imei string, ts int64, gas float64) {
	t.Helper()
	body := fmt.Sprintf(`{"ts":%d,"ch4":%g}`, ts, gas)
	if tok := c.Publish(gateway.UpTopic(imei), 1, false, body); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("publish: %v", tok.Error())
	}
}

func readingAt(t *testing.T, db *store.DB, deviceID, ts int64) bool {
	t.Helper()
	var n int
	row := db.SQL.QueryRow("SELECT COUNT(*) FROM readings WHERE device_id = " + strconv.FormatInt(deviceID, 10) + " AND ts = " + strconv.FormatInt(ts, 10))
	if err := row.Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// The platform keeps the broker's accounts: a device created in the console connects with its secret and
// may publish only as itself and subscribe only to its own commands; strangers, forged publishes and
// foreign subscriptions are refused; a new secret, disabling and deleting are reflected at the broker.
func TestMosquittoAccountsFollowTheDevices(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		db.ProvisionBroker()
		e := apitest.New(t, db)
		admin := e.Admin()
		broker := provisionedMosquitto(t)
		devices := externalDevices(t, e, admin, 2)
		a, b := devices[0], devices[1]
		x := provisioner(t, db, broker)
		syncAll(t, x)

		refused(t, broker, "", "", "anonymous")
		refused(t, broker, a.IMEI, "wrong", "a wrong secret")
		refused(t, broker, "stranger", "x", "an unknown user")

		ca := mustDial(t, broker, a.IMEI, a.Secret)
		for filter, want := range map[string]byte{
			gateway.DownTopic(a.IMEI): 1, "irgas/dev/+/down": 0x80, gateway.DownTopic(b.IMEI): 0x80, "#": 0x80,
			"$share/irgas/irgas/dev/+/up": 0x80, gateway.UpTopic(b.IMEI): 0x80,
		} {
			if got := subackCode(t, ca, filter); got != want {
				t.Errorf("device a subscribing to %s: SUBACK %#x, want %#x", filter, got, want)
			}
		}

		// A forged reading for b, then a's own: the broker keeps their order, so once a's is stored the
		// forged one would have been too.
		base := time.Now().Add(-time.Hour).UnixMilli()
		sendReading(t, ca, b.IMEI, base, 60)
		sendReading(t, ca, a.IMEI, base+1, 1)
		testwait.Until(t, 15*time.Second, "a's reading stored", func() bool { return readingAt(t, db, a.ID, base+1) })
		if readingAt(t, db, b.ID, base) {
			t.Fatal("a reading a published as b was stored")
		}

		// A new secret: the old one stops working and its session is closed; the new one works.
		var rotated struct {
			Secret string `json:"secret"`
		}
		e.Put("/api/device/rotate-secret/"+fmt.Sprint(a.ID), admin, nil).Into(t, &rotated)
		syncAll(t, x)
		testwait.Until(t, 15*time.Second, "the old session closed", func() bool { return !ca.IsConnectionOpen() })
		refused(t, broker, a.IMEI, a.Secret, "the old secret")
		mustDial(t, broker, a.IMEI, rotated.Secret)

		// Disabled, then enabled again.
		status := func(d model.Device, s int) {
			r := e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", d.ID), Token: admin, Body: map[string]any{"status": s}})
			if r.Status != 200 {
				t.Fatalf("status %d: %d %s", s, r.Status, r.Raw)
			}
			syncAll(t, x)
		}
		status(a, model.StatusDisabled)
		refused(t, broker, a.IMEI, rotated.Secret, "a disabled device")
		status(a, model.StatusEnabled)
		mustDial(t, broker, a.IMEI, rotated.Secret)

		// Deleted: its account is gone.
		mustDial(t, broker, b.IMEI, b.Secret)
		if r := e.Delete(fmt.Sprintf("/api/device/%d", b.ID), admin); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		syncAll(t, x)
		refused(t, broker, b.IMEI, b.Secret, "a deleted device")
	})
}
