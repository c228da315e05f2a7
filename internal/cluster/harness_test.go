package cluster

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"irgas/internal/auth"
	"irgas/internal/mosquittotest"
)

// Settings every instance shares.
const (
	adminPassword  = "Cluster-Admin-123"
	brokerUser     = "irgas"
	brokerPassword = "Cluster-Broker-123"
	webhookSecret  = "cluster-webhook-secret"
	shareGroup     = "irgas"
)

// moduleRoot is the directory of go.mod, above the test's working directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// buildIrgas builds cmd/irgas once, without the race detector (the instances are the system under test, not
// the test's own code), into a temporary directory. Without a built console the binary serves a page that
// says how to build it (web/embed.go), which this test does not need.
func buildIrgas(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	out := filepath.Join(t.TempDir(), "irgas")
	cmd := exec.Command(goBin, "build", "-o", out, "./cmd/irgas")
	cmd.Dir = moduleRoot(t)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") { // a -race there would slow the instances down
			env = append(env, kv)
		}
	}
	cmd.Env = env
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/irgas: %v\n%s", err, msg)
	}
	return out
}

// privateDatabase creates a database of the test's own on the server at base and drops it when the test ends
// (after the instances, which are stopped by cleanups registered later). It returns the database's URL and a
// connection pool the test reads it through.
func privateDatabase(t *testing.T, base string) (string, *sql.DB) {
	t.Helper()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := "irgas_cluster_" + strings.ToLower(rand.Text()[:12])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("IRGAS_TEST_POSTGRES_URL is set but PostgreSQL refused a test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("dropping test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("bad IRGAS_TEST_POSTGRES_URL: %v", err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	db, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(6)
	t.Cleanup(func() { db.Close() })
	return u.String(), db
}

// brokerConfig is the broker's whole configuration but its listener line (mosquittotest adds it): the
// settings the product ships (deploy/mosquitto/irgas.conf), persistence in dir, and who may connect: the
// accounts of Mosquitto's dynamic security plugin, whose administrator (made the way an operator makes it,
// mosquitto_ctrl dynsec init) is the platform's account; the platform keeps the devices' accounts
// (IRGAS_MQTT_DYNSEC). It is the one place that says how the broker authenticates.
func brokerConfig(t *testing.T, dir string) string {
	t.Helper()
	shipped, err := os.ReadFile(filepath.Join(moduleRoot(t), "deploy", "mosquitto", "irgas.conf"))
	if err != nil {
		t.Fatal(err)
	}
	plugins, _ := filepath.Glob("/usr/lib/*/mosquitto_dynamic_security.so")
	plugins = append(plugins, "/usr/lib/mosquitto_dynamic_security.so")
	plugin := ""
	for _, p := range plugins {
		if _, err := os.Stat(p); err == nil && plugin == "" {
			plugin = p
		}
	}
	if plugin == "" {
		t.Fatal("Mosquitto's dynamic security plugin was not found: install Debian's mosquitto package")
	}
	accounts := filepath.Join(dir, "dynamic-security.json")
	if out, err := exec.Command("mosquitto_ctrl", "dynsec", "init", accounts, brokerUser, brokerPassword).CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_ctrl dynsec init: %v: %s", err, out)
	}
	var b strings.Builder
	b.Write(shipped)
	b.WriteString("\n# The test's own additions.\n")
	b.WriteString("user root\n") // keep root's rights on the temporary directory when the test runs as root
	b.WriteString("persistence_location " + dir + "/\n")
	b.WriteString("allow_anonymous false\n")
	b.WriteString("plugin " + plugin + "\nplugin_opt_config_file " + accounts + "\n")
	return b.String()
}

// startBroker runs the test's Mosquitto on a free loopback port and returns its URL.
func startBroker(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	return mosquittotest.Start(t, brokerConfig(t, dir))
}

// freePort finds a loopback port nobody listens on.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// instance is one `irgas serve` process, restartable under the same settings (its client id at the broker,
// its ports).
type instance struct {
	name     string
	bin      string
	env      []string
	httpAddr string
	logPath  string

	mu      sync.Mutex
	cmd     *exec.Cmd
	exited  chan struct{}
	exitErr error
	// up says whether the test sends calls to it: set once it is ready, cleared before it is stopped.
	up     atomic.Bool
	starts int
}

func newInstance(t *testing.T, n int, bin, dbURL, broker, webhook string) *instance {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "IRGAS_") { // the instance's settings are the test's alone
			env = append(env, kv)
		}
	}
	name := fmt.Sprintf("irgas-%d", n+1)
	httpAddr := freePort(t)
	env = append(env,
		"IRGAS_DATABASE_URL="+dbURL,
		"IRGAS_HTTP_ADDR="+httpAddr,
		"IRGAS_METRICS_ADDR="+freePort(t),
		"IRGAS_MQTT_ADDR=off",
		"IRGAS_MQTT_BROKER="+broker,
		"IRGAS_MQTT_BROKER_USERNAME="+brokerUser,
		"IRGAS_MQTT_BROKER_PASSWORD="+brokerPassword,
		"IRGAS_MQTT_DYNSEC=true",
		"IRGAS_MQTT_SHARE_GROUP="+shareGroup,
		"IRGAS_MQTT_CLIENT_ID=cluster-"+name,
		"IRGAS_ADMIN_PASSWORD="+adminPassword,
		"IRGAS_SMS_PROVIDER=webhook",
		"IRGAS_SMS_WEBHOOK_URL="+webhook,
		"IRGAS_SMS_WEBHOOK_SECRET="+webhookSecret,
		// Every alarm is news here: no throttle (a device's second episode would be throttled), no daily cap
		// (it would cap the fleet's messages), no reminders (they would add messages while the test waits).
		"IRGAS_SMS_THROTTLE=0",
		"IRGAS_SMS_DAILY_CAP=0",
		"IRGAS_SMS_REMIND_AFTER=0",
		"IRGAS_SMS_POLL_INTERVAL=500ms",
		"IRGAS_SMS_RETRY_BASE=1s",
		"IRGAS_SHUTDOWN_TIMEOUT=15s",
		"IRGAS_SIGNIN_RATE=0",
		"IRGAS_LOG_LEVEL=info",
	)
	return &instance{name: name, bin: bin, env: env, httpAddr: httpAddr,
		logPath: filepath.Join(t.TempDir(), name+".log")}
}

