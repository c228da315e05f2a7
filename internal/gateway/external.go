package gateway

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apperr"
	"irgas/internal/ingest"
	"irgas/internal/store"
)

// ExternalOptions name the external broker and how this instance joins it.
type ExternalOptions struct {
	// Broker is the broker's URL, e.g. tcp://127.0.0.1:1883 or ssl://mqtt.example.com:8883.
	Broker             string
	Username, Password string
	// Group is the shared-subscription group: every instance in it gets a share of the devices' messages,
	// each message going to one instance.
	Group string
	// ClientID must be stable for an instance (its session survives a restart) and unique among instances.
	ClientID string
	// Ephemeral asks for a clean session that the broker forgets at disconnect (tests, short-lived tools).
	Ephemeral bool
	// StallAfter is how long a message may wait to be stored before Stalled reports it (default 30 s).
	StallAfter time.Duration
	// Provision has the platform keep the broker's device accounts (Mosquitto's dynamic security plugin;
	// Username must be its administrator): SetupAccounts and SyncAccounts.
	Provision bool
}

// External is the platform's side of an external broker (Mosquitto, EMQX...): the broker authenticates the
// devices and confines them to their topics; this instance takes its share of their messages through a
// shared subscription, stores them before it acknowledges them, and publishes their commands.
type External struct {
	opts    ExternalOptions
	db      *store.DB
	writer  *ingest.Writer
	cmds    Commands
	client  paho.Client
	metrics *metrics
	seenMu  sync.Mutex
	seen    map[int64]time.Time // devices heard from recently: they listen for commands
	stop    chan struct{}
	// inflight are the messages being stored, for the metrics and Stalled.
	inflight *inflight
	// subscribed is closed once the first subscription is made (WaitSubscribed).
	subscribed chan struct{}
	subOnce    sync.Once
	// accounts talks to the broker's dynamic security plugin (Provision).
	accounts accounts
	// known remembers who the IMEIs of recent messages are (identityTTL).
	known identities
}

// listenWindow is how long after its last message a device is taken to listen for commands.
const listenWindow = 10 * time.Minute

// NewExternal prepares the connection; Serve makes it.
func NewExternal(o ExternalOptions, db *store.DB, w *ingest.Writer, reg prometheus.Registerer) *External {
	x := &External{opts: o, db: db, writer: w, metrics: newMetrics(reg), seen: map[int64]time.Time{}, stop: make(chan struct{}),
		subscribed: make(chan struct{}), inflight: &inflight{}, accounts: accounts{prefix: o.ClientID}}
	if reg != nil {
		reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "irgas_mqtt_messages_inflight",
				Help: "Device messages taken from the external broker and not yet stored and acknowledged."},
				func() float64 { return float64(x.inflight.count()) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "irgas_mqtt_oldest_unacknowledged_seconds",
				Help: "How long the oldest message not yet stored has waited (external broker)."},
				func() float64 { return x.inflight.oldest().Seconds() }))
	}
	co := paho.NewClientOptions().AddBroker(o.Broker).SetClientID(o.ClientID).SetUsername(o.Username).
		SetPassword(o.Password).SetCleanSession(o.Ephemeral).SetAutoReconnect(true).SetConnectRetry(false).
		SetConnectTimeout(10 * time.Second).SetKeepAlive(30 * time.Second).
		// Messages are acknowledged only once stored; they are handled concurrently so that the writer can
		// commit many in one transaction.
		SetAutoAckDisabled(true).SetOrderMatters(false).
		// A message that arrives after the subscription ended (Close) is still taken, not left unacknowledged.
		SetDefaultPublishHandler(func(c paho.Client, m paho.Message) { x.handle(c, m) }).
		SetOnConnectHandler(x.subscribe).
		SetConnectionLostHandler(func(_ paho.Client, err error) {
			slog.Warn("mqtt: lost the external broker; reconnecting", "broker", o.Broker, "err", err)
		})
	x.client = paho.NewClient(co)
	return x
}

