// Command irgas is the Infrared Gas Detection Platform: `irgas serve` runs the API, the console and the
// background work; `irgas migrate` and `irgas user` are operator tools;
// `irgas openapi` prints the API's contract.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"irgas/internal/config"
)

type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdout io.Writer) error
}

var commands = []command{
	{"serve", "run the platform: HTTP API under /api, the console at /, background jobs", serve},
	{"migrate", "apply the database migrations and exit", migrate},
	{"user", "manage accounts from the shell (reset-password, create)", user},
	{"simulate", "drive simulated detectors against a running server (MQTT or HTTP)", simulateCmd},
	{"openapi", "print the API's OpenAPI 3 document (the console's types are generated from it)", openAPICmd},
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "irgas — Infrared Gas Detection Platform (红外气体检测平台)")
	fmt.Fprintln(w, "\nUsage: irgas <command> [flags]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun `irgas <command> --help` for a command's flags. Every flag can also be set with its IRGAS_* variable.")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err := c.run(ctx, args[1:], stdout)
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if err != nil {
			fmt.Fprintf(stderr, "irgas %s: %v\n", c.name, err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(stderr, "irgas: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

// newFlags makes a flag set whose --help prints the command's usage.
func newFlags(name, synopsis string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("irgas "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintf(out, "Usage: irgas %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

func setupLogging(cfg config.Config, w io.Writer) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return fmt.Errorf("--log-level / IRGAS_LOG_LEVEL: %w", err)
	}
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	switch strings.ToLower(cfg.LogFormat) {
	case "json":
		h = slog.NewJSONHandler(w, opts)
	case "text", "":
		h = slog.NewTextHandler(w, opts)
	default:
		return fmt.Errorf("--log-format / IRGAS_LOG_FORMAT must be text or json, got %q", cfg.LogFormat)
	}
	slog.SetDefault(slog.New(h))
	return nil
}