func (in *instance) url() string { return "http://" + in.httpAddr }

// start starts the process (its output appended to its log file).
func (in *instance) start() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	f, err := os.OpenFile(in.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	in.starts++
	fmt.Fprintf(f, "=== test: start %d of %s\n", in.starts, in.name)
	cmd := exec.Command(in.bin, "serve")
	cmd.Env = in.env
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return err
	}
	exited := make(chan struct{})
	in.cmd, in.exited = cmd, exited
	go func() {
		err := cmd.Wait()
		f.Close()
		in.mu.Lock()
		in.exitErr = err
		in.mu.Unlock()
		close(exited)
	}()
	return nil
}

// running reports whether the process is alive.
func (in *instance) running() bool {
	in.mu.Lock()
	exited := in.exited
	in.mu.Unlock()
	if exited == nil {
		return false
	}
	select {
	case <-exited:
		return false
	default:
		return true
	}
}

// waitReady waits for /readyz to answer 200, and marks the instance up.
func (in *instance) waitReady(ctx context.Context) error {
	in.mu.Lock()
	exited := in.exited
	in.mu.Unlock()
	for {
		if status, _ := in.readyz(); status == http.StatusOK {
			in.up.Store(true)
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("%s exited before it was ready: %v\n%s", in.name, in.exitError(), in.logTail(30))
		case <-ctx.Done():
			return fmt.Errorf("%s not ready: %w\n%s", in.name, ctx.Err(), in.logTail(30))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (in *instance) exitError() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.exitErr
}

// readyz asks the instance's /readyz.
func (in *instance) readyz() (int, string) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(in.url() + "/readyz")
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

// signal sends sig to the process by its pid and waits up to wait for it to exit; it returns how long the
// exit took.
func (in *instance) signal(sig syscall.Signal, wait time.Duration) (time.Duration, error) {
	in.up.Store(false)
	in.mu.Lock()
	cmd, exited := in.cmd, in.exited
	in.mu.Unlock()
	if cmd == nil {
		return 0, errors.New("never started")
	}
	began := time.Now()
	if err := cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return 0, err
	}
	select {
	case <-exited:
		return time.Since(began), nil
	case <-time.After(wait):
		return time.Since(began), fmt.Errorf("%s did not exit within %s of %s", in.name, wait, sig)
	}
}

// stopLeftover kills the process if it still runs (cleanup).
func (in *instance) stopLeftover() {
	if in.running() {
		_, _ = in.signal(syscall.SIGKILL, 10*time.Second)
	}
}

// logTail is the end of the instance's log.
func (in *instance) logTail(lines int) string {
	data, err := os.ReadFile(in.logPath)
	if err != nil {
		return err.Error()
	}
	var all []string
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if !strings.Contains(line, "msg=request ") { // one line per API call: too many to help
			all = append(all, line)
		}
	}
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return "--- " + in.name + " log (end, without the request lines) ---\n" + strings.Join(all, "\n")
}

