package store

import (
	"context"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// InsertCalibrations stores reported calibrations; a resent one (same device, time and kind) is stored once.
func (db *DB) InsertCalibrations(ctx context.Context, cs []model.Calibration) error {
	if len(cs) == 0 {
		return nil
	}
	ins := db.Q.Insert("calibration_logs").Columns("device_id", "company_id", "ts", "kind", "gas", "before", "after", "result", "received_at")
	for _, c := range cs {
		ins = ins.Values(c.DeviceID, c.CompanyID, c.TS, c.Kind, c.Gas, c.Before, c.After, c.Result, c.ReceivedAt)
	}
	_, err := exec(ctx, db.SQL, ins.Suffix("ON CONFLICT (device_id, ts, kind) DO NOTHING"))
	return wrap(err, "store calibrations")
}

// CalibrationList is the allow-list of the calibration log list.
var CalibrationList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "deviceId", Column: "c.device_id", Kind: listq.Int, Doc: "device id (repeatable)"},
		{Param: "companyId", Column: "c.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "kind", Column: "c.kind", Kind: listq.Exact, Doc: "zero or span"},
		{Param: "result", Column: "c.result", Kind: listq.Exact, Doc: "ok or fail"},
		{Param: "ts", Column: "c.ts", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"ts": "c.ts"},
	DefaultSort: "-ts",
	TieBreak:    "c.id",
}

var calibrations = table{
	from: "calibration_logs c JOIN devices d ON d.id = c.device_id",
	columns: []string{"c.id", "c.device_id", "d.name", "d.imei", "c.company_id", "c.ts", "c.kind", "c.gas", "c.before",
		"c.after", "c.result", "c.received_at"},
	companyColumn: "c.company_id",
	idColumn:      "c.id",
}

// ListCalibrations lists calibrations within scope, newest first.
func (db *DB) ListCalibrations(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.Calibration], error) {
	return list(ctx, db, calibrations, scope, q, func(r rowScanner) (model.Calibration, error) {
		var c model.Calibration
		err := r.Scan(&c.ID, &c.DeviceID, &c.DeviceName, &c.IMEI, &c.CompanyID, &c.TS, &c.Kind, &c.Gas, &c.Before,
			&c.After, &c.Result, &c.ReceivedAt)
		return c, err
	})
}
