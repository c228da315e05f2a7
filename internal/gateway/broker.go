// Package gateway is the devices' MQTT side: an embedded broker (mochi-mqtt) where a device signs in with
// its IMEI and secret, may publish and subscribe only under irgas/dev/{imei}/, and whose readings are
// committed before their PUBACK.
package gateway

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apperr"
	"irgas/internal/config"
	"irgas/internal/ingest"
	"irgas/internal/store"
)

// Topic layout (docs/device-protocol.md).
const (
	topicPrefix = "irgas/dev/"
	upSuffix    = "/up"
	downSuffix  = "/down"
	ackSuffix   = "/ack"
)

// UpTopic, DownTopic and AckTopic name a device's topics.
func UpTopic(imei string) string   { return topicPrefix + imei + upSuffix }
func DownTopic(imei string) string { return topicPrefix + imei + downSuffix }
func AckTopic(imei string) string  { return topicPrefix + imei + ackSuffix }

// Listen takes the MQTT address before anything else starts, naming the setting to change when it is taken.
func Listen(addr string) (net.Listener, error) {
	return config.Listen(addr, "MQTT", "mqtt-addr", "IRGAS_MQTT_ADDR",
		"another broker? e.g. IRGAS_MQTT_ADDR=:1884, or turn the embedded broker off with IRGAS_MQTT_ADDR=off")
}

// Commands is what the broker tells about devices listening for commands and hands their answers to.
type Commands interface {
	Connected(deviceID int64, imei string)
	Disconnected(deviceID int64)
	HandleAck(ctx context.Context, deviceID, companyID int64, payload []byte) error
}

// Limits of the embedded broker against strangers and hostile devices (docs/security.md).
const (
	// MaxPacket is the largest MQTT packet taken: the largest device message (ingest.MaxMessageBytes) with
	// room for the fixed header, the topic and properties. A larger one is refused from its fixed header,
	// before anything is allocated for it.
	MaxPacket = ingest.MaxMessageBytes + 4<<10
	// ConnectTimeout is how long a new connection may take to send its CONNECT.
	ConnectTimeout = 10 * time.Second
	// DefaultSessionExpiry is how long a device's persistent session (its subscription and unacknowledged
	// commands) outlives its connection: longer than the longest sleep of an NB-IoT device in power saving
	// mode (the extended periodic TAU timer T3412 reaches 310 hours, about 13 days).
	DefaultSessionExpiry = 14 * 24 * time.Hour
)

// BrokerOptions tune the embedded broker; the zero value takes the defaults.
type BrokerOptions struct {
	// SessionExpiry bounds how long a disconnected device's session is kept (DefaultSessionExpiry).
	SessionExpiry time.Duration
	// ConnectTimeout bounds the time to CONNECT (ConnectTimeout).
	ConnectTimeout time.Duration
}

// Broker is the embedded MQTT broker.
type Broker struct {
	srv    *mqtt.Server
	hook   *deviceHook
	closed *sync.Mutex
}

// NewBroker makes a broker serving devices on ln.
func NewBroker(ln net.Listener, db *store.DB, w *ingest.Writer, reg prometheus.Registerer, o BrokerOptions) (*Broker, error) {
	if o.SessionExpiry <= 0 {
		o.SessionExpiry = DefaultSessionExpiry
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = ConnectTimeout
	}
	caps := mqtt.NewDefaultServerCapabilities()
	caps.MaximumPacketSize = MaxPacket
	caps.MaximumSessionExpiryInterval = uint32(o.SessionExpiry / time.Second)
	// Nothing is ever retained: a retained message on a command topic would reach the device again on every
	// subscribe, long after whoever sent it lost the right to.
	caps.RetainAvailable = 0
	caps.WildcardSubAvailable = 0
	caps.SharedSubAvailable = 0
	// A device is sent only its commands, a few at a time (one that does not fit is sent again after the
	// answer timeout): the library's default write queue (8,192 packets, 64 KiB allocated per connection
	// whether used or not) was most of what an idle device cost.
	caps.MaximumClientWritesPending = devicePendingWrites
	srv := mqtt.New(&mqtt.Options{InlineClient: true, Logger: slog.New(slog.DiscardHandler), Capabilities: caps})
	h := newDeviceHook(db, w, newMetrics(reg))
	h.srv = srv
	if err := srv.AddHook(h, nil); err != nil {
		return nil, err
	}
	closed := &sync.Mutex{}
	if err := srv.AddListener(listeners.NewNet("devices", deadlineListener{ln, o.ConnectTimeout, closed})); err != nil {
		return nil, err
	}
	return &Broker{srv: srv, hook: h, closed: closed}, nil
}

