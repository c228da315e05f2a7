package api

import (
	"errors"
	"net/http"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// HandleInput is the body of PUT /api/alarmLog/{id}/handle.
type HandleInput struct {
	Note string `json:"note" validate:"required,max=1000"`
}

func (a *API) alarmRoutes() []Route {
	const m = permission.DeviceManagement
	return []Route{
		{Method: "GET", Path: "/alarmLog", Summary: "List alarms, newest first", Perm: m, List: &store.AlarmList,
			Endpoint: httpx.NoBody(a.listAlarms)},
		{Method: "GET", Path: "/alarmLog/{id}", Summary: "Read an alarm", Perm: m, Endpoint: httpx.NoBody(a.getAlarm)},
		{Method: "PUT", Path: "/alarmLog/{id}/ack", Summary: "Acknowledge an alarm", Perm: m + ":handleAlarm",
			Module: m, Action: "ackAlarm", Endpoint: httpx.NoBody(a.ackAlarm)},
		{Method: "PUT", Path: "/alarmLog/{id}/handle", Summary: "Handle an acknowledged alarm with a note", Perm: m + ":handleAlarm",
			Module: m, Action: "handleAlarm", Endpoint: httpx.JSON(a.handleAlarm)},
	}
}

func (a *API) listAlarms(r *http.Request) (store.Page[model.Alarm], error) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		return store.Page[model.Alarm]{}, err
	}
	return a.DB.ListAlarms(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

func (a *API) getAlarm(r *http.Request) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		return a.DB.GetAlarm(r.Context(), actor.Scope(), id)
	})
}

func (a *API) ackAlarm(r *http.Request) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		err := a.DB.AckAlarm(r.Context(), actor.Scope(), id, actor.UserID, actor.Account, time.Now().UnixMilli())
		if errors.Is(err, store.ErrConflict) {
			return model.Alarm{}, apperr.Conflict("alarm.already_acknowledged")
		} else if err != nil {
			return model.Alarm{}, err
		}
		return a.DB.GetAlarm(r.Context(), actor.Scope(), id)
	})
}

func (a *API) handleAlarm(r *http.Request, in *HandleInput) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		err := a.DB.HandleAlarm(r.Context(), actor.Scope(), id, actor.UserID, actor.Account, in.Note, time.Now().UnixMilli())
		if errors.Is(err, store.ErrConflict) {
			return model.Alarm{}, apperr.Conflict("alarm.handle_order")
		} else if err != nil {
			return model.Alarm{}, err
		}
		return a.DB.GetAlarm(r.Context(), actor.Scope(), id)
	})
}
