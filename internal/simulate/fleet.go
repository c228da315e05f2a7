package simulate

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// Credential is what a device needs to sign in: its IMEI and its secret.
type Credential struct {
	IMEI   string `json:"imei"`
	Secret string `json:"secret"`
	// Report and Heartbeat (minutes) and Sleep, when set, override the fleet's options for this device.
	Report    int  `json:"report,omitempty"`
	Heartbeat int  `json:"heartbeat,omitempty"`
	Sleep     bool `json:"sleep,omitempty"`
}

// Options configure a fleet.
type Options struct {
	// Transport is "mqtt" (Broker) or "http" (URL).
	Transport string
	// Broker is the MQTT broker, e.g. tcp://127.0.0.1:1883; URL the platform, e.g. http://127.0.0.1:8080.
	Broker, URL string
	// Scale is how many device minutes pass per real minute: 30 makes a 5-minute report interval 10 seconds.
	Scale float64
	// Sleep makes devices behave like NB-IoT: wake, connect, report, take their commands, sleep.
	Sleep bool
	// Report and Heartbeat are the devices' intervals in minutes until the platform changes them.
	Report, Heartbeat int
	// LeakChance per report (0 keeps the default); FirstLeak, when set, makes the first device leak that
	// soon after the start, so a demo shows an alarm at once.
	LeakChance float64
	FirstLeak  time.Duration
	// WeakBattery starts the second device just under the low-battery line.
	WeakBattery bool
	// Seed makes the fleet reproducible.
	Seed uint64
}

// Stats counts what the fleet did.
type Stats struct {
	Sent, Failed, Answers, Calibrations atomic.Int64
}

// link is a device's connection to the platform, whatever the transport.
type link interface {
	// wake connects (a no-op for HTTP and for an MQTT device that stays connected).
	wake(ctx context.Context) error
	// send delivers messages and returns the commands the platform answered with (HTTP) or nil.
	send(ctx context.Context, msgs []Reading) ([]Command, error)
	answer(ctx context.Context, a Answer) error
	// sleep disconnects an NB-IoT device until its next report.
	sleep()
	close()
}

// Run drives one detector per credential until ctx ends. A device that cannot reach the platform retries at
// its next report; Run returns when every device has stopped.
func Run(ctx context.Context, creds []Credential, o Options, stats *Stats) error {
	if len(creds) == 0 {
		return errors.New("simulate: no devices")
	}
	if o.Transport != "mqtt" && o.Transport != "http" {
		return fmt.Errorf("simulate: transport must be mqtt or http, got %q", o.Transport)
	}
	if stats == nil {
		stats = &Stats{}
	}
	var wg sync.WaitGroup
	for i, c := range creds {
		det := NewDetector(c.IMEI, o.Seed+uint64(i)+1, cmp.Or(c.Report, o.Report), cmp.Or(c.Heartbeat, o.Heartbeat))
		if o.LeakChance > 0 {
			det.LeakChance = o.LeakChance
		}
		if o.WeakBattery && i == 1 {
			det.SetVoltage(338)
		}
		do := o
		do.Sleep = o.Sleep || c.Sleep
		wg.Add(1)
		go func() {
			defer wg.Done()
			runDevice(ctx, c, det, do, stats, i == 0)
		}()
	}
	wg.Wait()
	return nil
}

func runDevice(ctx context.Context, c Credential, det *Detector, o Options, stats *Stats, first bool) {
	cmds := make(chan Command, 16)
	var l link
	if o.Transport == "mqtt" {
		l = newMQTTLink(o.Broker, c, cmds)
	} else {
		l = newHTTPLink(o.URL, c)
	}
	defer l.close()

	// Devices do not all wake at once: a random start within one interval spreads the load.
	jitter := time.Duration(rand.Int64N(int64(det.ReportEvery(o.Scale)) + 1))
	leakAt := time.Time{}
	if first && o.FirstLeak > 0 {
		leakAt = time.Now().Add(o.FirstLeak)
		jitter = 0
	}
	timer := time.NewTimer(jitter)
	defer timer.Stop()
	var pending []Reading // calibrations to report with the next reading
	for {
		select {
		case <-ctx.Done():
			return
		case cmd := <-cmds:
			pending = append(pending, handle(ctx, l, det, cmd, stats)...)
			continue
		case <-timer.C:
		}
		now := time.Now()
		if !leakAt.IsZero() && now.After(leakAt) {
			det.StartLeak(60)
			leakAt = time.Time{}
		}
		msgs := append(pending, det.Next(now))
		if err := l.wake(ctx); err != nil {
			stats.Failed.Add(1)
			slog.Debug("simulate: device cannot connect", "imei", c.IMEI, "err", err)
		} else if answered, err := l.send(ctx, msgs); err != nil {
			stats.Failed.Add(1)
			slog.Debug("simulate: report failed", "imei", c.IMEI, "err", err)
		} else {
			stats.Sent.Add(int64(len(msgs)))
			pending = nil
			for _, cmd := range answered {
				pending = append(pending, handle(ctx, l, det, cmd, stats)...)
			}
			if o.Sleep {
				pending = append(pending, drain(ctx, l, det, cmds, stats)...)
				l.sleep()
			}
		}
		timer.Reset(det.ReportEvery(o.Scale))
	}
}

// drain takes the commands that arrive while a sleeping device is awake (the platform sends what waited
// as soon as the device subscribes).
func drain(ctx context.Context, l link, det *Detector, cmds <-chan Command, stats *Stats) []Reading {
	var out []Reading
	wait := time.NewTimer(500 * time.Millisecond)
	defer wait.Stop()
	for {
		select {
		case <-ctx.Done():
			return out
		case cmd := <-cmds:
			out = append(out, handle(ctx, l, det, cmd, stats)...)
		case <-wait.C:
			return out
		}
	}
}

func handle(ctx context.Context, l link, det *Detector, cmd Command, stats *Stats) []Reading {
	ans, cal := det.Handle(cmd, time.Now())
	if err := l.answer(ctx, ans); err != nil {
		slog.Debug("simulate: answer failed", "imei", det.IMEI, "command", cmd.ID, "err", err)
		return nil
	}
	stats.Answers.Add(1)
	if cal == nil {
		return nil
	}
	stats.Calibrations.Add(1)
	return []Reading{*cal}
}

// decodeCommand reads a down message.
func decodeCommand(payload []byte) (Command, error) {
	var c Command
	err := json.Unmarshal(payload, &c)
	return c, err
}
