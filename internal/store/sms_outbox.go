package store

import (
	"context"
	"database/sql"
	"maps"
	"slices"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// Statuses of an SMS message. pending and sending are the outbox; the others are final.
const (
	SMSPending   = "pending"
	SMSSending   = "sending"
	SMSSent      = "sent"
	SMSFailed    = "failed"
	SMSCapped    = "capped"    // the company's daily cap was reached: not sent
	SMSThrottled = "throttled" // the same device, kind and phone had an SMS within the window: not sent
	SMSCancelled = "cancelled" // a reminder whose alarm was acknowledged before it went out
)

// SMSStatuses lists every status of a send-log row.
var SMSStatuses = []string{SMSPending, SMSSending, SMSSent, SMSFailed, SMSCapped, SMSThrottled, SMSCancelled}

// smsCounted are the statuses that count as a message sent (or being sent) for the throttle and the cap.
var smsCounted = []string{SMSPending, SMSSending, SMSSent, SMSFailed}

// SMSSendLogList is the allow-list of the send log.
var SMSSendLogList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "phone", Column: "m.phone", Kind: listq.Contains, Doc: "part of the phone number"},
		{Param: "smsUserId", Column: "m.sms_user_id", Kind: listq.Int, Doc: "notification user id (repeatable)"},
		{Param: "deviceId", Column: "m.device_id", Kind: listq.Int, Doc: "device id (repeatable)"},
		{Param: "alarmId", Column: "m.alarm_id", Kind: listq.Int, Doc: "alarm id (repeatable)"},
		{Param: "companyId", Column: "m.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "status", Column: "m.status", Kind: listq.Exact,
			Doc: "pending, sending, sent, failed, capped, throttled, cancelled (repeatable)"},
		{Param: "eventType", Column: "m.event_type", Kind: listq.Exact, Doc: "started, raised, ended, reminder (repeatable)"},
		{Param: "createdAt", Column: "m.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"id": "m.id", "createdAt": "m.created_at", "sentAt": "m.sent_at", "attempts": "m.attempts"},
	DefaultSort: "-createdAt",
	TieBreak:    "m.id",
}

var smsColumns = []string{"m.id", "m.company_id", "m.sms_user_id", "m.user_name", "m.phone", "m.device_id", "m.device_name",
	"m.alarm_id", "m.alarm_kind", "m.level", "m.event_type", "m.reminder", "m.language", "m.content", "m.params", "m.provider",
	"m.status", "m.provider_msg_id", "m.error", "m.hold_limit", "m.attempts", "m.next_attempt_at", "m.created_at", "m.updated_at", "m.sent_at"}

// smsReturning gives back a claimed message's columns (smsColumns without the table's alias).
var smsReturning = "RETURNING " + strings.ReplaceAll(strings.Join(smsColumns, ", "), "m.", "")

var smsLog = table{from: "sms_send_log m", columns: smsColumns, companyColumn: "m.company_id", idColumn: "m.id"}

func scanSMS(r rowScanner) (model.SMSMessage, error) {
	var m model.SMSMessage
	err := r.Scan(&m.ID, &m.CompanyID, &m.SMSUserID, &m.UserName, &m.Phone, &m.DeviceID, &m.DeviceName, &m.AlarmID, &m.AlarmKind,
		&m.Level, &m.EventType, &m.Reminder, &m.Language, &m.Content, &m.Params, &m.Provider, &m.Status, &m.ProviderMsgID, &m.Error,
		&m.Limit, &m.Attempts, &m.NextAttemptAt, &m.CreatedAt, &m.UpdatedAt, &m.SentAt)
	return m, err
}

// ListSMSSendLog lists messages within scope.
func (db *DB) ListSMSSendLog(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.SMSMessage], error) {
	return list(ctx, db, smsLog, scope, q, scanSMS)
}

// EachSMSMessage streams the messages a query matches within scope (exports).
func (db *DB) EachSMSMessage(ctx context.Context, scope Scope, q listq.Query, fn func(model.SMSMessage) error) error {
	return each(ctx, db, smsLog, scope, q, scanSMS, fn)
}

