// Package device holds the rules of alarm devices: valid identity (IMEI check digit, ICCID) and placement
// (region path, coordinates), company ownership (a company user's devices are its own), a secret made by
// the server and shown once, and parameter changes and commands checked against their bounds and queued
// for delivery.
package device

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/region"
	"irgas/internal/store"
)

// CommandTTL is how long a queued command waits for its device before it expires.
const CommandTTL = 72 * time.Hour

// Service applies the device rules over the store.
type Service struct {
	db *store.DB
	// queued, when set, is told which devices got commands (the dispatcher delivers them at once).
	queued func(deviceIDs ...int64)
}

// OnQueued sets who is told of newly queued commands.
func (s *Service) OnQueued(fn func(deviceIDs ...int64)) { s.queued = fn }

// queueChange queues a change for devices and tells the dispatcher.
func (s *Service) queueChange(ctx context.Context, a *auth.Actor, ids []int64, ch store.ParamChange) ([]model.DeviceCommand, error) {
	cmds, err := s.db.QueueParamChange(ctx, a.Scope(), ids, ch)
	if err == nil {
		s.notify(ids...)
	}
	return cmds, err
}

func (s *Service) notify(ids ...int64) {
	if s.queued != nil {
		s.queued(ids...)
	}
}

// NewService makes a device service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Input is the body of a create or update call.
type Input struct {
	IMEI         string   `json:"imei" validate:"required,imei"`
	Name         string   `json:"name" validate:"required,max=50"`
	TypeID       int64    `json:"typeId" validate:"required,min=1"`
	CompanyID    *int64   `json:"companyId,omitempty" validate:"omitempty,min=1"`
	Address      string   `json:"address" validate:"max=200"`
	ProvinceCode string   `json:"provinceCode" validate:"required,len=6"`
	CityCode     string   `json:"cityCode" validate:"omitempty,len=6"`
	CountyCode   string   `json:"countyCode" validate:"omitempty,len=6"`
	Latitude     *float64 `json:"latitude,omitempty" validate:"omitempty,gte=-90,lte=90"`
	Longitude    *float64 `json:"longitude,omitempty" validate:"omitempty,gte=-180,lte=180"`
	ICCID        string   `json:"iccid" validate:"omitempty,iccid"`
	InstalledAt  *int64   `json:"installedAt,omitempty" validate:"omitempty,min=0"`
	Remark       string   `json:"remark" validate:"max=500"`
}

// StatusInput is the body of PATCH /api/device/{id}.
type StatusInput struct {
	Status *int `json:"status" validate:"required,oneof=0 1"`
}

// SecretResult answers a secret rotation: the new secret, shown once.
type SecretResult struct {
	Secret string `json:"secret"`
}

// AlertInput is the body of POST /api/device/set-alert-param.
type AlertInput struct {
	DeviceIDs []int64 `json:"deviceIds" validate:"required,min=1,max=1000"`
	AlertLow  float64 `json:"alertLow" validate:"gt=0,lt=100"`
	AlertHigh float64 `json:"alertHigh" validate:"gt=0,lte=100"`
}

// IntervalInput is the body of POST /api/device/set-interval-param (minutes).
type IntervalInput struct {
	DeviceIDs         []int64 `json:"deviceIds" validate:"required,min=1,max=1000"`
	ReportInterval    int     `json:"reportInterval" validate:"min=1,max=1440"`
	HeartbeatInterval int     `json:"heartbeatInterval" validate:"min=1,max=1440"`
}

// CustomInput is the body of POST /api/device/set-custom-param.
type CustomInput struct {
	DeviceIDs []int64            `json:"deviceIds" validate:"required,min=1,max=1000"`
	Params    map[string]float64 `json:"params" validate:"required,min=1"`
}

// DataFlagInput is the body of POST /api/device/set-data-flag.
type DataFlagInput struct {
	DeviceIDs []int64 `json:"deviceIds" validate:"required,min=1,max=1000"`
	DataFlag  *int    `json:"dataFlag" validate:"required,oneof=0 1"`
}

// DataFlag answers GET /api/device/get-data-flag/{id}.
type DataFlag struct {
	Wanted    int `json:"wanted"`
	Confirmed int `json:"confirmed"`
}

