package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/alarm"
	"irgas/internal/listq"
	"irgas/internal/model"
)

// alarmInput is what the alarm rules need of a device: its thresholds, its last data before the batch,
// its open alarms and its current alarm state.
type alarmInput struct {
	companyID  int64
	thresholds alarm.Thresholds
	lastSeen   *int64
	open       map[string]alarm.Open
	state      string
	// active: the device and its company are enabled. Readings of an inactive (or deleted) device are not
	// stored, even when its session has not been closed yet.
	active bool
}

// alarmInputs reads the alarm inputs of many devices, with their open alarms, in one prepared query per
// 512 devices. A device's last data is the newer of its live state and its newest stored reading at or after
// since (the oldest reading of the batch): another instance may hold its live state back, but not what it
// committed, so a late reading is never evaluated after a newer one.
func (db *DB) alarmInputs(ctx context.Context, tx *sql.Tx, ids []int64, since int64) (map[int64]*alarmInput, error) {
	out := make(map[int64]*alarmInput, len(ids))
	for start := 0; start < len(ids); start += rowShapes[0] {
		chunk := padIDs(ids[start:min(start+rowShapes[0], len(ids))])
		args := make([]any, 0, len(chunk)+1)
		args = append(args, since)
		for _, id := range chunk {
			args = append(args, id)
		}
		stmt, err := db.prepared(ctx, tx, fmt.Sprintf("devices.alarmInputs.%d", len(chunk)), func() string {
			return "SELECT d.id, d.company_id, d.alert_low, d.alert_high, d.custom_params, d.last_seen_at, d.alarm_state, " +
				"a.id, a.kind, a.level, a.peak, a.started_at, d.status + c.status, " +
				"(SELECT max(r.ts) FROM readings r WHERE r.device_id = d.id AND r.ts >= CAST(? AS BIGINT)) FROM devices d " +
				"JOIN companies c ON c.id = d.company_id " +
				"LEFT JOIN alarm_logs a ON a.device_id = d.id AND a.status = '" + alarm.StatusActive + "' " +
				"WHERE d.id IN (" + valuesList("?", len(chunk)) + ")"
		})
		if err != nil {
			return nil, wrap(err, "read alarm inputs")
		}
		rows, err := stmt.QueryContext(ctx, args...)
		// A device comes once per open alarm, or once with NULLs when it has none.
		err = scanRows(rows, err, func(r rowScanner) (struct{}, error) {
			var id int64
			var custom string
			var in alarmInput
			var alarmID sql.NullInt64
			var kind, level sql.NullString
			var peak sql.NullFloat64
			var started sql.NullInt64
			var enabled int
			var newestStored sql.NullInt64
			if err := r.Scan(&id, &in.companyID, &in.thresholds.Low, &in.thresholds.High, &custom, &in.lastSeen, &in.state,
				&alarmID, &kind, &level, &peak, &started, &enabled, &newestStored); err != nil {
				return struct{}{}, err
			}
			in.active = enabled == 2*model.StatusEnabled
			if newestStored.Valid && (in.lastSeen == nil || *in.lastSeen < newestStored.Int64) {
				in.lastSeen = &newestStored.Int64
			}
			cur := out[id]
			if cur == nil {
				cur = &in
				cur.open = map[string]alarm.Open{}
				var params map[string]float64
				_ = json.Unmarshal([]byte(custom), &params)
				cur.thresholds.LowBattery = int(params["lowBatteryVoltage"])
				out[id] = cur
			}
			if alarmID.Valid {
				cur.open[kind.String] = alarm.Open{ID: alarmID.Int64, Kind: kind.String, Level: level.String, Peak: peak.Float64,
					Started: started.Int64}
			}
			return struct{}{}, nil
		}, func(struct{}) error { return nil })
		if err != nil {
			return nil, wrap(err, "read alarm inputs")
		}
	}
	return out, nil
}

