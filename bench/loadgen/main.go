// Command loadgen is the ingestion benchmark's device fleet, in a process of its own so that the server's
// figures are not the clients' too: each of N devices connects to the broker and publishes its readings at
// QoS 1, one message at a time, waiting for each PUBACK. It prints what it sent, how long it took and how
// much CPU it used, as JSON.
//
// The devices share the server's machine, so what they cost is taken from the server. By default each is a
// lean MQTT 3.1.1 client, as a detector's firmware is: one connection, packets encoded by the broker
// library's own codec (mochi-mqtt's packets), no goroutines of its own. -client paho uses the full
// Eclipse Paho client instead, which costs the machine about twice as much per message.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/mochi-mqtt/server/v2/packets"
)

// device is one detector's connection: connect, then publish and wait for the PUBACK.
type device interface {
	publish(topic, payload string) error
	close()
}

func main() {
	broker := flag.String("broker", "tcp://127.0.0.1:1883", "MQTT broker")
	imeis := flag.String("imeis", "", "comma-separated IMEIs; the password of each is s-<IMEI>")
	per := flag.Int("per", 30, "readings each device sends")
	base := flag.Int64("base", 0, "timestamp (epoch ms) of the first reading")
	client := flag.String("client", "lean", "lean (a firmware-like MQTT 3.1.1 client) or paho")
	flag.Parse()
	names := strings.Split(*imeis, ",")
	devices := make([]device, len(names))
	for i, imei := range names {
		var err error
		switch *client {
		case "lean":
			devices[i], err = dialLean(*broker, imei)
		case "paho":
			devices[i], err = dialPaho(*broker, imei)
		default:
			err = fmt.Errorf("unknown -client %q", *client)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "connect:", err)
			os.Exit(1)
		}
	}
	var sent, failed atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for i, d := range devices {
		wg.Add(1)
		go func() {
			defer wg.Done()
			topic := "irgas/dev/" + names[i] + "/up"
			for k := range *per {
				// Background noise of 0–4.9 %LEL; one device in a hundred leaks through both thresholds.
				ch4 := float64((i*7+k)%50) / 10
				if i%100 == 0 {
					ch4 = float64(k * 2)
				}
				payload := fmt.Sprintf(`{"ts":%d,"ch4":%.1f,"voltage":360,"signal":20}`, *base+int64(k)*1000, ch4)
				if err := d.publish(topic, payload); err != nil {
					fmt.Fprintln(os.Stderr, "publish:", err)
					failed.Add(1)
					return
				}
				sent.Add(1)
			}
		}()
	}
	wg.Wait()
	took := time.Since(start).Seconds()
	for _, d := range devices {
		d.close()
	}
	_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"sent": sent.Load(), "failed": failed.Load(), "seconds": took})
}

// lean is a minimal MQTT 3.1.1 device: one TCP connection, one message in flight.
type lean struct {
	conn net.Conn
	r    *bufio.Reader
	id   uint16
	buf  bytes.Buffer
}

func dialLean(broker, imei string) (*lean, error) {
	u, err := url.Parse(broker)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 30*time.Second)
	if err != nil {
		return nil, err
	}
	d := &lean{conn: conn, r: bufio.NewReaderSize(conn, 64)}
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}, ProtocolVersion: 4,
		Connect: packets.ConnectParams{ProtocolName: []byte("MQTT"), Clean: true, Keepalive: 60, ClientIdentifier: imei,
			UsernameFlag: true, Username: []byte(imei), PasswordFlag: true, Password: []byte("s-" + imei)}}
	if err := pk.ConnectEncode(&d.buf); err != nil {
		return nil, err
	}
	if _, err := conn.Write(d.buf.Bytes()); err != nil {
		return nil, err
	}
	// CONNACK: type 2, remaining length 2, session present, return code.
	ack, err := d.read4()
	if err != nil {
		return nil, err
	}
	if ack[0]>>4 != packets.Connack || ack[3] != 0 {
		conn.Close()
		return nil, fmt.Errorf("%s refused: CONNACK % x", imei, ack)
	}
	return d, nil
}

// read4 reads a four-byte packet (CONNACK and PUBACK of MQTT 3.1.1 are).
func (d *lean) read4() ([4]byte, error) {
	var b [4]byte
	_ = d.conn.SetReadDeadline(time.Now().Add(60 * time.Second))
	_, err := io.ReadFull(d.r, b[:])
	return b, err
}

func (d *lean) publish(topic, payload string) error {
	d.id++
	if d.id == 0 {
		d.id = 1
	}
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1}, ProtocolVersion: 4,
		TopicName: topic, PacketID: d.id, Payload: []byte(payload)}
	d.buf.Reset()
	if err := pk.PublishEncode(&d.buf); err != nil {
		return err
	}
	if _, err := d.conn.Write(d.buf.Bytes()); err != nil {
		return err
	}
	ack, err := d.read4()
	if err != nil {
		return err
	}
	if ack[0]>>4 != packets.Puback || uint16(ack[2])<<8|uint16(ack[3]) != d.id {
		return fmt.Errorf("unexpected answer to a publish: % x", ack)
	}
	return nil
}

func (d *lean) close() {
	_, _ = d.conn.Write([]byte{packets.Disconnect << 4, 0})
	d.conn.Close()
}

type pahoDevice struct{ c paho.Client }

func dialPaho(broker, imei string) (*pahoDevice, error) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(broker).SetClientID(imei).SetUsername(imei).
		SetPassword("s-" + imei).SetAutoReconnect(false))
	if tok := c.Connect(); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
		return nil, fmt.Errorf("%s: %v", imei, tok.Error())
	}
	return &pahoDevice{c}, nil
}

func (d *pahoDevice) publish(topic, payload string) error {
	tok := d.c.Publish(topic, 1, false, payload)
	if !tok.WaitTimeout(60 * time.Second) {
		return errors.New("no PUBACK within a minute")
	}
	return tok.Error()
}

func (d *pahoDevice) close() { d.c.Disconnect(0) }
