package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// InsertReadings writes readings in one transaction, skipping any already stored (same device and
// timestamp), evaluates the alarm rules over the new ones and moves each device's live state. It returns
// how many readings were new.
func (db *DB) InsertReadings(ctx context.Context, readings []model.Reading) (int64, error) {
	return db.InsertReadingBatch(ctx, ReadingBatch{Readings: readings, MoveLive: true})
}

// ReadingBatch is one group commit of readings.
type ReadingBatch struct {
	Readings []model.Reading
	// Unmoved is the newest reading of each device whose live state its writer holds back (see
	// MoveLiveState): the alarm rules take it as the device's last data.
	Unmoved map[int64]model.Reading
	// MoveLive moves, in the same transaction, the live state of the batch's devices and of Unmoved.
	MoveLive bool
}

// InsertReadingBatch is InsertReadings for a group-commit writer that may hold the live state back.
func (db *DB) InsertReadingBatch(ctx context.Context, batch ReadingBatch) (int64, error) {
	if len(batch.Readings) == 0 {
		return 0, nil
	}
	readings := batch.Readings
	var stored int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		// What the alarm rules need of every device of the batch, read once per batch, once the devices are
		// locked: one writer per device at a time, whatever the instance.
		ids := make([]int64, 0, len(readings))
		seen := map[int64]bool{}
		since := readings[0].TS
		for _, r := range readings {
			if !seen[r.DeviceID] {
				seen[r.DeviceID] = true
				ids = append(ids, r.DeviceID)
			}
			since = min(since, r.TS)
		}
		locked := ids
		if batch.MoveLive {
			for id := range batch.Unmoved {
				if !seen[id] {
					locked = append(slices.Clone(locked), id)
					seen[id] = true
				}
			}
		}
		if err := db.lockDevices(ctx, tx, locked); err != nil {
			return err
		}
		states, err := db.alarmInputs(ctx, tx, ids, since)
		if err != nil {
			return err
		}
		inactive := func(r model.Reading) bool { in := states[r.DeviceID]; return in == nil || !in.active }
		if slices.ContainsFunc(readings, inactive) {
			readings = slices.DeleteFunc(slices.Clone(readings), inactive)
		}
		for id, r := range batch.Unmoved {
			if in := states[id]; in != nil && (in.lastSeen == nil || *in.lastSeen < r.TS) {
				in.lastSeen = &r.TS
			}
		}
		fresh := map[int64][]model.Reading{}
		err = eachShape(len(readings), func(lo, hi int) error {
			n, err := db.insertReadings(ctx, tx, readings[lo:hi], fresh)
			stored += n
			return err
		})
		if err != nil {
			return err
		}
		for id := range fresh {
			sort.Slice(fresh[id], func(i, j int) bool { return fresh[id][i].TS < fresh[id][j].TS })
		}
		if err := db.evaluateAlarms(ctx, tx, fresh, states); err != nil {
			return err
		}
		if err := db.countReadings(ctx, tx, fresh); err != nil {
			return err
		}
		if !batch.MoveLive {
			return nil
		}
		newest := maps.Clone(batch.Unmoved)
		if newest == nil {
			newest = map[int64]model.Reading{}
		}
		MergeNewest(newest, readings)
		return db.moveLiveState(ctx, tx, newest)
	})
	return stored, err
}

// lockDevices takes the row locks of devices (PostgreSQL; SQLite has one writer) in id order, so that the
// batches of several instances touching one device run one after the other, each reading what the previous
// one committed, and two batches never wait for each other's devices in a cycle.
func (db *DB) lockDevices(ctx context.Context, tx *sql.Tx, ids []int64) error {
	if db.Dialect != Postgres || len(ids) == 0 {
		return nil
	}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	for start := 0; start < len(ids); start += rowShapes[0] {
		chunk := padIDs(ids[start:min(start+rowShapes[0], len(ids))])
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		stmt, err := db.prepared(ctx, tx, fmt.Sprintf("devices.lock.%d", len(chunk)), func() string {
			return "SELECT id FROM devices WHERE id IN (" + valuesList("?", len(chunk)) + ") ORDER BY id FOR UPDATE"
		})
		if err != nil {
			return wrap(err, "lock devices")
		}
		rows, err := stmt.QueryContext(ctx, args...)
		err = scanRows(rows, err, func(r rowScanner) (int64, error) {
			var id int64
			return id, r.Scan(&id)
		}, func(int64) error { return nil })
		if err != nil {
			return wrap(err, "lock devices")
		}
	}
	return nil
}

