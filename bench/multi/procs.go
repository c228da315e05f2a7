package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"irgas/internal/mosquittotest"
)

// moduleRoot is the irgas module's directory (the one holding go.mod), found through the go command so that
// the program runs from anywhere inside the repository.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run it inside the irgas repository (go run ./bench/multi)")
	}
	return filepath.Dir(mod), nil
}

// buildIrgas builds cmd/irgas once. The console is embedded from web/dist (web/embed.go, `//go:embed
// all:dist`); the repository keeps web/dist/README.md, so the build works without `npm run build` and the
// binary then serves a page that says how to build the console, which the benchmark never asks for.
func buildIrgas(root, out string) error {
	cmd := exec.Command("go", "build", "-o", out, "./cmd/irgas")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/irgas: %v\n%s", err, b)
	}
	return nil
}

// freePort finds a free loopback port (it may be taken again before it is used; the callers say which).
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// proc is a child process the benchmark started, with its output in a log file.
type proc struct {
	name   string
	cmd    *exec.Cmd
	log    string
	exited chan struct{}
	err    error // what Wait returned, once exited is closed
	watch  *lineWatch
}

// startProc starts bin with args and env, its stdout and stderr appended to logPath. The child is killed if
// the benchmark dies (Pdeathsig), so that a crashed run leaves nothing behind.
func startProc(name, bin string, args, env []string, logPath string, want string) (*proc, error) {
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	w := &lineWatch{out: f, want: want, seen: make(chan struct{})}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = w, w
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, log: logPath, exited: make(chan struct{}), watch: w}
	go func() {
		p.err = cmd.Wait()
		f.Close()
		close(p.exited)
	}()
	return p, nil
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

// stop sends SIGTERM and waits up to grace for the process to end, then kills it. It reports whether the
// process ended by itself.
func (p *proc) stop(grace time.Duration) bool {
	select {
	case <-p.exited:
		return true
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		return true
	case <-time.After(grace):
		_ = p.cmd.Process.Kill()
		<-p.exited
		return false
	}
}

// waitFor waits for the watched log line, the process's exit or the deadline.
func (p *proc) waitFor(d time.Duration) error {
	select {
	case <-p.watch.seen:
		return nil
	case <-p.exited:
		return fmt.Errorf("%s exited during start-up (%v); its log:\n%s", p.name, p.err, tail(p.log, 30))
	case <-time.After(d):
		return fmt.Errorf("%s did not log %q within %s; its log:\n%s", p.name, p.watch.want, d, tail(p.log, 30))
	}
}

// lineWatch copies a child's output to its log and notes when a given text has appeared.
type lineWatch struct {
	mu   sync.Mutex
	out  io.Writer
	want string
	buf  []byte
	seen chan struct{}
	once sync.Once
}

func (w *lineWatch) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.want != "" {
		w.buf = append(w.buf, b...)
		if bytes.Contains(w.buf, []byte(w.want)) {
			w.once.Do(func() { close(w.seen) })
			w.want, w.buf = "", nil
		} else if len(w.buf) > 4096 {
			w.buf = w.buf[len(w.buf)-len(w.want):]
		}
	}
	return w.out.Write(b)
}

// tail is the last n lines of a log file.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// findMosquitto finds the broker binary (Debian installs it in /usr/sbin, often not on PATH).
func findMosquitto(flagged string) (string, error) {
	if flagged != "" {
		return flagged, nil
	}
	if p, err := exec.LookPath("mosquitto"); err == nil {
		return p, nil
	}
	for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("mosquitto is not installed (apt-get install mosquitto) and -mosquitto names none")
}

