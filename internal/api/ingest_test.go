package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func ingest(e *apitest.Env, imei, secret string, body any) *apitest.Response {
	return e.Do(apitest.Req{Method: "POST", Path: "/api/ingest/" + imei, Body: body, Lang: "en",
		Header: map[string]string{"X-Device-Secret": secret}})
}

func countReadings(t *testing.T, db *store.DB, deviceID int64) int {
	t.Helper()
	var n int
	if err := db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM readings WHERE device_id = ?"), deviceID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestHTTPIngest(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c, ct, d := companyDevice(t, e, admin)
		now := time.Now().UnixMilli()

		// One reading, then a batch with the first one again: the repeat is stored once.
		r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - 60_000, "ch4": 3.2, "voltage": 360, "signal": 22, "temperature": 21.5})
		expect(t, r, 200, 0)
		var res struct{ Accepted, Duplicates int64 }
		r.Into(t, &res)
		if res.Accepted != 1 {
			t.Fatalf("first reading: %+v", res)
		}
		r = ingest(e, d.IMEI, d.Secret, []map[string]any{
			{"ts": now - 60_000, "ch4": 3.2},
			{"ts": (now - 30_000) / 1000, "ch4": 4.0, "signal": 15}, // seconds are read as seconds
			{"ts": now, "ch4": 5.5, "voltage": 355, "signal": 20},
		})
		expect(t, r, 200, 0)
		r.Into(t, &res)
		if res.Accepted != 2 || res.Duplicates != 1 || countReadings(t, db, d.ID) != 3 {
			t.Fatalf("batch: %+v, %d stored", res, countReadings(t, db, d.ID))
		}
		// The live state follows the newest reading; a late, older reading does not move it back.
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - 120_000, "ch4": 9.9}), 200, 0)
		var live model.Device
		e.Get(fmt.Sprintf("/api/device/%d", d.ID), ct).Into(t, &live)
		if !live.Online || live.CH4 == nil || *live.CH4 != 5.5 || *live.Voltage != 355 || *live.LastSeenAt != now {
			t.Fatalf("live state: %+v", live)
		}

		rows := []struct {
			name         string
			imei, secret string
			body         any
			status, code int
		}{
			{"wrong secret", d.IMEI, "nope", map[string]any{"ts": now, "ch4": 1}, 401, 40100},
			{"unknown IMEI", apitest.IMEI(77), d.Secret, map[string]any{"ts": now, "ch4": 1}, 401, 40100},
			{"ch4 above 100", d.IMEI, d.Secret, map[string]any{"ts": now, "ch4": 100.1}, 422, 42200},
			{"no ts", d.IMEI, d.Secret, map[string]any{"ch4": 1}, 422, 42200},
			{"a day in the future", d.IMEI, d.Secret, map[string]any{"ts": now + 86_400_000, "ch4": 1}, 422, 42200},
			{"signal out of range", d.IMEI, d.Secret, map[string]any{"ts": now, "ch4": 1, "signal": 99}, 422, 42200},
			{"one bad reading in a batch", d.IMEI, d.Secret, []map[string]any{{"ts": now + 1, "ch4": 1}, {"ts": now + 2, "ch4": -1}}, 422, 42200},
			{"not JSON", d.IMEI, d.Secret, "ch4=1", 400, 40001},
			{"empty batch", d.IMEI, d.Secret, []any{}, 422, 42200},
			// Text the database would refuse (PostgreSQL) or store mangled is refused at the edge, on both.
			{"NUL in the status", d.IMEI, d.Secret, map[string]any{"ts": now + 3, "ch4": 1, "status": "ok\x00"}, 422, 42200},
			{"status of 33 characters", d.IMEI, d.Secret, map[string]any{"ts": now + 4, "ch4": 1, "status": strings.Repeat("报", 33)}, 422, 42200},
		}
		for _, row := range rows {
			t.Run(row.name, func(t *testing.T) {
				expect(t, ingest(e, row.imei, row.secret, row.body), row.status, row.code)
			})
		}
		if r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now + 3, "ch4": 1, "status": "ok\x00"}); !strings.Contains(string(r.Raw), "NUL") {
			t.Fatalf("the refusal does not say why: %s", r.Raw)
		}
		// 32 characters of Chinese (96 bytes) are within the limit.
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - 1, "ch4": 1, "status": strings.Repeat("报", 32)}), 200, 0)
		if n := countReadings(t, db, d.ID); n != 5 {
			t.Fatalf("refused messages stored something: %d readings", n)
		}

		// A disabled device, or one of a disabled company, is refused.
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", d.ID), Token: ct, Body: map[string]any{"status": 0}}), 200, 0)
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now, "ch4": 1}), 403, 40302)
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/device/%d", d.ID), Token: ct, Body: map[string]any{"status": 1}}), 200, 0)
		expect(t, e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/company/%d", c.ID), Token: admin, Body: map[string]any{"status": 0}}), 200, 0)
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now, "ch4": 1}), 403, 40302)

		// Device messages are not operation records.
		p := listLogs(t, e, admin, "")
		for _, rec := range p.List {
			if rec.Path == "/api/ingest/"+d.IMEI {
				t.Fatal("an ingest call was recorded")
			}
		}
	})
}

