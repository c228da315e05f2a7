package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"irgas/internal/config"
	"irgas/internal/demo"
	"irgas/internal/simulate"
	"irgas/internal/store"
)

// simulateCmd provisions simulated detectors in the demo company of the server's database, then drives them
// against the running server until interrupted.
func simulateCmd(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	var o simulate.Options
	var count int
	fs := newFlags("simulate", "simulate [flags]", stdout)
	config.DatabaseFlags(fs, &cfg)
	fs.IntVar(&count, "devices", 20, "how many detectors to simulate (created in the demo company on first use)")
	fs.StringVar(&o.Transport, "transport", "mqtt", "mqtt or http")
	fs.StringVar(&o.Broker, "broker", "tcp://127.0.0.1:1883", "MQTT broker the detectors connect to")
	fs.StringVar(&o.URL, "url", "http://127.0.0.1:8080", "the platform, for --transport http")
	fs.Float64Var(&o.Scale, "scale", 1, "device minutes per real minute: 60 makes a 5-minute report interval 5 seconds")
	fs.BoolVar(&o.Sleep, "sleep", false, "sleep between reports like NB-IoT detectors (disconnect, wake, take commands)")
	fs.IntVar(&o.Report, "report", 5, "report interval in minutes until the platform changes it")
	fs.Float64Var(&o.LeakChance, "leak-chance", 0.002, "chance per report that a leak starts")
	fs.DurationVar(&o.FirstLeak, "first-leak", 0, "make the first detector leak this soon after the start (e.g. 10s)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := setupLogging(cfg, os.Stderr); err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	fleet, err := demo.Seed(ctx, db, demo.Options{Count: count, IMEIPrefix: demo.SimulatePrefix})
	db.Close()
	if err != nil {
		return err
	}
	for i := range fleet.Devices { // the command line's intervals win over the types' defaults
		fleet.Devices[i].Report, fleet.Devices[i].Heartbeat = 0, 0
	}
	o.Heartbeat = o.Report
	o.Seed = uint64(time.Now().UnixNano())
	fmt.Fprintf(stdout, "simulating %d detectors of %s over %s; stop with Ctrl-C\n", count, demo.CompanyName, o.Transport)
	stats := &simulate.Stats{}
	go report(ctx, stats)
	return simulate.Run(ctx, fleet.Devices, o, stats)
}

// report logs what the fleet did every 10 seconds.
func report(ctx context.Context, s *simulate.Stats) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			slog.Info("simulate", "sent", s.Sent.Load(), "failed", s.Failed.Load(), "answers", s.Answers.Load(),
				"calibrations", s.Calibrations.Load())
		}
	}
}