// deadlineListener gives each new connection ConnectTimeout to send its CONNECT: a connection that sends
// nothing would otherwise be held for ever. The broker sets the connection's deadline from the keep-alive
// once the device is in.
type deadlineListener struct {
	net.Listener
	timeout time.Duration
	// closed orders the closing of every connection before the broker's Close: mochi reads a field in each
	// connection's goroutine that its Close writes, with nothing between them that the race detector sees.
	closed *sync.Mutex
}

func (l deadlineListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	_ = c.SetDeadline(time.Now().Add(l.timeout))
	return orderedConn{c, l.closed}, nil
}

type orderedConn struct {
	net.Conn
	closed *sync.Mutex
}

func (c orderedConn) Close() error {
	c.closed.Lock()
	defer c.closed.Unlock()
	return c.Conn.Close()
}

// Attach hands commands the devices' subscriptions and answers; call it before Serve.
func (b *Broker) Attach(c Commands) { b.hook.cmds = c }

// PublishDown sends a command message to a device's down topic (QoS 1).
func (b *Broker) PublishDown(imei string, payload []byte) error {
	return b.srv.Publish(DownTopic(imei), payload, false, 1)
}

// devicePendingWrites bounds the packets waiting to be written to one device.
const devicePendingWrites = 64

// RevocationPoll is how often the broker looks for revocations made by other instances; those made by this
// one act at once.
const RevocationPoll = time.Second

// WatchRevocations closes the sessions of devices that were disabled, deleted, given a new secret or IMEI,
// or whose company was disabled: at once for changes made through this instance, within RevocationPoll for
// changes made through another one. Start it before Serve; it returns when ctx ends.
func (b *Broker) WatchRevocations(ctx context.Context) {
	watchRevocations(ctx, b.hook.db, b.hook.revoke)
}

// watchRevocations calls fn once for each new revocation: at once for those this process committed,
// within RevocationPoll for the others.
func watchRevocations(ctx context.Context, db *store.DB, fn func(store.Revocation)) {
	handled := map[int64]int64{} // revocation id → created_at
	since := store.NowMs() - store.RevocationLag.Milliseconds()
	tick := time.NewTicker(RevocationPoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-db.Revoked():
		}
		c, cancel := store.Bounded(ctx)
		list, err := db.RevocationsSince(c, since)
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				slog.Warn("mqtt: reading device revocations failed; trying again", "err", err)
			}
			continue
		}
		for _, r := range list {
			if _, done := handled[r.ID]; !done {
				handled[r.ID] = r.CreatedAt
				fn(r)
			}
		}
		since = store.NowMs() - store.RevocationLag.Milliseconds()
		for id, at := range handled {
			if at < since {
				delete(handled, id)
			}
		}
	}
}

// Sessions counts the sessions the broker holds, connected or kept for a device that is away.
func (b *Broker) Sessions() int {
	n := 0
	for _, cl := range b.srv.Clients.GetAll() {
		if !cl.Net.Inline {
			n++
		}
	}
	return n
}

// Serve starts accepting devices; it returns at once.
func (b *Broker) Serve() error { return b.srv.Serve() }

// Close disconnects every device and stops.
func (b *Broker) Close() error {
	b.closed.Lock() // after every connection closed so far (deadlineListener)
	b.closed.Unlock()
	return b.srv.Close()
}

// deviceHook authenticates devices, confines them to their topics and takes their readings in.
type deviceHook struct {
	mqtt.HookBase
	srv     *mqtt.Server
	db      *store.DB
	writer  *ingest.Writer
	devices sync.Map // *mqtt.Client → ingest.Device
	cmds    Commands
	metrics *metrics
}

func newDeviceHook(db *store.DB, w *ingest.Writer, m *metrics) *deviceHook {
	return &deviceHook{db: db, writer: w, metrics: m}
}

// metrics count device messages, whichever broker they came through.
type metrics struct {
	dropped  *prometheus.CounterVec
	refused  *prometheus.CounterVec
	received prometheus.Counter
	retries  prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "irgas_mqtt_messages_dropped_total",
			Help: "Device messages dropped, by reason."}, []string{"reason"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "irgas_mqtt_connections_refused_total",
			Help: "Device connections refused or closed by the platform, by reason."}, []string{"reason"}),
		received: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_mqtt_messages_received_total",
			Help: "Device messages received."}),
		retries: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_mqtt_store_retries_total",
			Help: "Tries again of device messages that could not be stored (external broker)."}),
	}
	if reg != nil {
		reg.MustRegister(m.dropped, m.refused, m.received, m.retries)
	}
	return m
}