// CommandInput is the body of POST /api/device/sendCommand/{id}.
type CommandInput struct {
	Command string             `json:"command" validate:"required,oneof=restart selfTest zeroCalibration muteAlarm"`
	Params  map[string]float64 `json:"params,omitempty"`
}

// List lists the devices the actor may see.
func (s *Service) List(ctx context.Context, a *auth.Actor, q listq.Query) (model.Page[model.Device], error) {
	page, err := s.db.ListDevices(ctx, a.Scope(), q)
	for i := range page.List {
		named(&page.List[i])
	}
	return page, err
}

// Each streams the devices a query matches (exports).
func (s *Service) Each(ctx context.Context, a *auth.Actor, q listq.Query, fn func(model.Device) error) error {
	return s.db.EachDevice(ctx, a.Scope(), q, func(d model.Device) error {
		named(&d)
		return fn(d)
	})
}

// Get reads one device the actor may see.
func (s *Service) Get(ctx context.Context, a *auth.Actor, id int64) (model.Device, error) {
	d, err := s.db.GetDevice(ctx, a.Scope(), id)
	named(&d)
	return d, err
}

// Create stores a device and answers it with its secret, the only time the secret is shown.
func (s *Service) Create(ctx context.Context, a *auth.Actor, in Input) (model.Device, error) {
	f, t, err := s.fields(ctx, a, in)
	if err != nil {
		return model.Device{}, err
	}
	secret, hash := NewSecret()
	var id int64
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		if id, err = s.db.CreateDevice(ctx, tx, f, t, hash); err != nil {
			return err
		}
		return s.db.QueueSecret(ctx, tx, id, secret)
	})
	if errors.Is(err, store.ErrConflict) {
		return model.Device{}, apperr.Conflict("device.imei_taken")
	} else if err != nil {
		return model.Device{}, err
	}
	d, err := s.Get(ctx, a, id)
	d.Secret = secret
	return d, err
}

// Update replaces a device's identity and placement. Only platform users move a device to another company.
func (s *Service) Update(ctx context.Context, a *auth.Actor, id int64, in Input) (model.Device, error) {
	current, err := s.db.GetDevice(ctx, a.Scope(), id)
	if err != nil {
		return model.Device{}, err
	}
	in.CompanyID = cmp.Or(in.CompanyID, &current.CompanyID) // kept unless a platform user moves it
	f, _, err := s.fields(ctx, a, in)
	if err != nil {
		return model.Device{}, err
	}
	err = s.db.UpdateDevice(ctx, s.db.SQL, a.Scope(), id, f)
	if errors.Is(err, store.ErrConflict) {
		return model.Device{}, apperr.Conflict("device.imei_taken")
	} else if err != nil {
		return model.Device{}, err
	}
	return s.Get(ctx, a, id)
}

// SetStatus enables or disables a device (a disabled device is refused by the gateway).
func (s *Service) SetStatus(ctx context.Context, a *auth.Actor, id int64, status int) (model.Device, error) {
	if err := s.db.SetDeviceStatus(ctx, a.Scope(), id, status); err != nil {
		return model.Device{}, err
	}
	return s.Get(ctx, a, id)
}

// RotateSecret gives a device a new secret; the old one stops working at once.
func (s *Service) RotateSecret(ctx context.Context, a *auth.Actor, id int64) (SecretResult, error) {
	secret, hash := NewSecret()
	if err := s.db.SetDeviceSecret(ctx, a.Scope(), id, secret, hash); err != nil {
		return SecretResult{}, err
	}
	return SecretResult{Secret: secret}, nil
}

// Delete removes a device with its queue.
func (s *Service) Delete(ctx context.Context, a *auth.Actor, id int64) error {
	return s.db.DeleteDevice(ctx, a.Scope(), id)
}

// SetAlert queues new alarm thresholds for the devices.
func (s *Service) SetAlert(ctx context.Context, a *auth.Actor, in AlertInput) ([]model.DeviceCommand, error) {
	if fields := alertRules(in); len(fields) > 0 {
		return nil, apperr.Validation(fields...)
	}
	return s.queueChange(ctx, a, dedupe(in.DeviceIDs), alertChange(a, in, time.Now().Add(CommandTTL).UnixMilli()))
}