// logLines returns the lines of the instance's log that contain any of words.
func (in *instance) logLines(words ...string) []string {
	f, err := os.Open(in.logPath)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		for _, w := range words {
			if strings.Contains(sc.Text(), w) {
				out = append(out, sc.Text())
				break
			}
		}
	}
	return out
}

// logSummary counts the instance's warnings and errors by message, with the times of the first and last.
func (in *instance) logSummary() []string {
	type seen struct {
		n           int
		first, last string
	}
	by := map[string]*seen{}
	for _, line := range in.logLines("level=WARN", "level=ERROR") {
		level := "WARN"
		if strings.Contains(line, "level=ERROR") {
			level = "ERROR"
		}
		at := ""
		if rest, ok := strings.CutPrefix(line, "time="); ok {
			at, _, _ = strings.Cut(rest, " ")
			if len(at) >= 23 {
				at = at[11:23] // the clock time
			}
		}
		msg := line
		if _, rest, ok := strings.Cut(line, "msg="); ok {
			if strings.HasPrefix(rest, `"`) {
				if q, err := strconv.QuotedPrefix(rest); err == nil {
					msg, _ = strconv.Unquote(q)
				}
			} else {
				msg, _, _ = strings.Cut(rest, " ")
			}
		}
		k := level + " " + msg
		if by[k] == nil {
			by[k] = &seen{first: at}
		}
		by[k].n++
		by[k].last = at
	}
	var out []string
	for k, v := range by {
		out = append(out, fmt.Sprintf("%5d x %s (%s to %s)", v.n, k, v.first, v.last))
	}
	sort.Strings(out)
	return out
}

// cluster is the instances behind one broker, and the calls the test makes to them.
type cluster struct {
	instances []*instance
	next      atomic.Uint64
	hc        *http.Client
	token     string
}

// pick returns an instance that is up, round robin (a load balancer's choice).
func (c *cluster) pick() *instance {
	n := len(c.instances)
	for range 2 * n {
		in := c.instances[c.next.Add(1)%uint64(n)]
		if in.up.Load() {
			return in
		}
	}
	return c.instances[c.next.Add(1)%uint64(n)]
}

// apiError is a call answered with an error status (or not answered).
type apiError struct {
	Status int
	Body   string
}

func (e *apiError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.Status, e.Body) }

// envelope is the API's answer.
type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// call makes one call to in; out, if given, receives the envelope's data of a 200.
func (c *cluster) call(ctx context.Context, in *instance, method, path string, body any, header map[string]string, out any) error {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, in.url()+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return &apiError{Status: resp.StatusCode, Body: strings.TrimSpace(string(raw))}
	}
	if out == nil {
		return nil
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%s %s: answer is not JSON: %s", method, path, raw)
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return fmt.Errorf("%s %s: decoding %s: %w", method, path, env.Data, err)
	}
	return nil
}