// insertReadings inserts one piece of a batch (as long as one of rowShapes) with a prepared statement,
// adds the readings that were new to fresh and returns how many there were.
func (db *DB) insertReadings(ctx context.Context, tx *sql.Tx, piece []model.Reading, fresh map[int64][]model.Reading) (int64, error) {
	stmt, err := db.prepared(ctx, tx, fmt.Sprintf("readings.insert.%d", len(piece)), func() string {
		// RETURNING names the readings that were new: a redelivered one is neither stored nor evaluated again.
		return "INSERT INTO readings (device_id, company_id, ts, received_at, ch4, voltage, signal, temperature, status) VALUES " +
			valuesList("(?, ?, ?, ?, ?, ?, ?, ?, ?)", len(piece)) + " ON CONFLICT (device_id, ts) DO NOTHING RETURNING device_id, ts"
	})
	if err != nil {
		return 0, wrap(err, "store readings")
	}
	args := make([]any, 0, 9*len(piece))
	for _, r := range piece {
		args = append(args, r.DeviceID, r.CompanyID, r.TS, r.ReceivedAt, r.CH4, r.Voltage, r.Signal, r.Temperature, r.Status)
	}
	inserted := map[[2]int64]bool{}
	rows, err := stmt.QueryContext(ctx, args...)
	err = scanRows(rows, err, func(r rowScanner) ([2]int64, error) {
		var k [2]int64
		err := r.Scan(&k[0], &k[1])
		return k, err
	}, func(k [2]int64) error {
		inserted[k] = true
		return nil
	})
	if err != nil {
		return 0, wrap(err, "store readings")
	}
	stored := int64(len(inserted))
	for _, r := range piece {
		if inserted[[2]int64{r.DeviceID, r.TS}] {
			fresh[r.DeviceID] = append(fresh[r.DeviceID], r)
			delete(inserted, [2]int64{r.DeviceID, r.TS}) // a key twice in one batch counts once
		}
	}
	return stored, nil
}

// MergeNewest keeps in newest each device's newest reading of newest and readings.
func MergeNewest(newest map[int64]model.Reading, readings []model.Reading) {
	for _, r := range readings {
		if cur, ok := newest[r.DeviceID]; !ok || r.TS > cur.TS {
			newest[r.DeviceID] = r
		}
	}
}

// MoveLiveState sets each device's live state (methane, voltage, signal, temperature, last seen, online) to
// its newest reading, in a transaction of its own. A group-commit writer under load calls it about once a
// second instead of moving every device of every batch: the device list may then lag its readings by that
// second, while offline detection looks at the readings themselves (MarkOffline).
func (db *DB) MoveLiveState(ctx context.Context, newest map[int64]model.Reading) error {
	if len(newest) == 0 {
		return nil
	}
	return db.InTx(ctx, func(tx *sql.Tx) error { return db.moveLiveState(ctx, tx, newest) })
}

// moveLiveState sets each device's live state to its newest reading with one statement per piece of up to
// 512 devices (not one per device). Only a newer reading moves it: a late batch never overwrites a fresher
// one. Both databases name the columns of a VALUES list column1, column2, …; the casts type the
// parameters for PostgreSQL.
func (db *DB) moveLiveState(ctx context.Context, tx *sql.Tx, newest map[int64]model.Reading) error {
	rows := make([]model.Reading, 0, len(newest))
	for _, r := range newest {
		rows = append(rows, r)
	}
	return eachShape(len(rows), func(lo, hi int) error {
		stmt, err := db.prepared(ctx, tx, fmt.Sprintf("devices.live.%d", hi-lo), func() string {
			return "UPDATE devices SET ch4 = v.column2, voltage = v.column3, signal = v.column4, temperature = v.column5, " +
				"last_seen_at = v.column6, online = 1 FROM (VALUES " +
				valuesList("(CAST(? AS BIGINT), CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT))", hi-lo) +
				") AS v WHERE devices.id = v.column1 AND (devices.last_seen_at IS NULL OR devices.last_seen_at <= v.column6)"
		})
		if err != nil {
			return wrap(err, "update live state")
		}
		args := make([]any, 0, 6*(hi-lo))
		for _, r := range rows[lo:hi] {
			args = append(args, r.DeviceID, r.CH4, r.Voltage, r.Signal, r.Temperature, r.TS)
		}
		_, err = stmt.ExecContext(ctx, args...)
		return wrap(err, "update live state")
	})
}

