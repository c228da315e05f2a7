package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"maps"
	"slices"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/alarm"
	"irgas/internal/listq"
	"irgas/internal/model"
)

// DeviceList is the allow-list of the device list and export calls.
var DeviceList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "imei", Column: "d.imei", Kind: listq.Contains, Doc: "part of the IMEI"},
		{Param: "name", Column: "d.name", Kind: listq.Contains, Doc: "part of the name"},
		{Param: "typeId", Column: "d.type_id", Kind: listq.Int, Doc: "device type id (repeatable)"},
		{Param: "companyId", Column: "d.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "provinceCode", Column: "d.province_code", Kind: listq.Exact, Doc: "province code"},
		{Param: "cityCode", Column: "d.city_code", Kind: listq.Exact, Doc: "city code"},
		{Param: "countyCode", Column: "d.county_code", Kind: listq.Exact, Doc: "county code"},
		{Param: "status", Column: "d.status", Kind: listq.Int, Doc: "1 enabled, 0 disabled"},
		{Param: "online", Column: "d.online", Kind: listq.Int, Doc: "1 online, 0 offline"},
		{Param: "alarmState", Column: "d.alarm_state", Kind: listq.Exact, Doc: "high, low, fault, offline, lowBattery, normal (repeatable)"},
		{Param: "createdAt", Column: "d.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	// severity: the alarming devices first, the most urgent state first (alarm.Precedence).
	Sorts: map[string]string{"id": "d.id", "imei": "d.imei", "name": "d.name", "createdAt": "d.created_at",
		"lastSeenAt": "d.last_seen_at", "ch4": "d.ch4", "status": "d.status", "severity": alarm.StateRankSQL("d.alarm_state")},
	DefaultSort: "-createdAt",
	TieBreak:    "d.id",
}

var devices = table{
	from: "devices d JOIN device_types t ON t.id = d.type_id JOIN companies c ON c.id = d.company_id",
	columns: []string{"d.id", "d.imei", "d.name", "d.type_id", "t.name", "t.model", "d.company_id", "c.name", "d.address",
		"d.province_code", "d.city_code", "d.county_code", "d.latitude", "d.longitude", "d.iccid", "d.installed_at", "d.remark",
		"d.status", "d.online", "d.last_seen_at", "d.ch4", "d.voltage", "d.signal", "d.temperature", "d.alarm_state", "d.firmware",
		"d.alert_low_wanted", "d.alert_high_wanted", "d.report_interval_wanted", "d.heartbeat_interval_wanted",
		"d.custom_params_wanted", "d.data_flag_wanted",
		"d.alert_low", "d.alert_high", "d.report_interval", "d.heartbeat_interval", "d.custom_params", "d.data_flag",
		"d.created_at", "d.updated_at"},
	companyColumn: "d.company_id",
	idColumn:      "d.id",
}

func scanDevice(r rowScanner) (model.Device, error) {
	var d model.Device
	var online int
	var wantedCustom, custom string
	err := r.Scan(&d.ID, &d.IMEI, &d.Name, &d.TypeID, &d.TypeName, &d.TypeModel, &d.CompanyID, &d.CompanyName, &d.Address,
		&d.ProvinceCode, &d.CityCode, &d.CountyCode, &d.Latitude, &d.Longitude, &d.ICCID, &d.InstalledAt, &d.Remark,
		&d.Status, &online, &d.LastSeenAt, &d.CH4, &d.Voltage, &d.Signal, &d.Temperature, &d.AlarmState, &d.Firmware,
		&d.Wanted.AlertLow, &d.Wanted.AlertHigh, &d.Wanted.ReportInterval, &d.Wanted.HeartbeatInterval, &wantedCustom, &d.Wanted.DataFlag,
		&d.Confirmed.AlertLow, &d.Confirmed.AlertHigh, &d.Confirmed.ReportInterval, &d.Confirmed.HeartbeatInterval, &custom, &d.Confirmed.DataFlag,
		&d.CreatedAt, &d.UpdatedAt)
	if err != nil {
		return d, err
	}
	d.Online = online == 1
	d.Wanted.Custom, d.Confirmed.Custom = map[string]float64{}, map[string]float64{}
	_ = json.Unmarshal([]byte(wantedCustom), &d.Wanted.Custom)
	_ = json.Unmarshal([]byte(custom), &d.Confirmed.Custom)
	return d, nil
}

// DeviceFields are what a create or update writes of a device (its identity and placement).
type DeviceFields struct {
	IMEI, Name                              string
	TypeID, CompanyID                       int64
	Address, ProvinceCode, CityCode, County string
	Latitude, Longitude                     *float64
	ICCID                                   string
	InstalledAt                             *int64
	Remark                                  string
}

func (f DeviceFields) values() map[string]any {
	return map[string]any{"imei": f.IMEI, "name": f.Name, "type_id": f.TypeID, "company_id": f.CompanyID,
		"address": f.Address, "province_code": f.ProvinceCode, "city_code": f.CityCode, "county_code": f.County,
		"latitude": f.Latitude, "longitude": f.Longitude, "iccid": f.ICCID, "installed_at": f.InstalledAt, "remark": f.Remark}
}

// ListDevices lists devices within scope.
func (db *DB) ListDevices(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.Device], error) {
	return list(ctx, db, devices, scope, q, scanDevice)
}