// GetSMSMessage reads one message within scope.
func (db *DB) GetSMSMessage(ctx context.Context, scope Scope, id int64) (model.SMSMessage, error) {
	return get(ctx, db.SQL, db, smsLog, scope, id, scanSMS)
}

// SMSDevice is what a message says of a device.
type SMSDevice struct {
	ID, CompanyID                      int64
	Name, IMEI, Address                string
	ProvinceCode, CityCode, CountyCode string
	CompanyEnabled                     bool
}

// SMSAlarm is what the notifier needs of an alarm.
type SMSAlarm struct {
	ID, DeviceID, CompanyID int64
	Kind, Level, Status     string
	Value                   float64
	StartedAt               int64
	AckAt                   *int64
}

// SMSTx is the notifier's work inside one transaction: what it reads and queues there commits together
// with the claim of the event or reminder that caused it.
type SMSTx struct {
	ctx     context.Context
	db      *DB
	tx      *sql.Tx
	users   map[int64][]model.SMSUser
	devices map[int64]*SMSDevice // of the claimed rows, read in one query
	alarms  map[int64]*SMSAlarm
}

// newSMSTx reads the devices and the alarms of a claimed batch at once (one query each, not two per row).
// A device or alarm deleted meanwhile is simply absent.
func (db *DB) newSMSTx(ctx context.Context, tx *sql.Tx, deviceIDs, alarmIDs []int64) (*SMSTx, error) {
	t := &SMSTx{ctx: ctx, db: db, tx: tx, users: map[int64][]model.SMSUser{}, devices: map[int64]*SMSDevice{}, alarms: map[int64]*SMSAlarm{}}
	err := scanAll(ctx, tx, db.Q.Select("d.id", "d.company_id", "d.name", "d.imei", "d.address", "d.province_code",
		"d.city_code", "d.county_code", "c.status").From("devices d").Join("companies c ON c.id = d.company_id").
		Where(sq.Eq{"d.id": deviceIDs}), func(r rowScanner) (*SMSDevice, error) {
		var d SMSDevice
		var status int
		err := r.Scan(&d.ID, &d.CompanyID, &d.Name, &d.IMEI, &d.Address, &d.ProvinceCode, &d.CityCode, &d.CountyCode, &status)
		d.CompanyEnabled = status == 1
		return &d, err
	}, func(d *SMSDevice) error { t.devices[d.ID] = d; return nil })
	if err != nil {
		return nil, wrap(err, "read devices")
	}
	err = scanAll(ctx, tx, db.Q.Select("id", "device_id", "company_id", "kind", "level", "status", "value", "started_at", "ack_at").
		From("alarm_logs").Where(sq.Eq{"id": alarmIDs}), func(r rowScanner) (*SMSAlarm, error) {
		var a SMSAlarm
		return &a, r.Scan(&a.ID, &a.DeviceID, &a.CompanyID, &a.Kind, &a.Level, &a.Status, &a.Value, &a.StartedAt, &a.AckAt)
	}, func(a *SMSAlarm) error { t.alarms[a.ID] = a; return nil })
	return t, wrap(err, "read alarms")
}

// forUpdate is the locking clause that lets several instances claim rows side by side: PostgreSQL skips the
// rows another transaction holds; SQLite has a single writer (transactions are IMMEDIATE), so none is needed.
func (db *DB) forUpdate() string {
	if db.Dialect == Postgres {
		return "FOR UPDATE SKIP LOCKED"
	}
	return ""
}