// EnsureReadingPartitions creates the monthly partitions of the readings table (PostgreSQL) from the
// month of from to months months later. SQLite keeps one table and needs none.
func (db *DB) EnsureReadingPartitions(ctx context.Context, from time.Time, months int) error {
	if db.Dialect != Postgres {
		return nil
	}
	start := time.Date(from.UTC().Year(), from.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i <= months; i++ {
		lo, hi := start.AddDate(0, i, 0), start.AddDate(0, i+1, 0)
		stmt := fmt.Sprintf("CREATE TABLE IF NOT EXISTS readings_%s PARTITION OF readings FOR VALUES FROM (%d) TO (%d)",
			lo.Format("200601"), lo.UnixMilli(), hi.UnixMilli())
		if _, err := db.SQL.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("store: unable to create the readings partition of %s: %w", lo.Format("2006-01"), err)
		}
	}
	return nil
}

// ReadingList is the allow-list of the data log list and export calls.
var ReadingList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "deviceId", Column: "r.device_id", Kind: listq.Int, Doc: "device id (repeatable)"},
		{Param: "companyId", Column: "r.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "ts", Column: "r.ts", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms of the reading"},
	},
	Sorts:       map[string]string{"ts": "r.ts"},
	DefaultSort: "-ts",
	TieBreak:    "r.device_id",
}

// ReadingCountCap bounds how far a data log list is counted (see model.Page.TotalCapped): a device reporting every
// minute has 43,200 readings a month, and counting them all would cost more than the page itself.
const ReadingCountCap = 10000

var readingsTable = table{
	from: "readings r JOIN devices d ON d.id = r.device_id",
	columns: []string{"r.device_id", "d.name", "d.imei", "r.ts", "r.received_at", "r.ch4", "r.voltage", "r.signal",
		"r.temperature", "r.status"},
	companyColumn: "r.company_id",
	idColumn:      "r.device_id",
	countCap:      ReadingCountCap,
}

func scanReading(r rowScanner) (model.ReadingRow, error) {
	var x model.ReadingRow
	err := r.Scan(&x.DeviceID, &x.DeviceName, &x.IMEI, &x.TS, &x.ReceivedAt, &x.CH4, &x.Voltage, &x.Signal, &x.Temperature, &x.Status)
	return x, err
}

// ListReadings lists readings within scope, newest first by default.
func (db *DB) ListReadings(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.ReadingRow], error) {
	return list(ctx, db, readingsTable, scope, q, scanReading)
}

// EachReading streams the readings a query matches (exports).
func (db *DB) EachReading(ctx context.Context, scope Scope, q listq.Query, fn func(model.ReadingRow) error) error {
	return each(ctx, db, readingsTable, scope, q, scanReading, fn)
}

// ReadingBuckets aggregates a device's readings from..to into buckets of size ms (offset shifts bucket
// edges, e.g. to local midnight).
func (db *DB) ReadingBuckets(ctx context.Context, scope Scope, deviceID *int64, from, to, size, offset int64) ([]model.Bucket, error) {
	b := fmt.Sprintf("((r.ts + %d) / %d) * %d - %d", offset, size, size, offset)
	sel := db.Q.Select(b+" AS bucket", "min(r.ch4)", "avg(r.ch4)", "max(r.ch4)", "count(*)").From("readings r").
		Where(sq.GtOrEq{"r.ts": from}).Where(sq.LtOrEq{"r.ts": to}).Where(scope.cond("r.company_id")).GroupBy("bucket").OrderBy("bucket")
	if deviceID != nil {
		sel = sel.Where(sq.Eq{"r.device_id": *deviceID})
	}
	out := []model.Bucket{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.Bucket, error) {
		var x model.Bucket
		return x, r.Scan(&x.TS, &x.Min, &x.Avg, &x.Max, &x.Count)
	}, func(x model.Bucket) error { out = append(out, x); return nil })
	return out, wrap(err, "aggregate readings")
}
