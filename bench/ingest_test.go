package bench

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"irgas/internal/auth"
	"irgas/internal/gateway"
	"irgas/internal/ident"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// benchDevices is how many simulated devices publish at once.
const benchDevices = 1000

// BenchmarkIngest measures readings per second from MQTT publish (QoS 1, each device waiting for its
// PUBACK; the 1,000 devices run in another process, bench/loadgen) to committed reading with alarm
// evaluation (field-like data: background noise, 1% of the devices leaking into alarms), beside a plain
// batched insert of the same number of rows into the same database. Goal: at least 20,000/s on SQLite,
// and at least half the plain insert's rate.
func BenchmarkIngest(b *testing.B) {
	eachDB(b, func(b *testing.B, db *store.DB) { benchIngest(b, db, db) })
}

// BenchmarkIngestNoDatabase is the same traffic with a writer that stores nothing: the ceiling the MQTT
// path alone (broker, decoding, validation, group commit hand-off) sets on this machine.
func BenchmarkIngestNoDatabase(b *testing.B) {
	benchIngest(b, testdb.SQLite(b), storeNothing{})
}

// storeNothing is a writer's store that stores nothing.
type storeNothing struct{}

func (storeNothing) InsertReadingBatch(_ context.Context, batch store.ReadingBatch) (int64, error) {
	return int64(len(batch.Readings)), nil
}
func (storeNothing) MoveLiveState(context.Context, map[int64]model.Reading) error { return nil }

// benchIngest runs the fleet against a broker whose writer stores into to; db holds the devices.
func benchIngest(b *testing.B, db *store.DB, to ingest.Store) {
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
	w := ingest.NewWriter(to, nil)
	broker, err := gateway.NewBroker(ln, db, w, nil, gateway.BrokerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	broker.Serve()
	defer func() { broker.Close(); w.Close() }()

	imeis := make([]string, len(devs))
	for i, d := range devs {
		imeis[i] = d.imei
	}
	per := 30 // readings each device sends per round
	base := time.Now().Add(-20 * 24 * time.Hour).UnixMilli()
	// Totals over the rounds: the figures are their averages.
	var sent int64
	var publishing, plainTook, serverCPU, deviceCPU time.Duration
	plainRows := 0
	round := 0
	b.ResetTimer()
	for b.Loop() {
		round++
		// The devices run in a process of their own (bench/loadgen): the figure is the server's.
		cmd := exec.Command(loadgen(b), "-broker", "tcp://"+ln.Addr().String(), "-imeis", strings.Join(imeis, ","),
			"-per", fmt.Sprint(per), "-base", fmt.Sprint(base+int64(round*per)*1000), "-client", cmp.Or(os.Getenv("LOADGEN_CLIENT"), "lean"))
		before := cpuTime()
		out, err := cmd.Output()
		serverCPU += cpuTime() - before
		if err != nil {
			b.Fatalf("loadgen: %v %s", err, out)
		}
		var res struct {
			Sent, Failed int64
			Seconds      float64
		}
		if err := json.Unmarshal(out, &res); err != nil || res.Failed > 0 {
			b.Fatalf("loadgen: %s %v", out, err)
		}
		sent += res.Sent
		publishing += time.Duration(res.Seconds * float64(time.Second))
		// The devices' own share of the machine (connecting included).
		deviceCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if _, stores := to.(*store.DB); !stores {
			continue
		}

		// The same number of rows as a plain batched insert (500 rows a statement, 5,000 a transaction).
		rows := make([]model.Reading, 0, 5000)
		start := time.Now()
		for i := range len(devs) * per {
			rows = append(rows, model.Reading{DeviceID: devs[i%len(devs)].id, CompanyID: company, ReceivedAt: 1, CH4: 1,
				TS: base - int64(round*len(devs)*per+i+1)})
			if len(rows) == cap(rows) {
				if err := plainInsert(ctx, db, rows); err != nil {
					b.Fatal(err)
				}
				plainRows += len(rows)
				rows = rows[:0]
			}
		}
		plainTook += time.Since(start)
	}
	rate := float64(sent) / publishing.Seconds()
	b.ReportMetric(rate, "mqtt-readings/s")
	b.ReportMetric(deviceCPU.Seconds()/publishing.Seconds(), "device-cores")
	b.ReportMetric(serverCPU.Seconds()/publishing.Seconds(), "server-cores")
	b.ReportMetric(float64(serverCPU.Microseconds())/float64(sent), "server-µs/reading")
	if plainRows > 0 {
		plain := float64(plainRows) / plainTook.Seconds()
		b.ReportMetric(plain, "plain-insert-rows/s")
		b.ReportMetric(rate/plain, "ratio")
	}
}

var (
	loadgenOnce sync.Once
	loadgenPath string
	loadgenErr  error
)

// loadgen builds bench/loadgen once per run.
func loadgen(b *testing.B) string {
	loadgenOnce.Do(func() {
		loadgenPath = filepath.Join(os.TempDir(), "irgas-loadgen")
		out, err := exec.Command("go", "build", "-o", loadgenPath, "./loadgen").CombinedOutput()
		if err != nil {
			loadgenErr = fmt.Errorf("%v: %s", err, out)
		}
	})
	if loadgenErr != nil {
		b.Fatal(loadgenErr)
	}
	return loadgenPath
}

// plainInsert is the baseline: the same rows with nothing else, 500 a statement (prepared once a
// transaction, as the ingestion path prepares its own), 5,000 a transaction.
func plainInsert(ctx context.Context, db *store.DB, rows []model.Reading) error {
	const per = 500
	return db.InTx(ctx, func(tx *sql.Tx) error {
		tuple := "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
		stmt, err := tx.PrepareContext(ctx, db.Rebind("INSERT INTO readings (device_id, company_id, ts, received_at, ch4, voltage, signal, temperature, status) VALUES "+
			strings.TrimSuffix(strings.Repeat(tuple+", ", per), ", ")))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for start := 0; start+per <= len(rows); start += per {
			args := make([]any, 0, 9*per)
			for _, r := range rows[start : start+per] {
				args = append(args, r.DeviceID, r.CompanyID, r.TS, r.ReceivedAt, r.CH4, nil, nil, nil, "")
			}
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return err
			}
		}
		return nil
	})
}

// cpuTime is the CPU this process has used so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