// Attach hands commands the devices' answers; call it before Serve.
func (x *External) Attach(c Commands) { x.cmds = c }

// Serve connects and subscribes; it fails, naming the setting, when the broker cannot be reached.
func (x *External) Serve() error {
	tok := x.client.Connect()
	if !tok.WaitTimeout(15*time.Second) || tok.Error() != nil {
		err := tok.Error()
		if err == nil {
			err = errors.New("no answer")
		}
		return fmt.Errorf("cannot connect to the MQTT broker %s (set --mqtt-broker or IRGAS_MQTT_BROKER, and its credentials IRGAS_MQTT_BROKER_USERNAME / IRGAS_MQTT_BROKER_PASSWORD): %w", x.opts.Broker, err)
	}
	go x.forgetSilent()
	return nil
}

// subscribe joins the shared subscriptions (again after every reconnect). When the platform provisions the
// broker, it first makes sure its own account may (SetupAccounts: the same commands from every instance).
func (x *External) subscribe(c paho.Client) {
	if x.opts.Provision {
		if err := subscribed(c.Subscribe(dynsecResponse, 1, x.accounts.answer)); err != nil {
			slog.Error("mqtt: subscribing to the broker's account answers failed", "broker", x.opts.Broker, "err", err)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		err := x.SetupAccounts(ctx)
		cancel()
		if errors.Is(err, errSetupKicked) {
			slog.Info("mqtt: " + err.Error())
			return
		}
		if err != nil {
			slog.Error("mqtt: setting up the broker's accounts failed", "broker", x.opts.Broker, "err", err)
			return
		}
	}
	filters := map[string]byte{x.share(upSuffix): 1, x.share(ackSuffix): 1}
	if err := subscribed(c.SubscribeMultiple(filters, x.handle)); err != nil {
		slog.Error("mqtt: subscribing at the external broker failed", "broker", x.opts.Broker, "err", err)
		return
	}
	slog.Info("mqtt: taking device messages from the external broker", "broker", x.opts.Broker, "group", x.opts.Group)
	x.subOnce.Do(func() { close(x.subscribed) })
}

// subscribed waits for a subscription's answer; a filter the broker refused (0x80) is an error, not
// silence.
func subscribed(tok paho.Token) error {
	if !tok.WaitTimeout(10 * time.Second) {
		return errors.New("no answer")
	}
	if tok.Error() != nil {
		return tok.Error()
	}
	if st, ok := tok.(*paho.SubscribeToken); ok {
		for filter, code := range st.Result() {
			if code >= 0x80 {
				return fmt.Errorf("the broker refused the subscription %s (is the platform's account allowed it?)", filter)
			}
		}
	}
	return nil
}

// WaitSubscribed waits up to d for the instance's shared subscriptions (made after each connect).
func (x *External) WaitSubscribed(d time.Duration) bool {
	select {
	case <-x.subscribed:
		return true
	case <-time.After(d):
		return false
	}
}

func (x *External) share(suffix string) string {
	return "$share/" + x.opts.Group + "/" + topicPrefix + "+" + suffix
}

// PublishDown sends a command message to a device's down topic (QoS 1).
func (x *External) PublishDown(imei string, payload []byte) error {
	tok := x.client.Publish(DownTopic(imei), 1, false, payload)
	if !tok.WaitTimeout(10 * time.Second) {
		return errors.New("mqtt: the external broker did not acknowledge a command")
	}
	return tok.Error()
}

// Close leaves the shared subscriptions (the broker then gives the devices' messages to the other instances,
// instead of queueing this instance's share for a session nobody serves), lets the messages already taken
// be stored and acknowledged (for up to leaveWait), and disconnects.
func (x *External) Close() error {
	select {
	case <-x.stop:
		return nil
	default:
	}
	if x.client.IsConnectionOpen() {
		tok := x.client.Unsubscribe(x.share(upSuffix), x.share(ackSuffix))
		if !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
			slog.Warn("mqtt: leaving the shared subscriptions failed; the broker may queue this instance's share", "err", tok.Error())
		}
		for deadline := time.Now().Add(leaveWait); x.inflight.count() > 0 && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
	}
	close(x.stop)
	x.client.Disconnect(250)
	return nil
}