// evaluateAlarms runs the alarm rules over each device's new readings inside the readings' transaction.
// Only readings newer than the device's last data count (a late reading is history, not news).
func (db *DB) evaluateAlarms(ctx context.Context, tx *sql.Tx, fresh map[int64][]model.Reading, inputs map[int64]*alarmInput) error {
	starts := alarmStarts{}
	for deviceID, rs := range fresh {
		in := inputs[deviceID]
		if in == nil {
			continue // the device was deleted meanwhile
		}
		var readings []alarm.Reading
		for _, r := range rs {
			if in.lastSeen == nil || r.TS > *in.lastSeen {
				readings = append(readings, alarm.Reading{TS: r.TS, ReceivedAt: r.ReceivedAt, CH4: r.CH4, Voltage: r.Voltage, Status: r.Status})
			}
		}
		changes, after := alarm.Evaluate(in.thresholds, in.open, readings)
		started := map[string]int64{}
		for _, c := range changes {
			id := c.ID
			if id == 0 {
				id = started[c.Kind]
			}
			switch c.Op {
			case alarm.Start:
				row, err := queryRow(ctx, tx, db.Q.Insert("alarm_logs").
					Columns("device_id", "company_id", "kind", "level", "value", "peak", "started_at", "status").
					Values(deviceID, in.companyID, c.Kind, c.Level, c.Value, c.Peak, c.TS, alarm.StatusActive).Suffix("RETURNING id"))
				if err == nil {
					err = row.Scan(&id)
				}
				if err != nil {
					return wrap(err, "start alarm")
				}
				started[c.Kind] = id
				starts.add(in.companyID, c.TS, c.Kind)
				if err := db.insertEvent(ctx, tx, alarmEvent(EventAlarmStarted, deviceID, in.companyID, id, c)); err != nil {
					return err
				}
			case alarm.Update:
				if _, err := exec(ctx, tx, db.Q.Update("alarm_logs").Set("level", c.Level).Set("value", c.Value).Set("peak", c.Peak).
					Where(sq.Eq{"id": id})); err != nil {
					return wrap(err, "update alarm")
				}
				if c.Raised {
					if err := db.insertEvent(ctx, tx, alarmEvent(EventAlarmRaised, deviceID, in.companyID, id, c)); err != nil {
						return err
					}
				}
			case alarm.End:
				if _, err := exec(ctx, tx, db.Q.Update("alarm_logs").Set("status", alarm.StatusEnded).Set("ended_at", c.TS).
					Where(sq.Eq{"id": id})); err != nil {
					return wrap(err, "end alarm")
				}
				if err := db.insertEvent(ctx, tx, alarmEvent(EventAlarmEnded, deviceID, in.companyID, id, c)); err != nil {
					return err
				}
			}
		}
		if state := alarm.State(after); state != in.state {
			if _, err := exec(ctx, tx, db.Q.Update("devices").Set("alarm_state", state).Where(sq.Eq{"id": deviceID})); err != nil {
				return wrap(err, "set alarm state")
			}
		}
	}
	return db.countAlarmStarts(ctx, tx, starts)
}

// alarmStarts counts the alarms a transaction starts, by company, local day and kind.
type alarmStarts map[alarmDay]int64

type alarmDay struct {
	company, day int64
	kind         string
}

func (a alarmStarts) add(company, ts int64, kind string) { a[alarmDay{company, DayKey(ts), kind}]++ }

// countAlarmStarts adds them to the alarm_counts roll-up (the home page's trend) in the same transaction.
func (db *DB) countAlarmStarts(ctx context.Context, tx *sql.Tx, a alarmStarts) error {
	if len(a) == 0 {
		return nil
	}
	ins := db.Q.Insert("alarm_counts").Columns("company_id", "day", "kind", "n")
	// In key order, as the reading counters (countReadings).
	for _, k := range slices.SortedFunc(maps.Keys(a), func(x, y alarmDay) int {
		return cmp.Or(cmp.Compare(x.company, y.company), cmp.Compare(x.day, y.day), cmp.Compare(x.kind, y.kind))
	}) {
		ins = ins.Values(k.company, k.day, k.kind, a[k])
	}
	_, err := exec(ctx, tx, ins.Suffix("ON CONFLICT (company_id, day, kind) DO UPDATE SET n = alarm_counts.n + excluded.n"))
	return wrap(err, "count alarms")
}

func alarmEvent(typ string, deviceID, companyID, alarmID int64, c alarm.Change) model.Event {
	v := c.Value
	return model.Event{Type: typ, CompanyID: companyID, DeviceID: deviceID, AlarmID: alarmID, AlarmKind: c.Kind, Level: c.Level,
		Value: &v, TS: c.TS}
}

