package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"time"

	"irgas/internal/alarm"
)

// retentionBatch is how many rows a SQLite retention delete removes at a time: short write locks, so that
// ingestion never waits long behind a purge.
const retentionBatch = 5000

// retained lists the tables retention trims, with their time column. Open alarms are kept whatever their age.
var retained = []struct{ table, column, extra string }{
	{"readings", "ts", ""},
	{"calibration_logs", "ts", ""},
	{"device_feedback_logs", "received_at", ""},
	{"alarm_logs", "started_at", " AND status = '" + alarm.StatusEnded + "'"},
	{"sms_send_log", "created_at", " AND status NOT IN ('pending', 'sending')"},
}

var partitionName = regexp.MustCompile(`^readings_(\d{6})$`)

// PurgeBefore deletes readings and device logs older than cutoff. On PostgreSQL, readings partitions
// that end before the cutoff are dropped whole; on SQLite, rows go in small batches. It returns how many
// rows (or, for dropped partitions, partitions) went.
func (db *DB) PurgeBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	if db.Dialect == Postgres {
		dropped, err := db.dropOldPartitions(ctx, cutoff)
		if err != nil {
			return n, err
		}
		n += dropped
	}
	ms := cutoff.UnixMilli()
	for _, t := range retained {
		// On PostgreSQL the readings of the cutoff's own month, and any in the default partition, still go
		// row by row below.
		var q string
		if db.Dialect == Postgres {
			q = fmt.Sprintf("DELETE FROM %s WHERE ctid IN (SELECT ctid FROM %s WHERE %s < $1%s LIMIT %d)", t.table, t.table, t.column, t.extra, retentionBatch)
		} else {
			q = fmt.Sprintf("DELETE FROM %s WHERE rowid IN (SELECT rowid FROM %s WHERE %s < ?%s LIMIT %d)", t.table, t.table, t.column, t.extra, retentionBatch)
			if t.table == "readings" { // WITHOUT ROWID: delete by key
				q = fmt.Sprintf("DELETE FROM readings WHERE (device_id, ts) IN (SELECT device_id, ts FROM readings WHERE ts < ? LIMIT %d)", retentionBatch)
			}
		}
		k, err := inBatches(ctx, func() (sql.Result, error) { return db.SQL.ExecContext(ctx, q, ms) })
		n += k
		if err != nil {
			return n, wrap(err, "purge "+t.table)
		}
	}
	return n, nil
}

// inBatches runs a delete of at most retentionBatch rows until one removes fewer, or ctx ends: each batch
// is its own short statement, so a purge never holds a long lock.
func inBatches(ctx context.Context, batch func() (sql.Result, error)) (int64, error) {
	var n int64
	for {
		res, err := batch()
		if err != nil {
			return n, err
		}
		k, _ := res.RowsAffected()
		n += k
		if k < retentionBatch || ctx.Err() != nil {
			return n, ctx.Err()
		}
	}
}

// dropOldPartitions drops the monthly readings partitions whose whole month is before cutoff.
func (db *DB) dropOldPartitions(ctx context.Context, cutoff time.Time) (int64, error) {
	rows, err := db.SQL.QueryContext(ctx, `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'readings' AND p.relnamespace = c.relnamespace
		AND p.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`)
	if err != nil {
		return 0, wrap(err, "list readings partitions")
	}
	var old []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return 0, wrap(err, "list readings partitions")
		}
		m := partitionName.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		start, err := time.Parse("200601", m[1])
		if err == nil && !start.AddDate(0, 1, 0).After(cutoff.UTC()) {
			old = append(old, name)
		}
	}
	rows.Close()
	for _, name := range old {
		if _, err := db.SQL.ExecContext(ctx, "DROP TABLE IF EXISTS "+name); err != nil {
			return 0, wrap(err, "drop "+name)
		}
	}
	return int64(len(old)), nil
}
