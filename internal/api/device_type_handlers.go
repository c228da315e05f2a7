package api

import (
	"context"
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/devicetype"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

func (a *API) deviceTypeRoutes() []Route {
	const m = permission.DeviceTypeManagement
	// Company users read types (their device forms choose one) but only the platform edits the catalogue.
	const read = m + "|" + permission.DeviceManagement
	return []Route{
		{Method: "GET", Path: "/deviceClassify", Summary: "List device types", Perm: read, List: &store.DeviceTypeList,
			Endpoint: httpx.NoBody(a.listDeviceTypes)},
		{Method: "POST", Path: "/deviceClassify", Summary: "Create a device type", Perm: m + ":create", Module: m, Action: "create",
			Endpoint: httpx.JSON(a.createDeviceType)},
		exportRoute("/deviceClassify/export", "Export device types (.xlsx)", m+":export", xlsxExport[model.DeviceType]{
			list: store.DeviceTypeList, sheet: export.Sheet{Zh: "设备类型", En: "device-types"}, columns: fixed(deviceTypeColumns),
			each: func(ctx context.Context, _ *auth.Actor, q listq.Query, yield func(model.DeviceType) error) error {
				return a.DeviceTypes.Each(ctx, q, yield)
			}}),
		{Method: "GET", Path: "/deviceClassify/{id}", Summary: "Read a device type", Perm: read, Endpoint: httpx.NoBody(a.getDeviceType)},
		{Method: "PUT", Path: "/deviceClassify/{id}", Summary: "Update a device type", Perm: m + ":update", Module: m, Action: "update",
			Endpoint: httpx.JSON(a.updateDeviceType)},
		{Method: "DELETE", Path: "/deviceClassify/{id}", Summary: "Delete a device type no device uses", Perm: m + ":delete",
			Module: m, Action: "delete", Endpoint: httpx.NoBody(a.deleteDeviceType)},
	}
}

func (a *API) listDeviceTypes(r *http.Request) (model.Page[model.DeviceType], error) {
	q, err := parseList(r, store.DeviceTypeList)
	if err != nil {
		return model.Page[model.DeviceType]{}, err
	}
	return a.DeviceTypes.List(r.Context(), q)
}

func (a *API) getDeviceType(r *http.Request) (model.DeviceType, error) {
	return withID(r, func(_ *auth.Actor, id int64) (model.DeviceType, error) { return a.DeviceTypes.Get(r.Context(), id) })
}

func (a *API) createDeviceType(r *http.Request, in *devicetype.Input) (model.DeviceType, error) {
	return a.DeviceTypes.Create(r.Context(), *in)
}

func (a *API) updateDeviceType(r *http.Request, in *devicetype.Input) (model.DeviceType, error) {
	return withID(r, func(_ *auth.Actor, id int64) (model.DeviceType, error) {
		return a.DeviceTypes.Update(r.Context(), id, *in)
	})
}

func (a *API) deleteDeviceType(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(_ *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.DeviceTypes.Delete(r.Context(), id)
	})
}

var deviceTypeColumns = []export.Column[model.DeviceType]{
	{Zh: "类型名称", En: "Name", Value: func(t model.DeviceType) any { return t.Name }},
	{Zh: "型号", En: "Model", Value: func(t model.DeviceType) any { return t.Model }},
	{Zh: "生产厂家", En: "Manufacturer", Value: func(t model.DeviceType) any { return t.Manufacturer }},
	{Zh: "气体", En: "Gas", Value: func(t model.DeviceType) any { return t.Gas }},
	{Zh: "单位", En: "Unit", Value: func(t model.DeviceType) any { return t.Unit }},
	{Zh: "量程下限", En: "Range min", Value: func(t model.DeviceType) any { return t.RangeMin }},
	{Zh: "量程上限", En: "Range max", Value: func(t model.DeviceType) any { return t.RangeMax }},
	{Zh: "低报阈值", En: "Low threshold", Value: func(t model.DeviceType) any { return t.LowThreshold }},
	{Zh: "高报阈值", En: "High threshold", Value: func(t model.DeviceType) any { return t.HighThreshold }},
	{Zh: "上报间隔(分钟)", En: "Report interval (min)", Value: func(t model.DeviceType) any { return t.ReportInterval }},
	{Zh: "心跳间隔(分钟)", En: "Heartbeat interval (min)", Value: func(t model.DeviceType) any { return t.HeartbeatInterval }},
	{Zh: "通信方式", En: "Communication", Value: func(t model.DeviceType) any { return t.Communication }},
	{Zh: "创建时间", En: "Created", Value: func(t model.DeviceType) any { return export.Time(&t.CreatedAt) }},
}
