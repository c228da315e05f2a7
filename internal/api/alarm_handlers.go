package api

import (
	"context"
	"net/http"
	"time"

	"irgas/internal/auth"
	"irgas/internal/device"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// HandleInput is the body of PUT /api/alarmLog/{id}/handle.
type HandleInput struct {
	Note string `json:"note" validate:"required,max=1000"`
}

func (a *API) alarmRoutes() []Route {
	// The Alarm Center's codes, or the device pages' older ones: both lead to a device's alarms.
	const (
		m       = permission.DeviceManagement
		read    = permission.AlarmManagement + "|" + m
		handle  = permission.AlarmManagement + ":handle|" + m + ":handleAlarm"
		exports = permission.AlarmManagement + ":export|" + m + ":export"
	)
	return []Route{
		{Method: "GET", Path: "/alarmLog", Summary: "List alarms (default newest first; sort=severity,startedAt: the most urgent, then the oldest, first)",
			Perm: read, List: &store.AlarmList, Endpoint: httpx.NoBody(a.listAlarms)},
		exportRoute("/alarmLog/export", "Export alarms (.xlsx, same filters)", exports, xlsxExport[model.Alarm]{
			list: store.AlarmList, sheet: export.Sheet{Zh: "报警记录", En: "alarms"}, columns: fixed(alarmColumns),
			each: scoped(a.DB.EachAlarm)}),
		{Method: "GET", Path: "/alarmLog/stageCounts", Summary: "Alarms not yet handled by stage, under the list's filters (stage aside): the Alarm Center's tab counts",
			Perm: read, List: &store.AlarmList, Endpoint: httpx.NoBody(a.alarmStageCounts)},
		{Method: "GET", Path: "/alarmLog/statistic", Summary: "Alarms by kind and by day over startedAt (default: the last 30 days)",
			Perm: read, List: &store.AlarmList, Endpoint: httpx.NoBody(a.alarmStatistic)},
		exportRoute("/deviceInfoFeedbackLog/export", "Export the devices' answers to commands (.xlsx)", m+":export",
			xlsxExport[store.FeedbackRow]{list: store.FeedbackList, sheet: export.Sheet{Zh: "设备反馈记录", En: "device-feedback"},
				columns: feedbackColumns, each: scoped(a.DB.EachFeedback)}),
		{Method: "PUT", Path: "/alarmLog/ack", Summary: "Acknowledge several alarms (those not yet acknowledged that the caller may see)",
			Perm: handle, Module: permission.AlarmManagement, Action: "ackAlarms", Endpoint: httpx.JSON(a.ackAlarms)},
		{Method: "GET", Path: "/alarmLog/{id}", Summary: "Read an alarm", Perm: read, Endpoint: httpx.NoBody(a.getAlarm)},
		{Method: "PUT", Path: "/alarmLog/{id}/ack", Summary: "Acknowledge an alarm", Perm: handle,
			Module: permission.AlarmManagement, Action: "ackAlarm", Endpoint: httpx.NoBody(a.ackAlarm)},
		{Method: "PUT", Path: "/alarmLog/{id}/handle", Summary: "Handle an acknowledged alarm with a note", Perm: handle,
			Module: permission.AlarmManagement, Action: "handleAlarm", Endpoint: httpx.JSON(a.handleAlarm)},
	}
}

func (a *API) ackAlarms(r *http.Request, in *device.AckAlarmsInput) (device.AckAlarmsResult, error) {
	return a.Devices.AckAlarms(r.Context(), auth.ActorFrom(r.Context()), in.IDs)
}

func (a *API) listAlarms(r *http.Request) (model.Page[model.Alarm], error) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		return model.Page[model.Alarm]{}, err
	}
	return a.DB.ListAlarms(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

func (a *API) alarmStageCounts(r *http.Request) (model.AlarmStageCounts, error) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		return model.AlarmStageCounts{}, err
	}
	return a.DB.AlarmStageCounts(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

func (a *API) getAlarm(r *http.Request) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		return a.DB.GetAlarm(r.Context(), actor.Scope(), id)
	})
}

func (a *API) ackAlarm(r *http.Request) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		return a.Devices.AckAlarm(r.Context(), actor, id)
	})
}

func (a *API) handleAlarm(r *http.Request, in *HandleInput) (model.Alarm, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Alarm, error) {
		return a.Devices.HandleAlarm(r.Context(), actor, id, in.Note)
	})
}

// AlarmStatistic answers GET /api/alarmLog/statistic.
type AlarmStatistic struct {
	From   int64              `json:"from"`
	To     int64              `json:"to"`
	ByKind map[string]int64   `json:"byKind"`
	ByDay  []model.AlarmCount `json:"byDay"`
}

func (a *API) alarmStatistic(r *http.Request) (AlarmStatistic, error) {
	q, err := parseList(r, store.AlarmList)
	if err != nil {
		return AlarmStatistic{}, err
	}
	now := time.Now()
	st := AlarmStatistic{ByKind: map[string]int64{}}
	st.From, st.To = q.Range("startedAt", now.AddDate(0, 0, -30).UnixMilli(), now.UnixMilli())
	scope := statisticScope(auth.ActorFrom(r.Context()), q)
	_, offset := now.Zone()
	if st.ByDay, err = a.DB.AlarmCounts(r.Context(), scope, st.From, st.To, int64(offset)*1000); err != nil {
		return st, err
	}
	for _, c := range st.ByDay {
		st.ByKind[c.Kind] += c.Count
	}
	return st, nil
}

// statisticScope is where a statistic counts: the caller's company, or the one company a platform user names
// (companyId; several, or none, mean every company).
func statisticScope(actor *auth.Actor, q listq.Query) store.Scope {
	if ids := q.Ints("companyId"); actor.IsPlatform() && len(ids) == 1 {
		return store.Company(ids[0])
	}
	return actor.Scope()
}

var alarmColumns = []export.Column[model.Alarm]{
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

func feedbackColumns(_ context.Context, lang i18n.Lang) ([]export.Column[store.FeedbackRow], error) {
	return []export.Column[store.FeedbackRow]{
		{Zh: "IMEI", En: "IMEI", Value: func(x store.FeedbackRow) any { return x.IMEI }},
		{Zh: "设备名称", En: "Device", Value: func(x store.FeedbackRow) any { return x.DeviceName }},
		{Zh: "指令", En: "Command", Value: func(x store.FeedbackRow) any { return x.Command }},
		{Zh: "结果", En: "Result", Value: func(x store.FeedbackRow) any { return export.Status(lang, map[bool]int{true: 1}[x.OK]) }},
		{Zh: "代码", En: "Code", Value: func(x store.FeedbackRow) any { return x.Code }},
		{Zh: "说明", En: "Message", Value: func(x store.FeedbackRow) any { return x.Msg }},
		{Zh: "参数", En: "Parameters", Value: func(x store.FeedbackRow) any { return x.Params }},
		{Zh: "时间", En: "Received", Value: func(x store.FeedbackRow) any { return export.Time(&x.ReceivedAt) }},
	}, nil
}
