package simulate_test

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/commands"
	"irgas/internal/demo"
	"irgas/internal/gateway"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/simulate"
	"irgas/internal/store"
	"irgas/internal/testdb"
	"irgas/internal/testwait"
)

// A simulated fleet, over MQTT and over HTTP, reports readings that raise an alarm, answers a parameter change
// (the platform then holds the confirmed value) and a zero calibration (reported to the calibration log).
func TestFleetReportsAnswersAndCalibrates(t *testing.T) {
	for _, transport := range []string{"mqtt", "http"} {
		t.Run(transport, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, db *store.DB) {
				e := apitest.New(t, db)
				admin := e.Admin()
				fleet, err := demo.Seed(context.Background(), db, demo.Options{Count: 3, IMEIPrefix: "86000009"})
				if err != nil {
					t.Fatal(err)
				}
				ids := make([]int64, len(fleet.Devices))
				for i, c := range fleet.Devices {
					var page struct{ List []model.Device }
					e.Get("/api/device?imei="+c.IMEI, admin).Into(t, &page)
					if len(page.List) != 1 {
						t.Fatalf("seeded device %s not listed", c.IMEI)
					}
					ids[i] = page.List[0].ID
				}
				if r := e.Post("/api/device/set-interval-param", admin, map[string]any{"deviceIds": []int64{ids[1]},
					"reportInterval": 3, "heartbeatInterval": 9}); r.Code != 0 {
					t.Fatalf("set interval: %s", r.Raw)
				}
				if r := e.Post(fmt.Sprintf("/api/device/sendCommand/%d", ids[2]), admin, map[string]any{"command": "zeroCalibration"}); r.Code != 0 {
					t.Fatalf("send command: %s", r.Raw)
				}

				started := time.Now().UnixMilli()
				o := simulate.Options{Transport: transport, URL: e.URL, Scale: 3000, FirstLeak: time.Millisecond,
					Report: 5, Heartbeat: 30, Seed: 1}
				if transport == "mqtt" {
					o.Broker = "tcp://" + serveBroker(t, db)
				}
				ctx, stop := context.WithCancel(context.Background())
				done := make(chan error, 1)
				go func() { done <- simulate.Run(ctx, fleet.Devices, o, nil) }()
				defer func() { stop(); <-done }()

				testwait.Until(t, 20*time.Second, "a high methane alarm on the leaking device", func() bool {
					var page struct{ List []model.Alarm }
					e.Get(fmt.Sprintf("/api/alarmLog?deviceId=%d&kind=gas", ids[0]), admin).Into(t, &page)
					return len(page.List) > 0 && page.List[0].Level == "high"
				})
				testwait.Until(t, 20*time.Second, "the new intervals confirmed", func() bool {
					var d model.Device
					e.Get(fmt.Sprintf("/api/device/%d", ids[1]), admin).Into(t, &d)
					return d.Confirmed.ReportInterval == 3 && d.Confirmed.HeartbeatInterval == 9
				})
				testwait.Until(t, 20*time.Second, "the zero calibration in the calibration log", func() bool {
					var page struct{ List []model.Calibration }
					e.Get(fmt.Sprintf("/api/calibrateLog?deviceId=%d", ids[2]), admin).Into(t, &page)
					// The newest first; the demo seeded older ones.
					return len(page.List) > 0 && page.List[0].Kind == "zero" && page.List[0].ReceivedAt > started
				})
				var readings struct{ Total int }
				e.Get(fmt.Sprintf("/api/deviceDataLog?deviceId=%d", ids[1]), admin).Into(t, &readings)
				if readings.Total == 0 {
					t.Fatal("no readings stored")
				}
			})
		})
	}
}

// serveBroker runs the embedded broker with command delivery on a free port.
func serveBroker(t *testing.T, db *store.DB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := ingest.NewWriter(db, nil)
	b, err := gateway.NewBroker(ln, db, w, nil, gateway.BrokerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := commands.NewDispatcher(db, b, commands.Settings{AckTimeout: time.Second, MaxAttempts: 3, Sweep: 100 * time.Millisecond})
	b.Attach(d)
	if err := b.Serve(); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	go d.Run(ctx)
	t.Cleanup(func() { stop(); b.Close(); w.Close() })
	return ln.Addr().String()
}
