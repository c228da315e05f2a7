package device

import "math"

// A parameter or command argument a device understands, with its bounds.
type param struct {
	Min, Max float64
	// Step is the resolution: 1 for whole numbers, 0.1 for tenths.
	Step float64
}

func (p param) ok(v float64) bool {
	if v < p.Min || v > p.Max {
		return false
	}
	n := v / p.Step
	return math.Abs(n-math.Round(n)) < 1e-9
}

// CustomParams is the documented set of custom parameters (docs/device-protocol.md).
var CustomParams = map[string]param{
	"alarmDelaySeconds": {0, 60, 1},    // seconds a gas level must hold before the device alarms
	"zeroOffset":        {-5, 5, 0.1},  // %LEL added to every reading, after a field calibration
	"buzzer":            {0, 1, 1},     // 1: the buzzer sounds on alarm
	"led":               {0, 1, 1},     // 1: the status light is on
	"sampleSeconds":     {1, 60, 1},    // seconds between two measurements
	"lowBatteryVoltage": {300, 400, 1}, // hundredths of a volt under which the device reports low battery
}

// Commands is every command a device accepts besides the parameter changes, with its arguments.
var Commands = map[string]map[string]param{
	"restart":         {},
	"selfTest":        {},
	"zeroCalibration": {},
	"muteAlarm":       {"minutes": {1, 120, 1}},
}

// The parameter commands, named as docs/product.md fixes them.
const (
	SetAlertParam    = "setAlertParam"
	SetIntervalParam = "setIntervalParam"
	SetCustomParam   = "setCustomParam"
	SetDataFlag      = "setDataFlag"
)
