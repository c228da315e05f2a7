package api

import (
	"errors"
	"net/http"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/export"
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
		{Method: "GET", Path: "/alarmLog/export", Summary: "Export alarms (.xlsx, same filters)", Perm: m + ":export",
			List: &store.AlarmList, Endpoint: httpx.Raw(a.exportAlarms)},
		{Method: "GET", Path: "/alarmLog/statistic", Summary: "Alarms by kind and by day over startedAt (default: the last 30 days)",
			Perm: m, List: &store.AlarmList, Endpoint: httpx.NoBody(a.alarmStatistic)},
		{Method: "GET", Path: "/deviceInfoFeedbackLog/export", Summary: "Export the devices' answers to commands (.xlsx)",
			Perm: m + ":export", List: &store.FeedbackList, Endpoint: httpx.Raw(a.exportFeedback)},
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

// AlarmStatistic answers GET /api/alarmLog/statistic.
type AlarmStatistic struct {
	From   int64              `json:"from"`
	To     int64              `json:"to"`
	ByKind map[string]int64   `json:"byKind"`
	ByDay  []store.AlarmCount `json:"byDay"`
}

func (a *API) alarmStatistic(r *http.Request) (AlarmStatistic, error) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		return AlarmStatistic{}, err
	}
	now := time.Now()
	st := AlarmStatistic{From: now.AddDate(0, 0, -30).UnixMilli(), To: now.UnixMilli(), ByKind: map[string]int64{}}
	scope := auth.ActorFrom(r.Context()).Scope()
	for _, c := range q.Conds {
		switch {
		case c.Column == "a.started_at":
			if c.Gte != nil {
				st.From = *c.Gte
			}
			if c.Lte != nil {
				st.To = *c.Lte
			}
		case c.Column == "a.company_id" && scope.IsPlatform() && len(c.Ints) == 1:
			scope = store.Company(c.Ints[0])
		}
	}
	_, offset := now.Zone()
	if st.ByDay, err = a.DB.AlarmCounts(r.Context(), scope, st.From, st.To, int64(offset)*1000); err != nil {
		return st, err
	}
	for _, c := range st.ByDay {
		st.ByKind[c.Kind] += c.Count
	}
	return st, nil
}

func (a *API) exportAlarms(w http.ResponseWriter, r *http.Request) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cols := []export.Column[model.Alarm]{
		{Zh: "IMEI", En: "IMEI", Value: func(x model.Alarm) any { return x.IMEI }},
		{Zh: "设备名称", En: "Device", Value: func(x model.Alarm) any { return x.DeviceName }},
		{Zh: "报警类型", En: "Kind", Value: func(x model.Alarm) any { return x.Kind }},
		{Zh: "级别", En: "Level", Value: func(x model.Alarm) any { return x.Level }},
		{Zh: "峰值", En: "Peak", Value: func(x model.Alarm) any { return x.Peak }},
		{Zh: "开始时间", En: "Started", Value: func(x model.Alarm) any { return export.Time(&x.StartedAt) }},
		{Zh: "结束时间", En: "Ended", Value: func(x model.Alarm) any { return export.Time(x.EndedAt) }},
		{Zh: "状态", En: "Status", Value: func(x model.Alarm) any { return x.Status }},
		{Zh: "确认人", En: "Acknowledged by", Value: func(x model.Alarm) any { return x.AckAccount }},
		{Zh: "处理人", En: "Handled by", Value: func(x model.Alarm) any { return x.HandledAccount }},
		{Zh: "处理说明", En: "Note", Value: func(x model.Alarm) any { return x.HandleNote }},
	}
	scope := auth.ActorFrom(r.Context()).Scope()
	err = export.Write(w, r, export.Sheet{Zh: "报警记录", En: "alarms"}, cols, func(yield func(model.Alarm) error) error {
		return a.DB.EachAlarm(r.Context(), scope, q, yield)
	})
	if err != nil {
		httpx.Fail(w, r, err)
	}
}

func (a *API) exportFeedback(w http.ResponseWriter, r *http.Request) {
	q, err := parseList(r, store.FeedbackList)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	lang := export.Lang(r)
	cols := []export.Column[store.FeedbackRow]{
		{Zh: "IMEI", En: "IMEI", Value: func(x store.FeedbackRow) any { return x.IMEI }},
		{Zh: "设备名称", En: "Device", Value: func(x store.FeedbackRow) any { return x.DeviceName }},
		{Zh: "指令", En: "Command", Value: func(x store.FeedbackRow) any { return x.Command }},
		{Zh: "结果", En: "Result", Value: func(x store.FeedbackRow) any { return export.Status(lang, map[bool]int{true: 1}[x.OK]) }},
		{Zh: "代码", En: "Code", Value: func(x store.FeedbackRow) any { return x.Code }},
		{Zh: "说明", En: "Message", Value: func(x store.FeedbackRow) any { return x.Msg }},
		{Zh: "参数", En: "Parameters", Value: func(x store.FeedbackRow) any { return x.Params }},
		{Zh: "时间", En: "Received", Value: func(x store.FeedbackRow) any { return export.Time(&x.ReceivedAt) }},
	}
	scope := auth.ActorFrom(r.Context()).Scope()
	err = export.Write(w, r, export.Sheet{Zh: "设备反馈记录", En: "device-feedback"}, cols, func(yield func(store.FeedbackRow) error) error {
		return a.DB.EachFeedback(r.Context(), scope, q, yield)
	})
	if err != nil {
		httpx.Fail(w, r, err)
	}
}
