package api

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/region"
	"irgas/internal/store"
)

// HomeStatistic is the home page's picture of the fleet, with the field names docs/product.md fixes. A part the
// caller may not see is null: companies for company users and those without CompanyManagement, the fleet's
// figures and groupings for those without DeviceManagement, and the alarms' figures, trend, top devices and
// latest alarms for those who hold neither DeviceManagement nor AlarmManagement.
type HomeStatistic struct {
	Companies *int64 `json:"companies"`
	// Devices is the fleet's size; Alarming, Faulty and LowBattery count devices with such an open alarm.
	Devices       *int64 `json:"devices"`
	Online        *int64 `json:"online"`
	Offline       *int64 `json:"offline"`
	Alarming      *int64 `json:"alarming"`
	Faulty        *int64 `json:"faulty"`
	LowBattery    *int64 `json:"lowBattery"`
	ReadingsToday *int64 `json:"readingsToday"`
	AlarmsToday   *int64 `json:"alarmsToday"`
	// UnhandledAlarms counts the alarms nobody has handled yet, open or ended; ActiveAlarms those open now.
	UnhandledAlarms *int64 `json:"unhandledAlarms"`
	ActiveAlarms    *int64 `json:"activeAlarms"`
	// TopDevices are the devices with the most alarms in the last 30 days, the most first (at most 5),
	// counted at most every homeGroupsTTL per scope and instance.
	TopDevices []model.DeviceAlarms `json:"topDevices"`
	// Today is the server's local date (YYYY-MM-DD): the days of AlarmTrend are the server's, whatever
	// the browser's time zone.
	Today string `json:"today"`
	// AlarmTrend is the alarms of the last 30 local days by day and kind (the last 7 are the 7-day trend).
	AlarmTrend   []model.AlarmCount `json:"alarmTrend"`
	ByType       []model.Named      `json:"byType"`
	ByProvince   []model.Named      `json:"byProvince"`
	LatestAlarms []model.Alarm      `json:"latestAlarms"`
	GeneratedAt  int64              `json:"generatedAt"`
}

func (a *API) homeRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/home/statistic", Summary: "The home page: fleet totals, today's readings and alarms, " +
			"the 30-day alarm trend, devices by type and province, the latest alarms (scoped; parts by permission)",
			Endpoint: httpx.NoBody(a.homeStatistic)},
	}
}

// homeStatistic answers from counts kept up to date (devices, open alarms, the readings roll-up), never by
// reading the readings table, so that it stays fast with millions of readings.
func (a *API) homeStatistic(r *http.Request) (HomeStatistic, error) {
	ctx := r.Context()
	actor := auth.ActorFrom(ctx)
	scope := actor.Scope()
	now := time.Now()
	out := HomeStatistic{GeneratedAt: now.UnixMilli(), Today: now.Format(time.DateOnly)}
	if actor.IsPlatform() && actor.Perms.Has(permission.CompanyManagement) {
		n, err := a.DB.CountCompanies(ctx)
		if err != nil {
			return out, err
		}
		out.Companies = &n
	}
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	// The fleet's parts for those who manage devices; the alarms' parts for them and for those who watch
	// alarms only (a duty officer with the Alarm Center).
	if actor.Perms.Has(permission.DeviceManagement) {
		totals, err := a.DB.DeviceTotals(ctx, scope)
		if err != nil {
			return out, err
		}
		out.Devices, out.Online, out.Offline = &totals.Total, &totals.Online, &totals.Offline
		out.Alarming, out.Faulty, out.LowBattery = &totals.Alarm, &totals.Fault, &totals.LowBattery
		readings, err := a.DB.ReadingsOn(ctx, scope, store.DayKey(now.UnixMilli()))
		if err != nil {
			return out, err
		}
		out.ReadingsToday = &readings
		groups, err := a.homeGroups.get(scope, now, homeGroupsTTL, func() (deviceGroups, error) { return a.deviceGroups(ctx, scope) })
		if err != nil {
			return out, err
		}
		out.ByType, out.ByProvince = groups.byType, groups.byProvince
	}
	if !actor.Perms.Has(permission.DeviceManagement) && !actor.Perms.Has(permission.AlarmManagement) {
		return out, nil
	}
	today, unhandled, active, err := a.DB.AlarmTotals(ctx, scope, midnight.UnixMilli())
	if err != nil {
		return out, err
	}
	out.AlarmsToday, out.UnhandledAlarms, out.ActiveAlarms = &today, &unhandled, &active
	// A 30-day ranking needs no second-by-second freshness, and it groups every alarm of the month.
	out.TopDevices, err = a.homeTop.get(scope, now, homeGroupsTTL, func() ([]model.DeviceAlarms, error) {
		return a.DB.TopAlarmingDevices(ctx, scope, midnight.AddDate(0, 0, -29).UnixMilli(), 5)
	})
	if err != nil {
		return out, err
	}
	if out.AlarmTrend, err = a.DB.AlarmTrend(ctx, scope, store.DayKey(midnight.AddDate(0, 0, -29).UnixMilli()), store.DayKey(now.UnixMilli())); err != nil {
		return out, err
	}
	out.LatestAlarms, err = a.DB.LatestAlarms(ctx, scope, 10)
	return out, err
}

// deviceGroups are the home page's parts that change only when devices are added, moved or removed: counted
// at most every homeGroupsTTL per scope and instance, so that a page that refreshes on every alarm does not
// group 100,000 devices each time.
type deviceGroups struct{ byType, byProvince []model.Named }

const homeGroupsTTL = 30 * time.Second

func (a *API) deviceGroups(ctx context.Context, scope store.Scope) (deviceGroups, error) {
	var g deviceGroups
	var err error
	if g.byType, err = a.DB.DevicesBy(ctx, scope, "type"); err != nil {
		return g, err
	}
	if g.byProvince, err = a.DB.DevicesBy(ctx, scope, "province"); err != nil {
		return g, err
	}
	for i, p := range g.byProvince {
		if d, ok := region.Lookup(p.Key); ok {
			g.byProvince[i].Name = d.Name
		}
	}
	return g, nil
}

// ttlCache keeps one value per scope for a while.
type ttlCache[T any] struct {
	mu      sync.Mutex
	entries map[string]ttlEntry[T]
}

type ttlEntry[T any] struct {
	at    time.Time
	value T
}

func (c *ttlCache[T]) get(scope store.Scope, now time.Time, ttl time.Duration, load func() (T, error)) (T, error) {
	key := "platform"
	if scope.CompanyID != nil {
		key = fmt.Sprint(*scope.CompanyID)
	}
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && now.Sub(e.at) < ttl {
		return e.value, nil
	}
	v, err := load()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]ttlEntry[T]{}
	}
	c.entries[key] = ttlEntry[T]{at: now, value: v}
	c.mu.Unlock()
	return v, nil
}