// AlarmList is the allow-list of the alarm list and export calls.
var AlarmList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "deviceId", Column: "a.device_id", Kind: listq.Int, Doc: "device id (repeatable)"},
		{Param: "companyId", Column: "a.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "kind", Column: "a.kind", Kind: listq.Exact, Doc: "gas, fault, lowBattery, offline (repeatable)"},
		{Param: "level", Column: "a.level", Kind: listq.Exact, Doc: "low or high"},
		{Param: "status", Column: "a.status", Kind: listq.Exact, Doc: "active or ended"},
		{Param: "stage", Column: "a.status", Kind: listq.Exact, Cases: alarm.StageConds("a"),
			Doc: "new, acknowledged, waiting (ended, not handled) or handled (repeatable)"},
		{Param: "imei", Column: "d.imei", Kind: listq.Contains, Doc: "part of the IMEI"},
		{Param: "provinceCode", Column: "d.province_code", Kind: listq.Exact, Doc: "the device's province"},
		{Param: "cityCode", Column: "d.city_code", Kind: listq.Exact, Doc: "the device's city"},
		{Param: "countyCode", Column: "d.county_code", Kind: listq.Exact, Doc: "the device's county"},
		{Param: "startedAt", Column: "a.started_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	// severity: the most urgent first (alarm.Precedence); sort=severity,startedAt puts the oldest first within.
	Sorts:       map[string]string{"startedAt": "a.started_at", "peak": "a.peak", "id": "a.id", "severity": alarm.SeveritySQL("a")},
	DefaultSort: "-startedAt",
	TieBreak:    "a.id",
}

var alarms = table{
	from: "alarm_logs a JOIN devices d ON d.id = a.device_id",
	columns: []string{"a.id", "a.device_id", "d.name", "d.imei", "a.company_id", "a.kind", "a.level", "a.value", "a.peak",
		"a.started_at", "a.ended_at", "a.status", "a.ack_at", "a.ack_by", "a.ack_account", "a.handled_at", "a.handled_by",
		"a.handled_account", "a.handle_note"},
	companyColumn: "a.company_id",
	idColumn:      "a.id",
}

func scanAlarm(r rowScanner) (model.Alarm, error) {
	var a model.Alarm
	err := r.Scan(&a.ID, &a.DeviceID, &a.DeviceName, &a.IMEI, &a.CompanyID, &a.Kind, &a.Level, &a.Value, &a.Peak,
		&a.StartedAt, &a.EndedAt, &a.Status, &a.AckAt, &a.AckBy, &a.AckAccount, &a.HandledAt, &a.HandledBy,
		&a.HandledAccount, &a.HandleNote)
	a.Stage = alarm.StageOf(a.Status, a.AckAt != nil, a.HandledAt != nil)
	if a.EndedAt != nil {
		d := *a.EndedAt - a.StartedAt
		a.DurationMs = &d
	}
	return a, err
}

// ListAlarms lists alarms within scope.
func (db *DB) ListAlarms(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.Alarm], error) {
	return list(ctx, db, alarms, scope, q, scanAlarm)
}

// AlarmStageCounts counts, by stage, the alarms not yet handled that a list query's filters match (its stage
// filter aside): one statement over the alarms the partial index on unhandled alarms holds, instead of one
// count per stage.
func (db *DB) AlarmStageCounts(ctx context.Context, scope Scope, q listq.Query) (model.AlarmStageCounts, error) {
	var out model.AlarmStageCounts
	conds := slices.DeleteFunc(slices.Clone(q.Conds), func(c listq.Cond) bool { return c.Param == "stage" })
	sel := db.Q.Select(alarm.UnhandledStageSQL("a"), "count(*)").From(alarms.from).Where("a.handled_at IS NULL").GroupBy("1")
	for _, c := range db.where(alarms, scope, conds) {
		sel = sel.Where(c)
	}
	type stageCount struct {
		stage string
		n     int64
	}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (stageCount, error) {
		var c stageCount
		return c, r.Scan(&c.stage, &c.n)
	}, func(c stageCount) error {
		switch c.stage {
		case alarm.StageNew:
			out.New = c.n
		case alarm.StageAcknowledged:
			out.Acknowledged = c.n
		case alarm.StageWaiting:
			out.Waiting = c.n
		}
		return nil
	})
	return out, wrap(err, "count alarm stages")
}

// GetAlarm reads one alarm within scope.
func (db *DB) GetAlarm(ctx context.Context, scope Scope, id int64) (model.Alarm, error) {
	return get(ctx, db.SQL, db, alarms, scope, id, scanAlarm)
}

// AckAlarm notes who acknowledged an alarm and when; an alarm is acknowledged once.
func (db *DB) AckAlarm(ctx context.Context, scope Scope, id, by int64, account string, at int64) error {
	return db.stepAlarm(ctx, scope, id, map[string]any{"ack_at": at, "ack_by": by, "ack_account": account}, sq.Eq{"ack_at": nil})
}

