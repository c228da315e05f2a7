// Package config reads the server's settings from flags and IRGAS_* environment variables; a flag wins
// over its variable, and every setting has a working default so that `irgas serve` needs none.
package config

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// DefaultSignInRate lets an office behind one address sign many people in at the start of a shift, and
// stops a flood of password checks (argon2, tens of milliseconds of CPU each) or of captchas and keys.
const DefaultSignInRate = 300

// Config is every setting of `irgas serve` (other subcommands use the parts they need).
type Config struct {
	DatabaseURL string
	HTTPAddr    string
	// MetricsAddr is where /metrics is served, apart from the public HTTP address ("off": nowhere).
	MetricsAddr string
	MQTTAddr    string
	// MQTTSessionExpiry bounds how long the embedded broker keeps a disconnected device's session.
	MQTTSessionExpiry time.Duration
	// MQTTBroker, when set, replaces the embedded broker with an external one (see docs/configuration.md).
	MQTTBroker, MQTTBrokerUsername, MQTTBrokerPassword, MQTTShareGroup, MQTTClientID string
	// MQTTHookToken, when set, turns on the HTTP authentication and authorization hooks an external broker
	// (EMQX) calls, with this bearer token.
	MQTTHookToken string
	// MQTTDynsec has the platform keep the external Mosquitto's device accounts through its dynamic
	// security plugin (the platform's broker account is the plugin's administrator).
	MQTTDynsec    bool
	AdminPassword string
	SessionTTL    time.Duration
	TrustProxy    bool
	// SignInRate is how many sign-in calls (captcha, login key, login) one client address may make a minute
	// (0: no limit).
	SignInRate      int
	LogLevel        string
	LogFormat       string
	ShutdownTimeout time.Duration
	// QueryTimeout bounds a call and its queries; ExportTimeout a call that streams a file (exports, imports).
	QueryTimeout time.Duration
	// BodyTimeout bounds the time a request has to send its body (uploads get UploadBodyFactor times it).
	BodyTimeout   time.Duration
	ExportTimeout time.Duration
	RetentionDays int
	Footer        Footer
	// Demo seeds a demo company with DemoDevices detectors and runs the simulator inside the server.
	Demo        bool
	DemoDevices int
	// SMS configures the alarm notifications (docs/notifications.md).
	SMS SMS
}

// SMS is the notification settings: the provider, the templates and the limits.
type SMS struct {
	Provider     string // log, webhook, aliyun, tencent
	TimeZone     string // for quiet hours and the daily cap
	TemplateZH   string
	TemplateEN   string
	Throttle     time.Duration // one SMS per device, alarm kind and phone within this window
	DailyCap     int           // messages per company and local day (0: no cap)
	RemindAfter  time.Duration // an unacknowledged alarm is sent again after this long (0: never)
	Reminders    int           // reminders per alarm at most
	MaxAttempts  int           // sending attempts before a message is failed
	RetryBase    time.Duration // the first retry waits this long, each next one twice as long
	PollInterval time.Duration
	Webhook      struct{ URL, Secret string }
	Aliyun       struct{ AccessKeyID, AccessKeySecret, SignName, TemplateCode, Endpoint, RegionID string }
	Tencent      struct{ SecretID, SecretKey, SDKAppID, SignName, TemplateID, Region, Endpoint string }
}

// Default notification templates; {event} {device} {address} {alarm} {value} {time} are filled in.
const (
	DefaultSMSTemplateZH = "【红外气体检测平台】{event}：{device}（{address}）{alarm}，数值 {value}，时间 {time}。"
	DefaultSMSTemplateEN = "[Infrared Gas Detection] {event}: {device} ({address}) {alarm}, value {value}, at {time}."
)

// DefaultSMS is the notification settings' defaults (tests start from it).
func DefaultSMS() SMS {
	s := SMS{Provider: "log", TimeZone: "Asia/Shanghai", TemplateZH: DefaultSMSTemplateZH, TemplateEN: DefaultSMSTemplateEN,
		Throttle: 10 * time.Minute, DailyCap: 500, RemindAfter: 15 * time.Minute, Reminders: 3, MaxAttempts: 5,
		RetryBase: 30 * time.Second, PollInterval: 2 * time.Second}
	s.Aliyun.Endpoint, s.Aliyun.RegionID = "https://dysmsapi.aliyuncs.com", "cn-hangzhou"
	s.Tencent.Endpoint, s.Tencent.Region = "https://sms.tencentcloudapi.com", "ap-guangzhou"
	return s
}

