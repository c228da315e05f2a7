// Package config reads the server's settings from flags and IRGAS_* environment variables; a flag wins
// over its variable, and every setting has a working default so that `irgas serve` needs none.
package config

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is every setting of `irgas serve` (other subcommands use the parts they need).
type Config struct {
	DatabaseURL     string
	HTTPAddr        string
	MQTTAddr        string
	AdminPassword   string
	SessionTTL      time.Duration
	TrustProxy      bool
	LogLevel        string
	LogFormat       string
	ShutdownTimeout time.Duration
	RetentionDays   int
	Footer          Footer
}

// Footer holds the console footer's texts, set at deployment.
type Footer struct {
	Copyright string `json:"copyright"`
	ICP       string `json:"icp"`
	ICPLink   string `json:"icpLink"`
	PSB       string `json:"psb"`
	PSBLink   string `json:"psbLink"`
}

// Setting documents one setting for --help and docs/configuration.md.
type Setting struct{ Flag, Env, Default, Help string }

// DatabaseFlags registers the database setting alone (for migrate and user).
func DatabaseFlags(fs *flag.FlagSet, c *Config) {
	str(fs, &c.DatabaseURL, "database-url", "IRGAS_DATABASE_URL", "sqlite:./data/irgas.db",
		"database: sqlite:PATH (embedded) or postgres://user@host/db")
	str(fs, &c.LogLevel, "log-level", "IRGAS_LOG_LEVEL", "info", "log level: debug, info, warn, error")
	str(fs, &c.LogFormat, "log-format", "IRGAS_LOG_FORMAT", "text", "log format: text or json")
}

// ServeFlags registers every setting of `irgas serve`.
func ServeFlags(fs *flag.FlagSet, c *Config) {
	DatabaseFlags(fs, c)
	str(fs, &c.HTTPAddr, "http-addr", "IRGAS_HTTP_ADDR", ":8080", "address of the HTTP API and console")
	str(fs, &c.MQTTAddr, "mqtt-addr", "IRGAS_MQTT_ADDR", ":1883", "address of the embedded MQTT broker for devices, or off")
	str(fs, &c.AdminPassword, "admin-password", "IRGAS_ADMIN_PASSWORD", "",
		"password of the first account admin, used only when the database has no user yet (generated and printed once if empty)")
	dur(fs, &c.SessionTTL, "session-ttl", "IRGAS_SESSION_TTL", 12*time.Hour, "a token expires after this long without use")
	boolean(fs, &c.TrustProxy, "trust-proxy", "IRGAS_TRUST_PROXY", false,
		"take the client address from X-Forwarded-For (only behind a proxy that sets it)")
	integer(fs, &c.RetentionDays, "retention-days", "IRGAS_RETENTION_DAYS", 0,
		"days readings and device logs are kept (0 keeps them forever)")
	dur(fs, &c.ShutdownTimeout, "shutdown-timeout", "IRGAS_SHUTDOWN_TIMEOUT", 30*time.Second,
		"how long SIGTERM waits for calls in flight")
	str(fs, &c.Footer.Copyright, "footer-copyright", "IRGAS_FOOTER_COPYRIGHT", "", "console footer: copyright text")
	str(fs, &c.Footer.ICP, "footer-icp", "IRGAS_FOOTER_ICP", "", "console footer: ICP filing number")
	str(fs, &c.Footer.ICPLink, "footer-icp-link", "IRGAS_FOOTER_ICP_LINK", "https://beian.miit.gov.cn/", "console footer: ICP filing link")
	str(fs, &c.Footer.PSB, "footer-psb", "IRGAS_FOOTER_PSB", "", "console footer: public-security filing text")
	str(fs, &c.Footer.PSBLink, "footer-psb-link", "IRGAS_FOOTER_PSB_LINK", "", "console footer: public-security filing link")
}

// envErrors collects variables that did not parse; Validate reports them.
var envErrors []error

func str(fs *flag.FlagSet, p *string, name, env, def, help string) {
	if v, ok := os.LookupEnv(env); ok {
		def = v
	}
	fs.StringVar(p, name, def, help+" ($"+env+")")
}

func dur(fs *flag.FlagSet, p *time.Duration, name, env string, def time.Duration, help string) {
	if v, ok := os.LookupEnv(env); ok {
		d, err := time.ParseDuration(v)
		if err != nil {
			envErrors = append(envErrors, fmt.Errorf("%s=%q is not a duration (e.g. 12h, 30m): %w", env, v, err))
		} else {
			def = d
		}
	}
	fs.DurationVar(p, name, def, help+" ($"+env+")")
}

func integer(fs *flag.FlagSet, p *int, name, env string, def int, help string) {
	if v, ok := os.LookupEnv(env); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			envErrors = append(envErrors, fmt.Errorf("%s=%q is not a whole number of 0 or more", env, v))
		} else {
			def = n
		}
	}
	fs.IntVar(p, name, def, help+" ($"+env+")")
}

func boolean(fs *flag.FlagSet, p *bool, name, env string, def bool, help string) {
	if v, ok := os.LookupEnv(env); ok {
		b, err := strconv.ParseBool(v)
		if err != nil {
			envErrors = append(envErrors, fmt.Errorf("%s=%q is not true or false", env, v))
		} else {
			def = b
		}
	}
	fs.BoolVar(p, name, def, help+" ($"+env+")")
}

// Validate reports settings that cannot work, naming the setting to change.
func (c *Config) Validate() error {
	if len(envErrors) > 0 {
		return envErrors[0]
	}
	if c.RetentionDays < 0 {
		return fmt.Errorf("--retention-days / IRGAS_RETENTION_DAYS must be 0 (keep forever) or more, got %d", c.RetentionDays)
	}
	if c.SessionTTL < time.Minute {
		return fmt.Errorf("--session-ttl / IRGAS_SESSION_TTL must be at least 1m, got %s", c.SessionTTL)
	}
	return nil
}

// MQTTEnabled reports whether the embedded broker runs.
func (c *Config) MQTTEnabled() bool { return c.MQTTAddr != "" && c.MQTTAddr != "off" }
