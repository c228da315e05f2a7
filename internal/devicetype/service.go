// Package devicetype holds the rules of device types: a unique model, a measuring range that contains the
// default thresholds (low below high), bounded intervals, known units and links, and a description
// sanitized before it is stored.
package devicetype

import (
	"context"
	"errors"
	"math"

	"irgas/internal/apperr"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/richtext"
	"irgas/internal/store"
)

// Interval bounds in minutes, for reports and heartbeats alike (one minute to one day).
const (
	MinInterval = 1
	MaxInterval = 1440
)

// Service applies the device type rules over the store.
type Service struct{ db *store.DB }

// NewService makes a device type service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Input is the body of a create or update call.
type Input struct {
	Name              string  `json:"name" validate:"required,max=50"`
	Model             string  `json:"model" validate:"required,max=50"`
	Manufacturer      string  `json:"manufacturer" validate:"max=100"`
	Gas               string  `json:"gas" validate:"omitempty,max=20"`
	Unit              string  `json:"unit" validate:"required,oneof=%LEL %VOL ppm"`
	RangeMin          float64 `json:"rangeMin" validate:"gte=0"`
	RangeMax          float64 `json:"rangeMax" validate:"gt=0,lte=1000000"`
	LowThreshold      float64 `json:"lowThreshold" validate:"gt=0"`
	HighThreshold     float64 `json:"highThreshold" validate:"gt=0"`
	ReportInterval    int     `json:"reportInterval" validate:"min=1,max=1440"`
	HeartbeatInterval int     `json:"heartbeatInterval" validate:"min=1,max=1440"`
	Communication     string  `json:"communication" validate:"required,oneof=NB-IoT 4G LoRa Ethernet"`
	Description       string  `json:"description" validate:"max=200000"`
}

// List lists device types.
func (s *Service) List(ctx context.Context, q listq.Query) (model.Page[model.DeviceType], error) {
	return s.db.ListDeviceTypes(ctx, q)
}

// Get reads one device type.
func (s *Service) Get(ctx context.Context, id int64) (model.DeviceType, error) {
	return s.db.GetDeviceType(ctx, id)
}

// Create stores a device type.
func (s *Service) Create(ctx context.Context, in Input) (model.DeviceType, error) {
	t, err := check(in)
	if err != nil {
		return t, err
	}
	id, err := s.db.CreateDeviceType(ctx, t)
	if errors.Is(err, store.ErrConflict) {
		return t, apperr.Conflict("devicetype.model_taken")
	} else if err != nil {
		return t, err
	}
	return s.db.GetDeviceType(ctx, id)
}

// Update replaces a device type. Devices keep their own confirmed values; the new defaults apply to
// devices created afterwards.
func (s *Service) Update(ctx context.Context, id int64, in Input) (model.DeviceType, error) {
	t, err := check(in)
	if err != nil {
		return t, err
	}
	err = s.db.UpdateDeviceType(ctx, id, t)
	if errors.Is(err, store.ErrConflict) {
		return t, apperr.Conflict("devicetype.model_taken")
	} else if err != nil {
		return t, err
	}
	return s.db.GetDeviceType(ctx, id)
}

// Delete removes a device type no device uses.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.DeleteDeviceType(ctx, id)
	if errors.Is(err, store.ErrConflict) {
		return apperr.Conflict("devicetype.in_use")
	}
	return err
}

// check applies the rules across fields and sanitizes the description.
func check(in Input) (model.DeviceType, error) {
	t := model.DeviceType{Name: in.Name, Model: in.Model, Manufacturer: in.Manufacturer,
		Gas: in.Gas, Unit: in.Unit, RangeMin: in.RangeMin, RangeMax: in.RangeMax, LowThreshold: in.LowThreshold,
		HighThreshold: in.HighThreshold, ReportInterval: in.ReportInterval, HeartbeatInterval: in.HeartbeatInterval,
		Communication: in.Communication, Description: richtext.Sanitize(in.Description)}
	if t.Gas == "" {
		t.Gas = "CH4"
	}
	var fields []apperr.FieldError
	if t.RangeMax <= t.RangeMin {
		fields = append(fields, apperr.Field("rangeMax", "devicetype.bad_range"))
	}
	if !oneDecimal(t.LowThreshold) {
		fields = append(fields, apperr.Field("lowThreshold", "device.one_decimal"))
	}
	if !oneDecimal(t.HighThreshold) {
		fields = append(fields, apperr.Field("highThreshold", "device.one_decimal"))
	}
	if t.LowThreshold >= t.HighThreshold {
		fields = append(fields, apperr.Field("highThreshold", "device.low_above_high"))
	}
	if t.LowThreshold < t.RangeMin || t.HighThreshold > t.RangeMax {
		fields = append(fields, apperr.Field("highThreshold", "devicetype.threshold_out_of_range"))
	}
	if t.HeartbeatInterval < t.ReportInterval {
		fields = append(fields, apperr.Field("heartbeatInterval", "devicetype.heartbeat_below_report"))
	}
	if len(fields) > 0 {
		return t, apperr.Validation(fields...)
	}
	return t, nil
}

// oneDecimal reports whether v has at most one decimal place (thresholds are set in tenths).
func oneDecimal(v float64) bool {
	return math.Abs(v*10-math.Round(v*10)) < 1e-9
}

// Each streams the device types a query matches (exports).
func (s *Service) Each(ctx context.Context, q listq.Query, fn func(model.DeviceType) error) error {
	return s.db.EachDeviceType(ctx, q, fn)
}
