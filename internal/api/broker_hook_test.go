package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/config"
	"irgas/internal/gateway"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// An external broker (EMQX) asks the platform who may connect, publish and subscribe: devices by their IMEI
// and secret, each only on its own topics, the platform's account on the shared subscriptions and the
// command topics; a disabled device is refused from its next publish; nobody else gets an answer.
func TestBrokerHooks(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.NewWithConfig(t, db, config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second,
			MQTTHookToken: "hook-token", MQTTBrokerUsername: "irgas", MQTTBrokerPassword: "platform-pw", MQTTShareGroup: "irgas"})
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		other := createDevice(t, e, ct, deviceBody(apitest.IMEI(9), d.TypeID))
		call := func(path, token string, body map[string]any) (int, string) {
			r := e.Do(apitest.Req{Method: "POST", Path: path, Body: body, Header: map[string]string{"Authorization": "Bearer " + token}})
			var v struct{ Result string }
			if r.Status == 200 {
				if err := json.Unmarshal(r.Raw, &v); err != nil {
					t.Fatalf("%s: %s", path, r.Raw)
				}
			}
			return r.Status, v.Result
		}
		auth := func(user, pass string) string {
			_, res := call("/api/mqtt/auth", "hook-token", map[string]any{"username": user, "password": pass, "clientid": "c"})
			return res
		}
		acl := func(user, action, topic string, retain any) string {
			_, res := call("/api/mqtt/acl", "hook-token", map[string]any{"username": user, "clientid": "c", "action": action,
				"topic": topic, "retain": retain})
			return res
		}
		for _, token := range []string{"", "wrong"} {
			if status, _ := call("/api/mqtt/auth", token, map[string]any{"username": d.IMEI, "password": d.Secret}); status != 404 {
				t.Fatalf("token %q: %d", token, status)
			}
		}
		for _, c := range []struct{ user, pass, want string }{
			{d.IMEI, d.Secret, "allow"}, {d.IMEI, other.Secret, "deny"}, {d.IMEI, "", "deny"}, {"irgas", "platform-pw", "allow"},
			{"irgas", "nope", "deny"}, {apitest.IMEI(77), d.Secret, "deny"},
		} {
			if got := auth(c.user, c.pass); got != c.want {
				t.Errorf("connect %s/%s: %s, want %s", c.user, c.pass, got, c.want)
			}
		}
		for _, c := range []struct {
			user, action, topic string
			retain              any
			want                string
		}{
			{d.IMEI, "publish", gateway.UpTopic(d.IMEI), "false", "allow"},
			{d.IMEI, "publish", gateway.AckTopic(d.IMEI), false, "allow"},
			{d.IMEI, "publish", gateway.UpTopic(d.IMEI), "true", "deny"}, // retained
			{d.IMEI, "publish", gateway.UpTopic(other.IMEI), "false", "deny"},
			{d.IMEI, "publish", gateway.DownTopic(other.IMEI), "false", "deny"},
			{d.IMEI, "subscribe", gateway.DownTopic(d.IMEI), "false", "allow"},
			{d.IMEI, "subscribe", gateway.DownTopic(other.IMEI), "false", "deny"},
			{d.IMEI, "subscribe", "irgas/dev/+/down", "false", "deny"},
			{d.IMEI, "subscribe", "#", "false", "deny"},
			{"irgas", "subscribe", "$share/irgas/irgas/dev/+/up", "false", "allow"},
			{"irgas", "subscribe", "$share/irgas/irgas/dev/+/ack", "false", "allow"},
			{"irgas", "publish", gateway.DownTopic(d.IMEI), "false", "allow"},
			{"irgas", "subscribe", "#", "false", "deny"},
			{"irgas", "publish", "irgas/dev/+/down", "false", "deny"},
			{"irgas", "publish", gateway.UpTopic(d.IMEI), "false", "deny"},
		} {
			if got := acl(c.user, c.action, c.topic, c.retain); got != c.want {
				t.Errorf("%s %s %s (retain %v): %s, want %s", c.user, c.action, c.topic, c.retain, got, c.want)
			}
		}
		// Disabled: refused at its next publish and at its next connect.
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", d.ID), Token: ct, Body: map[string]any{"status": 0}}), 200, 0)
		if got := acl(d.IMEI, "publish", gateway.UpTopic(d.IMEI), "false"); got != "deny" {
			t.Fatalf("a disabled device may still publish: %s", got)
		}
		if got := auth(d.IMEI, d.Secret); got != "deny" {
			t.Fatalf("a disabled device may still connect: %s", got)
		}
	})
}
