package device

import (
	"context"
	"errors"
	"slices"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/model"
	"irgas/internal/store"
)

// The officers' steps on a device's alarm: acknowledged once, then handled once with a note. The store
// refuses a step out of order (ErrConflict); the refusal is worded here.

// AckAlarm acknowledges an alarm the actor may see.
func (s *Service) AckAlarm(ctx context.Context, a *auth.Actor, id int64) (model.Alarm, error) {
	err := s.db.AckAlarm(ctx, a.Scope(), id, a.UserID, a.Account, time.Now().UnixMilli())
	return s.alarmAfter(ctx, a, id, err, "alarm.already_acknowledged")
}

// HandleAlarm handles an acknowledged alarm with a note.
func (s *Service) HandleAlarm(ctx context.Context, a *auth.Actor, id int64, note string) (model.Alarm, error) {
	err := s.db.HandleAlarm(ctx, a.Scope(), id, a.UserID, a.Account, note, time.Now().UnixMilli())
	return s.alarmAfter(ctx, a, id, err, "alarm.handle_order")
}

// alarmAfter answers a step: the alarm as it is now, or the step's refusal.
func (s *Service) alarmAfter(ctx context.Context, a *auth.Actor, id int64, err error, outOfOrder string) (model.Alarm, error) {
	if errors.Is(err, store.ErrConflict) {
		return model.Alarm{}, apperr.Conflict(outOfOrder)
	} else if err != nil {
		return model.Alarm{}, err
	}
	return s.db.GetAlarm(ctx, a.Scope(), id)
}

// AckAlarmsInput is the body of PUT /api/alarmLog/ack.
type AckAlarmsInput struct {
	IDs []int64 `json:"ids" validate:"required,min=1,max=200,dive,min=1"`
}

// AckAlarmsResult says which alarms a bulk acknowledgement acknowledged and which it skipped (acknowledged
// already).
type AckAlarmsResult struct {
	Acknowledged []int64 `json:"acknowledged"`
	Skipped      []int64 `json:"skipped"`
}

// AckAlarms acknowledges each alarm of ids that is not yet acknowledged, in one statement. Ids the actor may
// not see make the whole call not found, with nothing acknowledged, as the other bulk calls do.
func (s *Service) AckAlarms(ctx context.Context, a *auth.Actor, ids []int64) (AckAlarmsResult, error) {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	acked, err := s.db.AckAlarms(ctx, a.Scope(), ids, a.UserID, a.Account, time.Now().UnixMilli())
	if err != nil {
		return AckAlarmsResult{}, err
	}
	res := AckAlarmsResult{Acknowledged: []int64{}, Skipped: []int64{}}
	for _, id := range ids {
		if _, ok := slices.BinarySearch(acked, id); ok {
			res.Acknowledged = append(res.Acknowledged, id)
		} else {
			res.Skipped = append(res.Skipped, id)
		}
	}
	return res, nil
}
