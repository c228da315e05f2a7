package simulate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/gateway"
)

const mqttTimeout = 10 * time.Second

// mqttLink is a device on the broker: signed in with its IMEI and secret, subscribed to its down topic,
// publishing readings and answers with QoS 1.
type mqttLink struct {
	cred   Credential
	client paho.Client
}

func newMQTTLink(broker string, c Credential, cmds chan<- Command) *mqttLink {
	l := &mqttLink{cred: c}
	opts := paho.NewClientOptions().AddBroker(broker).SetClientID("sim-" + c.IMEI).
		SetUsername(c.IMEI).SetPassword(c.Secret).
		SetConnectTimeout(mqttTimeout).SetAutoReconnect(false).SetCleanSession(true).
		SetKeepAlive(60 * time.Second).SetOrderMatters(false).
		SetOnConnectHandler(func(cl paho.Client) {
			// Subscribing is what tells the platform the device listens: it then sends what waited.
			cl.Subscribe(gateway.DownTopic(c.IMEI), 1, func(_ paho.Client, m paho.Message) {
				cmd, err := decodeCommand(m.Payload())
				if err != nil {
					slog.Debug("simulate: unreadable command", "imei", c.IMEI, "err", err)
					return
				}
				select {
				case cmds <- cmd:
				default: // the device is busy; the platform re-sends an unanswered command
				}
			})
		})
	l.client = paho.NewClient(opts)
	return l
}

func (l *mqttLink) wake(ctx context.Context) error {
	if l.client.IsConnectionOpen() {
		return nil
	}
	return wait(ctx, l.client.Connect())
}

func (l *mqttLink) send(ctx context.Context, msgs []Reading) ([]Command, error) {
	if err := l.publish(ctx, gateway.UpTopic(l.cred.IMEI), msgs); err != nil {
		return nil, err
	}
	return nil, nil
}

func (l *mqttLink) answer(ctx context.Context, a Answer) error {
	return l.publish(ctx, gateway.AckTopic(l.cred.IMEI), a)
}

func (l *mqttLink) publish(ctx context.Context, topic string, v any) error {
	payload, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := wait(ctx, l.client.Publish(topic, 1, false, payload)); err != nil {
		l.client.Disconnect(0) // reconnect at the next report
		return err
	}
	return nil
}

func (l *mqttLink) sleep() { l.client.Disconnect(50) }
func (l *mqttLink) close() { l.client.Disconnect(50) }

// wait waits for a paho token, the context or a time-out, whichever comes first.
func wait(ctx context.Context, tok paho.Token) error {
	select {
	case <-tok.Done():
		return tok.Error()
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(mqttTimeout):
		return errors.New("mqtt: no answer from the broker within " + fmt.Sprint(mqttTimeout))
	}
}