// EachDevice streams the devices a query matches within scope (exports).
func (db *DB) EachDevice(ctx context.Context, scope Scope, q listq.Query, fn func(model.Device) error) error {
	return each(ctx, db, devices, scope, q, scanDevice, fn)
}

// GetDevice reads one device within scope.
func (db *DB) GetDevice(ctx context.Context, scope Scope, id int64) (model.Device, error) {
	return get(ctx, db.SQL, db, devices, scope, id, scanDevice)
}

// CreateDevice stores a device of type t whose confirmed and wanted parameters start as the type's defaults.
func (db *DB) CreateDevice(ctx context.Context, q Querier, f DeviceFields, t model.DeviceType, secretHash string) (int64, error) {
	var id int64
	row, err := queryRow(ctx, q, db.Q.Insert("devices").SetMap(newDeviceValues(f, t, secretHash, NowMs())).Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&id)
	}
	return id, wrap(err, "create device")
}

// NewDevice is one device of CreateDevices.
type NewDevice struct {
	Fields     DeviceFields
	Type       model.DeviceType
	SecretHash string
	// Secret is given to the external broker when the platform provisions it (ProvisionBroker).
	Secret string
}

// createDevicesPerStatement keeps a statement's parameters (27 a device) under both databases' limits.
const createDevicesPerStatement = 500

// CreateDevices inserts many new devices (an import) with multi-row statements: one round trip per 500
// devices instead of one per device, which is what an import's time on PostgreSQL was spent on.
func (db *DB) CreateDevices(ctx context.Context, q Querier, news []NewDevice) error {
	now := NowMs()
	for start := 0; start < len(news); start += createDevicesPerStatement {
		chunk := news[start:min(start+createDevicesPerStatement, len(news))]
		var columns []string
		ins := db.Q.Insert("devices")
		for i, n := range chunk {
			v := newDeviceValues(n.Fields, n.Type, n.SecretHash, now)
			if i == 0 {
				columns = slices.Sorted(maps.Keys(v))
				ins = ins.Columns(columns...)
			}
			row := make([]any, len(columns))
			for j, c := range columns {
				row[j] = v[c]
			}
			ins = ins.Values(row...)
		}
		if _, err := exec(ctx, q, ins); err != nil {
			return wrap(err, "create devices")
		}
	}
	secrets := make(map[string]string, len(news))
	for _, n := range news {
		secrets[n.Fields.IMEI] = n.Secret
	}
	return db.syncDevices(ctx, q, secrets)
}

// AnalyzeDevices refreshes PostgreSQL's statistics of the devices table after a bulk import. Until
// autovacuum gets to it, the planner still sees the table as it was, and statements prepared then keep
// plans made for a small table: the next import's IMEI lookup scanned every device once per 500 IMEIs
// (10,000 rows imported into 10,000 devices: 1.7 s for the lookup alone, growing with the fleet). ANALYZE
// also makes PostgreSQL plan those statements again. SQLite needs nothing: it always uses the IMEI index.
func (db *DB) AnalyzeDevices(ctx context.Context) error {
	if db.Dialect != Postgres {
		return nil
	}
	_, err := db.SQL.ExecContext(ctx, "ANALYZE devices")
	return wrap(err, "analyze devices")
}