// NotifyEvents claims up to limit events not yet notified (setting notified_at) and calls fn for each in the
// same transaction, so that an event's messages are queued exactly when its claim commits. fn returning an
// error rolls the whole batch back. It returns how many events it claimed.
func (db *DB) NotifyEvents(ctx context.Context, now int64, limit int, fn func(t *SMSTx, e model.Event, d *SMSDevice, a *SMSAlarm) error) (int, error) {
	n := 0
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		// Only the events table is read (and, on PostgreSQL, locked): devices stay free for the gateway.
		sel := db.Q.Select("id", "type", "company_id", "device_id", "alarm_id", "alarm_kind", "level", "value", "ts", "created_at").
			From("events").Where(sq.Eq{"notified_at": nil}).OrderBy("id").Limit(uint64(limit)).Suffix(db.forUpdate())
		var events []model.Event
		scan := func(r rowScanner) (model.Event, error) {
			var e model.Event
			return e, r.Scan(&e.ID, &e.Type, &e.CompanyID, &e.DeviceID, &e.AlarmID, &e.AlarmKind, &e.Level, &e.Value, &e.TS, &e.CreatedAt)
		}
		if err := scanAll(ctx, tx, sel, scan, func(e model.Event) error { events = append(events, e); return nil }); err != nil {
			return wrap(err, "claim events")
		}
		held, err := db.heldElsewhere(ctx, tx, events)
		if err != nil {
			return err
		}
		events = slices.DeleteFunc(events, func(e model.Event) bool { return held[e.DeviceID] })
		if len(events) == 0 {
			return nil
		}
		ids := make([]int64, len(events))
		for i, e := range events {
			ids[i] = e.ID
		}
		if _, err := exec(ctx, tx, db.Q.Update("events").Set("notified_at", now).Where(sq.Eq{"id": ids, "notified_at": nil})); err != nil {
			return wrap(err, "claim events")
		}
		n = len(events)
		deviceIDs, alarmIDs := make([]int64, len(events)), make([]int64, len(events))
		for i, e := range events {
			deviceIDs[i], alarmIDs[i] = e.DeviceID, e.AlarmID
		}
		t, err := db.newSMSTx(ctx, tx, deviceIDs, alarmIDs)
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := fn(t, e, t.devices[e.DeviceID], t.alarms[e.AlarmID]); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// heldElsewhere names the devices of a claimed batch that have an earlier event not yet notified outside
// the batch: another instance has claimed it and not committed (SKIP LOCKED passed it by), or it committed
// after this batch was read. Their events wait for a later round, so that one device's events are notified
// in order and one at a time across instances: a start read alongside an uncommitted earlier start would
// not see that start's messages and would escape the throttle.
func (db *DB) heldElsewhere(ctx context.Context, q Querier, claimed []model.Event) (map[int64]bool, error) {
	held := map[int64]bool{}
	if len(claimed) == 0 {
		return held, nil
	}
	last := map[int64]int64{}
	ids := make([]int64, len(claimed))
	for i, e := range claimed {
		last[e.DeviceID], ids[i] = max(last[e.DeviceID], e.ID), e.ID
	}
	err := scanAll(ctx, q, db.Q.Select("device_id", "id").From("events").
		Where(sq.Eq{"notified_at": nil, "device_id": slices.Collect(maps.Keys(last))}).
		Where(sq.NotEq{"id": ids}).Where(sq.Lt{"id": slices.Max(ids)}), func(r rowScanner) (model.Event, error) {
		var e model.Event
		return e, r.Scan(&e.DeviceID, &e.ID)
	}, func(e model.Event) error {
		if e.ID < last[e.DeviceID] {
			held[e.DeviceID] = true
		}
		return nil
	})
	return held, wrap(err, "claim events")
}

// Reminder is an open alarm waiting for its next reminder.
type Reminder struct {
	AlarmID, CompanyID, DeviceID int64
	Sent                         int
	NextAt                       int64
}

// DueReminders claims up to limit reminders due at now and calls fn for each in one transaction; fn answers
// when the next one is due, or nil to drop the reminder (acknowledged, ended, or the last one sent).
func (db *DB) DueReminders(ctx context.Context, now int64, limit int,
	fn func(t *SMSTx, r Reminder, d *SMSDevice, a *SMSAlarm) (next *int64, err error)) (int, error) {
	n := 0
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		sel := db.Q.Select("alarm_id", "company_id", "device_id", "sent", "next_at").From("sms_reminders").
			Where(sq.LtOrEq{"next_at": now}).OrderBy("next_at", "alarm_id").Limit(uint64(limit)).Suffix(db.forUpdate())
		var due []Reminder
		err := scanAll(ctx, tx, sel, func(r rowScanner) (Reminder, error) {
			var x Reminder
			return x, r.Scan(&x.AlarmID, &x.CompanyID, &x.DeviceID, &x.Sent, &x.NextAt)
		}, func(x Reminder) error { due = append(due, x); return nil })
		if err != nil {
			return wrap(err, "claim reminders")
		}
		n = len(due)
		if n == 0 {
			return nil
		}
		deviceIDs, alarmIDs := make([]int64, n), make([]int64, n)
		for i, r := range due {
			deviceIDs[i], alarmIDs[i] = r.DeviceID, r.AlarmID
		}
		t, err := db.newSMSTx(ctx, tx, deviceIDs, alarmIDs)
		if err != nil {
			return err
		}
		for _, r := range due {
			next, err := fn(t, r, t.devices[r.DeviceID], t.alarms[r.AlarmID])
			if err != nil {
				return err
			}
			if next == nil {
				_, err = exec(ctx, tx, db.Q.Delete("sms_reminders").Where(sq.Eq{"alarm_id": r.AlarmID}))
			} else {
				_, err = exec(ctx, tx, db.Q.Update("sms_reminders").Set("sent", r.Sent+1).Set("next_at", *next).
					Where(sq.Eq{"alarm_id": r.AlarmID}))
			}
			if err != nil {
				return wrap(err, "update reminder")
			}
		}
		return nil
	})
	return n, err
}