// SMSFlags registers the notification settings.
func SMSFlags(fs *flag.FlagSet, s *SMS) {
	d := DefaultSMS()
	str(fs, &s.Provider, "sms-provider", "IRGAS_SMS_PROVIDER", d.Provider, "SMS provider: log (record only), webhook, aliyun, tencent")
	str(fs, &s.TimeZone, "sms-time-zone", "IRGAS_SMS_TIME_ZONE", d.TimeZone, "time zone of quiet hours and of the daily SMS cap")
	str(fs, &s.TemplateZH, "sms-template-zh", "IRGAS_SMS_TEMPLATE_ZH", d.TemplateZH,
		"zh-CN message template: {event} {device} {address} {alarm} {value} {time}")
	str(fs, &s.TemplateEN, "sms-template-en", "IRGAS_SMS_TEMPLATE_EN", d.TemplateEN, "en message template, same placeholders")
	dur(fs, &s.Throttle, "sms-throttle", "IRGAS_SMS_THROTTLE", d.Throttle, "at most one SMS per device, alarm kind and phone within this window")
	integer(fs, &s.DailyCap, "sms-daily-cap", "IRGAS_SMS_DAILY_CAP", d.DailyCap, "SMS per company and day at most (0: no cap)")
	dur(fs, &s.RemindAfter, "sms-remind-after", "IRGAS_SMS_REMIND_AFTER", d.RemindAfter,
		"an unacknowledged alarm is sent again, and escalated, after this long (0: no reminders)")
	integer(fs, &s.Reminders, "sms-reminders", "IRGAS_SMS_REMINDERS", d.Reminders, "reminders per alarm at most")
	integer(fs, &s.MaxAttempts, "sms-max-attempts", "IRGAS_SMS_MAX_ATTEMPTS", d.MaxAttempts, "sending attempts per message before it is failed")
	dur(fs, &s.RetryBase, "sms-retry-base", "IRGAS_SMS_RETRY_BASE", d.RetryBase, "wait before the first retry, doubled for each next one")
	dur(fs, &s.PollInterval, "sms-poll-interval", "IRGAS_SMS_POLL_INTERVAL", d.PollInterval, "how often the notifier looks for work")
	str(fs, &s.Webhook.URL, "sms-webhook-url", "IRGAS_SMS_WEBHOOK_URL", "", "webhook provider: the URL messages are POSTed to")
	str(fs, &s.Webhook.Secret, "sms-webhook-secret", "IRGAS_SMS_WEBHOOK_SECRET", "", "webhook provider: the HMAC-SHA256 key")
	str(fs, &s.Aliyun.AccessKeyID, "sms-aliyun-access-key-id", "IRGAS_SMS_ALIYUN_ACCESS_KEY_ID", "", "Alibaba Cloud SMS: AccessKey ID")
	str(fs, &s.Aliyun.AccessKeySecret, "sms-aliyun-access-key-secret", "IRGAS_SMS_ALIYUN_ACCESS_KEY_SECRET", "", "Alibaba Cloud SMS: AccessKey secret")
	str(fs, &s.Aliyun.SignName, "sms-aliyun-sign-name", "IRGAS_SMS_ALIYUN_SIGN_NAME", "", "Alibaba Cloud SMS: signature name")
	str(fs, &s.Aliyun.TemplateCode, "sms-aliyun-template-code", "IRGAS_SMS_ALIYUN_TEMPLATE_CODE", "", "Alibaba Cloud SMS: template code")
	str(fs, &s.Aliyun.Endpoint, "sms-aliyun-endpoint", "IRGAS_SMS_ALIYUN_ENDPOINT", d.Aliyun.Endpoint, "Alibaba Cloud SMS: endpoint")
	str(fs, &s.Aliyun.RegionID, "sms-aliyun-region", "IRGAS_SMS_ALIYUN_REGION", d.Aliyun.RegionID, "Alibaba Cloud SMS: RegionId")
	str(fs, &s.Tencent.SecretID, "sms-tencent-secret-id", "IRGAS_SMS_TENCENT_SECRET_ID", "", "Tencent Cloud SMS: SecretId")
	str(fs, &s.Tencent.SecretKey, "sms-tencent-secret-key", "IRGAS_SMS_TENCENT_SECRET_KEY", "", "Tencent Cloud SMS: SecretKey")
	str(fs, &s.Tencent.SDKAppID, "sms-tencent-sdk-app-id", "IRGAS_SMS_TENCENT_SDK_APP_ID", "", "Tencent Cloud SMS: SmsSdkAppId")
	str(fs, &s.Tencent.SignName, "sms-tencent-sign-name", "IRGAS_SMS_TENCENT_SIGN_NAME", "", "Tencent Cloud SMS: signature name")
	str(fs, &s.Tencent.TemplateID, "sms-tencent-template-id", "IRGAS_SMS_TENCENT_TEMPLATE_ID", "", "Tencent Cloud SMS: template id")
	str(fs, &s.Tencent.Region, "sms-tencent-region", "IRGAS_SMS_TENCENT_REGION", d.Tencent.Region, "Tencent Cloud SMS: region")
	str(fs, &s.Tencent.Endpoint, "sms-tencent-endpoint", "IRGAS_SMS_TENCENT_ENDPOINT", d.Tencent.Endpoint, "Tencent Cloud SMS: endpoint")
}

