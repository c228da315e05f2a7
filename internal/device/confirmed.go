package device

import (
	"math"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
	"irgas/internal/validate"
)

// CheckConfirmed applies to the values a device says it applied (values, keyed as in its commands) the
// rules that the values an officer sets meet, so that an answer cannot confirm a threshold of -50 or an
// interval that overflows.
func CheckConfirmed(command string, values map[string]float64) []apperr.FieldError {
	whole := func(key string) (int, []apperr.FieldError) {
		v := values[key]
		if v != math.Trunc(v) || math.Abs(v) > math.MaxInt32 {
			return 0, []apperr.FieldError{apperr.Field(key, "device.param_bounds", math.MinInt32, math.MaxInt32)}
		}
		return int(v), nil
	}
	one := []int64{1} // the rules ask for devices; an answer is one device's
	switch command {
	case SetAlertParam:
		in := AlertInput{DeviceIDs: one, AlertLow: values["alertLow"], AlertHigh: values["alertHigh"]}
		return append(validate.Check(i18n.EN, in), alertRules(in)...)
	case SetIntervalParam:
		report, bad := whole("reportInterval")
		heartbeat, bad2 := whole("heartbeatInterval")
		if bad = append(bad, bad2...); len(bad) > 0 {
			return bad
		}
		in := IntervalInput{DeviceIDs: one, ReportInterval: report, HeartbeatInterval: heartbeat}
		return append(validate.Check(i18n.EN, in), intervalRules(in)...)
	case SetDataFlag:
		flag, bad := whole("dataFlag")
		if len(bad) > 0 {
			return bad
		}
		return validate.Check(i18n.EN, DataFlagInput{DeviceIDs: one, DataFlag: &flag})
	case SetCustomParam:
		var bad []apperr.FieldError
		for name, v := range values {
			if p, known := CustomParams[name]; !known || !p.ok(v) {
				bad = append(bad, apperr.Field("params."+name, "device.param_bounds", p.Min, p.Max))
			}
		}
		return bad
	}
	return nil
}