// HandleAlarm notes who handled an acknowledged alarm, when and how; an alarm is handled once.
func (db *DB) HandleAlarm(ctx context.Context, scope Scope, id, by int64, account, note string, at int64) error {
	return db.stepAlarm(ctx, scope, id, map[string]any{"handled_at": at, "handled_by": by, "handled_account": account, "handle_note": note},
		sq.And{sq.NotEq{"ack_at": nil}, sq.Eq{"handled_at": nil}})
}

// AckAlarms acknowledges, in one transaction, those of ids not yet acknowledged, and returns them. An id
// outside scope makes it ErrNotFound, acknowledging nothing.
func (db *DB) AckAlarms(ctx context.Context, scope Scope, ids []int64, by int64, account string, at int64) ([]int64, error) {
	var acked []int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var visible int
		row, err := queryRow(ctx, tx, db.Q.Select("count(*)").From("alarm_logs").Where(sq.Eq{"id": ids}).Where(scope.cond("company_id")))
		if err == nil {
			err = row.Scan(&visible)
		}
		if err != nil {
			return wrap(err, "read alarms")
		}
		if visible != len(ids) {
			return ErrNotFound
		}
		return wrap(scanAll(ctx, tx, db.Q.Update("alarm_logs").SetMap(map[string]any{"ack_at": at, "ack_by": by, "ack_account": account}).
			Where(sq.Eq{"id": ids, "ack_at": nil}).Suffix("RETURNING id"), func(r rowScanner) (int64, error) {
			var id int64
			return id, r.Scan(&id)
		}, func(id int64) error { acked = append(acked, id); return nil }), "acknowledge alarms")
	})
	slices.Sort(acked)
	return acked, err
}

