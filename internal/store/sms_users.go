package store

import (
	"context"
	"database/sql"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// SMSUserFields is what a create or update writes.
type SMSUserFields struct {
	CompanyID       int64
	Name, Phone     string
	AlarmKinds      []string
	GasMinLevel     string
	Scope           string
	DeviceIDs       []int64
	RegionCodes     []string
	QuietStart      string
	QuietEnd        string
	NotifyOnEnd     bool
	EscalationLevel int
	Language        string
	Remark          string
}

func (f SMSUserFields) values() map[string]any {
	onEnd := 0
	if f.NotifyOnEnd {
		onEnd = 1
	}
	return map[string]any{"company_id": f.CompanyID, "name": f.Name, "phone": f.Phone,
		"alarm_kinds": strings.Join(f.AlarmKinds, ","), "gas_min_level": f.GasMinLevel, "scope": f.Scope,
		"region_codes": strings.Join(f.RegionCodes, ","), "quiet_start": f.QuietStart, "quiet_end": f.QuietEnd,
		"notify_on_end": onEnd, "escalation_level": f.EscalationLevel, "language": f.Language, "remark": f.Remark}
}

// SMSUserList is the allow-list of the notification user list.
var SMSUserList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "name", Column: "u.name", Kind: listq.Contains, Doc: "part of the name"},
		{Param: "phone", Column: "u.phone", Kind: listq.Contains, Doc: "part of the phone number"},
		{Param: "companyId", Column: "u.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "status", Column: "u.status", Kind: listq.Int, Doc: "1 enabled, 0 disabled"},
		{Param: "escalationLevel", Column: "u.escalation_level", Kind: listq.Int, Doc: "0 regular, 1..3 escalation (repeatable)"},
		{Param: "deviceId", Expr: "u.id IN (SELECT sms_user_id FROM sms_user_devices WHERE device_id = ?)", Kind: listq.Int,
			Doc: "users who chose this device"},
		{Param: "createdAt", Column: "u.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"id": "u.id", "name": "u.name", "createdAt": "u.created_at", "escalationLevel": "u.escalation_level"},
	DefaultSort: "-createdAt",
	TieBreak:    "u.id",
}

var smsUsers = table{
	from: "sms_users u JOIN companies c ON c.id = u.company_id",
	columns: []string{"u.id", "u.company_id", "c.name", "u.name", "u.phone", "u.alarm_kinds", "u.gas_min_level", "u.scope",
		"u.region_codes", "u.quiet_start", "u.quiet_end", "u.notify_on_end", "u.escalation_level", "u.language", "u.status",
		"u.remark", "u.created_at", "u.updated_at"},
	companyColumn: "u.company_id",
	idColumn:      "u.id",
}

func scanSMSUser(r rowScanner) (model.SMSUser, error) {
	var u model.SMSUser
	var kinds, regions string
	var onEnd int
	err := r.Scan(&u.ID, &u.CompanyID, &u.CompanyName, &u.Name, &u.Phone, &kinds, &u.GasMinLevel, &u.Scope, &regions,
		&u.QuietStart, &u.QuietEnd, &onEnd, &u.EscalationLevel, &u.Language, &u.Status, &u.Remark, &u.CreatedAt, &u.UpdatedAt)
	u.AlarmKinds, u.RegionCodes = splitList(kinds), splitList(regions)
	u.NotifyOnEnd = onEnd == 1
	u.DeviceIDs, u.Devices = []int64{}, []model.DeviceRef{}
	return u, err
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// ListSMSUsers lists notification users within scope, each with its chosen devices.
func (db *DB) ListSMSUsers(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.SMSUser], error) {
	page, err := list(ctx, db, smsUsers, scope, q, scanSMSUser)
	if err != nil {
		return page, err
	}
	return page, db.fillSMSDevices(ctx, db.SQL, page.List)
}

// GetSMSUser reads one notification user within scope.
func (db *DB) GetSMSUser(ctx context.Context, scope Scope, id int64) (model.SMSUser, error) {
	u, err := get(ctx, db.SQL, db, smsUsers, scope, id, scanSMSUser)
	if err != nil {
		return u, err
	}
	list := []model.SMSUser{u}
	err = db.fillSMSDevices(ctx, db.SQL, list)
	return list[0], err
}

// fillSMSDevices reads the chosen devices of users with one query.
func (db *DB) fillSMSDevices(ctx context.Context, q Querier, users []model.SMSUser) error {
	at := map[int64]int{}
	var ids []int64
	for i, u := range users {
		if u.Scope == "devices" {
			at[u.ID] = i
			ids = append(ids, u.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	sel := db.Q.Select("s.sms_user_id", "d.id", "d.name", "d.imei").From("sms_user_devices s").
		Join("devices d ON d.id = s.device_id").Where(sq.Eq{"s.sms_user_id": ids}).OrderBy("s.sms_user_id", "d.id")
	type row struct {
		user int64
		d    model.DeviceRef
	}
	err := scanAll(ctx, q, sel, func(r rowScanner) (row, error) {
		var x row
		return x, r.Scan(&x.user, &x.d.ID, &x.d.Name, &x.d.IMEI)
	}, func(x row) error {
		u := &users[at[x.user]]
		u.DeviceIDs = append(u.DeviceIDs, x.d.ID)
		u.Devices = append(u.Devices, x.d)
		return nil
	})
	return wrap(err, "read notification user devices")
}

// CountCompanyDevicesIn counts the devices among ids that belong to company (all must, for a
// notification user's choice).
func (db *DB) CountCompanyDevicesIn(ctx context.Context, companyID int64, ids []int64) (int, error) {
	var n int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("count(*)").From("devices").Where(sq.Eq{"company_id": companyID, "id": ids}))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count devices")
}

// CreateSMSUser stores a notification user with its devices.
func (db *DB) CreateSMSUser(ctx context.Context, f SMSUserFields) (int64, error) {
	var id int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		v := f.values()
		now := NowMs()
		v["status"], v["created_at"], v["updated_at"] = 1, now, now
		row, err := queryRow(ctx, tx, db.Q.Insert("sms_users").SetMap(v).Suffix("RETURNING id"))
		if err == nil {
			err = row.Scan(&id)
		}
		if err != nil {
			return wrap(err, "create notification user")
		}
		return db.setSMSDevices(ctx, tx, id, f)
	})
	return id, err
}

// UpdateSMSUser replaces a notification user within scope.
func (db *DB) UpdateSMSUser(ctx context.Context, scope Scope, id int64, f SMSUserFields) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		v := f.values()
		v["updated_at"] = NowMs()
		if err := db.update(ctx, tx, smsUsers, scope, id, v); err != nil {
			return wrap(err, "update notification user")
		}
		return db.setSMSDevices(ctx, tx, id, f)
	})
}