// Many devices sending at once all get their readings committed before their answer (how the commits are
// grouped is the writer's test, TestWhatQueuedDuringACommitIsCommittedTogether).
func TestIngestAcknowledgedMeansCommitted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		createCompany(t, e, admin, 1, "c-admin")
		ct := e.Login("c-admin", "Admin-Pass-1")
		typeID := createDeviceType(t, e, admin, deviceTypeBody("GT-100")).ID
		var devices []model.Device
		for i := 1; i <= 8; i++ {
			devices = append(devices, createDevice(t, e, ct, deviceBody(apitest.IMEI(i), typeID)))
		}
		now := time.Now().UnixMilli()
		var wg sync.WaitGroup
		for _, d := range devices {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range 25 {
					r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - int64(k)*1000, "ch4": 1.5})
					if r.Status != 200 {
						t.Errorf("%s: %d %s", d.IMEI, r.Status, r.Raw)
						return
					}
					// Acknowledged means committed: the reading is readable now.
					var n int
					db.SQL.QueryRow(db.Rebind("SELECT count(*) FROM readings WHERE device_id = ? AND ts = ?"), d.ID, now-int64(k)*1000).Scan(&n)
					if n != 1 {
						t.Errorf("acknowledged reading of %s not stored", d.IMEI)
					}
				}
			}()
		}
		wg.Wait()
		for _, d := range devices {
			if n := countReadings(t, db, d.ID); n != 25 {
				t.Fatalf("%s: %d readings", d.IMEI, n)
			}
		}
	})
}

// commandOf reads the status of one of a device's commands.
func commandOf(t *testing.T, e *apitest.Env, token string, deviceID, id int64) string {
	t.Helper()
	var list []model.DeviceCommand
	e.Get(fmt.Sprintf("/api/device/%d/commands", deviceID), token).Into(t, &list)
	for _, c := range list {
		if c.ID == id {
			return c.Status
		}
	}
	return ""
}

