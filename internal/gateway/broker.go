// Package gateway is the devices' MQTT side: an embedded broker (mochi-mqtt) where a device signs in with
// its IMEI and secret, may publish and subscribe only under irgas/dev/{imei}/, and whose readings are
// committed before their PUBACK.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus"

	"irgas/internal/apperr"
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
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, fmt.Errorf("the MQTT address %s is already in use (another broker?); choose another with --mqtt-addr or IRGAS_MQTT_ADDR (e.g. IRGAS_MQTT_ADDR=:1884), or turn the embedded broker off with IRGAS_MQTT_ADDR=off", addr)
		}
		return nil, fmt.Errorf("cannot listen on %s (set --mqtt-addr or IRGAS_MQTT_ADDR): %w", addr, err)
	}
	return ln, nil
}

// Commands is what the broker tells about devices listening for commands and hands their answers to.
type Commands interface {
	Connected(deviceID int64, imei string)
	Disconnected(deviceID int64)
	HandleAck(ctx context.Context, deviceID, companyID int64, payload []byte) error
}

// Broker is the embedded MQTT broker.
type Broker struct {
	srv  *mqtt.Server
	hook *deviceHook
}

// NewBroker makes a broker serving devices on ln.
func NewBroker(ln net.Listener, db *store.DB, w *ingest.Writer, reg prometheus.Registerer) (*Broker, error) {
	srv := mqtt.New(&mqtt.Options{InlineClient: true, Logger: slog.New(slog.DiscardHandler)})
	h := newDeviceHook(db, w, newMetrics(reg))
	if err := srv.AddHook(h, nil); err != nil {
		return nil, err
	}
	if err := srv.AddListener(listeners.NewNet("devices", ln)); err != nil {
		return nil, err
	}
	return &Broker{srv: srv, hook: h}, nil
}

// Attach hands commands the devices' subscriptions and answers; call it before Serve.
func (b *Broker) Attach(c Commands) { b.hook.cmds = c }

// PublishDown sends a command message to a device's down topic (QoS 1).
func (b *Broker) PublishDown(imei string, payload []byte) error {
	return b.srv.Publish(DownTopic(imei), payload, false, 1)
}

// Serve starts accepting devices; it returns at once.
func (b *Broker) Serve() error { return b.srv.Serve() }

// Close disconnects every device and stops.
func (b *Broker) Close() error { return b.srv.Close() }

// deviceHook authenticates devices, confines them to their topics and takes their readings in.
type deviceHook struct {
	mqtt.HookBase
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
	received prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "irgas_mqtt_messages_dropped_total",
			Help: "Device messages dropped, by reason."}, []string{"reason"}),
		received: prometheus.NewCounter(prometheus.CounterOpts{Name: "irgas_mqtt_messages_received_total",
			Help: "Device messages received."}),
	}
	if reg != nil {
		reg.MustRegister(m.dropped, m.received)
	}
	return m
}

func (h *deviceHook) ID() string { return "irgas-devices" }

func (h *deviceHook) Provides(b byte) bool {
	return b == mqtt.OnConnectAuthenticate || b == mqtt.OnACLCheck || b == mqtt.OnPublish || b == mqtt.OnDisconnect ||
		b == mqtt.OnSubscribed
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

func (h *deviceHook) OnDisconnect(cl *mqtt.Client, _ error, _ bool) {
	if v, ok := h.devices.LoadAndDelete(cl); ok && h.cmds != nil {
		h.cmds.Disconnected(v.(ingest.Device).ID)
	}
}

// OnACLCheck: a device publishes only to its up and ack topics and subscribes only to its down topic.
func (h *deviceHook) OnACLCheck(cl *mqtt.Client, topic string, write bool) bool {
	if cl.Net.Inline {
		return true
	}
	imei := string(cl.Properties.Username)
	if write {
		return topic == UpTopic(imei) || topic == AckTopic(imei)
	}
	return topic == DownTopic(imei)
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