func (h *deviceHook) ID() string { return "irgas-devices" }

func (h *deviceHook) Provides(b byte) bool {
	return b == mqtt.OnConnect || b == mqtt.OnConnectAuthenticate || b == mqtt.OnACLCheck || b == mqtt.OnPublish ||
		b == mqtt.OnDisconnect || b == mqtt.OnSubscribed || b == mqtt.OnSessionEstablished || b == mqtt.OnWill
}

// sessionKey names a device's session: its IMEI, whatever client id it sent. Another device reusing that
// client id then opens its own session and cannot take this one over, and one device has one session
// however many client ids it tries (a second connection takes the first one's place).
func sessionKey(imei string) string { return "irgas-device:" + imei }

// OnConnect keys the session by the IMEI the device claims (authentication follows and checks the claim)
// and refuses a Will that a publish of the device could not make: a device's Will goes only to its own up or
// ack topic, never retained. The broker publishes a Will without asking the publish rules, so this is the
// one place they are applied to it.
func (h *deviceHook) OnConnect(cl *mqtt.Client, pk packets.Packet) error {
	imei := string(pk.Connect.Username)
	cl.ID = sessionKey(imei)
	if pk.Connect.WillFlag && (pk.Connect.WillRetain || !mayPublish(imei, pk.Connect.WillTopic)) {
		h.metrics.refused.WithLabelValues("will").Inc()
		_ = h.srv.SendConnack(cl, packets.ErrNotAuthorized, false, nil)
		return packets.ErrNotAuthorized
	}
	return nil
}

// OnWill checks the Will again as it is sent: a Will the rules do not allow goes nowhere.
func (h *deviceHook) OnWill(cl *mqtt.Client, will mqtt.Will) (mqtt.Will, error) {
	if will.Retain || !mayPublish(string(cl.Properties.Username), will.TopicName) {
		return mqtt.Will{}, nil
	}
	return will, nil
}

// OnSessionEstablished: a device whose persistent session already holds its down subscription listens for
// commands without subscribing again.
func (h *deviceHook) OnSessionEstablished(cl *mqtt.Client, _ packets.Packet) {
	v, ok := h.devices.Load(cl)
	if !ok || h.cmds == nil {
		return
	}
	dev := v.(ingest.Device)
	if _, ok := cl.State.Subscriptions.Get(DownTopic(dev.IMEI)); ok {
		h.cmds.Connected(dev.ID, dev.IMEI)
	}
}

// OnSubscribed: a device that subscribed to its down topic listens for commands here.
func (h *deviceHook) OnSubscribed(cl *mqtt.Client, pk packets.Packet, reasonCodes []byte) {
	v, ok := h.devices.Load(cl)
	if !ok || h.cmds == nil {
		return
	}
	dev := v.(ingest.Device)
	for i, f := range pk.Filters {
		if f.Filter == DownTopic(dev.IMEI) && i < len(reasonCodes) && reasonCodes[i] < 0x80 {
			h.cmds.Connected(dev.ID, dev.IMEI)
		}
	}
}

// OnConnectAuthenticate lets a device in with username = IMEI and password = its secret; a disabled
// device, or one of a disabled company, stays out.
func (h *deviceHook) OnConnectAuthenticate(cl *mqtt.Client, pk packets.Packet) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dev, err := ingest.Authenticate(ctx, h.db, string(pk.Connect.Username), string(pk.Connect.Password))
	if err != nil {
		slog.Debug("mqtt: device refused", "imei", string(pk.Connect.Username), "err", err)
		return false
	}
	h.devices.Store(cl, dev)
	return true
}

// revoke closes the sessions a revocation names and forgets them, so that nothing more they send is taken
// and no command waits in them.
func (h *deviceHook) revoke(r store.Revocation) {
	h.devices.Range(func(k, v any) bool {
		cl, dev := k.(*mqtt.Client), v.(ingest.Device)
		if (r.DeviceID != nil && *r.DeviceID == dev.ID) || (r.CompanyID != nil && *r.CompanyID == dev.CompanyID) {
			if _, ok := h.devices.LoadAndDelete(cl); ok && h.cmds != nil {
				h.cmds.Disconnected(dev.ID)
			}
			h.metrics.refused.WithLabelValues("revoked").Inc()
			_ = h.srv.DisconnectClient(cl, packets.ErrNotAuthorized)
			if cur, ok := h.srv.Clients.Get(cl.ID); ok && cur == cl {
				h.srv.UnsubscribeClient(cl)
				cl.ClearInflights()
				h.srv.Clients.Delete(cl.ID)
			}
		}
		return true
	})
}