// newDeviceValues is a new device's row: its fields, enabled, and its type's thresholds and intervals as
// both wanted and (until the device says otherwise) confirmed.
func newDeviceValues(f DeviceFields, t model.DeviceType, secretHash string, now int64) map[string]any {
	v := f.values()
	for k, x := range map[string]any{"secret_hash": secretHash, "status": model.StatusEnabled, "created_at": now, "updated_at": now,
		"alert_low": t.LowThreshold, "alert_low_wanted": t.LowThreshold, "alert_high": t.HighThreshold, "alert_high_wanted": t.HighThreshold,
		"report_interval": t.ReportInterval, "report_interval_wanted": t.ReportInterval,
		"heartbeat_interval": t.HeartbeatInterval, "heartbeat_interval_wanted": t.HeartbeatInterval} {
		v[k] = x
	}
	return v
}

// UpdateDevice replaces a device's identity and placement within scope. A new IMEI or company ends the
// device's open sessions (they were opened under the old ones).
func (db *DB) UpdateDevice(ctx context.Context, q Querier, scope Scope, id int64, f DeviceFields) error {
	var imei string
	var companyID int64
	row, err := queryRow(ctx, q, db.Q.Select("imei", "company_id").From("devices").Where(sq.Eq{"id": id}).Where(scope.cond("company_id")))
	if err == nil {
		err = row.Scan(&imei, &companyID)
	}
	if err != nil {
		return wrap(err, "update device")
	}
	v := f.values()
	v["updated_at"] = NowMs()
	if err := db.update(ctx, q, devices, scope, id, v); err != nil {
		return wrap(err, "update device")
	}
	if imei != f.IMEI || companyID != f.CompanyID {
		if err := db.revokeDevice(ctx, q, id); err != nil {
			return err
		}
		if err := db.syncDevice(ctx, q, id, ""); err != nil {
			return err
		}
		db.revoked() // early for a caller's transaction: the watcher reads what has committed, and polls again
	}
	return nil
}

// SetDeviceStatus enables or disables a device within scope; disabling ends its open sessions.
func (db *DB) SetDeviceStatus(ctx context.Context, scope Scope, id int64, status int) error {
	return db.setDeviceField(ctx, scope, id, "status", status, status != model.StatusEnabled, "")
}

// SetDeviceSecret replaces a device's secret (its hash is stored; the secret itself is queued for the
// external broker when the platform provisions it) within scope and ends the sessions opened with the old one.
func (db *DB) SetDeviceSecret(ctx context.Context, scope Scope, id int64, secret, hash string) error {
	return db.setDeviceField(ctx, scope, id, "secret_hash", hash, true, secret)
}

// setDeviceField changes one column; every such change is queued for the broker's accounts, with the new
// secret if there is one.
func (db *DB) setDeviceField(ctx context.Context, scope Scope, id int64, column string, value any, revoke bool, secret string) error {
	return db.inTxRevoking(ctx, func(tx *sql.Tx) error {
		if err := db.update(ctx, tx, devices, scope, id, map[string]any{column: value, "updated_at": NowMs()}); err != nil {
			return wrap(err, "update device")
		}
		if err := db.syncDevice(ctx, tx, id, secret); err != nil {
			return err
		}
		if revoke {
			return db.revokeDevice(ctx, tx, id)
		}
		return nil
	})
}

// DeleteDevice removes a device within scope with its command queue, and ends its open sessions.
func (db *DB) DeleteDevice(ctx context.Context, scope Scope, id int64) error {
	return db.inTxRevoking(ctx, func(tx *sql.Tx) error {
		if err := db.remove(ctx, tx, devices, scope, id); err != nil {
			return wrap(err, "delete device")
		}
		if err := db.syncDevice(ctx, tx, id, ""); err != nil {
			return err
		}
		return db.revokeDevice(ctx, tx, id)
	})
}

// CountCompanyDevices counts a company's devices (a company with devices is not deleted).
func (db *DB) CountCompanyDevices(ctx context.Context, q Querier, companyID int64) (int64, error) {
	var n int64
	row, err := queryRow(ctx, q, db.Q.Select("count(*)").From("devices").Where(sq.Eq{"company_id": companyID}))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count company devices")
}