// leaveWait bounds how long Close waits for the messages already taken to be stored.
const leaveWait = 10 * time.Second

// handle takes one device message: stored (or recognised as invalid) before it is acknowledged. A message
// that could not be stored (the database is down or slow) is tried again here, with a growing pause, until
// it is stored or the instance stops: it is never left unacknowledged on a live connection, where the
// broker would not deliver it again, and while it waits the broker's in-flight window fills and the broker
// holds back further messages (back-pressure) instead of this instance dropping them.
func (x *External) handle(_ paho.Client, m paho.Message) {
	x.metrics.received.Inc()
	defer x.inflight.add()()
	pause := retryFirst
	for !x.take(m) {
		x.metrics.retries.Inc()
		select {
		case <-x.stop:
			return // unacknowledged: the broker delivers it again to the session
		case <-time.After(pause):
		}
		pause = min(2*pause, retryMax)
	}
}

// Pauses between two tries of a message that could not be stored.
const (
	retryFirst = 100 * time.Millisecond
	retryMax   = 5 * time.Second
)

// take stores or drops one message and acknowledges it; it reports false when it should be tried again.
func (x *External) take(m paho.Message) bool {
	imei, suffix, ok := splitTopic(m.Topic())
	if !ok {
		x.drop(m, "", "unhandled_topic", nil)
		return true
	}
	ctx, cancel := store.Bounded(context.Background())
	defer cancel()
	dev, err := x.known.identify(ctx, x.db, imei)
	var refused *apperr.Error
	switch {
	case errors.As(err, &refused):
		x.drop(m, imei, "unknown_or_disabled", err) // a disabled device, or one of a disabled company
		return true
	case err != nil:
		slog.Warn("mqtt: device lookup failed; trying again", "imei", imei, "err", err)
		return false
	}
	switch suffix {
	case upSuffix:
		msgs, err := ingest.Decode(m.Payload())
		if err != nil {
			x.drop(m, imei, "bad_json", err)
			return true
		}
		_, err = ingest.Accept(ctx, x.db, x.writer, dev, msgs, time.Now())
		switch {
		case errors.As(err, &refused) && refused.Status < 500:
			x.drop(m, imei, "invalid", err)
			return true
		case err != nil:
			slog.Warn("mqtt: message not stored; trying again", "imei", imei, "err", err)
			return false
		}
	case ackSuffix:
		if x.cmds != nil {
			if err := x.cmds.HandleAck(ctx, dev.ID, dev.CompanyID, m.Payload()); err != nil {
				x.drop(m, imei, "bad_ack", err)
				return true
			}
		}
	}
	m.Ack()
	x.heard(dev)
	return true
}

// Stalled reports an error when a message has waited longer than StallAfter to be stored: ingestion through
// this instance is stuck (the database unreachable for that long), and /readyz says so.
func (x *External) Stalled() error {
	if age := x.inflight.oldest(); age > cmp.Or(x.opts.StallAfter, StallAfter) {
		return fmt.Errorf("a device message has waited %s to be stored", age.Round(time.Second))
	}
	return nil
}

// StallAfter is how long a message may wait to be stored before the instance reports itself not ready.
const StallAfter = 30 * time.Second

// inflight keeps the start times of the messages being handled.
type inflight struct {
	mu    sync.Mutex
	next  uint64
	since map[uint64]time.Time
}

// add notes a message and returns the function that forgets it.
func (f *inflight) add() func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.since == nil {
		f.since = map[uint64]time.Time{}
	}
	f.next++
	id := f.next
	f.since[id] = time.Now()
	return func() {
		f.mu.Lock()
		delete(f.since, id)
		f.mu.Unlock()
	}
}

func (f *inflight) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.since)
}

// oldest is how long the oldest message has waited (0 when none).
func (f *inflight) oldest() time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	var age time.Duration
	for _, at := range f.since {
		age = max(age, time.Since(at))
	}
	return age
}