// alertRules: thresholds in tenths, 0 < low < high <= 100.
func alertRules(in AlertInput) []apperr.FieldError {
	var fields []apperr.FieldError
	for name, v := range map[string]float64{"alertLow": in.AlertLow, "alertHigh": in.AlertHigh} {
		if !(param{0, 100, 0.1}).ok(v) {
			fields = append(fields, apperr.Field(name, "device.one_decimal"))
		}
	}
	if in.AlertLow >= in.AlertHigh {
		fields = append(fields, apperr.Field("alertHigh", "device.low_above_high"))
	}
	return fields
}

func alertChange(a *auth.Actor, in AlertInput, expires int64) store.ParamChange {
	raw, _ := json.Marshal(map[string]any{"alertLow": in.AlertLow, "alertHigh": in.AlertHigh})
	return store.ParamChange{Command: SetAlertParam, Params: raw, By: &a.UserID, ByAccount: a.Account, ExpiresAt: expires,
		Wanted: map[string]any{"alert_low_wanted": in.AlertLow, "alert_high_wanted": in.AlertHigh}}
}

// SetInterval queues new report and heartbeat intervals.
func (s *Service) SetInterval(ctx context.Context, a *auth.Actor, in IntervalInput) ([]model.DeviceCommand, error) {
	if fields := intervalRules(in); len(fields) > 0 {
		return nil, apperr.Validation(fields...)
	}
	return s.queueChange(ctx, a, dedupe(in.DeviceIDs), intervalChange(a, in, time.Now().Add(CommandTTL).UnixMilli()))
}

// intervalRules: a heartbeat is never shorter than the report interval.
func intervalRules(in IntervalInput) []apperr.FieldError {
	if in.HeartbeatInterval < in.ReportInterval {
		return []apperr.FieldError{apperr.Field("heartbeatInterval", "devicetype.heartbeat_below_report")}
	}
	return nil
}

func intervalChange(a *auth.Actor, in IntervalInput, expires int64) store.ParamChange {
	raw, _ := json.Marshal(map[string]any{"reportInterval": in.ReportInterval, "heartbeatInterval": in.HeartbeatInterval})
	return store.ParamChange{Command: SetIntervalParam, Params: raw, By: &a.UserID, ByAccount: a.Account, ExpiresAt: expires,
		Wanted: map[string]any{"report_interval_wanted": in.ReportInterval, "heartbeat_interval_wanted": in.HeartbeatInterval}}
}

// SetCustom queues custom parameters from the documented set, merged over each device's wanted ones.
func (s *Service) SetCustom(ctx context.Context, a *auth.Actor, in CustomInput) ([]model.DeviceCommand, error) {
	for name, v := range in.Params {
		p, known := CustomParams[name]
		if !known {
			return nil, apperr.Validation(apperr.Field("params."+name, "device.unknown_param", name))
		}
		if !p.ok(v) {
			return nil, apperr.Validation(apperr.Field("params."+name, "device.param_bounds", p.Min, p.Max))
		}
	}
	// Each device keeps its other custom values: merge per device, then queue them all in one transaction.
	ids := dedupe(in.DeviceIDs)
	current, err := s.db.WantedCustom(ctx, a.Scope(), ids)
	if err != nil {
		return nil, err
	}
	perDevice := map[int64]map[string]any{}
	for id, custom := range current {
		for k, v := range in.Params {
			custom[k] = v
		}
		wanted, _ := json.Marshal(custom)
		perDevice[id] = map[string]any{"custom_params_wanted": string(wanted)}
	}
	raw, _ := json.Marshal(in.Params)
	return s.queueChange(ctx, a, ids, store.ParamChange{WantedByDevice: perDevice, Command: SetCustomParam,
		Params: raw, By: &a.UserID, ByAccount: a.Account, ExpiresAt: time.Now().Add(CommandTTL).UnixMilli()})
}

// SetDataFlag queues a new data flag.
func (s *Service) SetDataFlag(ctx context.Context, a *auth.Actor, in DataFlagInput) ([]model.DeviceCommand, error) {
	return s.queue(ctx, a, in.DeviceIDs, SetDataFlag, map[string]any{"dataFlag": *in.DataFlag},
		map[string]any{"data_flag_wanted": *in.DataFlag})
}

// GetDataFlag reads a device's data flag, wanted and confirmed.
func (s *Service) GetDataFlag(ctx context.Context, a *auth.Actor, id int64) (DataFlag, error) {
	d, err := s.db.GetDevice(ctx, a.Scope(), id)
	return DataFlag{Wanted: d.Wanted.DataFlag, Confirmed: d.Confirmed.DataFlag}, err
}

