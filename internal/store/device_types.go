package store

import (
	"context"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// DeviceTypeList is the allow-list of the device type list and export calls.
var DeviceTypeList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "name", Column: "t.name", Kind: listq.Contains, Doc: "part of the name"},
		{Param: "model", Column: "t.model", Kind: listq.Contains, Doc: "part of the model"},
		{Param: "manufacturer", Column: "t.manufacturer", Kind: listq.Contains, Doc: "part of the manufacturer"},
		{Param: "unit", Column: "t.unit", Kind: listq.Exact, Doc: "%LEL, %VOL or ppm (repeatable)"},
		{Param: "communication", Column: "t.communication", Kind: listq.Exact, Doc: "NB-IoT, 4G, LoRa or Ethernet (repeatable)"},
		{Param: "createdAt", Column: "t.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"id": "t.id", "name": "t.name", "model": "t.model", "createdAt": "t.created_at", "updatedAt": "t.updated_at"},
	DefaultSort: "-createdAt",
	TieBreak:    "t.id",
}

var deviceTypes = table{
	from: "device_types t",
	columns: []string{"t.id", "t.name", "t.model", "t.manufacturer", "t.gas", "t.unit", "t.range_min", "t.range_max",
		"t.low_threshold", "t.high_threshold", "t.report_interval", "t.heartbeat_interval", "t.communication",
		"t.description", "t.created_at", "t.updated_at"},
	idColumn: "t.id",
}

func scanDeviceType(r rowScanner) (model.DeviceType, error) {
	var t model.DeviceType
	err := r.Scan(&t.ID, &t.Name, &t.Model, &t.Manufacturer, &t.Gas, &t.Unit, &t.RangeMin, &t.RangeMax,
		&t.LowThreshold, &t.HighThreshold, &t.ReportInterval, &t.HeartbeatInterval, &t.Communication,
		&t.Description, &t.CreatedAt, &t.UpdatedAt)
	return t, err
}

// ListDeviceTypes lists device types (one catalogue for every company).
func (db *DB) ListDeviceTypes(ctx context.Context, q listq.Query) (model.Page[model.DeviceType], error) {
	return list(ctx, db, deviceTypes, Platform, q, scanDeviceType)
}

// EachDeviceType streams the device types a query matches (exports).
func (db *DB) EachDeviceType(ctx context.Context, q listq.Query, fn func(model.DeviceType) error) error {
	return each(ctx, db, deviceTypes, Platform, q, scanDeviceType, fn)
}

// GetDeviceType reads one device type.
func (db *DB) GetDeviceType(ctx context.Context, id int64) (model.DeviceType, error) {
	return get(ctx, db.SQL, db, deviceTypes, Platform, id, scanDeviceType)
}

func deviceTypeValues(t model.DeviceType) map[string]any {
	return map[string]any{
		"name": t.Name, "model": t.Model, "manufacturer": t.Manufacturer, "gas": t.Gas, "unit": t.Unit,
		"range_min": t.RangeMin, "range_max": t.RangeMax, "low_threshold": t.LowThreshold, "high_threshold": t.HighThreshold,
		"report_interval": t.ReportInterval, "heartbeat_interval": t.HeartbeatInterval, "communication": t.Communication,
		"description": t.Description,
	}
}

// CreateDeviceType stores a device type; a duplicate model is ErrConflict.
func (db *DB) CreateDeviceType(ctx context.Context, t model.DeviceType) (int64, error) {
	v := deviceTypeValues(t)
	now := NowMs()
	v["created_at"], v["updated_at"] = now, now
	var id int64
	row, err := queryRow(ctx, db.SQL, db.Q.Insert("device_types").SetMap(v).Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&id)
	}
	return id, wrap(err, "create device type")
}

// UpdateDeviceType replaces a device type's fields.
func (db *DB) UpdateDeviceType(ctx context.Context, id int64, t model.DeviceType) error {
	v := deviceTypeValues(t)
	v["updated_at"] = NowMs()
	return wrap(db.update(ctx, db.SQL, deviceTypes, Platform, id, v), "update device type")
}

// DeleteDeviceType removes a device type that no device uses.
func (db *DB) DeleteDeviceType(ctx context.Context, id int64) error {
	return wrap(db.remove(ctx, db.SQL, deviceTypes, Platform, id), "delete device type")
}
