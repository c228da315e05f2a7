// Package commands delivers the commands and parameter changes queued for devices, in the order they were
// asked, to the devices connected to this instance; it re-sends unanswered ones a bounded number of times,
// closes those that time out or expire, and takes the devices' answers.
package commands

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/device"
	"irgas/internal/model"
	"irgas/internal/store"
)

// Publisher sends a command message down to a device.
type Publisher interface {
	PublishDown(imei string, payload []byte) error
}

// Settings of delivery.
type Settings struct {
	// AckTimeout is how long a sent command waits for its answer before it is sent again.
	AckTimeout time.Duration
	// MaxAttempts bounds the sends of one command; after the last one times out the command is timedOut.
	MaxAttempts int
	// Sweep is how often connected devices are checked for commands to (re)send.
	Sweep time.Duration
}

// DefaultSettings: answer within a minute, three sends, checked every five seconds.
var DefaultSettings = Settings{AckTimeout: time.Minute, MaxAttempts: 3, Sweep: 5 * time.Second}

// Dispatcher delivers commands to the devices connected here.
type Dispatcher struct {
	db        *store.DB
	pub       Publisher
	settings  Settings
	connected sync.Map // device id → imei
	// waiting holds the devices known to have an open command: queued here (Nudge) or seen by the last
	// sweep (queued on any instance). A device that connects or speaks is looked up only when it is in it.
	waiting sync.Map // device id → struct{}
	nudges  chan int64
	mu      sync.Mutex // one delivery at a time per instance keeps each device's order
}

// NewDispatcher makes a dispatcher; call Run to start it.
func NewDispatcher(db *store.DB, pub Publisher, s Settings) *Dispatcher {
	return &Dispatcher{db: db, pub: pub, settings: s, nudges: make(chan int64, 1024)}
}

// Down is the message a device receives.
type Down struct {
	ID      int64           `json:"id"`
	Command string          `json:"command"`
	Params  json.RawMessage `json:"params"`
	TS      int64           `json:"ts"`
}

// Up is a device's answer to a command.
type Up struct {
	ID     int64           `json:"id"`
	OK     bool            `json:"ok"`
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Params json.RawMessage `json:"params"`
}

// Connected notes that a device listens on this instance (it subscribed to its down topic, or, with an external
// broker, it just spoke) and sends it what waits for it. It costs no query unless something waits.
func (d *Dispatcher) Connected(deviceID int64, imei string) {
	d.connected.Store(deviceID, imei)
	if _, ok := d.waiting.Load(deviceID); ok {
		d.push(deviceID)
	}
}

// Disconnected forgets a device.
func (d *Dispatcher) Disconnected(deviceID int64) { d.connected.Delete(deviceID) }

// Nudge asks for a delivery to a device now (after a command was queued); it never blocks.
func (d *Dispatcher) Nudge(deviceIDs ...int64) {
	for _, id := range deviceIDs {
		d.waiting.Store(id, struct{}{})
		d.push(id)
	}
}

func (d *Dispatcher) push(id int64) {
	select {
	case d.nudges <- id:
	default: // the sweep will catch it
	}
}

// Run delivers until ctx ends.
func (d *Dispatcher) Run(ctx context.Context) {
	sweep := time.NewTicker(d.settings.Sweep)
	defer sweep.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-d.nudges:
			if imei, ok := d.connected.Load(id); ok {
				d.deliver(ctx, id, imei.(string))
			}
		case <-sweep.C:
			now := time.Now()
			step, cancel := store.Bounded(ctx)
			_, err := d.db.CloseStaleCommands(step, now.UnixMilli(), now.Add(-d.settings.AckTimeout).UnixMilli(), d.settings.MaxAttempts)
			cancel()
			if err != nil && ctx.Err() == nil {
				slog.Warn("closing stale commands failed", "err", err)
			}
			d.sweep(ctx, now)
		}
	}
}

// sweep learns which devices have open commands (one query, whatever instance queued them) and delivers to
// those connected here.
func (d *Dispatcher) sweep(ctx context.Context, now time.Time) {
	step, cancel := store.Bounded(ctx)
	ids, err := d.db.DevicesWithOpenCommands(step, now.UnixMilli())
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			slog.Warn("reading devices with open commands failed", "err", err)
		}
		return
	}
	open := make(map[int64]bool, len(ids))
	for _, id := range ids {
		open[id] = true
		d.waiting.Store(id, struct{}{})
	}
	d.waiting.Range(func(k, _ any) bool {
		if !open[k.(int64)] {
			d.waiting.Delete(k)
		}
		return true
	})
	for _, id := range ids {
		if imei, ok := d.connected.Load(id); ok && ctx.Err() == nil {
			d.deliver(ctx, id, imei.(string))
		}
	}
}

