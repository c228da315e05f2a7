package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/auth"
	"irgas/internal/gateway"
	"irgas/internal/ident"
	"irgas/internal/model"
	"irgas/internal/store"
)

// TestMain lets the test binary run as `irgas serve` in a child process (IRGAS_TEST_CHILD=1).
func TestMain(m *testing.M) {
	if os.Getenv("IRGAS_TEST_CHILD") == "1" {
		os.Exit(run([]string{"serve"}, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServer runs `irgas serve` in a child process, without a metrics listener unless env (NAME=value
// pairs) sets one.
func startServer(t *testing.T, dbURL, httpAddr, mqttAddr string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "IRGAS_TEST_CHILD=1", "IRGAS_DATABASE_URL="+dbURL, "IRGAS_HTTP_ADDR="+httpAddr,
		"IRGAS_MQTT_ADDR="+mqttAddr, "IRGAS_ADMIN_PASSWORD=Admin-Pass-123", "IRGAS_LOG_LEVEL=warn", "IRGAS_METRICS_ADDR=off")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Ready means serving: the ports are bound before the database opens, so a TCP probe is not enough.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if resp, err := http.Get("http://" + httpAddr + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return cmd
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the server did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Every reading acknowledged with a PUBACK is in the database after the server is killed with SIGKILL.
func TestKillNineKeepsAcknowledgedReadings(t *testing.T) {
	ctx := context.Background()
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "irgas.db")
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	company, _ := db.CreateCompany(ctx, "Durable Gas")
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: "GT-1", Unit: "%LEL", RangeMax: 100, LowThreshold: 20,
		HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 10, Communication: "4G"})
	if err != nil {
		t.Fatal(err)
	}
	dt, _ := db.GetDeviceType(ctx, typeID)
	type dev struct {
		id   int64
		imei string
	}
	var devices []dev
	for i := 1; i <= 4; i++ {
		first := fmt.Sprintf("860000000000%02d", i)
		imei := first + string(ident.IMEICheckDigit(first))
		id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: imei, Name: imei, TypeID: typeID, CompanyID: company,
			ProvinceCode: "330000"}, dt, auth.HashToken("secret-"+imei))
		if err != nil {
			t.Fatal(err)
		}
		devices = append(devices, dev{id, imei})
	}
	db.Close()

	httpAddr, mqttAddr := freePort(t), freePort(t)
	server := startServer(t, dbURL, httpAddr, mqttAddr)

	var mu sync.Mutex
	acked := map[int64][]int64{} // device id → acknowledged ts
	var wg sync.WaitGroup
	stop := make(chan struct{})
	base := time.Now().Add(-time.Hour).UnixMilli()
	for _, d := range devices {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(d.imei).SetUsername(d.imei).
				SetPassword("secret-" + d.imei).SetAutoReconnect(false).SetConnectTimeout(5 * time.Second)
			c := paho.NewClient(opts)
			if tok := c.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
				t.Errorf("connect %s: %v", d.imei, tok.Error())
				return
			}
			for i := int64(0); ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				ts := base + i*10
				payload, _ := json.Marshal(map[string]any{"ts": ts, "ch4": 1.5})
				tok := c.Publish(gateway.UpTopic(d.imei), 1, false, payload)
				if !tok.WaitTimeout(3*time.Second) || tok.Error() != nil {
					return // the server is gone: this one was not acknowledged
				}
				mu.Lock()
				acked[d.id] = append(acked[d.id], ts)
				mu.Unlock()
			}
		}()
	}
	// Let readings flow, then kill the server mid-stream.
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := 0
		for _, l := range acked {
			n += len(l)
		}
		mu.Unlock()
		if n >= 400 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := server.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	server.Wait()
	close(stop)
	wg.Wait()

	db, err = store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	total := 0
	for id, list := range acked {
		for _, ts := range list {
			var n int
			if err := db.SQL.QueryRow("SELECT count(*) FROM readings WHERE device_id = ? AND ts = ?", id, ts).Scan(&n); err != nil || n != 1 {
				t.Fatalf("acknowledged reading %d/%d lost after SIGKILL (%v)", id, ts, err)
			}
		}
		total += len(list)
	}
	if total < 100 {
		t.Fatalf("only %d readings were acknowledged before the kill; the test proves little", total)
	}
	t.Logf("%d acknowledged readings, all kept after SIGKILL", total)

	// And the server starts again on the same database.
	again := startServer(t, dbURL, freePort(t), freePort(t))
	again.Process.Signal(syscall.SIGTERM)
	if err := again.Wait(); err != nil {
		t.Fatalf("restart: %v", err)
	}
}