// Validate reports notification settings that cannot work.
func (s *SMS) Validate() error {
	if _, err := time.LoadLocation(s.TimeZone); err != nil {
		return fmt.Errorf("--sms-time-zone / IRGAS_SMS_TIME_ZONE must be a time zone such as Asia/Shanghai, got %q", s.TimeZone)
	}
	if strings.TrimSpace(s.TemplateZH) == "" || strings.TrimSpace(s.TemplateEN) == "" {
		return errors.New("--sms-template-zh and --sms-template-en (IRGAS_SMS_TEMPLATE_ZH, IRGAS_SMS_TEMPLATE_EN) must not be empty")
	}
	if s.Throttle < 0 || s.RemindAfter < 0 || s.RetryBase < time.Second || s.PollInterval < 10*time.Millisecond {
		return fmt.Errorf("IRGAS_SMS_THROTTLE and IRGAS_SMS_REMIND_AFTER must be 0 or more, IRGAS_SMS_RETRY_BASE at least 1s and IRGAS_SMS_POLL_INTERVAL at least 10ms")
	}
	if s.MaxAttempts < 1 || s.MaxAttempts > 20 {
		return fmt.Errorf("--sms-max-attempts / IRGAS_SMS_MAX_ATTEMPTS must be 1 to 20, got %d", s.MaxAttempts)
	}
	missing := func(provider string, pairs ...string) error {
		var names []string
		for i := 0; i < len(pairs); i += 2 {
			if pairs[i+1] == "" {
				names = append(names, pairs[i])
			}
		}
		if len(names) > 0 {
			return fmt.Errorf("IRGAS_SMS_PROVIDER=%s needs %s", provider, strings.Join(names, ", "))
		}
		return nil
	}
	switch s.Provider {
	case "log":
		return nil
	case "webhook":
		if !strings.HasPrefix(s.Webhook.URL, "http://") && !strings.HasPrefix(s.Webhook.URL, "https://") {
			return fmt.Errorf("IRGAS_SMS_WEBHOOK_URL must be an http(s) URL, got %q", s.Webhook.URL)
		}
		return missing("webhook", "IRGAS_SMS_WEBHOOK_SECRET", s.Webhook.Secret)
	case "aliyun":
		return missing("aliyun", "IRGAS_SMS_ALIYUN_ACCESS_KEY_ID", s.Aliyun.AccessKeyID, "IRGAS_SMS_ALIYUN_ACCESS_KEY_SECRET",
			s.Aliyun.AccessKeySecret, "IRGAS_SMS_ALIYUN_SIGN_NAME", s.Aliyun.SignName, "IRGAS_SMS_ALIYUN_TEMPLATE_CODE", s.Aliyun.TemplateCode)
	case "tencent":
		return missing("tencent", "IRGAS_SMS_TENCENT_SECRET_ID", s.Tencent.SecretID, "IRGAS_SMS_TENCENT_SECRET_KEY", s.Tencent.SecretKey,
			"IRGAS_SMS_TENCENT_SDK_APP_ID", s.Tencent.SDKAppID, "IRGAS_SMS_TENCENT_SIGN_NAME", s.Tencent.SignName,
			"IRGAS_SMS_TENCENT_TEMPLATE_ID", s.Tencent.TemplateID)
	default:
		return fmt.Errorf("--sms-provider / IRGAS_SMS_PROVIDER must be log, webhook, aliyun or tencent, got %q", s.Provider)
	}
}