// Users returns the enabled notification users of a company (read once per transaction).
func (t *SMSTx) Users(companyID int64) ([]model.SMSUser, error) {
	if u, ok := t.users[companyID]; ok {
		return u, nil
	}
	u, err := t.db.companySMSUsers(t.ctx, t.tx, companyID)
	if err == nil {
		t.users[companyID] = u
	}
	return u, err
}

// PhonesSentSince gives the phones that got (or are getting) a message of one of eventTypes for the device
// and alarm kind since the time given: the throttle, read once for all the recipients of an alarm.
func (t *SMSTx) PhonesSentSince(deviceID int64, kind string, eventTypes []string, since int64) (map[string]bool, error) {
	phones := map[string]bool{}
	err := scanAll(t.ctx, t.tx, t.db.Q.Select("DISTINCT phone").From("sms_send_log").
		Where(sq.Eq{"device_id": deviceID, "alarm_kind": kind, "event_type": eventTypes, "status": smsCounted}).
		Where(sq.Gt{"created_at": since}), func(r rowScanner) (string, error) {
		var phone string
		return phone, r.Scan(&phone)
	}, func(phone string) error { phones[phone] = true; return nil })
	return phones, wrap(err, "check throttle")
}

// CountSince counts a company's messages sent (or being sent) since the time given.
func (t *SMSTx) CountSince(companyID, since int64) (int, error) {
	var n int
	row, err := queryRow(t.ctx, t.tx, t.db.Q.Select("count(*)").From("sms_send_log").
		Where(sq.Eq{"company_id": companyID, "status": smsCounted}).Where(sq.GtOrEq{"created_at": since}))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count messages")
}

// Queue writes a message (pending ones are the outbox).
func (t *SMSTx) Queue(m model.SMSMessage) error {
	_, err := exec(t.ctx, t.tx, t.db.Q.Insert("sms_send_log").SetMap(map[string]any{
		"company_id": m.CompanyID, "sms_user_id": m.SMSUserID, "user_name": m.UserName, "phone": m.Phone, "device_id": m.DeviceID,
		"device_name": m.DeviceName, "alarm_id": m.AlarmID, "alarm_kind": m.AlarmKind, "level": m.Level, "event_type": m.EventType,
		"reminder": m.Reminder, "language": m.Language, "content": m.Content, "params": m.Params, "provider": m.Provider,
		"status": m.Status, "error": m.Error, "hold_limit": m.Limit, "next_attempt_at": m.NextAttemptAt, "created_at": m.CreatedAt, "updated_at": m.CreatedAt}))
	return wrap(err, "queue message")
}