// SendCommand queues a command with its checked arguments.
func (s *Service) SendCommand(ctx context.Context, a *auth.Actor, id int64, in CommandInput) (model.DeviceCommand, error) {
	args := Commands[in.Command]
	for name, v := range in.Params {
		p, known := args[name]
		if !known {
			return model.DeviceCommand{}, apperr.Validation(apperr.Field("params."+name, "device.unknown_param", name))
		}
		if !p.ok(v) {
			return model.DeviceCommand{}, apperr.Validation(apperr.Field("params."+name, "device.param_bounds", p.Min, p.Max))
		}
	}
	for name := range args {
		if _, given := in.Params[name]; !given {
			return model.DeviceCommand{}, apperr.Validation(apperr.Field("params."+name, "field.required"))
		}
	}
	params := map[string]any{}
	for k, v := range in.Params {
		params[k] = v
	}
	cmds, err := s.queue(ctx, a, []int64{id}, in.Command, params, nil)
	if err != nil {
		return model.DeviceCommand{}, err
	}
	return cmds[0], nil
}

// Commands lists a device's queue, newest first.
func (s *Service) Commands(ctx context.Context, a *auth.Actor, id int64) ([]model.DeviceCommand, error) {
	return s.db.DeviceCommands(ctx, a.Scope(), id, 200)
}

func (s *Service) queue(ctx context.Context, a *auth.Actor, ids []int64, command string, params map[string]any, wanted map[string]any) ([]model.DeviceCommand, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	return s.queueChange(ctx, a, dedupe(ids), store.ParamChange{Wanted: wanted, Command: command, Params: raw,
		By: &a.UserID, ByAccount: a.Account, ExpiresAt: time.Now().Add(CommandTTL).UnixMilli()})
}

// fields checks what the store cannot: the type exists, the company is the actor's (or, for platform
// users, one that exists) and the placement holds together.
func (s *Service) fields(ctx context.Context, a *auth.Actor, in Input) (store.DeviceFields, model.DeviceType, error) {
	var fields []apperr.FieldError
	company, bad, err := a.Owner(ctx, s.db.CompanyExists, in.CompanyID, auth.CompanyRequired)
	if err != nil {
		return store.DeviceFields{}, model.DeviceType{}, err
	}
	if bad != nil {
		fields = append(fields, *bad)
	}
	t, err := s.db.GetDeviceType(ctx, in.TypeID)
	if errors.Is(err, store.ErrNotFound) {
		fields = append(fields, apperr.Field("typeId", "device.unknown_type"))
	} else if err != nil {
		return store.DeviceFields{}, t, err
	}
	fields = append(fields, placement(in)...)
	if len(fields) > 0 {
		return store.DeviceFields{}, t, apperr.Validation(fields...)
	}
	return toFields(in, *company), t, nil
}

// placement checks the region path and the coordinates, without the database.
func placement(in Input) []apperr.FieldError {
	var fields []apperr.FieldError
	if !region.Check(in.ProvinceCode, in.CityCode, in.CountyCode) {
		fields = append(fields, apperr.Field("provinceCode", "company.bad_region"))
	}
	if (in.Latitude == nil) != (in.Longitude == nil) {
		fields = append(fields, apperr.Field("longitude", "device.coordinates_pair"))
	}
	return fields
}

func toFields(in Input, company int64) store.DeviceFields {
	return store.DeviceFields{IMEI: in.IMEI, Name: in.Name, TypeID: in.TypeID, CompanyID: company,
		Address: in.Address, ProvinceCode: in.ProvinceCode, CityCode: in.CityCode, County: in.CountyCode,
		Latitude: in.Latitude, Longitude: in.Longitude, ICCID: in.ICCID, InstalledAt: in.InstalledAt, Remark: in.Remark}
}

// NewSecret makes a device secret (160 random bits, base32) and the hash that is stored.
func NewSecret() (secret, hash string) {
	secret = rand.Text()
	return secret, auth.HashToken(secret)
}

func named(d *model.Device) {
	d.RegionName = strings.Join(region.Names(d.ProvinceCode, d.CityCode, d.CountyCode), " ")
}

// dedupe returns ids sorted, each once.
func dedupe(ids []int64) []int64 { return slices.Compact(slices.Sorted(slices.Values(ids))) }