// api makes a call to an instance that is up; a call that never reached one (connection refused, an
// instance going away) is made again on another. Calls that reached an instance are not repeated.
func (c *cluster) api(ctx context.Context, method, path string, body, out any) error {
	var err error
	for range 6 {
		err = c.call(ctx, c.pick(), method, path, body, nil, out)
		var opErr *net.OpError
		if err == nil || !errors.As(err, &opErr) || opErr.Op != "dial" {
			return err
		}
	}
	return err
}

// signIn signs in as admin the way the console does (the password encrypted under a login key).
func (c *cluster) signIn(ctx context.Context) error {
	in := c.pick()
	var key auth.LoginKey
	if err := c.call(ctx, in, "GET", "/api/login-key", nil, nil, &key); err != nil {
		return fmt.Errorf("login key: %w", err)
	}
	enc, err := auth.EncryptPassword(key.Key, adminPassword)
	if err != nil {
		return err
	}
	var res auth.LoginResult
	if err := c.call(ctx, in, "POST", "/api/login", map[string]string{"account": auth.SuperAdmin, "password": enc,
		"keyId": key.KeyID}, nil, &res); err != nil {
		return fmt.Errorf("sign-in: %w", err)
	}
	c.token = res.Token
	return nil
}

// smsMessage is what the webhook receiver got (docs/notifications.md, the webhook provider).
type smsMessage struct {
	MessageID string `json:"-"`
	ID        int64  `json:"id"`
	Phone     string `json:"phone"`
	AlarmID   int64  `json:"alarmId"`
	DeviceID  int64  `json:"deviceId"`
	EventType string `json:"eventType"`
	Content   string `json:"content"`
}

// smsSink is the SMS provider's side of the webhook: it checks each POST's signature and keeps the messages.
type smsSink struct {
	mu       sync.Mutex
	messages []smsMessage
	refused  []string // POSTs whose signature, timestamp or body were wrong
	srv      *httptest.Server
}

func newSMSSink(t *testing.T) *smsSink {
	s := &smsSink{}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *smsSink) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ts := r.Header.Get("X-Irgas-Timestamp")
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	sec, err := strconv.ParseInt(ts, 10, 64)
	var m smsMessage
	switch {
	case !hmac.Equal([]byte(want), []byte(r.Header.Get("X-Irgas-Signature"))):
		s.refuse(w, "bad signature")
		return
	case err != nil || time.Since(time.Unix(sec, 0)).Abs() > 5*time.Minute:
		s.refuse(w, "timestamp "+ts)
		return
	case json.Unmarshal(body, &m) != nil:
		s.refuse(w, "body "+string(body))
		return
	}
	m.MessageID = r.Header.Get("X-Irgas-Message-Id")
	s.mu.Lock()
	s.messages = append(s.messages, m)
	n := len(s.messages)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":"sink-%d"}`, n)
}

func (s *smsSink) refuse(w http.ResponseWriter, why string) {
	s.mu.Lock()
	s.refused = append(s.refused, why)
	s.mu.Unlock()
	http.Error(w, why, http.StatusUnauthorized)
}

func (s *smsSink) snapshot() ([]smsMessage, []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]smsMessage(nil), s.messages...), append([]string(nil), s.refused...)
}

// problems collects what the test's goroutines saw go wrong; the test reports them at the end.
type problems struct {
	mu   sync.Mutex
	list []string
}

func (p *problems) add(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.list) < 200 {
		p.list = append(p.list, fmt.Sprintf(format, args...))
	}
}

func (p *problems) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.list...)
}

// poll calls check until it reports done or the deadline passes; it returns check's last note.
func poll(ctx context.Context, limit time.Duration, check func() (bool, string)) (bool, string) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		done, note := check()
		if done {
			return true, note
		}
		select {
		case <-ctx.Done():
			return false, note
		case <-time.After(250 * time.Millisecond):
		}
	}
}