func (h *deviceHook) OnDisconnect(cl *mqtt.Client, _ error, _ bool) {
	// A session taken over by the device's new connection still listens there.
	if v, ok := h.devices.LoadAndDelete(cl); ok && h.cmds != nil && !cl.IsTakenOver() {
		h.cmds.Disconnected(v.(ingest.Device).ID)
	}
}

// OnACLCheck: a device publishes only to its up and ack topics and subscribes only to its down topic.
func (h *deviceHook) OnACLCheck(cl *mqtt.Client, topic string, write bool) bool {
	if cl.Net.Inline {
		return true
	}
	// Nothing is retained on this broker, so a retained publish needs no refusal of its own here.
	return DeviceMay(string(cl.Properties.Username), write, topic, false)
}

// mayPublish is the one publish rule: a device publishes only to its own up and ack topics.
func mayPublish(imei, topic string) bool {
	return imei != "" && (topic == UpTopic(imei) || topic == AckTopic(imei))
}

// DeviceMay is the topic rule of a device at any broker: it publishes (never retained) only to its own up and
// ack topics and subscribes only to its own down topic.
func DeviceMay(imei string, publish bool, topic string, retain bool) bool {
	if publish {
		return !retain && mayPublish(imei, topic)
	}
	return imei != "" && topic == DownTopic(imei)
}

// PlatformMay is the topic rule of the platform's own account at an external broker: it takes the devices'
// messages through the group's shared subscriptions and publishes their commands.
func PlatformMay(group string, publish bool, topic string, retain bool) bool {
	if publish {
		imei, ok := strings.CutSuffix(strings.TrimPrefix(topic, topicPrefix), downSuffix)
		return !retain && strings.HasPrefix(topic, topicPrefix) && ok && imei != "" && !strings.ContainsAny(imei, "/+#")
	}
	share := "$share/" + group + "/" + topicPrefix + "+"
	return topic == share+upSuffix || topic == share+ackSuffix
}

// OnPublish stores a reading message and returns only once it is committed, so that the PUBACK that
// follows means "stored". An invalid message is acknowledged and dropped (a resend would be as invalid),
// and counted; a failed commit sends no PUBACK, so the device sends again.
func (h *deviceHook) OnPublish(cl *mqtt.Client, pk packets.Packet) (packets.Packet, error) {
	if cl.Net.Inline {
		return pk, nil
	}
	h.metrics.received.Inc()
	v, ok := h.devices.Load(cl)
	if !ok {
		return pk, packets.ErrRejectPacket
	}
	dev := v.(ingest.Device)
	switch {
	case strings.HasSuffix(pk.TopicName, upSuffix):
		msgs, err := ingest.Decode(pk.Payload)
		if err != nil {
			return h.drop(pk, dev, "bad_json", err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err = ingest.Accept(ctx, h.db, h.writer, dev, msgs, time.Now())
		var invalid *apperr.Error
		switch {
		case errors.As(err, &invalid) && invalid.Status < 500:
			return h.drop(pk, dev, "invalid", err)
		case err != nil:
			slog.Warn("mqtt: message not stored; the device will resend", "imei", dev.IMEI, "err", err)
			return pk, packets.ErrRejectPacket
		}
		return pk, packets.CodeSuccessIgnore // stored: acknowledge, forward to nobody
	case strings.HasSuffix(pk.TopicName, ackSuffix) && h.cmds != nil:
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := h.cmds.HandleAck(ctx, dev.ID, dev.CompanyID, pk.Payload); err != nil {
			return h.drop(pk, dev, "bad_ack", err)
		}
		return pk, packets.CodeSuccessIgnore
	default:
		return h.drop(pk, dev, "unhandled_topic", nil)
	}
}

func (h *deviceHook) drop(pk packets.Packet, dev ingest.Device, reason string, err error) (packets.Packet, error) {
	h.metrics.dropped.WithLabelValues(reason).Inc()
	slog.Debug("mqtt: message dropped", "imei", dev.IMEI, "topic", pk.TopicName, "reason", reason, "err", err)
	return pk, packets.CodeSuccessIgnore
}
