package api

import (
	"context"
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/device"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

func (a *API) deviceRoutes() []Route {
	const m = permission.DeviceManagement
	return []Route{
		{Method: "GET", Path: "/device", Summary: "List devices with their live state", Perm: m, List: &store.DeviceList,
			Endpoint: httpx.NoBody(a.listDevices)},
		{Method: "POST", Path: "/device", Summary: "Create a device (the answer carries its secret, shown once)",
			Perm: m + ":create", Module: m, Action: "create", Endpoint: httpx.JSON(a.createDevice)},
		exportRoute("/device/export", "Export devices (.xlsx, same filters as the list)", m+":export", xlsxExport[model.Device]{
			list: store.DeviceList, sheet: export.Sheet{Zh: "报警设备", En: "devices"}, columns: deviceColumns,
			each: a.Devices.Each}),
		{Method: "POST", Path: "/device/set-alert-param", Summary: "Queue alarm thresholds for devices", Perm: m + ":param",
			Module: m, Action: "param", Endpoint: httpx.JSON(a.setAlertParam)},
		{Method: "POST", Path: "/device/set-interval-param", Summary: "Queue report and heartbeat intervals for devices",
			Perm: m + ":param", Module: m, Action: "param", Endpoint: httpx.JSON(a.setIntervalParam)},
		{Method: "POST", Path: "/device/set-custom-param", Summary: "Queue custom parameters for devices", Perm: m + ":param",
			Module: m, Action: "param", Endpoint: httpx.JSON(a.setCustomParam)},
		{Method: "POST", Path: "/device/set-data-flag", Summary: "Queue the data flag for devices", Perm: m + ":param",
			Module: m, Action: "param", Endpoint: httpx.JSON(a.setDataFlag)},
		{Method: "GET", Path: "/device/get-data-flag/{id}", Summary: "A device's data flag, wanted and confirmed", Perm: m,
			Endpoint: httpx.NoBody(a.getDataFlag)},
		{Method: "POST", Path: "/device/sendCommand/{id}", Summary: "Queue a command (restart, selfTest, zeroCalibration, muteAlarm)",
			Perm: m + ":command", Module: m, Action: "command", Endpoint: httpx.JSON(a.sendCommand)},
		{Method: "PUT", Path: "/device/rotate-secret/{id}", Summary: "Give a device a new secret (shown once)", Perm: m + ":secret",
			Module: m, Action: "secret", Endpoint: httpx.NoBody(a.rotateSecret)},
		{Method: "GET", Path: "/device/{id}", Summary: "Read a device", Perm: m, Endpoint: httpx.NoBody(a.getDevice)},
		{Method: "GET", Path: "/device/{id}/commands", Summary: "A device's command queue, newest first", Perm: m,
			Endpoint: httpx.NoBody(a.deviceCommands)},
		{Method: "PUT", Path: "/device/{id}", Summary: "Update a device", Perm: m + ":update", Module: m, Action: "update",
			Endpoint: httpx.JSON(a.updateDevice)},
		{Method: "PATCH", Path: "/device/{id}", Summary: "Enable or disable a device", Perm: m + ":status", Module: m, Action: "status",
			Endpoint: httpx.JSON(a.setDeviceStatus)},
		{Method: "DELETE", Path: "/device/{id}", Summary: "Delete a device", Perm: m + ":delete", Module: m, Action: "delete",
			Endpoint: httpx.NoBody(a.deleteDevice)},
	}
}

func (a *API) listDevices(r *http.Request) (model.Page[model.Device], error) {
	q, err := parseList(r, store.DeviceList)
	if err != nil {
		return model.Page[model.Device]{}, err
	}
	return a.Devices.List(r.Context(), auth.ActorFrom(r.Context()), q)
}

func (a *API) getDevice(r *http.Request) (model.Device, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Device, error) { return a.Devices.Get(r.Context(), actor, id) })
}