func (db *DB) setSMSDevices(ctx context.Context, tx *sql.Tx, id int64, f SMSUserFields) error {
	if _, err := exec(ctx, tx, db.Q.Delete("sms_user_devices").Where(sq.Eq{"sms_user_id": id})); err != nil {
		return wrap(err, "set notification user devices")
	}
	if f.Scope != "devices" || len(f.DeviceIDs) == 0 {
		return nil
	}
	ins := db.Q.Insert("sms_user_devices").Columns("sms_user_id", "device_id")
	for _, d := range f.DeviceIDs {
		ins = ins.Values(id, d)
	}
	_, err := exec(ctx, tx, ins)
	return wrap(err, "set notification user devices")
}

// SetSMSUserStatus enables or disables a notification user within scope.
func (db *DB) SetSMSUserStatus(ctx context.Context, scope Scope, id int64, status int) error {
	return wrap(db.update(ctx, db.SQL, smsUsers, scope, id, map[string]any{"status": status, "updated_at": NowMs()}),
		"update notification user")
}

// DeleteSMSUser removes a notification user within scope (its send log stays).
func (db *DB) DeleteSMSUser(ctx context.Context, scope Scope, id int64) error {
	return wrap(db.remove(ctx, db.SQL, smsUsers, scope, id), "delete notification user")
}

// companySMSUsers reads the enabled notification users of a company, with their devices, inside tx.
func (db *DB) companySMSUsers(ctx context.Context, tx *sql.Tx, companyID int64) ([]model.SMSUser, error) {
	sel := db.Q.Select(smsUsers.columns...).From(smsUsers.from).Where(sq.Eq{"u.company_id": companyID, "u.status": 1}).OrderBy("u.id")
	var out []model.SMSUser
	err := scanAll(ctx, tx, sel, scanSMSUser, func(u model.SMSUser) error { out = append(out, u); return nil })
	if err != nil {
		return nil, wrap(err, "read notification users")
	}
	return out, db.fillSMSDevices(ctx, tx, out)
}

// SMSDeviceOptions lists up to limit devices within scope (of company, when given), by name or IMEI part,
// for the device choice of notification users (whose managers may lack the device menu).
func (db *DB) SMSDeviceOptions(ctx context.Context, scope Scope, company *int64, text string, limit int) ([]model.DeviceOption, error) {
	sel := db.Q.Select("id", "name", "imei", "company_id", "address").From("devices").Where(scope.cond("company_id")).
		OrderBy("name", "id").Limit(uint64(limit))
	if company != nil {
		sel = sel.Where(sq.Eq{"company_id": *company})
	}
	if text != "" {
		sel = sel.Where(sq.Or{db.ContainsLike("name", text), db.ContainsLike("imei", text)})
	}
	out := []model.DeviceOption{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.DeviceOption, error) {
		var o model.DeviceOption
		return o, r.Scan(&o.ID, &o.Name, &o.IMEI, &o.CompanyID, &o.Address)
	}, func(o model.DeviceOption) error { out = append(out, o); return nil })
	return out, wrap(err, "list devices")
}
