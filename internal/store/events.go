package store

import (
	"context"
	"database/sql"
	"time"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/model"
)

// Event types: what happened to an alarm. An offline alarm starting is a device going offline, its end the
// device coming back.
const (
	EventAlarmStarted = "alarm.started"
	EventAlarmRaised  = "alarm.raised" // a low gas alarm rose to high
	EventAlarmEnded   = "alarm.ended"
)

// insertEvent records an event inside the transaction that decided it, so that it exists exactly when the
// alarm change does.
func (db *DB) insertEvent(ctx context.Context, tx *sql.Tx, e model.Event) error {
	_, err := exec(ctx, tx, db.Q.Insert("events").
		Columns("type", "company_id", "device_id", "alarm_id", "alarm_kind", "level", "value", "ts", "created_at").
		Values(e.Type, e.CompanyID, e.DeviceID, e.AlarmID, e.AlarmKind, e.Level, e.Value, e.TS, NowMs()))
	return wrap(err, "record event")
}

var eventColumns = []string{"e.id", "e.type", "e.company_id", "e.device_id", "e.alarm_id", "e.alarm_kind", "e.level", "e.value",
	"e.ts", "e.created_at", "COALESCE(d.name, '')", "COALESCE(d.imei, '')"}

func scanEvent(r rowScanner) (model.Event, error) {
	var e model.Event
	err := r.Scan(&e.ID, &e.Type, &e.CompanyID, &e.DeviceID, &e.AlarmID, &e.AlarmKind, &e.Level, &e.Value, &e.TS, &e.CreatedAt,
		&e.DeviceName, &e.IMEI)
	return e, err
}

// EventsAfter returns up to limit events of the scope with an id above after, oldest first.
func (db *DB) EventsAfter(ctx context.Context, scope Scope, after int64, limit int) ([]model.Event, error) {
	return db.eventsAfter(ctx, scope, after, 0, limit)
}

// LiveEventsAfter is EventsAfter for a live feed. On PostgreSQL, ids are taken at insert and become visible
// at commit, so a later id can show before an earlier one; holding back the newest second lets a
// transaction in flight commit before the feed moves past its id (SQLite has one writer: no hold-back).
func (db *DB) LiveEventsAfter(ctx context.Context, scope Scope, after int64, limit int) ([]model.Event, error) {
	var notAfter int64
	if db.Dialect == Postgres {
		notAfter = NowMs() - 1000
	}
	return db.eventsAfter(ctx, scope, after, notAfter, limit)
}

func (db *DB) eventsAfter(ctx context.Context, scope Scope, after, notAfter int64, limit int) ([]model.Event, error) {
	sel := db.Q.Select(eventColumns...).From("events e").LeftJoin("devices d ON d.id = e.device_id").
		Where(sq.Gt{"e.id": after}).Where(scope.cond("e.company_id")).OrderBy("e.id").Limit(uint64(limit))
	if notAfter > 0 {
		sel = sel.Where(sq.LtOrEq{"e.created_at": notAfter})
	}
	out := []model.Event{}
	err := scanAll(ctx, db.SQL, sel, scanEvent, func(e model.Event) error { out = append(out, e); return nil })
	return out, wrap(err, "read events")
}

// LastEventID is the newest event's id (0 when there is none): where a new live feed starts.
func (db *DB) LastEventID(ctx context.Context) (int64, error) {
	var id sql.NullInt64
	row, err := queryRow(ctx, db.SQL, db.Q.Select("max(id)").From("events"))
	if err == nil {
		err = row.Scan(&id)
	}
	return id.Int64, wrap(err, "read events")
}

// EventKeep is how long events stay: long enough for a live feed to resume and for notifications to be sent.
const EventKeep = 7 * 24 * time.Hour

// PurgeEvents deletes events created before cutoff, in small batches.
func (db *DB) PurgeEvents(ctx context.Context, cutoff time.Time) (int64, error) {
	del := db.Q.Delete("events").Where(sq.Expr("id IN (SELECT id FROM events WHERE created_at < ? LIMIT ?)",
		cutoff.UnixMilli(), retentionBatch))
	n, err := inBatches(ctx, func() (sql.Result, error) { return exec(ctx, db.SQL, del) })
	return n, wrap(err, "purge events")
}