// deliver sends a device's due commands in order. They are claimed (noted sent) before they go out, so
// that no other poll or instance sends them in the same attempt; one that could not be published is sent
// again after the answer timeout, like one whose answer was lost.
func (d *Dispatcher) deliver(ctx context.Context, deviceID int64, imei string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ctx, cancel := store.Bounded(ctx)
	defer cancel()
	now := time.Now()
	cmds, err := d.db.ClaimDeliverable(ctx, deviceID, now.UnixMilli(), now.Add(-d.settings.AckTimeout).UnixMilli(), d.settings.MaxAttempts)
	if err != nil {
		slog.Warn("claiming commands to deliver failed", "device", deviceID, "err", err)
		return
	}
	for _, c := range cmds {
		payload, _ := json.Marshal(Down{ID: c.ID, Command: c.Command, Params: c.Params, TS: now.UnixMilli()})
		if err := d.pub.PublishDown(imei, payload); err != nil {
			slog.Warn("sending a command failed; it is sent again after the answer timeout", "imei", imei, "command", c.ID, "err", err)
			return
		}
	}
}

// HandleAck records a device's answer received over MQTT.
func (d *Dispatcher) HandleAck(ctx context.Context, deviceID, companyID int64, payload []byte) error {
	var up Up
	if err := json.Unmarshal(payload, &up); err != nil {
		return errors.New("commands: an answer is a JSON object")
	}
	return Record(ctx, d.db, deviceID, companyID, up)
}

// Record keeps a device's answer: in the feedback log always, and as the command's outcome, with the
// device's confirmed parameters, when it names a command of this device still waiting.
func Record(ctx context.Context, db *store.DB, deviceID, companyID int64, up Up) error {
	if up.ID <= 0 {
		return errors.New("commands: an answer needs a positive id")
	}
	_, err := db.RecordAck(ctx, store.Ack{CommandID: up.ID, DeviceID: deviceID, CompanyID: companyID, OK: up.OK,
		Code: up.Code, Msg: up.Msg, Params: up.Params, ReceivedAt: time.Now().UnixMilli()}, Confirmed)
	if errors.Is(err, store.ErrNotFound) {
		return nil // logged as feedback; it names no command of this device
	}
	return err
}

// Take returns what waits for a device and notes it sent: for devices that poll over HTTP, whose answer to
// a message carries their commands.
func Take(ctx context.Context, db *store.DB, deviceID int64, s Settings) ([]Down, error) {
	now := time.Now()
	cmds, err := db.ClaimDeliverable(ctx, deviceID, now.UnixMilli(), now.Add(-s.AckTimeout).UnixMilli(), s.MaxAttempts)
	if err != nil {
		return nil, err
	}
	out := make([]Down, 0, len(cmds))
	for _, c := range cmds {
		out = append(out, Down{ID: c.ID, Command: c.Command, Params: c.Params, TS: now.UnixMilli()})
	}
	return out, nil
}

// Confirmed maps an acknowledged parameter command to the device's confirmed columns: the values the
// device reports in its answer, or those it was asked to set when it reports none. Values outside the rules
// an officer's values meet refuse the answer (422), and nothing of it is kept.
func Confirmed(cmd model.DeviceCommand, answer json.RawMessage) (map[string]any, error) {
	var asked, told map[string]float64
	_ = json.Unmarshal(cmd.Params, &asked)
	_ = json.Unmarshal(answer, &told)
	values := map[string]float64{}
	for k, v := range asked {
		values[k] = v
		if t, ok := told[k]; ok {
			values[k] = t
		}
	}
	if bad := device.CheckConfirmed(cmd.Command, values); len(bad) > 0 {
		return nil, apperr.Validation(bad...)
	}
	cols := map[string]any{}
	set := func(col, key string, whole bool) {
		if v, ok := values[key]; ok {
			if whole {
				cols[col] = int(v)
			} else {
				cols[col] = v
			}
		}
	}
	switch cmd.Command {
	case "setAlertParam":
		set("alert_low", "alertLow", false)
		set("alert_high", "alertHigh", false)
	case "setIntervalParam":
		set("report_interval", "reportInterval", true)
		set("heartbeat_interval", "heartbeatInterval", true)
	case "setDataFlag":
		set("data_flag", "dataFlag", true)
	case "setCustomParam":
		cols[store.MergeCustomParams] = values
	}
	return cols, nil
}