// startMosquitto runs a private Mosquitto on a free loopback port with the shipped settings
// (deploy/mosquitto/irgas.conf) plus what a deployment's own file adds: the listener, anonymous access (the
// benchmark's devices have no accounts) and where persistence goes.
func startMosquitto(bin, shipped, dir string) (*proc, string, error) {
	settings, err := os.ReadFile(shipped)
	if err != nil {
		return nil, "", err
	}
	for range 5 { // a port found free may be taken before Mosquitto binds it: try another
		port, err := freePort()
		if err != nil {
			return nil, "", err
		}
		persist := filepath.Join(dir, "mosquitto-data") + "/"
		if err := os.MkdirAll(persist, 0o755); err != nil {
			return nil, "", err
		}
		conf := fmt.Sprintf("listener %d 127.0.0.1\nallow_anonymous true\npersistence_location %s\nlog_dest stderr\n\n%s",
			port, persist, settings)
		path := filepath.Join(dir, "mosquitto.conf")
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			return nil, "", err
		}
		p, err := startProc("mosquitto", bin, []string{"-c", path}, os.Environ(), filepath.Join(dir, "mosquitto.log"), "")
		if err != nil {
			return nil, "", err
		}
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		if mosquittotest.WaitListening(addr, p.exited, 10*time.Second) {
			return p, "tcp://" + addr, nil
		}
		p.stop(5 * time.Second)
	}
	return nil, "", fmt.Errorf("mosquitto did not start; its log:\n%s", tail(filepath.Join(dir, "mosquitto.log"), 20))
}

// instance is one `irgas serve` process.
type instance struct {
	*proc
	clientID    string
	metricsAddr string
}

// readyLine is what an instance logs once its shared subscriptions are made (internal/gateway/external.go).
const readyLine = "mqtt: taking device messages from the external broker"

// irgasEnv is the process environment without any IRGAS_* setting of the caller's, plus settings.
func irgasEnv(settings map[string]string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "IRGAS_") {
			env = append(env, kv)
		}
	}
	for k, v := range settings {
		env = append(env, k+"="+v)
	}
	return env
}

// startInstance runs `irgas serve` against the external broker and waits for its shared subscriptions.
func startInstance(bin, dir, dbURL, broker, group, clientID, adminPassword string) (*instance, error) {
	var lastErr error
	for range 3 { // the free ports may be taken before the instance binds them: try others
		httpPort, err := freePort()
		if err != nil {
			return nil, err
		}
		metricsPort, err := freePort()
		if err != nil {
			return nil, err
		}
		metricsAddr := fmt.Sprintf("127.0.0.1:%d", metricsPort)
		env := irgasEnv(map[string]string{
			"IRGAS_DATABASE_URL":     dbURL,
			"IRGAS_MQTT_ADDR":        "off",
			"IRGAS_MQTT_BROKER":      broker,
			"IRGAS_MQTT_SHARE_GROUP": group,
			"IRGAS_MQTT_CLIENT_ID":   clientID,
			"IRGAS_HTTP_ADDR":        fmt.Sprintf("127.0.0.1:%d", httpPort),
			"IRGAS_METRICS_ADDR":     metricsAddr,
			"IRGAS_ADMIN_PASSWORD":   adminPassword,
			"IRGAS_SHUTDOWN_TIMEOUT": "10s",
			"IRGAS_SMS_PROVIDER":     "log",
		})
		p, err := startProc(clientID, bin, []string{"serve"}, env, filepath.Join(dir, clientID+".log"), readyLine)
		if err != nil {
			return nil, err
		}
		if lastErr = p.waitFor(90 * time.Second); lastErr == nil {
			return &instance{proc: p, clientID: clientID, metricsAddr: metricsAddr}, nil
		}
		p.stop(15 * time.Second)
		if !strings.Contains(lastErr.Error(), "address already in use") {
			break
		}
	}
	return nil, lastErr
}

// scrapeMetrics reads the instance's irgas_mqtt_* and irgas_ingest_* series (Prometheus text format), each
// keyed by its name and labels.
func scrapeMetrics(ctx context.Context, addr string) (map[string]float64, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "irgas_mqtt_") && !strings.HasPrefix(line, "irgas_ingest_") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			continue
		}
		out[line[:i]] = v
	}
	return out, sc.Err()
}