// ParamChange is one parameter change for many devices: the wanted columns it sets and the command
// queued for each device.
type ParamChange struct {
	Wanted map[string]any
	// WantedByDevice, when set, gives each device its own wanted columns instead of Wanted.
	WantedByDevice map[int64]map[string]any
	Command        string
	Params         json.RawMessage
	// By names who asked.
	By        *int64
	ByAccount string
	ExpiresAt int64
}

// QueueParamChange sets the wanted values of every device in ids (all within scope, or ErrNotFound and
// nothing changes) and queues the command for each; a pending command of the same name is replaced
// (marked expired). It returns the queued commands.
func (db *DB) QueueParamChange(ctx context.Context, scope Scope, ids []int64, ch ParamChange) ([]model.DeviceCommand, error) {
	var out []model.DeviceCommand
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.QueueParamChangeTx(ctx, tx, scope, ids, ch)
		return err
	})
	return out, err
}

// QueueParamChangeTx is QueueParamChange inside the caller's transaction.
func (db *DB) QueueParamChangeTx(ctx context.Context, tx *sql.Tx, scope Scope, ids []int64, ch ParamChange) ([]model.DeviceCommand, error) {
	var out []model.DeviceCommand
	err := func() error {
		sel := db.Q.Select("id", "company_id").From("devices").Where(sq.Eq{"id": ids}).Where(scope.cond("company_id"))
		companies := map[int64]int64{}
		err := scanAll(ctx, tx, sel, func(r rowScanner) ([2]int64, error) {
			var x [2]int64
			return x, r.Scan(&x[0], &x[1])
		}, func(x [2]int64) error { companies[x[0]] = x[1]; return nil })
		if err != nil {
			return wrap(err, "read devices")
		}
		if len(companies) != len(ids) {
			return ErrNotFound
		}
		now := NowMs()
		for _, id := range ids {
			wanted := ch.Wanted
			if ch.WantedByDevice != nil {
				wanted = ch.WantedByDevice[id]
			}
			if len(wanted) > 0 {
				v := map[string]any{"updated_at": now}
				for k, x := range wanted {
					v[k] = x
				}
				if _, err := exec(ctx, tx, db.Q.Update("devices").SetMap(v).Where(sq.Eq{"id": id})); err != nil {
					return wrap(err, "set wanted parameters")
				}
			}
			cmd, err := db.queueCommand(ctx, tx, id, companies[id], ch, now)
			if err != nil {
				return err
			}
			out = append(out, cmd)
		}
		return nil
	}()
	return out, err
}

// ExistingDevice is what an import needs to know of a device that already has an IMEI.
type ExistingDevice struct {
	ID, CompanyID int64
	Wanted        model.DeviceParams
}

type imeiRow struct {
	imei string
	d    ExistingDevice
}

// DevicesByIMEI finds the devices with the given IMEIs, whatever their company (an import must know an
// IMEI is taken even by another company, without telling which).
func (db *DB) DevicesByIMEI(ctx context.Context, imeis []string) (map[string]ExistingDevice, error) {
	out := map[string]ExistingDevice{}
	for start := 0; start < len(imeis); start += 500 {
		chunk := imeis[start:min(start+500, len(imeis))]
		sel := db.Q.Select("imei", "id", "company_id", "alert_low_wanted", "alert_high_wanted", "report_interval_wanted",
			"heartbeat_interval_wanted").From("devices").Where(sq.Eq{"imei": chunk})
		err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (imeiRow, error) {
			var x imeiRow
			err := r.Scan(&x.imei, &x.d.ID, &x.d.CompanyID, &x.d.Wanted.AlertLow, &x.d.Wanted.AlertHigh,
				&x.d.Wanted.ReportInterval, &x.d.Wanted.HeartbeatInterval)
			return x, err
		}, func(x imeiRow) error {
			out[x.imei] = x.d
			return nil
		})
		if err != nil {
			return nil, wrap(err, "find devices")
		}
	}
	return out, nil
}

