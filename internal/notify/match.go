package notify

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"irgas/internal/alarm"
	"irgas/internal/model"
	"irgas/internal/region"
	"irgas/internal/store"
)

// Matches reports whether user u receives a message of trigger about an alarm of kind and level on device
// d: the kind is one of the user's, a gas alarm reaches the user's minimum level, the device is in the
// user's scope, and an end is wanted. Status, escalation and quiet hours are the caller's.
func Matches(u model.SMSUser, d *store.SMSDevice, kind, level, trigger string) bool {
	if !slices.Contains(u.AlarmKinds, kind) {
		return false
	}
	if kind == alarm.Gas && u.GasMinLevel == alarm.High && level != alarm.High {
		return false
	}
	if trigger == TriggerEnded && !u.NotifyOnEnd {
		return false
	}
	switch u.Scope {
	case "devices":
		return slices.Contains(u.DeviceIDs, d.ID)
	case "regions":
		return slices.ContainsFunc(u.RegionCodes, func(c string) bool {
			return c != "" && (c == d.ProvinceCode || c == d.CityCode || c == d.CountyCode)
		})
	default:
		return true
	}
}

// InQuietHours reports whether local time t falls within the quiet hours start..end ("HH:MM"); a window
// whose end is before its start crosses midnight (22:00–07:00). Empty hours are never quiet.
func InQuietHours(start, end string, t time.Time) bool {
	s, ok1 := ParseClock(start)
	e, ok2 := ParseClock(end)
	if !ok1 || !ok2 || s == e {
		return false
	}
	m := t.Hour()*60 + t.Minute()
	if s < e {
		return m >= s && m < e
	}
	return m >= s || m < e
}

// ParseClock reads "HH:MM" (00:00–23:59) as minutes after midnight.
func ParseClock(s string) (int, bool) {
	var h, m int
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	if _, err := fmt.Sscanf(s, "%02d:%02d", &h, &m); err != nil || h > 23 || m > 59 || h < 0 || m < 0 {
		return 0, false
	}
	return h*60 + m, true
}

// render fills the user's language template and returns the text and the named values (cloud providers
// send the values to a template registered with them).
func (n *Notifier) render(lang string, d *store.SMSDevice, f alarmFacts) (string, map[string]string) {
	en := lang == "en"
	tpl := n.cfg.TemplateZH
	if en {
		tpl = n.cfg.TemplateEN
	}
	params := map[string]string{
		"event":   eventText(en, f),
		"device":  d.Name,
		"address": address(d),
		"alarm":   alarmText(en, f.kind, f.level),
		"value":   valueText(f.kind, f.value),
		"time":    time.UnixMilli(f.ts).In(n.loc).Format("2006-01-02 15:04:05"),
	}
	pairs := make([]string, 0, 2*len(params))
	for _, k := range ParamOrder {
		pairs = append(pairs, "{"+k+"}", params[k])
	}
	return strings.NewReplacer(pairs...).Replace(tpl), params
}

// ParamOrder is the order of the template values for providers that take a list (Tencent Cloud).
var ParamOrder = []string{"event", "device", "address", "alarm", "value", "time"}

func eventText(en bool, f alarmFacts) string {
	switch f.trigger {
	case TriggerRaised:
		return pick(en, "报警升级", "Alarm raised")
	case TriggerEnded:
		return pick(en, "报警解除", "Alarm ended")
	case TriggerReminder:
		return pick(en, fmt.Sprintf("第%d次提醒，报警仍未确认", f.reminder), fmt.Sprintf("Reminder %d, alarm not acknowledged", f.reminder))
	}
	return pick(en, "报警", "Alarm")
}

func alarmText(en bool, kind, level string) string {
	switch {
	case kind == alarm.Gas && level == alarm.High:
		return pick(en, "甲烷高报", "methane high alarm")
	case kind == alarm.Gas:
		return pick(en, "甲烷低报", "methane low alarm")
	case kind == alarm.LowBattery:
		return pick(en, "电池电量低", "low battery")
	case kind == alarm.Fault:
		return pick(en, "设备故障", "device fault")
	case kind == alarm.Offline:
		return pick(en, "设备离线", "device offline")
	}
	return kind
}

func valueText(kind string, v *float64) string {
	if v == nil {
		return "-"
	}
	switch kind {
	case alarm.Gas:
		return fmt.Sprintf("%.1f%%LEL", min(*v, 100))
	case alarm.LowBattery:
		return fmt.Sprintf("%.2fV", *v/100)
	}
	return "-"
}

// address is the device's postal address: its region names, then its street address. An address typed
// with its region already (from the province, city or county on) does not get those names twice.
func address(d *store.SMSDevice) string {
	names := region.Names(d.ProvinceCode, d.CityCode, d.CountyCode)
	for i, n := range names {
		if strings.HasPrefix(d.Address, n) {
			names = names[:i]
			break
		}
	}
	return strings.Join(names, "") + d.Address
}

func pick(en bool, zh, eng string) string {
	if en {
		return eng
	}
	return zh
}
