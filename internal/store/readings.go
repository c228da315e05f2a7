package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	sq "github.com/Masterminds/squirrel"
)

// Reading is one measurement of a device.
type Reading struct {
	DeviceID    int64    `json:"deviceId"`
	CompanyID   int64    `json:"-"`
	TS          int64    `json:"ts"`
	ReceivedAt  int64    `json:"receivedAt"`
	CH4         float64  `json:"ch4"`
	Voltage     *int     `json:"voltage"`
	Signal      *int     `json:"signal"`
	Temperature *float64 `json:"temperature"`
	Status      string   `json:"status"`
}

// readingsPerStatement keeps a multi-row insert under SQLite's bound-parameter limit (9 columns a row).
const readingsPerStatement = 1000

// InsertReadings writes readings in one transaction, skipping any already stored (same device and
// timestamp), and moves each device's live state to its newest reading with one update per device. It
// returns how many readings were new.
func (db *DB) InsertReadings(ctx context.Context, readings []Reading) (int64, error) {
	var stored int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		// The devices' last data before this batch: alarms follow only what is newer.
		ids := map[int64]bool{}
		for _, r := range readings {
			ids[r.DeviceID] = true
		}
		lastSeen := map[int64]*int64{}
		for id := range ids {
			var last *int64
			row, err := queryRow(ctx, tx, db.Q.Select("last_seen_at").From("devices").Where(sq.Eq{"id": id}))
			if err == nil {
				err = row.Scan(&last)
			}
			if err != nil && !isNoRows(err) {
				return wrap(err, "read last data")
			}
			lastSeen[id] = last
		}
		fresh := map[int64][]Reading{}
		for start := 0; start < len(readings); start += readingsPerStatement {
			ins := db.Q.Insert("readings").Columns("device_id", "company_id", "ts", "received_at", "ch4", "voltage",
				"signal", "temperature", "status")
			for _, r := range readings[start:min(start+readingsPerStatement, len(readings))] {
				ins = ins.Values(r.DeviceID, r.CompanyID, r.TS, r.ReceivedAt, r.CH4, r.Voltage, r.Signal, r.Temperature, r.Status)
			}
			// RETURNING names the readings that were new: a redelivered one is neither stored nor evaluated again.
			query, args, err := ins.Suffix("ON CONFLICT (device_id, ts) DO NOTHING RETURNING device_id, ts").ToSql()
			if err != nil {
				return err
			}
			rows, err := tx.QueryContext(ctx, query, args...)
			if err != nil {
				return wrap(err, "store readings")
			}
			inserted := map[[2]int64]bool{}
			for rows.Next() {
				var k [2]int64
				if err := rows.Scan(&k[0], &k[1]); err != nil {
					rows.Close()
					return wrap(err, "store readings")
				}
				inserted[k] = true
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return wrap(err, "store readings")
			}
			stored += int64(len(inserted))
			for _, r := range readings[start:min(start+readingsPerStatement, len(readings))] {
				if inserted[[2]int64{r.DeviceID, r.TS}] {
					fresh[r.DeviceID] = append(fresh[r.DeviceID], r)
					delete(inserted, [2]int64{r.DeviceID, r.TS}) // a key twice in one batch counts once
				}
			}
		}
		for id := range fresh {
			sort.Slice(fresh[id], func(i, j int) bool { return fresh[id][i].TS < fresh[id][j].TS })
		}
		if err := db.evaluateAlarms(ctx, tx, fresh, lastSeen); err != nil {
			return err
		}
		newest := map[int64]Reading{}
		for _, r := range readings {
			if cur, ok := newest[r.DeviceID]; !ok || r.TS > cur.TS {
				newest[r.DeviceID] = r
			}
		}
		for id, r := range newest {
			// Only a newer reading moves the live state: a late batch never overwrites a fresher one.
			_, err := exec(ctx, tx, db.Q.Update("devices").
				Set("ch4", r.CH4).Set("voltage", r.Voltage).Set("signal", r.Signal).Set("temperature", r.Temperature).
				Set("last_seen_at", r.TS).Set("online", 1).
				Where("id = ? AND (last_seen_at IS NULL OR last_seen_at <= ?)", id, r.TS))
			if err != nil {
				return wrap(err, "update live state")
			}
		}
		return nil
	})
	return stored, err
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
