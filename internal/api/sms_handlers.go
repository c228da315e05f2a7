package api

import (
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/permission"
	"irgas/internal/store"
)

func (a *API) smsRoutes() []Route {
	const m = permission.SmsUserManagement
	const logs = permission.SmsSendRecordManagement
	return []Route{
		{Method: "GET", Path: "/smsUser", Summary: "List notification users", Perm: m, List: &store.SMSUserList,
			Endpoint: httpx.NoBody(a.listSMSUsers)},
		{Method: "POST", Path: "/smsUser", Summary: "Create a notification user", Perm: m + ":create", Module: m, Action: "create",
			Endpoint: httpx.JSON(a.createSMSUser)},
		{Method: "GET", Path: "/smsUser/device-options", Summary: "Devices to choose for a notification user (500 at most)",
			Perm: m, List: &deviceOptionQuery, Endpoint: httpx.NoBody(a.smsDeviceOptions)},
		{Method: "GET", Path: "/smsUser/{id}", Summary: "Read a notification user", Perm: m, Endpoint: httpx.NoBody(a.getSMSUser)},
		{Method: "PUT", Path: "/smsUser/{id}", Summary: "Update a notification user", Perm: m + ":update", Module: m, Action: "update",
			Endpoint: httpx.JSON(a.updateSMSUser)},
		{Method: "PATCH", Path: "/smsUser/{id}", Summary: "Enable or disable a notification user", Perm: m + ":status", Module: m,
			Action: "status", Endpoint: httpx.JSON(a.setSMSUserStatus)},
		{Method: "DELETE", Path: "/smsUser/{id}", Summary: "Delete a notification user (the send log stays)", Perm: m + ":delete",
			Module: m, Action: "delete", Endpoint: httpx.NoBody(a.deleteSMSUser)},
		{Method: "GET", Path: "/smsSendLog", Summary: "List SMS messages: every notification with its status and attempts",
			Perm: logs, List: &store.SMSSendLogList, Endpoint: httpx.NoBody(a.listSMSSendLog)},
		exportRoute("/smsSendLog/export", "Export SMS messages (.xlsx, same filters as the list)", logs+":export",
			xlsxExport[model.SMSMessage]{list: store.SMSSendLogList, sheet: export.Sheet{Zh: "短信通知记录", En: "sms"},
				columns: fixed(smsColumns), each: scoped(a.DB.EachSMSMessage)}),
	}
}

func (a *API) smsUsers() *notify.Users {
	if a.SMSUsers == nil {
		return notify.NewUsers(a.DB)
	}
	return a.SMSUsers
}

func (a *API) listSMSUsers(r *http.Request) (model.Page[model.SMSUser], error) {
	q, err := parseList(r, store.SMSUserList)
	if err != nil {
		return model.Page[model.SMSUser]{}, err
	}
	return a.smsUsers().List(r.Context(), auth.ActorFrom(r.Context()), q)
}

func (a *API) getSMSUser(r *http.Request) (model.SMSUser, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.SMSUser, error) {
		return a.smsUsers().Get(r.Context(), actor, id)
	})
}

func (a *API) createSMSUser(r *http.Request, in *notify.UserInput) (model.SMSUser, error) {
	return a.smsUsers().Create(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) updateSMSUser(r *http.Request, in *notify.UserInput) (model.SMSUser, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.SMSUser, error) {
		return a.smsUsers().Update(r.Context(), actor, id, *in)
	})
}

func (a *API) setSMSUserStatus(r *http.Request, in *notify.StatusInput) (model.SMSUser, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.SMSUser, error) {
		return a.smsUsers().SetStatus(r.Context(), actor, id, *in.Status)
	})
}

func (a *API) deleteSMSUser(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(actor *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.smsUsers().Delete(r.Context(), actor, id)
	})
}

// deviceOptionQuery is the filters of the device choice (not a page: the first 500 by name).
var deviceOptionQuery = listq.Spec{Unpaged: true, Filters: []listq.Filter{
	{Param: "companyId", Kind: listq.Int, Doc: "company id (platform users; the first one counts)"},
	{Param: "q", Kind: listq.Contains, Doc: "part of the device's name or IMEI"},
}}

func (a *API) smsDeviceOptions(r *http.Request) ([]model.DeviceOption, error) {
	q, err := parseList(r, deviceOptionQuery)
	if err != nil {
		return nil, err
	}
	var company *int64
	if ids := q.Ints("companyId"); len(ids) > 0 {
		company = &ids[0]
	}
	return a.DB.SMSDeviceOptions(r.Context(), auth.ActorFrom(r.Context()).Scope(), company, q.Text("q"), 500)
}

func (a *API) listSMSSendLog(r *http.Request) (model.Page[model.SMSMessage], error) {
	q, err := parseList(r, store.SMSSendLogList)
	if err != nil {
		return model.Page[model.SMSMessage]{}, err
	}
	return a.DB.ListSMSSendLog(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

var smsColumns = []export.Column[model.SMSMessage]{
	{Zh: "发送时间", En: "Created", Value: func(m model.SMSMessage) any { return export.Time(&m.CreatedAt) }},
	{Zh: "接收人", En: "Recipient", Value: func(m model.SMSMessage) any { return m.UserName }},
	{Zh: "手机号", En: "Phone", Value: func(m model.SMSMessage) any { return m.Phone }},
	{Zh: "设备", En: "Device", Value: func(m model.SMSMessage) any { return m.DeviceName }},
	{Zh: "报警编号", En: "Alarm id", Value: func(m model.SMSMessage) any { return m.AlarmID }},
	{Zh: "事件", En: "Event", Value: func(m model.SMSMessage) any { return m.EventType }},
	{Zh: "内容", En: "Content", Value: func(m model.SMSMessage) any { return m.Content }},
	{Zh: "通道", En: "Provider", Value: func(m model.SMSMessage) any { return m.Provider }},
	{Zh: "状态", En: "Status", Value: func(m model.SMSMessage) any { return m.Status }},
	{Zh: "回执编号", En: "Provider message id", Value: func(m model.SMSMessage) any { return m.ProviderMsgID }},
	{Zh: "尝试次数", En: "Attempts", Value: func(m model.SMSMessage) any { return m.Attempts }},
	{Zh: "错误", En: "Error", Value: func(m model.SMSMessage) any { return m.Error }},
	{Zh: "送达时间", En: "Sent", Value: func(m model.SMSMessage) any { return export.Time(m.SentAt) }},
}