// Footer holds the console footer's texts, set at deployment.
type Footer struct {
	Copyright string `json:"copyright"`
	ICP       string `json:"icp"`
	ICPLink   string `json:"icpLink"`
	PSB       string `json:"psb"`
	PSBLink   string `json:"psbLink"`
}

// Defaults of the time limits (also used when a Config leaves them zero, as tests do).
const (
	DefaultQueryTimeout  = 30 * time.Second
	DefaultExportTimeout = 10 * time.Minute
	DefaultBodyTimeout   = 20 * time.Second
	// UploadBodyFactor: a file upload (an import, an image) may take this many times the body time limit.
	UploadBodyFactor = 6
)

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
	str(fs, &c.MetricsAddr, "metrics-addr", "IRGAS_METRICS_ADDR", DefaultMetricsAddr,
		"address of the Prometheus /metrics listener, never the public HTTP address; off turns it off")
	str(fs, &c.MQTTAddr, "mqtt-addr", "IRGAS_MQTT_ADDR", ":1883", "address of the embedded MQTT broker for devices, or off")
	dur(fs, &c.MQTTSessionExpiry, "mqtt-session-expiry", "IRGAS_MQTT_SESSION_EXPIRY", 14*24*time.Hour,
		"how long the embedded broker keeps a disconnected device's session (longer than the devices' longest sleep)")
	str(fs, &c.MQTTBroker, "mqtt-broker", "IRGAS_MQTT_BROKER", "",
		"an external MQTT broker (tcp://host:1883, ssl://host:8883) to take device messages from instead of the embedded one")
	str(fs, &c.MQTTBrokerUsername, "mqtt-broker-username", "IRGAS_MQTT_BROKER_USERNAME", "", "the platform's user name at the external broker")
	str(fs, &c.MQTTBrokerPassword, "mqtt-broker-password", "IRGAS_MQTT_BROKER_PASSWORD", "", "the platform's password at the external broker")
	str(fs, &c.MQTTHookToken, "mqtt-hook-token", "IRGAS_MQTT_HOOK_TOKEN", "",
		"bearer token of the HTTP authentication and authorization hooks an external broker (EMQX) calls; empty turns them off")
	boolean(fs, &c.MQTTDynsec, "mqtt-dynsec", "IRGAS_MQTT_DYNSEC", false,
		"keep the external Mosquitto's device accounts (its dynamic security plugin; the platform's broker account must be its administrator)")
	str(fs, &c.MQTTShareGroup, "mqtt-share-group", "IRGAS_MQTT_SHARE_GROUP", "irgas",
		"shared-subscription group: the instances in one group split the devices' messages")
	str(fs, &c.MQTTClientID, "mqtt-client-id", "IRGAS_MQTT_CLIENT_ID", "",
		"this instance's client id at the external broker, stable and unique per instance (default irgas-<host>-<http port>)")
	str(fs, &c.AdminPassword, "admin-password", "IRGAS_ADMIN_PASSWORD", "",
		"password of the first account admin, used only when the database has no user yet (generated and printed once if empty)")
	dur(fs, &c.SessionTTL, "session-ttl", "IRGAS_SESSION_TTL", 12*time.Hour, "a token expires after this long without use")
	boolean(fs, &c.TrustProxy, "trust-proxy", "IRGAS_TRUST_PROXY", false,
		"take the client address from X-Forwarded-For (only behind a proxy that sets it)")
	integer(fs, &c.SignInRate, "signin-rate", "IRGAS_SIGNIN_RATE", DefaultSignInRate,
		"sign-in calls (captcha, login key, login) one client address may make a minute; 0 turns the limit off")
	integer(fs, &c.RetentionDays, "retention-days", "IRGAS_RETENTION_DAYS", 0,
		"days readings and device logs are kept (0 keeps them forever)")
	dur(fs, &c.ShutdownTimeout, "shutdown-timeout", "IRGAS_SHUTDOWN_TIMEOUT", 30*time.Second,
		"how long SIGTERM waits for calls in flight")
	boolean(fs, &c.Demo, "demo", "IRGAS_DEMO", false,
		"seed a demo company, device types and detectors, and run simulated detectors inside the server")
	integer(fs, &c.DemoDevices, "demo-devices", "IRGAS_DEMO_DEVICES", 24, "how many detectors --demo simulates")
	dur(fs, &c.QueryTimeout, "query-timeout", "IRGAS_QUERY_TIMEOUT", DefaultQueryTimeout,
		"a call and its database queries are cancelled after this long (503)")
	dur(fs, &c.ExportTimeout, "export-timeout", "IRGAS_EXPORT_TIMEOUT", DefaultExportTimeout,
		"the same for calls that stream a file: exports and imports")
	dur(fs, &c.BodyTimeout, "body-timeout", "IRGAS_BODY_TIMEOUT", DefaultBodyTimeout,
		"a request must have sent its body within this long (408); file uploads get six times as long")
	str(fs, &c.Footer.Copyright, "footer-copyright", "IRGAS_FOOTER_COPYRIGHT", "", "console footer: copyright text")
	str(fs, &c.Footer.ICP, "footer-icp", "IRGAS_FOOTER_ICP", "", "console footer: ICP filing number")
	str(fs, &c.Footer.ICPLink, "footer-icp-link", "IRGAS_FOOTER_ICP_LINK", "https://beian.miit.gov.cn/", "console footer: ICP filing link")
	str(fs, &c.Footer.PSB, "footer-psb", "IRGAS_FOOTER_PSB", "", "console footer: public-security filing text")
	str(fs, &c.Footer.PSBLink, "footer-psb-link", "IRGAS_FOOTER_PSB_LINK", "", "console footer: public-security filing link")
	SMSFlags(fs, &c.SMS)
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
	if c.QueryTimeout < time.Second || c.ExportTimeout < c.QueryTimeout {
		return fmt.Errorf("--query-timeout / IRGAS_QUERY_TIMEOUT must be at least 1s and --export-timeout / IRGAS_EXPORT_TIMEOUT at least as long, got %s and %s",
			c.QueryTimeout, c.ExportTimeout)
	}
	if c.MQTTBroker != "" && !strings.Contains(c.MQTTBroker, "://") {
		return fmt.Errorf("--mqtt-broker / IRGAS_MQTT_BROKER must be a URL such as tcp://127.0.0.1:1883, got %q", c.MQTTBroker)
	}
	if c.MQTTDynsec && (c.MQTTBroker == "" || c.MQTTBrokerUsername == "") {
		return errors.New("--mqtt-dynsec / IRGAS_MQTT_DYNSEC needs an external broker (IRGAS_MQTT_BROKER) and the plugin administrator's account (IRGAS_MQTT_BROKER_USERNAME, IRGAS_MQTT_BROKER_PASSWORD)")
	}
	if c.MQTTBroker != "" && (c.MQTTShareGroup == "" || strings.ContainsAny(c.MQTTShareGroup, "/+#")) {
		return fmt.Errorf("--mqtt-share-group / IRGAS_MQTT_SHARE_GROUP must be a name without / + #, got %q", c.MQTTShareGroup)
	}
	if err := c.SMS.Validate(); err != nil {
		return err
	}
	if c.Demo && (c.DemoDevices < 2 || c.DemoDevices > 10000) {
		return fmt.Errorf("--demo-devices / IRGAS_DEMO_DEVICES must be 2 to 10000, got %d", c.DemoDevices)
	}
	return nil
}

// DefaultMetricsAddr serves /metrics to this machine only: a scraper elsewhere needs the setting changed
// (and the port guarded), and nobody reads the metrics through the public console port.
const DefaultMetricsAddr = "127.0.0.1:9464"

// MetricsEnabled reports whether /metrics is served.
func (c *Config) MetricsEnabled() bool { return c.MetricsAddr != "" && c.MetricsAddr != "off" }

// MQTTEnabled reports whether the embedded broker runs (not with an external broker).
func (c *Config) MQTTEnabled() bool {
	return c.MQTTBroker == "" && c.MQTTAddr != "" && c.MQTTAddr != "off"
}
