package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
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
		for start := 0; start < len(readings); start += readingsPerStatement {
			ins := db.Q.Insert("readings").Columns("device_id", "company_id", "ts", "received_at", "ch4", "voltage",
				"signal", "temperature", "status")
			for _, r := range readings[start:min(start+readingsPerStatement, len(readings))] {
				ins = ins.Values(r.DeviceID, r.CompanyID, r.TS, r.ReceivedAt, r.CH4, r.Voltage, r.Signal, r.Temperature, r.Status)
			}
			res, err := exec(ctx, tx, ins.Suffix("ON CONFLICT (device_id, ts) DO NOTHING"))
			if err != nil {
				return wrap(err, "store readings")
			}
			n, _ := res.RowsAffected()
			stored += n
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
