package device

import (
	"context"
	"errors"
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
