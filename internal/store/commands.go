package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/model"
)

// ClaimDeliverable takes the commands of a device that are due for a (re)send — pending, or sent before
// sentBefore without an answer and with attempts left, not expired — and notes them sent in the same
// statement, returning them in the order they were asked. The claim is one UPDATE, so however many polls,
// instances and transports ask at once, each send of a command (each attempt) goes to one of them: a
// concurrent claimer finds the row already sent now and takes nothing.
func (db *DB) ClaimDeliverable(ctx context.Context, deviceID, now, sentBefore int64, maxAttempts int) ([]model.DeviceCommand, error) {
	out := []model.DeviceCommand{}
	upd := db.Q.Update("device_commands").Set("status", model.CommandSent).Set("sent_at", now).
		Set("attempts", sq.Expr("attempts + 1")).
		Where(sq.Eq{"device_id": deviceID}).Where(sq.Gt{"expires_at": now}).
		Where(sq.Or{
			sq.Eq{"status": model.CommandPending},
			sq.And{sq.Eq{"status": model.CommandSent}, sq.Lt{"sent_at": sentBefore}, sq.Lt{"attempts": maxAttempts}},
		}).Suffix("RETURNING " + strings.Join(commandColumns, ", "))
	err := scanAll(ctx, db.SQL, upd, scanCommand, func(c model.DeviceCommand) error { out = append(out, c); return nil })
	slices.SortFunc(out, func(a, b model.DeviceCommand) int { return cmp.Compare(a.ID, b.ID) })
	return out, wrap(err, "claim deliverable commands")
}

// DevicesWithOpenCommands lists the devices that have a command still to send or to answer (pending, or sent
// with its answer awaited), with one query on the open-commands index: the dispatcher's sweep reads it once
// instead of asking every connected device.
func (db *DB) DevicesWithOpenCommands(ctx context.Context, now int64) ([]int64, error) {
	var out []int64
	sel := db.Q.Select("DISTINCT device_id").From("device_commands").
		Where(sq.Eq{"status": []string{model.CommandPending, model.CommandSent}}).Where(sq.Gt{"expires_at": now})
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}, func(id int64) error { out = append(out, id); return nil })
	return out, wrap(err, "list devices with open commands")
}

// Ack is a device's answer to a command.
type Ack struct {
	CommandID  int64
	DeviceID   int64
	CompanyID  int64
	OK         bool
	Code       int
	Msg        string
	Params     json.RawMessage
	ReceivedAt int64
}

// RecordAck keeps every answer in the feedback log and, for a command of this device still waiting for
// it, moves the command to acknowledged or failed and applies confirmed to the device (the confirmed
// parameter columns). It returns the command, or ErrNotFound when the answer names no such command of the
// device (the answer is still logged).
func (db *DB) RecordAck(ctx context.Context, a Ack, confirmed func(model.DeviceCommand, json.RawMessage) (map[string]any, error)) (model.DeviceCommand, error) {
	var cmd model.DeviceCommand
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		row, err := queryRow(ctx, tx, db.Q.Select(commandColumns...).From("device_commands").
			Where(sq.Eq{"id": a.CommandID, "device_id": a.DeviceID}))
		if err == nil {
			cmd, err = scanCommand(row)
		}
		found := err == nil
		if err != nil && !isNoRows(err) {
			return wrap(err, "read command")
		}
		params := a.Params
		if len(params) == 0 {
			params = json.RawMessage("{}")
		}
		ok := 0
		if a.OK {
			ok = 1
		}
		var commandID any
		if found {
			commandID = cmd.ID
		}
		if _, err := exec(ctx, tx, db.Q.Insert("device_feedback_logs").
			Columns("device_id", "company_id", "command_id", "command", "ok", "code", "msg", "params", "received_at").
			Values(a.DeviceID, a.CompanyID, commandID, cmd.Command, ok, a.Code, truncate(a.Msg, 500), string(params), a.ReceivedAt)); err != nil {
			return wrap(err, "log device feedback")
		}
		if !found || (cmd.Status != model.CommandSent && cmd.Status != model.CommandPending) {
			return nil
		}
		status := model.CommandFailed
		if a.OK {
			status = model.CommandAcknowledged
		}
		if _, err := exec(ctx, tx, db.Q.Update("device_commands").SetMap(map[string]any{
			"status": status, "acked_at": a.ReceivedAt, "finished_at": a.ReceivedAt, "result_code": a.Code,
			"result_msg": truncate(a.Msg, 500)}).Where(sq.Eq{"id": cmd.ID})); err != nil {
			return wrap(err, "finish command")
		}
		cmd.Status = status
		if a.OK {
			cols, err := confirmed(cmd, params)
			if err != nil {
				return err
			}
			if merge, ok := cols[MergeCustomParams].(map[string]float64); ok {
				delete(cols, MergeCustomParams)
				current, err := db.ConfirmedCustom(ctx, tx, a.DeviceID)
				if err != nil {
					return err
				}
				for k, v := range merge {
					current[k] = v
				}
				raw, _ := json.Marshal(current)
				cols["custom_params"] = string(raw)
			}
			if len(cols) > 0 {
				cols["updated_at"] = a.ReceivedAt
				if _, err := exec(ctx, tx, db.Q.Update("devices").SetMap(cols).Where(sq.Eq{"id": a.DeviceID})); err != nil {
					return wrap(err, "confirm parameters")
				}
			}
		}
		return nil
	})
	if err == nil && cmd.ID == 0 {
		return cmd, ErrNotFound
	}
	return cmd, err
}

// MergeCustomParams is the key under which a confirmation hands RecordAck custom parameters to merge into
// the device's confirmed ones (they are kept as one JSON object).
const MergeCustomParams = "+custom_params"

// CloseStaleCommands marks commands past their time to live expired, and sent ones out of attempts whose
// last answer is overdue timed out. It returns how many it closed.
func (db *DB) CloseStaleCommands(ctx context.Context, now, sentBefore int64, maxAttempts int) (int64, error) {
	var n int64
	for _, u := range []sq.UpdateBuilder{
		db.Q.Update("device_commands").Set("status", model.CommandExpired).Set("finished_at", now).
			Where(sq.Eq{"status": []string{model.CommandPending, model.CommandSent}}).Where(sq.LtOrEq{"expires_at": now}),
		db.Q.Update("device_commands").Set("status", model.CommandTimedOut).Set("finished_at", now).
			Where(sq.Eq{"status": model.CommandSent}).Where(sq.Lt{"sent_at": sentBefore}).Where(sq.GtOrEq{"attempts": maxAttempts}),
	} {
		res, err := exec(ctx, db.SQL, u)
		if err != nil {
			return n, wrap(err, "close stale commands")
		}
		k, _ := res.RowsAffected()
		n += k
	}
	return n, nil
}

// ConfirmedCustom reads a device's confirmed custom parameters (to merge a confirmation into).
func (db *DB) ConfirmedCustom(ctx context.Context, q Querier, deviceID int64) (map[string]float64, error) {
	var raw string
	row, err := queryRow(ctx, q, db.Q.Select("custom_params").From("devices").Where(sq.Eq{"id": deviceID}))
	if err == nil {
		err = row.Scan(&raw)
	}
	out := map[string]float64{}
	if err == nil {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	return out, wrap(err, "read confirmed parameters")
}