// StartReminder schedules the first reminder of an alarm (once).
func (t *SMSTx) StartReminder(alarmID, companyID, deviceID, nextAt, now int64) error {
	_, err := exec(t.ctx, t.tx, t.db.Q.Insert("sms_reminders").Columns("alarm_id", "company_id", "device_id", "next_at", "created_at").
		Values(alarmID, companyID, deviceID, nextAt, now).Suffix("ON CONFLICT (alarm_id) DO NOTHING"))
	return wrap(err, "schedule reminder")
}

// StopReminder drops an alarm's reminders.
func (t *SMSTx) StopReminder(alarmID int64) error {
	_, err := exec(t.ctx, t.tx, t.db.Q.Delete("sms_reminders").Where(sq.Eq{"alarm_id": alarmID}))
	return wrap(err, "stop reminder")
}

// ClaimSMS takes up to limit messages due at now for sending: pending ones whose time has come, and
// sending ones whose sender died (lease over). Each is marked sending until lockedUntil with one more
// attempt, in one statement, so that two senders never take the same message. Reminders whose alarm was
// acknowledged meanwhile are cancelled instead.
func (db *DB) ClaimSMS(ctx context.Context, now, lockedUntil int64, limit int) ([]model.SMSMessage, error) {
	if _, err := exec(ctx, db.SQL, db.Q.Update("sms_send_log").Set("status", SMSCancelled).Set("updated_at", now).
		Set("error", "alarm acknowledged").
		Where(sq.Eq{"status": SMSPending, "event_type": "reminder"}).
		// Looked up per due reminder by the alarm's key, not by listing every acknowledged alarm at each poll.
		Where("EXISTS (SELECT 1 FROM alarm_logs a WHERE a.id = sms_send_log.alarm_id AND a.ack_at IS NOT NULL)").
		Where(sq.LtOrEq{"next_attempt_at": now})); err != nil {
		return nil, wrap(err, "cancel acknowledged reminders")
	}
	due := sq.Or{sq.And{sq.Eq{"status": SMSPending}, sq.LtOrEq{"next_attempt_at": now}},
		sq.And{sq.Eq{"status": SMSSending}, sq.Lt{"locked_until": now}}}
	var out []model.SMSMessage
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var ids []int64
		sel := db.Q.Select("id").From("sms_send_log").Where(due).OrderBy("next_attempt_at", "id").Limit(uint64(limit)).
			Suffix(db.forUpdate())
		err := scanAll(ctx, tx, sel, func(r rowScanner) (int64, error) {
			var id int64
			return id, r.Scan(&id)
		}, func(id int64) error { ids = append(ids, id); return nil })
		if err != nil || len(ids) == 0 {
			return wrap(err, "claim messages")
		}
		upd := db.Q.Update("sms_send_log").Set("status", SMSSending).Set("locked_until", lockedUntil).
			Set("attempts", sq.Expr("attempts + 1")).Set("updated_at", now).Where(sq.Eq{"id": ids}).Where(due).Suffix(smsReturning)
		query, args, err := upd.ToSql()
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, query, args...)
		return wrap(scanRows(rows, err, scanSMS, func(m model.SMSMessage) error { out = append(out, m); return nil }), "claim messages")
	})
	return out, err
}

// FinishSMS records the outcome of an attempt: sent (with the provider's id), failed for good, or pending
// again at nextAttemptAt after a failure worth retrying.
func (db *DB) FinishSMS(ctx context.Context, id int64, status, provider, providerMsgID, errText string, nextAttemptAt, now int64) error {
	set := map[string]any{"status": status, "provider": provider, "error": errText, "updated_at": now, "locked_until": nil}
	switch status {
	case SMSSent:
		set["provider_msg_id"], set["sent_at"] = providerMsgID, now
	case SMSPending:
		set["next_attempt_at"] = nextAttemptAt
	}
	_, err := exec(ctx, db.SQL, db.Q.Update("sms_send_log").SetMap(set).Where(sq.Eq{"id": id, "status": SMSSending}))
	return wrap(err, "record message outcome")
}
