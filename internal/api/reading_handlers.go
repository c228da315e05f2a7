package api

import (
	"fmt"
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

// maxPoints bounds a chart: the bucket grows with the range so that no more than about this many come back.
const maxPoints = 1000

// bucketSizes are the bucket lengths a chart may use, shortest first.
var bucketSizes = []time.Duration{time.Minute, 5 * time.Minute, 10 * time.Minute, 30 * time.Minute, time.Hour,
	3 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour, 7 * 24 * time.Hour}

// Statistic answers GET /api/deviceDataLog/statistic.
type Statistic struct {
	BucketMs int64          `json:"bucketMs"`
	From     int64          `json:"from"`
	To       int64          `json:"to"`
	Points   []model.Bucket `json:"points"`
}

func (a *API) readingRoutes() []Route {
	const m = permission.DeviceManagement
	return []Route{
		{Method: "GET", Path: "/deviceDataLog", Summary: "List readings, newest first", Perm: m, List: &store.ReadingList,
			Endpoint: httpx.NoBody(a.listReadings)},
		exportRoute("/deviceDataLog/export", "Export readings (.xlsx, same filters)", m+":export", xlsxExport[model.ReadingRow]{
			list: store.ReadingList, sheet: export.Sheet{Zh: "设备数据", En: "readings"}, columns: fixed(readingColumns),
			each: scoped(a.DB.EachReading)}),
		{Method: "GET", Path: "/deviceDataLog/statistic", Perm: m, List: &store.ReadingList,
			Summary:  "Methane min/avg/max per time bucket for a device (deviceId), or readings per day of a company, over ts=$gte:&ts=$lte: (default: the last 24 hours)",
			Endpoint: httpx.NoBody(a.readingStatistic)},
	}
}

func (a *API) listReadings(r *http.Request) (model.Page[model.ReadingRow], error) {
	q, err := parseList(r, store.ReadingList)
	if err != nil {
		return model.Page[model.ReadingRow]{}, err
	}
	return a.DB.ListReadings(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

func (a *API) readingStatistic(r *http.Request) (Statistic, error) {
	q, err := parseList(r, store.ReadingList)
	if err != nil {
		return Statistic{}, err
	}
	actor := auth.ActorFrom(r.Context())
	now := time.Now()
	var st Statistic
	st.From, st.To = q.Range("ts", now.Add(-24*time.Hour).UnixMilli(), now.UnixMilli())
	var device *int64
	switch ids := q.Ints("deviceId"); {
	case len(ids) > 1:
		return st, apperr.BadRequest("query.bad_value", "deviceId")
	case len(ids) == 1:
		device = &ids[0]
		if _, err := a.Devices.Get(r.Context(), actor, *device); err != nil {
			return st, err
		}
	}
	scope := statisticScope(actor, q)
	if st.To <= st.From {
		return st, apperr.BadRequest("query.bad_range", "ts")
	}
	_, offset := now.Zone()
	size := 24 * time.Hour // a company's readings per day
	if device != nil {
		size = bucketSizes[len(bucketSizes)-1]
		for _, s := range bucketSizes {
			if (st.To-st.From)/s.Milliseconds() <= maxPoints {
				size = s
				break
			}
		}
	}
	st.BucketMs = size.Milliseconds()
	st.Points, err = a.DB.ReadingBuckets(r.Context(), scope, device, st.From, st.To, st.BucketMs, int64(offset)*1000)
	return st, err
}

func fmtNum(v *float64, digits int) any {
	if v == nil {
		return ""
	}
	return fmt.Sprintf("%.*f", digits, *v)
}

var readingColumns = []export.Column[model.ReadingRow]{
	{Zh: "IMEI", En: "IMEI", Value: func(x model.ReadingRow) any { return x.IMEI }},
	{Zh: "设备名称", En: "Device", Value: func(x model.ReadingRow) any { return x.DeviceName }},
	{Zh: "时间", En: "Time", Value: func(x model.ReadingRow) any { return export.Time(&x.TS) }},
	{Zh: "甲烷(%LEL)", En: "CH4 (%LEL)", Value: func(x model.ReadingRow) any { return fmtNum(&x.CH4, 1) }},
	{Zh: "电压(V)", En: "Voltage (V)", Value: func(x model.ReadingRow) any {
		if x.Voltage == nil {
			return ""
		}
		return fmt.Sprintf("%.2f", float64(*x.Voltage)/100)
	}},
	{Zh: "信号", En: "Signal", Value: func(x model.ReadingRow) any {
		if x.Signal == nil {
			return ""
		}
		return *x.Signal
	}},
	{Zh: "温度(°C)", En: "Temperature (°C)", Value: func(x model.ReadingRow) any { return fmtNum(x.Temperature, 1) }},
	{Zh: "状态", En: "Status", Value: func(x model.ReadingRow) any { return x.Status }},
}