// A device that reaches the platform over HTTP gets its commands in the answer to its message, and answers
// them with POST /api/ingest/{imei}/ack.
func TestCommandsOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		expect(t, e.Post("/api/device/set-interval-param", ct, map[string]any{"deviceIds": []int64{d.ID}, "reportInterval": 10, "heartbeatInterval": 120}), 200, 0)

		r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1})
		var res struct {
			Commands []struct {
				ID      int64
				Command string
				Params  map[string]float64
			}
		}
		r.Into(t, &res)
		if len(res.Commands) != 1 || res.Commands[0].Command != "setIntervalParam" || res.Commands[0].Params["reportInterval"] != 10 {
			t.Fatalf("commands in the answer: %s", r.Data)
		}
		first := res.Commands[0].ID
		// Sent once: the next message within the answer timeout does not repeat it.
		r = ingest(e, d.IMEI, d.Secret, map[string]any{"ts": time.Now().UnixMilli() + 1, "ch4": 1})
		r.Into(t, &res)
		if len(res.Commands) != 0 {
			t.Fatalf("re-sent at once: %s", r.Data)
		}
		ack := func(body any) *apitest.Response {
			return e.Do(apitest.Req{Method: "POST", Path: "/api/ingest/" + d.IMEI + "/ack", Body: body,
				Header: map[string]string{"X-Device-Secret": d.Secret}})
		}
		expect(t, ack(map[string]any{"ok": true}), 422, 42200)
		expect(t, e.Do(apitest.Req{Method: "POST", Path: "/api/ingest/" + d.IMEI + "/ack", Body: map[string]any{"id": 1, "ok": true},
			Header: map[string]string{"X-Device-Secret": "wrong"}}), 401, 40100)
		// An answer confirming values outside the rules an officer's values meet is refused and changes nothing.
		for _, params := range []map[string]any{
			{"reportInterval": 10, "heartbeatInterval": 1e12}, // overflows an integer
			{"reportInterval": -5},
			{"reportInterval": 10.5},
			{"reportInterval": 200, "heartbeatInterval": 100}, // heartbeat below the report interval
		} {
			expect(t, ack(map[string]any{"id": first, "ok": true, "params": params}), 422, 42200)
		}
		if st := commandOf(t, e, ct, d.ID, first); st != "sent" {
			t.Fatalf("a refused answer finished the command: %s", st)
		}
		expect(t, ack([]map[string]any{{"id": first, "ok": true}}), 200, 0)
		var live model.Device
		e.Get(fmt.Sprintf("/api/device/%d", d.ID), ct).Into(t, &live)
		if live.Confirmed.ReportInterval != 10 || live.Confirmed.HeartbeatInterval != 120 {
			t.Fatalf("confirmed: %+v", live.Confirmed)
		}
	})
}

func TestCalibrationReports(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		now := time.Now().UnixMilli()
		cal := map[string]any{"type": "calibration", "ts": now, "kind": "span", "gas": 50, "before": 46.5, "after": 50.1, "result": "ok"}
		r := ingest(e, d.IMEI, d.Secret, []map[string]any{{"ts": now, "ch4": 2}, cal})
		expect(t, r, 200, 0)
		var res struct{ Accepted, Calibrations int64 }
		r.Into(t, &res)
		if res.Accepted != 1 || res.Calibrations != 1 {
			t.Fatalf("accepted: %+v", res)
		}
		expect(t, ingest(e, d.IMEI, d.Secret, cal), 200, 0) // resent: stored once
		bad := map[string]any{"type": "calibration", "ts": now, "kind": "full", "result": "maybe"}
		expect(t, ingest(e, d.IMEI, d.Secret, []map[string]any{{"ts": now + 1, "ch4": 1}, bad}), 422, 42200)
		var p struct {
			List  []model.Calibration
			Total int64
		}
		e.Get(fmt.Sprintf("/api/calibrateLog?deviceId=%d", d.ID), ct).Into(t, &p)
		if p.Total != 1 || p.List[0].Kind != "span" || *p.List[0].After != 50.1 || p.List[0].IMEI != d.IMEI {
			t.Fatalf("calibrations: %+v", p)
		}
		if countReadings(t, db, d.ID) != 1 {
			t.Fatal("the refused message stored its reading")
		}
	})
}

// Polls of one device at the same moment never receive the same send of a command twice: each attempt
// goes to one poll.
func TestConcurrentPollsClaimACommandOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		_, ct, d := companyDevice(t, e, e.Admin())
		expect(t, e.Post(fmt.Sprintf("/api/device/sendCommand/%d", d.ID), ct, map[string]any{"command": "selfTest"}), 200, 0)
		now := time.Now().UnixMilli()
		var wg sync.WaitGroup
		var mu sync.Mutex
		got := 0
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - int64(i), "ch4": 1})
				var res struct{ Commands []struct{ ID int64 } }
				json.Unmarshal(r.Data, &res)
				mu.Lock()
				got += len(res.Commands)
				mu.Unlock()
			}()
		}
		wg.Wait()
		var attempts int
		db.SQL.QueryRow(db.Rebind("SELECT attempts FROM device_commands WHERE device_id = ?"), d.ID).Scan(&attempts)
		if got != 1 || attempts != 1 {
			t.Fatalf("the command went out %d times in %d attempts", got, attempts)
		}
	})
}