func (db *DB) queueCommand(ctx context.Context, tx *sql.Tx, deviceID, companyID int64, ch ParamChange, now int64) (model.DeviceCommand, error) {
	_, err := exec(ctx, tx, db.Q.Update("device_commands").
		Set("status", model.CommandExpired).Set("finished_at", now).Set("result_msg", "replaced by a newer change").
		Where(sq.Eq{"device_id": deviceID, "command": ch.Command, "status": model.CommandPending}))
	if err != nil {
		return model.DeviceCommand{}, wrap(err, "replace pending command")
	}
	params := ch.Params
	if len(params) == 0 {
		params = json.RawMessage("{}")
	}
	cmd := model.DeviceCommand{DeviceID: deviceID, CompanyID: companyID, Command: ch.Command, Params: params,
		Status: model.CommandPending, RequestedBy: ch.By, RequestedAccount: ch.ByAccount, CreatedAt: now, ExpiresAt: ch.ExpiresAt}
	row, err := queryRow(ctx, tx, db.Q.Insert("device_commands").
		Columns("device_id", "company_id", "command", "params", "status", "requested_by", "requested_account", "created_at", "expires_at").
		Values(deviceID, companyID, ch.Command, string(params), model.CommandPending, ch.By, ch.ByAccount, now, ch.ExpiresAt).
		Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&cmd.ID)
	}
	return cmd, wrap(err, "queue command")
}

var commandColumns = []string{"id", "device_id", "company_id", "command", "params", "status", "requested_by", "requested_account",
	"attempts", "result_code", "result_msg", "created_at", "sent_at", "acked_at", "finished_at", "expires_at"}

func scanCommand(r rowScanner) (model.DeviceCommand, error) {
	var c model.DeviceCommand
	var params string
	err := r.Scan(&c.ID, &c.DeviceID, &c.CompanyID, &c.Command, &params, &c.Status, &c.RequestedBy, &c.RequestedAccount,
		&c.Attempts, &c.ResultCode, &c.ResultMsg, &c.CreatedAt, &c.SentAt, &c.AckedAt, &c.FinishedAt, &c.ExpiresAt)
	c.Params = json.RawMessage(params)
	return c, err
}

// DeviceCommands lists a device's commands, newest first (the device must be within scope).
func (db *DB) DeviceCommands(ctx context.Context, scope Scope, deviceID int64, limit int) ([]model.DeviceCommand, error) {
	if _, err := db.GetDevice(ctx, scope, deviceID); err != nil {
		return nil, err
	}
	out := []model.DeviceCommand{}
	sel := db.Q.Select(commandColumns...).From("device_commands").Where(sq.Eq{"device_id": deviceID}).
		OrderBy("id DESC").Limit(uint64(limit))
	err := scanAll(ctx, db.SQL, sel, scanCommand, func(c model.DeviceCommand) error { out = append(out, c); return nil })
	return out, wrap(err, "list commands")
}

// DeviceCredentials is what authenticating a device needs.
type DeviceCredentials struct {
	ID, CompanyID int64
	SecretHash    string
	Enabled       bool
}

// DeviceCredentialsByIMEI reads a device's id, company, secret hash and whether it and its company are
// enabled.
func (db *DB) DeviceCredentialsByIMEI(ctx context.Context, imei string) (DeviceCredentials, error) {
	var c DeviceCredentials
	var status, companyStatus int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("d.id", "d.company_id", "d.secret_hash", "d.status", "c.status").
		From("devices d").Join("companies c ON c.id = d.company_id").Where(sq.Eq{"d.imei": imei}))
	if err == nil {
		err = row.Scan(&c.ID, &c.CompanyID, &c.SecretHash, &status, &companyStatus)
	}
	c.Enabled = status == model.StatusEnabled && companyStatus == model.StatusEnabled
	return c, wrap(err, "read device credentials")
}

// WantedCustom reads the wanted custom parameters of devices within scope with one query; a device outside
// the scope (or missing) is ErrNotFound for the whole call.
func (db *DB) WantedCustom(ctx context.Context, scope Scope, ids []int64) (map[int64]map[string]float64, error) {
	out := make(map[int64]map[string]float64, len(ids))
	sel := db.Q.Select("id", "custom_params_wanted").From("devices").Where(sq.Eq{"id": ids}).Where(scope.cond("company_id"))
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (idCustom, error) {
		var x idCustom
		return x, r.Scan(&x.id, &x.raw)
	}, func(x idCustom) error {
		m := map[string]float64{}
		_ = json.Unmarshal([]byte(x.raw), &m)
		out[x.id] = m
		return nil
	})
	if err != nil {
		return nil, wrap(err, "read wanted parameters")
	}
	if len(out) != len(ids) {
		return nil, ErrNotFound
	}
	return out, nil
}

type idCustom struct {
	id  int64
	raw string
}
