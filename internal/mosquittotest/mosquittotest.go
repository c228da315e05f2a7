// Package mosquittotest starts a private Mosquitto for a test, on a free loopback port, so that tests of the
// external-broker mode never share a broker (and its traffic) with anything else on the machine.
package mosquittotest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Start runs Mosquitto with conf (its listener line is added here) until the test ends, and returns the
// broker's URL. Mosquitto must be installed (Debian: apt-get install mosquitto); a test that needs it fails
// rather than passing without it.
func Start(t testing.TB, conf string) string {
	t.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
			if _, statErr := os.Stat(p); statErr == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		t.Fatal("this test runs its own Mosquitto: install it (apt-get install mosquitto)")
	}
	for range 5 { // a port found free may be taken before Mosquitto binds it: try another
		port := freePort(t)
		dir := t.TempDir()
		path := filepath.Join(dir, "mosquitto.conf")
		full := fmt.Sprintf("listener %d 127.0.0.1\n%s\n", port, conf)
		if err := os.WriteFile(path, []byte(full), 0o644); err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		cmd := exec.Command(bin, "-c", path)
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		if WaitListening(addr, exited, 10*time.Second) {
			t.Cleanup(func() {
				_ = cmd.Process.Kill()
				<-exited
			})
			return "tcp://" + addr
		}
		_ = cmd.Process.Kill()
		<-exited
		t.Logf("mosquitto did not start on %s: %s", addr, log.String())
	}
	t.Fatal("mosquitto did not start")
	return ""
}

func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// WaitListening waits up to d for addr to accept connections, or for the process serving it to exit
// (exited closed): true when it accepts.
func WaitListening(addr string, exited <-chan struct{}, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return false
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// StartDynsec runs Mosquitto with conf and the dynamic security plugin, whose administrator is admin with
// password (made the way an operator makes it: mosquitto_ctrl dynsec init), and returns the broker's URL.
func StartDynsec(t testing.TB, conf, admin, password string) string {
	t.Helper()
	plugins, _ := filepath.Glob("/usr/lib/*/mosquitto_dynamic_security.so")
	plugins = append(plugins, "/usr/lib/mosquitto_dynamic_security.so")
	plugin := ""
	for _, p := range plugins {
		if _, err := os.Stat(p); err == nil {
			plugin = p
			break
		}
	}
	if plugin == "" {
		t.Fatal("the dynamic security plugin was not found: install Debian's mosquitto package")
	}
	file := filepath.Join(t.TempDir(), "dynamic-security.json")
	if out, err := exec.Command("mosquitto_ctrl", "dynsec", "init", file, admin, password).CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_ctrl dynsec init: %v: %s", err, out)
	}
	return Start(t, fmt.Sprintf("%s\nuser root\nplugin %s\nplugin_opt_config_file %s\n", conf, plugin, file))
}
