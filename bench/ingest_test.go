package bench

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/auth"
	"irgas/internal/gateway"
	"irgas/internal/ident"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/store"
)

// benchDevices is how many simulated devices publish at once.
const benchDevices = 1000

// BenchmarkIngest measures readings per second from MQTT publish (QoS 1, each device waiting for its
// PUBACK) to committed reading with alarm evaluation (field-like data: background noise, 1% of the devices
// leaking into alarms), beside a plain batched insert of the same number of
// rows into the same database. Goal: at least 20,000/s on SQLite, and at least half the plain insert's rate.
func BenchmarkIngest(b *testing.B) {
	eachDB(b, func(b *testing.B, db *store.DB) {
		ctx := context.Background()
		company, _ := db.CreateCompany(ctx, "Bench Gas")
		typeID, _ := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: "GT-1", Unit: "%LEL", RangeMax: 100,
			LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 10, Communication: "4G"})
		dt, _ := db.GetDeviceType(ctx, typeID)
		type dev struct {
			id   int64
			imei string
		}
		devs := make([]dev, benchDevices)
		for i := range devs {
			first := fmt.Sprintf("86100000%06d", i)
			imei := first + string(ident.IMEICheckDigit(first))
			id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: imei, Name: imei, TypeID: typeID, CompanyID: company,
				ProvinceCode: "330000"}, dt, auth.HashToken("s-"+imei))
			if err != nil {
				b.Fatal(err)
			}
			devs[i] = dev{id, imei}
		}
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		w := ingest.NewWriter(db, nil)
		broker, err := gateway.NewBroker(ln, db, w, nil)
		if err != nil {
			b.Fatal(err)
		}
		broker.Serve()
		defer func() { broker.Close(); w.Close() }()

		clients := make([]paho.Client, len(devs))
		for i, d := range devs {
			c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + ln.Addr().String()).SetClientID(d.imei).
				SetUsername(d.imei).SetPassword("s-" + d.imei).SetAutoReconnect(false))
			if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
				b.Fatalf("connect: %v", tok.Error())
			}
			clients[i] = c
		}
		per := 30 // readings each device sends per round
		base := time.Now().Add(-20 * 24 * time.Hour).UnixMilli()
		round := 0
		b.ResetTimer()
		for b.Loop() {
			round++
			var sent atomic.Int64
			start := time.Now()
			var wg sync.WaitGroup
			for i, c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := range per {
						ts := base + int64(round*per+k)*1000
						// Background noise of 0–4.9 %LEL; one device in a hundred leaks through both thresholds.
						ch4 := float64((i*7+k)%50) / 10
						if i%100 == 0 {
							ch4 = float64(k * 2)
						}
						payload, _ := json.Marshal(map[string]any{"ts": ts, "ch4": ch4, "voltage": 360, "signal": 20})
						tok := c.Publish(gateway.UpTopic(devs[i].imei), 1, false, payload)
						if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
							b.Errorf("publish: %v", tok.Error())
							return
						}
						sent.Add(1)
					}
				}()
			}
			wg.Wait()
			mqttRate := float64(sent.Load()) / time.Since(start).Seconds()

			// The same number of rows as a plain batched insert (1,000 rows a statement, 5,000 a transaction).
			rows := make([]store.Reading, 0, 5000)
			start = time.Now()
			n := 0
			for i := range len(devs) * per {
				rows = append(rows, store.Reading{DeviceID: devs[i%len(devs)].id, CompanyID: company, ReceivedAt: 1, CH4: 1,
					TS: base - int64(round*len(devs)*per+i+1)})
				if len(rows) == cap(rows) {
					if err := plainInsert(ctx, db, rows); err != nil {
						b.Fatal(err)
					}
					n += len(rows)
					rows = rows[:0]
				}
			}
			plainRate := float64(n) / time.Since(start).Seconds()
			b.ReportMetric(mqttRate, "mqtt-readings/s")
			b.ReportMetric(plainRate, "plain-insert-rows/s")
			b.ReportMetric(mqttRate/plainRate, "ratio")
		}
		for _, c := range clients {
			c.Disconnect(0)
		}
	})
}

// plainInsert is the baseline: the same rows, batched, with nothing else.
func plainInsert(ctx context.Context, db *store.DB, rows []store.Reading) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		for start := 0; start < len(rows); start += 1000 {
			ins := db.Q.Insert("readings").Columns("device_id", "company_id", "ts", "received_at", "ch4", "voltage", "signal", "temperature", "status")
			for _, r := range rows[start:min(start+1000, len(rows))] {
				ins = ins.Values(r.DeviceID, r.CompanyID, r.TS, r.ReceivedAt, r.CH4, nil, nil, nil, "")
			}
			q, args, _ := ins.ToSql()
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				return err
			}
		}
		return nil
	})
}
