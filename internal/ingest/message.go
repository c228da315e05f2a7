package ingest

import (
	"encoding/json"
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"irgas/internal/apperr"
	"irgas/internal/ident"
	"irgas/internal/model"
)

// Bounds of a reading (docs/product.md, "Fixed names").
const (
	// MaxFuture and MaxPast bound a reading's timestamp against the server's clock: a device clock a little
	// ahead is tolerated, a buffered reading may be up to MaxPast old.
	MaxFuture = 5 * time.Minute
	MaxPast   = 30 * 24 * time.Hour
	// MaxBatch is the most readings one message may carry.
	MaxBatch = 500
	// MaxMessageBytes is the largest device message, over MQTT or HTTP: MaxBatch readings with every field
	// filled take about 80 KiB.
	MaxMessageBytes = 256 << 10
)

// Message is one reading as a device sends it, or, with type "calibration", a calibration it made.
type Message struct {
	// Type is empty (or "reading") for a reading, "calibration" for a calibration report.
	Type        string   `json:"type,omitempty"`
	TS          *int64   `json:"ts"`
	CH4         *float64 `json:"ch4"`
	Voltage     *int     `json:"voltage,omitempty"`
	Signal      *int     `json:"signal,omitempty"`
	Temperature *float64 `json:"temperature,omitempty"`
	Status      string   `json:"status,omitempty"`
	// Calibration fields: kind zero or span, the gas applied (%LEL), the reading before and after, the result.
	Kind   string   `json:"kind,omitempty"`
	Gas    *float64 `json:"gas,omitempty"`
	Before *float64 `json:"before,omitempty"`
	After  *float64 `json:"after,omitempty"`
	Result string   `json:"result,omitempty"`
}

// Split separates readings from calibration reports.
func Split(msgs []Message) (readings, calibrations []Message) {
	for _, m := range msgs {
		if m.Type == "calibration" {
			calibrations = append(calibrations, m)
		} else {
			readings = append(readings, m)
		}
	}
	return readings, calibrations
}

// Calibrations checks calibration reports; one bad report refuses the message.
func Calibrations(msgs []Message, deviceID, companyID int64, now time.Time) ([]model.Calibration, error) {
	var bad []apperr.FieldError
	out := make([]model.Calibration, 0, len(msgs))
	for i, m := range msgs {
		at := func(field string) string { return fmt.Sprintf("[%d].%s", i, field) }
		c := model.Calibration{DeviceID: deviceID, CompanyID: companyID, Kind: m.Kind, Gas: m.Gas, Before: m.Before,
			After: m.After, Result: m.Result, ReceivedAt: now.UnixMilli()}
		if ts, ok := checkTS(m.TS, now); !ok {
			bad = append(bad, apperr.Field(at("ts"), "ingest.clock_skew"))
		} else {
			c.TS = ts
		}
		if m.Kind != "zero" && m.Kind != "span" {
			bad = append(bad, apperr.Field(at("kind"), "ingest.one_of", "zero, span"))
		}
		if m.Result != "ok" && m.Result != "fail" {
			bad = append(bad, apperr.Field(at("result"), "ingest.one_of", "ok, fail"))
		}
		for name, v := range map[string]*float64{"gas": m.Gas, "before": m.Before, "after": m.After} {
			if v != nil && (*v < 0 || *v > 100) {
				bad = append(bad, apperr.Field(at(name), "ingest.range", 0, 100))
			}
		}
		out = append(out, c)
	}
	if len(bad) > 0 {
		return nil, apperr.Validation(bad...)
	}
	return out, nil
}

// MaxStatus is the longest status a reading may carry, in characters.
const MaxStatus = 32

// Text reports whether s is text both databases store as sent: valid UTF-8 without NUL (PostgreSQL refuses
// NUL in text; SQLite would store it), at most max characters.
func Text(s string, max int) bool {
	return ident.ValidText(s) && utf8.RuneCountInString(s) <= max
}

// checkTS reads a timestamp (seconds if fewer than 13 digits) and checks it against the clock.
func checkTS(ts *int64, now time.Time) (int64, bool) {
	if ts == nil {
		return 0, false
	}
	v := *ts
	if v < 1e12 {
		v *= 1000
	}
	return v, v <= now.Add(MaxFuture).UnixMilli() && v >= now.Add(-MaxPast).UnixMilli()
}

// Decode reads a message body: one reading or an array of them.
func Decode(body []byte) ([]Message, error) {
	var batch []Message
	trimmed := firstByte(body)
	switch trimmed {
	case '[':
		if err := json.Unmarshal(body, &batch); err != nil {
			return nil, apperr.New(400, apperr.CodeBadJSON, "error.bad_json", err.Error())
		}
	case '{':
		var m Message
		if err := json.Unmarshal(body, &m); err != nil {
			return nil, apperr.New(400, apperr.CodeBadJSON, "error.bad_json", err.Error())
		}
		batch = []Message{m}
	default:
		return nil, apperr.New(400, apperr.CodeBadJSON, "error.bad_json", "expected a JSON object or array")
	}
	if len(batch) == 0 || len(batch) > MaxBatch {
		return nil, apperr.Validation(apperr.Field("readings", "ingest.batch_size", MaxBatch))
	}
	return batch, nil
}

func firstByte(b []byte) byte {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return c
		}
	}
	return 0
}

// Readings checks every message and turns them into readings of the device; one bad message refuses the
// whole batch (nothing is half-stored), naming each bad field as "[i].field".
func Readings(msgs []Message, deviceID, companyID int64, now time.Time) ([]model.Reading, error) {
	var bad []apperr.FieldError
	out := make([]model.Reading, 0, len(msgs))
	for i, m := range msgs {
		at := func(field string) string { return fmt.Sprintf("[%d].%s", i, field) }
		r := model.Reading{DeviceID: deviceID, CompanyID: companyID, ReceivedAt: now.UnixMilli(), Voltage: m.Voltage,
			Signal: m.Signal, Temperature: m.Temperature, Status: m.Status}
		switch ts, ok := checkTS(m.TS, now); {
		case m.TS == nil:
			bad = append(bad, apperr.Field(at("ts"), "field.required"))
		case !ok:
			bad = append(bad, apperr.Field(at("ts"), "ingest.clock_skew"))
		default:
			r.TS = ts
		}
		switch {
		case m.CH4 == nil:
			bad = append(bad, apperr.Field(at("ch4"), "field.required"))
		case math.IsNaN(*m.CH4) || *m.CH4 < 0 || *m.CH4 > 100:
			bad = append(bad, apperr.Field(at("ch4"), "ingest.range", 0, 100))
		default:
			r.CH4 = *m.CH4
		}
		if m.Voltage != nil && (*m.Voltage < 0 || *m.Voltage > 1000) {
			bad = append(bad, apperr.Field(at("voltage"), "ingest.range", 0, 1000))
		}
		if m.Signal != nil && (*m.Signal < 0 || *m.Signal > 31) {
			bad = append(bad, apperr.Field(at("signal"), "ingest.range", 0, 31))
		}
		if m.Temperature != nil && (*m.Temperature < -40 || *m.Temperature > 125) {
			bad = append(bad, apperr.Field(at("temperature"), "ingest.range", -40, 125))
		}
		if !Text(m.Status, MaxStatus) {
			bad = append(bad, apperr.Field(at("status"), "ingest.text", MaxStatus))
		}
		out = append(out, r)
	}
	if len(bad) > 0 {
		return nil, apperr.Validation(bad...)
	}
	return out, nil
}