func (a *API) createDevice(r *http.Request, in *device.Input) (model.Device, error) {
	return a.Devices.Create(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) updateDevice(r *http.Request, in *device.Input) (model.Device, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Device, error) {
		return a.Devices.Update(r.Context(), actor, id, *in)
	})
}

func (a *API) setDeviceStatus(r *http.Request, in *device.StatusInput) (model.Device, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Device, error) {
		return a.Devices.SetStatus(r.Context(), actor, id, *in.Status)
	})
}

func (a *API) deleteDevice(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(actor *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.Devices.Delete(r.Context(), actor, id)
	})
}

func (a *API) rotateSecret(r *http.Request) (device.SecretResult, error) {
	return withID(r, func(actor *auth.Actor, id int64) (device.SecretResult, error) {
		return a.Devices.RotateSecret(r.Context(), actor, id)
	})
}

func (a *API) setAlertParam(r *http.Request, in *device.AlertInput) ([]model.DeviceCommand, error) {
	return a.Devices.SetAlert(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) setIntervalParam(r *http.Request, in *device.IntervalInput) ([]model.DeviceCommand, error) {
	return a.Devices.SetInterval(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) setCustomParam(r *http.Request, in *device.CustomInput) ([]model.DeviceCommand, error) {
	return a.Devices.SetCustom(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) setDataFlag(r *http.Request, in *device.DataFlagInput) ([]model.DeviceCommand, error) {
	return a.Devices.SetDataFlag(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) getDataFlag(r *http.Request) (device.DataFlag, error) {
	return withID(r, func(actor *auth.Actor, id int64) (device.DataFlag, error) {
		return a.Devices.GetDataFlag(r.Context(), actor, id)
	})
}

func (a *API) sendCommand(r *http.Request, in *device.CommandInput) (model.DeviceCommand, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.DeviceCommand, error) {
		return a.Devices.SendCommand(r.Context(), actor, id, *in)
	})
}

func (a *API) deviceCommands(r *http.Request) ([]model.DeviceCommand, error) {
	return withID(r, func(actor *auth.Actor, id int64) ([]model.DeviceCommand, error) {
		return a.Devices.Commands(r.Context(), actor, id)
	})
}

func deviceColumns(_ context.Context, lang i18n.Lang) ([]export.Column[model.Device], error) {
	return []export.Column[model.Device]{
		{Zh: "IMEI", En: "IMEI", Value: func(d model.Device) any { return d.IMEI }},
		{Zh: "设备名称", En: "Name", Value: func(d model.Device) any { return d.Name }},
		{Zh: "设备类型", En: "Type", Value: func(d model.Device) any { return d.TypeName + " " + d.TypeModel }},
		{Zh: "所属企业", En: "Company", Value: func(d model.Device) any { return d.CompanyName }},
		{Zh: "所在地区", En: "Region", Value: func(d model.Device) any { return d.RegionName }},
		{Zh: "安装地址", En: "Address", Value: func(d model.Device) any { return d.Address }},
		{Zh: "ICCID", En: "ICCID", Value: func(d model.Device) any { return d.ICCID }},
		{Zh: "状态", En: "Status", Value: func(d model.Device) any { return export.Status(lang, d.Status) }},
		{Zh: "在线", En: "Online", Value: func(d model.Device) any { return map[bool]string{true: "1", false: "0"}[d.Online] }},
		{Zh: "最后上报", En: "Last seen", Value: func(d model.Device) any { return export.Time(d.LastSeenAt) }},
		{Zh: "甲烷(%LEL)", En: "CH4 (%LEL)", Value: func(d model.Device) any { return fmtNum(d.CH4, 1) }},
		{Zh: "低报阈值", En: "Low threshold", Value: func(d model.Device) any { return d.Confirmed.AlertLow }},
		{Zh: "高报阈值", En: "High threshold", Value: func(d model.Device) any { return d.Confirmed.AlertHigh }},
		{Zh: "创建时间", En: "Created", Value: func(d model.Device) any { return export.Time(&d.CreatedAt) }},
	}, nil
}
