package store

import (
	"cmp"
	"context"
	"database/sql"
	"maps"
	"slices"
	"time"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/alarm"
	"irgas/internal/model"
)

// DayKey is the local day (yyyymmdd, in the server's time zone) of an epoch-ms time: the key of the
// readings roll-up.
func DayKey(ms int64) int64 {
	t := time.UnixMilli(ms)
	return int64(t.Year()*10000 + int(t.Month())*100 + t.Day())
}

// countReadings adds a batch's new readings to the per-company, per-day roll-up, in the batch's transaction.
func (db *DB) countReadings(ctx context.Context, tx *sql.Tx, fresh map[int64][]model.Reading) error {
	counts := map[[2]int64]int64{}
	for _, rs := range fresh {
		for _, r := range rs {
			counts[[2]int64{r.CompanyID, DayKey(r.TS)}]++
		}
	}
	if len(counts) == 0 {
		return nil
	}
	ins := db.Q.Insert("reading_counts").Columns("company_id", "day", "n")
	// In key order, so that two batches upserting the same counters never wait for each other in a cycle.
	for _, k := range slices.SortedFunc(maps.Keys(counts), func(a, b [2]int64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }) {
		ins = ins.Values(k[0], k[1], counts[k])
	}
	_, err := exec(ctx, tx, ins.Suffix("ON CONFLICT (company_id, day) DO UPDATE SET n = reading_counts.n + excluded.n"))
	return wrap(err, "count readings")
}

// DeviceTotals are the fleet's numbers on the home page.
type DeviceTotals struct {
	Total, Online, Offline int64
	Alarm                  int64 // an open gas alarm
	Fault                  int64 // an open fault
	LowBattery             int64 // an open low-battery alarm
}

// DeviceTotals counts the devices in scope and their open alarms, from the devices table and the open-alarm
// index (never from readings).
func (db *DB) DeviceTotals(ctx context.Context, scope Scope) (DeviceTotals, error) {
	var t DeviceTotals
	sel := db.Q.Select("count(*)", "COALESCE(sum(online), 0)").From("devices").Where(scope.cond("company_id"))
	row, err := queryRow(ctx, db.SQL, sel)
	if err == nil {
		err = row.Scan(&t.Total, &t.Online)
	}
	if err != nil {
		return t, wrap(err, "count devices")
	}
	t.Offline = t.Total - t.Online
	open := db.Q.Select("kind", "count(*)").From("alarm_logs").Where(sq.Eq{"status": alarm.StatusActive}).Where(scope.cond("company_id")).
		GroupBy("kind")
	type kindCount struct {
		kind string
		n    int64
	}
	err = scanAll(ctx, db.SQL, open, func(r rowScanner) (kindCount, error) {
		var k kindCount
		return k, r.Scan(&k.kind, &k.n)
	}, func(k kindCount) error {
		switch k.kind {
		case alarm.Gas:
			t.Alarm = k.n
		case alarm.Fault:
			t.Fault = k.n
		case alarm.LowBattery:
			t.LowBattery = k.n
		}
		return nil
	})
	return t, wrap(err, "count open alarms")
}

// DevicesBy counts the devices in scope by type ("type") or by province ("province").
func (db *DB) DevicesBy(ctx context.Context, scope Scope, by string) ([]model.Named, error) {
	var sel sq.SelectBuilder
	column := "province_code"
	if by == "type" {
		column = "type_id"
	}
	// Grouped on an index of (company_id, column) alone; the few type names are joined afterwards.
	inner := db.Q.Select(column+" AS k", "count(*) AS n").From("devices").Where(scope.cond("company_id")).GroupBy(column)
	sel = db.Q.Select("CAST(g.k AS TEXT)", "''", "g.n").FromSelect(inner, "g")
	if by == "type" {
		sel = db.Q.Select("CAST(g.k AS TEXT)", "COALESCE(t.name, '')", "g.n").FromSelect(inner, "g").
			LeftJoin("device_types t ON t.id = g.k")
	}
	out := []model.Named{}
	err := scanAll(ctx, db.SQL, sel.OrderBy("g.n DESC"), func(r rowScanner) (model.Named, error) {
		var n model.Named
		return n, r.Scan(&n.Key, &n.Name, &n.Count)
	}, func(n model.Named) error { out = append(out, n); return nil })
	return out, wrap(err, "count devices by "+by)
}

