package api

import (
	"crypto/subtle"
	"encoding/json"
	"net/http"

	"irgas/internal/gateway"
	"irgas/internal/httpx"
	"irgas/internal/ingest"
)

// An external broker that asks the platform who may connect, publish and subscribe (EMQX's HTTP
// authentication and HTTP authorization): the devices are then authenticated and confined by the same rules
// as on the embedded broker, and a device disabled, deleted or given a new secret in the console is refused
// at once. The broker calls these with the bearer token IRGAS_MQTT_HOOK_TOKEN; without that setting they
// answer 404.

// BrokerAuthInput is what the broker sends when a client connects.
type BrokerAuthInput struct {
	Username string `json:"username"`
	Password string `json:"password"`
	ClientID string `json:"clientid"`
}

// BrokerACLInput is what the broker sends when a client publishes or subscribes.
type BrokerACLInput struct {
	Username string `json:"username"`
	ClientID string `json:"clientid"`
	// Action is publish or subscribe.
	Action string `json:"action"`
	Topic  string `json:"topic"`
	// Retain is "true" for a retained publish (EMQX sends it as text).
	Retain any `json:"retain"`
}

// BrokerVerdict is the broker's answer: result allow or deny; nobody is a superuser.
type BrokerVerdict struct {
	Result      string `json:"result"`
	IsSuperuser bool   `json:"is_superuser"`
}

func (a *API) brokerHookRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/mqtt/auth", Summary: "External broker: may this client connect? (EMQX HTTP authentication; bearer IRGAS_MQTT_HOOK_TOKEN)",
			Public: true, NoRecord: true, Bare: true, MaxBody: 4 << 10, Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.brokerAuth),
				In: typeOf[BrokerAuthInput](), Out: typeOf[BrokerVerdict]()}},
		{Method: "POST", Path: "/mqtt/acl", Summary: "External broker: may this client publish or subscribe to this topic? (EMQX HTTP authorization; bearer IRGAS_MQTT_HOOK_TOKEN)",
			Public: true, NoRecord: true, Bare: true, MaxBody: 4 << 10, Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.brokerACL),
				In: typeOf[BrokerACLInput](), Out: typeOf[BrokerVerdict]()}},
	}
}

// brokerHook reads a hook call's body once its token is right; it answers 404 itself when the hooks are off
// or the token is wrong (the call then looks like no call at all).
func (a *API) brokerHook(w http.ResponseWriter, r *http.Request, dst any) bool {
	token := a.Config.MQTTHookToken
	if token == "" || subtle.ConstantTimeCompare([]byte(bearer(r)), []byte(token)) != 1 {
		http.NotFound(w, r)
		return false
	}
	if err := json.NewDecoder(r.Body).Decode(dst); err != nil {
		httpx.Fail(w, r, httpx.BodyError(err))
		return false
	}
	return true
}

func verdict(w http.ResponseWriter, allow bool) {
	v := BrokerVerdict{Result: "deny"}
	if allow {
		v.Result = "allow"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// isPlatform: the platform's own account at the broker.
func (a *API) isPlatform(username, password string) bool {
	u, p := a.Config.MQTTBrokerUsername, a.Config.MQTTBrokerPassword
	return u != "" && p != "" && subtle.ConstantTimeCompare([]byte(username), []byte(u)) == 1 &&
		subtle.ConstantTimeCompare([]byte(password), []byte(p)) == 1
}

func (a *API) brokerAuth(w http.ResponseWriter, r *http.Request) {
	var in BrokerAuthInput
	if !a.brokerHook(w, r, &in) {
		return
	}
	if a.isPlatform(in.Username, in.Password) {
		verdict(w, true)
		return
	}
	_, err := ingest.Authenticate(r.Context(), a.DB, in.Username, in.Password)
	verdict(w, err == nil)
}

func (a *API) brokerACL(w http.ResponseWriter, r *http.Request) {
	var in BrokerACLInput
	if !a.brokerHook(w, r, &in) {
		return
	}
	publish := in.Action == "publish"
	if !publish && in.Action != "subscribe" {
		verdict(w, false)
		return
	}
	retain := in.Retain == true || in.Retain == "true"
	if in.Username != "" && in.Username == a.Config.MQTTBrokerUsername {
		verdict(w, gateway.PlatformMay(a.Config.MQTTShareGroup, publish, in.Topic, retain))
		return
	}
	// Asked at each publish and subscribe (the broker caches answers briefly): a device disabled or deleted
	// since it connected is refused from then on.
	if _, err := ingest.Identify(r.Context(), a.DB, in.Username); err != nil {
		verdict(w, false)
		return
	}
	verdict(w, gateway.DeviceMay(in.Username, publish, in.Topic, retain))
}