// heard notes that a device just spoke: it listens now, so what waits for it is sent (NB-IoT devices
// listen only while awake).
func (x *External) heard(dev ingest.Device) {
	if x.cmds == nil {
		return
	}
	x.seenMu.Lock()
	x.seen[dev.ID] = time.Now()
	x.seenMu.Unlock()
	x.cmds.Connected(dev.ID, dev.IMEI)
}

// forgetSilent stops re-sending to devices that have not spoken for a while.
func (x *External) forgetSilent() {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-x.stop:
			return
		case now := <-t.C:
			x.seenMu.Lock()
			for id, at := range x.seen {
				if now.Sub(at) > listenWindow {
					delete(x.seen, id)
					if x.cmds != nil {
						x.cmds.Disconnected(id)
					}
				}
			}
			x.seenMu.Unlock()
		}
	}
}

func (x *External) drop(m paho.Message, imei, reason string, err error) {
	x.metrics.dropped.WithLabelValues(reason).Inc()
	slog.Debug("mqtt: message dropped", "imei", imei, "topic", m.Topic(), "reason", reason, "err", err)
	m.Ack() // resending it would not help
}

// splitTopic reads irgas/dev/{imei}/up or /ack.
func splitTopic(topic string) (imei, suffix string, ok bool) {
	rest, found := strings.CutPrefix(topic, topicPrefix)
	if !found {
		return "", "", false
	}
	for _, s := range []string{upSuffix, ackSuffix} {
		if id, cut := strings.CutSuffix(rest, s); cut && id != "" && !strings.Contains(id, "/") {
			return id, s, true
		}
	}
	return "", "", false
}

// identityTTL is how long an instance trusts what it read of an IMEI (its device and whether it may send),
// unless a revocation makes it forget sooner (WatchRevocations). Reading it for every message made each
// message a database transaction of its own (about one commit per reading); the batch that stores readings
// checks again that the device and its company are enabled, so a device disabled meanwhile has nothing
// stored either way.
const (
	identityTTL = 5 * time.Minute
	refusalTTL  = 2 * time.Second
	// identityMax bounds the remembered IMEIs (about 200 bytes each); beyond it they are all forgotten.
	identityMax = 1 << 20
)

// WatchRevocations makes the instance forget what it knew of the devices at each revocation (a device
// disabled, deleted or re-keyed, a company disabled), so that their next message is refused: at once for
// changes made through this instance, within RevocationPoll otherwise. It returns when ctx ends.
func (x *External) WatchRevocations(ctx context.Context) {
	watchRevocations(ctx, x.db, func(store.Revocation) { x.known.forget() })
}

// identities remembers recent answers of ingest.Identify.
type identities struct {
	mu   sync.Mutex
	seen map[string]identity
}

type identity struct {
	dev   ingest.Device
	err   error // a refusal (unknown or disabled device)
	until time.Time
}

// forget drops everything remembered (revocations are rare; the next messages read their devices again).
func (k *identities) forget() {
	k.mu.Lock()
	k.seen = nil
	k.mu.Unlock()
}

func (k *identities) identify(ctx context.Context, db *store.DB, imei string) (ingest.Device, error) {
	now := time.Now()
	k.mu.Lock()
	id, ok := k.seen[imei]
	k.mu.Unlock()
	if ok && now.Before(id.until) {
		return id.dev, id.err
	}
	dev, err := ingest.Identify(ctx, db, imei)
	var refused *apperr.Error
	switch {
	case err == nil:
		id = identity{dev: dev, until: now.Add(identityTTL)}
	case errors.As(err, &refused):
		id = identity{err: err, until: now.Add(refusalTTL)}
	default:
		return dev, err // the database did not answer: ask again next time
	}
	k.mu.Lock()
	if k.seen == nil || len(k.seen) >= identityMax {
		k.seen = map[string]identity{}
	}
	k.seen[imei] = id
	k.mu.Unlock()
	return dev, err
}