// stepAlarm applies one step when the alarm is within scope and in the state the step needs (else
// ErrNotFound for scope, ErrConflict for state).
func (db *DB) stepAlarm(ctx context.Context, scope Scope, id int64, set map[string]any, state sq.Sqlizer) error {
	if _, err := db.GetAlarm(ctx, scope, id); err != nil {
		return err
	}
	res, err := exec(ctx, db.SQL, db.Q.Update("alarm_logs").SetMap(set).Where(sq.Eq{"id": id}).Where(state))
	if err != nil {
		return wrap(err, "update alarm")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

// MarkOffline finds the silent devices, marks them offline and opens their offline alarm: online devices
// whose last data is older than the offline rule allows (alarm.OfflineSQL) and who have no newer reading
// stored, and devices that never reported, by the same rule from when they were created or imported (once
// in their life until they report: they start offline, so online cannot tell a raised alarm). Several
// instances may run it at once: the one-open-alarm index keeps a device to one offline alarm. It returns
// the devices it marked.
func (db *DB) MarkOffline(ctx context.Context, now, grace int64) ([]int64, error) {
	var marked []int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		heard := sq.And{sq.Eq{"online": 1}, sq.Expr(alarm.OfflineSQL("last_seen_at", "heartbeat_interval"), grace, now)}
		never := sq.And{sq.Eq{"last_seen_at": nil}, sq.Expr(alarm.OfflineSQL("created_at", "heartbeat_interval"), grace, now),
			sq.Expr("NOT EXISTS (SELECT 1 FROM alarm_logs a WHERE a.device_id = devices.id AND a.kind = ?)", alarm.Offline)}
		sel := db.Q.Select("id", "company_id", "last_seen_at IS NULL").From("devices").Where(sq.Or{heard, never}).
			// A stored reading whose live state its writer holds back (MoveLiveState) is activity too, while
			// it is recent itself: a writer that died holding it back must not keep its device online.
			Where("NOT EXISTS (SELECT 1 FROM readings r WHERE r.device_id = devices.id AND r.ts > COALESCE(devices.last_seen_at, 0) "+
					"AND "+alarm.HeardSQL("r.ts", "devices.heartbeat_interval")+")", grace, now).
			OrderBy("id") // rows are changed in id order, as the readings batches lock them
		type stale struct {
			id, company int64
			never       bool
		}
		var list []stale
		err := scanAll(ctx, tx, sel, func(r rowScanner) (stale, error) {
			var s stale
			return s, r.Scan(&s.id, &s.company, &s.never)
		}, func(s stale) error { list = append(list, s); return nil })
		if err != nil {
			return wrap(err, "find silent devices")
		}
		started := alarmStarts{}
		for _, s := range list {
			// Checked again on the row as it is now: a reading committed since the list was read keeps it online.
			still := sq.Sqlizer(heard)
			if s.never {
				still = sq.Eq{"last_seen_at": nil}
			}
			res, err := exec(ctx, tx, db.Q.Update("devices").Set("online", 0).Where(sq.Eq{"id": s.id}).Where(still))
			if err != nil {
				return wrap(err, "mark offline")
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
			var alarmID int64
			row, err := queryRow(ctx, tx, db.Q.Insert("alarm_logs").
				Columns("device_id", "company_id", "kind", "started_at", "status").
				Values(s.id, s.company, alarm.Offline, now, alarm.StatusActive).
				Suffix("ON CONFLICT (device_id, kind) WHERE status = '"+alarm.StatusActive+"' DO NOTHING RETURNING id"))
			if err == nil {
				err = row.Scan(&alarmID)
			}
			switch {
			case isNoRows(err): // another instance opened it first
			case err != nil:
				return wrap(err, "open offline alarm")
			default:
				if err := db.insertEvent(ctx, tx, model.Event{Type: EventAlarmStarted, CompanyID: s.company, DeviceID: s.id,
					AlarmID: alarmID, AlarmKind: alarm.Offline, TS: now}); err != nil {
					return err
				}
				started[alarmDay{s.company, DayKey(now), alarm.Offline}]++
			}
			// The most urgent word wins: an open gas alarm keeps its level.
			if _, err := exec(ctx, tx, db.Q.Update("devices").Set("alarm_state", alarm.Offline).
				Where(sq.Eq{"id": s.id, "alarm_state": alarm.LessUrgent(alarm.Offline)})); err != nil {
				return wrap(err, "set alarm state")
			}
			marked = append(marked, s.id)
		}
		return db.countAlarmStarts(ctx, tx, started) // the day's roll-up, once for the whole sweep
	})
	return marked, err
}

// EachAlarm streams the alarms a query matches (exports).
func (db *DB) EachAlarm(ctx context.Context, scope Scope, q listq.Query, fn func(model.Alarm) error) error {
	return each(ctx, db, alarms, scope, q, scanAlarm, fn)
}

// AlarmCounts counts the alarms started from..to within scope by kind and local day (offset ms).
func (db *DB) AlarmCounts(ctx context.Context, scope Scope, from, to, offset int64) ([]model.AlarmCount, error) {
	day := fmt.Sprintf("((a.started_at + %d) / 86400000) * 86400000 - %d", offset, offset)
	sel := db.Q.Select(day+" AS day", "a.kind", "count(*)").From("alarm_logs a").
		Where(sq.GtOrEq{"a.started_at": from}).Where(sq.LtOrEq{"a.started_at": to}).Where(scope.cond("a.company_id")).
		GroupBy("day", "a.kind").OrderBy("day", "a.kind")
	out := []model.AlarmCount{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.AlarmCount, error) {
		var c model.AlarmCount
		return c, r.Scan(&c.Day, &c.Kind, &c.Count)
	}, func(c model.AlarmCount) error { out = append(out, c); return nil })
	return out, wrap(err, "count alarms")
}

// FeedbackRow is one answer of a device, as the feedback log export lists it.
type FeedbackRow struct {
	DeviceName, IMEI, Command, Msg, Params string
	OK                                     bool
	Code                                   int
	ReceivedAt                             int64
}

// FeedbackList is the allow-list of the feedback log export.
var FeedbackList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "deviceId", Column: "f.device_id", Kind: listq.Int, Doc: "device id (repeatable)"},
		{Param: "companyId", Column: "f.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "receivedAt", Column: "f.received_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"receivedAt": "f.received_at"},
	DefaultSort: "-receivedAt",
	TieBreak:    "f.id",
}

var feedback = table{
	from:          "device_feedback_logs f JOIN devices d ON d.id = f.device_id",
	columns:       []string{"d.name", "d.imei", "f.command", "f.ok", "f.code", "f.msg", "f.params", "f.received_at"},
	companyColumn: "f.company_id",
	idColumn:      "f.id",
}

// EachFeedback streams a device feedback log query within scope.
func (db *DB) EachFeedback(ctx context.Context, scope Scope, q listq.Query, fn func(FeedbackRow) error) error {
	return each(ctx, db, feedback, scope, q, func(r rowScanner) (FeedbackRow, error) {
		var x FeedbackRow
		var ok int
		err := r.Scan(&x.DeviceName, &x.IMEI, &x.Command, &ok, &x.Code, &x.Msg, &x.Params, &x.ReceivedAt)
		x.OK = ok == 1
		return x, err
	}, fn)
}
