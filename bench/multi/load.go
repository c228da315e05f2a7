package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// fleet is the devices: one Paho client each, connected to the broker as the detectors would be (the broker
// lets them in anonymously; in a deployment it checks their accounts).
type fleet struct {
	imeis   []string
	ids     []int64 // device ids in the database, by index
	clients []paho.Client
	lastTS  []int64 // the newest timestamp each device has sent
	alarms  bool
}

func (f *fleet) connect(broker string) error {
	f.clients = make([]paho.Client, len(f.imeis))
	errs := make(chan error, len(f.imeis))
	sem := make(chan struct{}, 50)
	var wg sync.WaitGroup
	for i, imei := range f.imeis {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			o := paho.NewClientOptions().AddBroker(broker).SetClientID("dev-" + imei).SetCleanSession(true).
				SetAutoReconnect(false).SetConnectRetry(false).SetConnectTimeout(10 * time.Second).
				SetKeepAlive(60 * time.Second).SetWriteTimeout(30 * time.Second)
			c := paho.NewClient(o)
			tok := c.Connect()
			if !tok.WaitTimeout(15*time.Second) || tok.Error() != nil {
				errs <- fmt.Errorf("device %s: connect: %v", imei, tok.Error())
				return
			}
			f.clients[i] = c
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func (f *fleet) disconnect() {
	var wg sync.WaitGroup
	for i, c := range f.clients {
		if c == nil {
			continue
		}
		wg.Add(1)
		go func() { defer wg.Done(); c.Disconnect(250) }()
		f.clients[i] = nil
	}
	wg.Wait()
}

// acked is one message the broker acknowledged.
type acked struct {
	device int // index in the fleet
	ts     int64
}

// loadResult is what a publishing run did.
type loadResult struct {
	published, failed int64
	acks              []acked
	first, last       time.Time // first publish, last publish call
	lastAck           time.Time
}

// publish sends rate messages a second for d, spread round-robin over the devices, each a QoS 1 reading
// with a timestamp of its own (the clock, or one millisecond past the device's previous one), and records
// every message the broker acknowledges. It returns once every message is acknowledged or failed (or
// ackWait after the last publish), or early when ctx ends.
func (f *fleet) publish(ctx context.Context, rate float64, d, ackWait time.Duration) loadResult {
	total := int64(rate * d.Seconds())
	var res loadResult
	var mu sync.Mutex
	var failed atomic.Int64
	var wg sync.WaitGroup
	n := len(f.imeis)
	topics := make([]string, n)
	for i, imei := range f.imeis {
		topics[i] = "irgas/dev/" + imei + "/up"
	}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	var issued int64
	res.first = time.Now()
	for issued < total {
		due := min(total, int64(rate*time.Since(res.first).Seconds())+1)
		for ; issued < due; issued++ {
			i := int(issued % int64(n))
			ts := max(time.Now().UnixMilli(), f.lastTS[i]+1)
			f.lastTS[i] = ts
			// Background noise of 0–4.9 %LEL, under any threshold; with -alarms one device in a hundred leaks.
			ch4 := float64((i*7+int(issued/int64(n)))%50) / 10
			if f.alarms && i%100 == 0 {
				ch4 = 60
			}
			payload := fmt.Sprintf(`{"ts":%d,"ch4":%.1f,"voltage":360,"signal":20}`, ts, ch4)
			tok := f.clients[i].Publish(topics[i], 1, false, payload)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !tok.WaitTimeout(ackWait) || tok.Error() != nil {
					failed.Add(1)
					return
				}
				now := time.Now()
				mu.Lock()
				res.acks = append(res.acks, acked{device: i, ts: ts})
				if now.After(res.lastAck) {
					res.lastAck = now
				}
				mu.Unlock()
			}()
		}
		if issued < total {
			select {
			case <-tick.C:
			case <-ctx.Done():
				total = issued
			}
		}
	}
	res.last = time.Now()
	wg.Wait()
	res.published = issued
	res.failed = failed.Load()
	return res
}
