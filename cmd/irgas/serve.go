package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"

	"irgas/internal/config"
	"irgas/internal/gateway"
	"irgas/internal/server"
	"irgas/internal/store"
)

func serve(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	fs := newFlags("serve", "serve [flags]", stdout)
	config.ServeFlags(fs, &cfg)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	if err := setupLogging(cfg, os.Stderr); err != nil {
		return err
	}
	// Every port is taken before anything else starts: a taken one ends start-up naming its setting.
	ln, err := server.Listen(cfg.HTTPAddr)
	if err != nil {
		return err
	}
	var mqttLn, metricsLn net.Listener
	closeAll := func() {
		for _, l := range []net.Listener{ln, mqttLn, metricsLn} {
			if l != nil {
				l.Close()
			}
		}
	}
	if cfg.MQTTEnabled() {
		if mqttLn, err = gateway.Listen(cfg.MQTTAddr); err != nil {
			closeAll()
			return err
		}
	}
	if cfg.MetricsEnabled() {
		if metricsLn, err = server.ListenMetrics(cfg.MetricsAddr); err != nil {
			closeAll()
			return err
		}
	}
	srv, err := server.New(ctx, cfg, mqttLn)
	if err != nil {
		closeAll()
		if ctx.Err() != nil {
			return nil // a stop signal during start-up is a stop, not a failure
		}
		return err
	}
	if metricsLn != nil {
		go srv.ServeMetrics(ctx, metricsLn)
	}
	return srv.Run(ctx, ln)
}

func migrate(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	fs := newFlags("migrate", "migrate [flags]", stdout)
	config.DatabaseFlags(fs, &cfg)
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintln(stdout, "the database is up to date")
	}
	for _, m := range applied {
		fmt.Fprintln(stdout, "applied", m)
	}
	return nil
}