// ReadingsOn is the number of readings of a local day (DayKey) in scope, from the roll-up.
func (db *DB) ReadingsOn(ctx context.Context, scope Scope, day int64) (int64, error) {
	sel := db.Q.Select("COALESCE(sum(n), 0)").From("reading_counts").Where(sq.Eq{"day": day}).Where(scope.cond("company_id"))
	var n int64
	row, err := queryRow(ctx, db.SQL, sel)
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count readings")
}

// AlarmTotals counts the alarms in scope started since from, those never handled, and those open now.
func (db *DB) AlarmTotals(ctx context.Context, scope Scope, from int64) (since, unhandled, active int64, err error) {
	count := db.Q.Select("count(*)").From("alarm_logs").Where(scope.cond("company_id"))
	for _, q := range []struct {
		where sq.Sqlizer
		out   *int64
	}{{sq.GtOrEq{"started_at": from}, &since}, {sq.Eq{"handled_at": nil}, &unhandled}, {sq.Eq{"status": alarm.StatusActive}, &active}} {
		row, e := queryRow(ctx, db.SQL, count.Where(q.where))
		if e == nil {
			e = row.Scan(q.out)
		}
		if e != nil {
			return 0, 0, 0, wrap(e, "count alarms")
		}
	}
	return since, unhandled, active, nil
}

// TopAlarmingDevices lists the devices in scope with the most alarms started since from, the most first (at
// most n).
func (db *DB) TopAlarmingDevices(ctx context.Context, scope Scope, from int64, n int) ([]model.DeviceAlarms, error) {
	sel := db.Q.Select("a.device_id", "d.name", "d.imei", "count(*)").From(alarms.from).Where(alarms.scope(scope)).
		Where(sq.GtOrEq{"a.started_at": from}).GroupBy("a.device_id", "d.name", "d.imei").
		OrderBy("count(*) DESC", "a.device_id").Limit(uint64(n))
	out := []model.DeviceAlarms{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.DeviceAlarms, error) {
		var d model.DeviceAlarms
		return d, r.Scan(&d.DeviceID, &d.DeviceName, &d.IMEI, &d.Count)
	}, func(d model.DeviceAlarms) error { out = append(out, d); return nil })
	return out, wrap(err, "list the most alarming devices")
}

// LatestAlarms lists the newest alarms in scope.
func (db *DB) LatestAlarms(ctx context.Context, scope Scope, n int) ([]model.Alarm, error) {
	sel := db.Q.Select(alarms.columns...).From(alarms.from).Where(alarms.scope(scope)).
		OrderBy("a.started_at DESC", "a.id DESC").Limit(uint64(n))
	out := []model.Alarm{}
	err := scanAll(ctx, db.SQL, sel, scanAlarm, func(a model.Alarm) error { out = append(out, a); return nil })
	return out, wrap(err, "list latest alarms")
}

// CountCompanies counts the companies (platform users' home page).
func (db *DB) CountCompanies(ctx context.Context) (int64, error) {
	var n int64
	row, err := queryRow(ctx, db.SQL, db.Q.Select("count(*)").From("companies"))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count companies")
}

// AlarmTrend counts the alarms started per local day and kind from the day keys from to to (yyyymmdd,
// inclusive), from the alarm_counts roll-up; Day is the local midnight in epoch ms.
func (db *DB) AlarmTrend(ctx context.Context, scope Scope, from, to int64) ([]model.AlarmCount, error) {
	sel := db.Q.Select("day", "kind", "sum(n)").From("alarm_counts").Where(sq.GtOrEq{"day": from}).Where(sq.LtOrEq{"day": to}).
		Where(scope.cond("company_id")).GroupBy("day", "kind").OrderBy("day", "kind")
	out := []model.AlarmCount{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.AlarmCount, error) {
		var c model.AlarmCount
		var day int64
		err := r.Scan(&day, &c.Kind, &c.Count)
		c.Day = time.Date(int(day/10000), time.Month(day/100%100), int(day%100), 0, 0, 0, 0, time.Local).UnixMilli()
		return c, err
	}, func(c model.AlarmCount) error { out = append(out, c); return nil })
	return out, wrap(err, "read alarm trend")
}
