// Package simulate drives simulated infrared methane detectors against the platform, over MQTT or HTTP, as
// docs/device-protocol.md describes a device: for demos, manual testing and load.
package simulate

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"time"

	"irgas/internal/alarm"
	"irgas/internal/commands"
	"irgas/internal/ingest"
)

// Physics of a detector in a pipe well, chosen to look like field data: a clean-air reading that drifts
// slowly around 0–3 %LEL with sensor noise, now and then a leak that ramps up to a peak and decays, a
// battery that drains, a signal that wanders, a temperature that follows the day.
const (
	noiseLEL       = 0.25   // standard deviation of the sensor noise, %LEL
	driftLEL       = 0.05   // random walk of the clean-air reading per report, %LEL
	leakRiseMin    = 2.0    // %LEL a leak gains per report, at least
	leakRiseMax    = 9.0    // and at most
	leakDecay      = 0.72   // share of a leak left after each report once it passed its peak
	drainPerReport = 0.0015 // hundredths of a volt a report costs
	faultChance    = 0.0004 // chance per report of a sensor fault lasting a few reports
)

// Reading, answers and calibrations use the platform's own message types so that the simulator can never
// drift from the protocol the server accepts.
type (
	Reading = ingest.Message
	Command = commands.Down
	Answer  = commands.Up
)

// Detector is one simulated device: its state and its firmware's answers to commands. It is pure (time and
// randomness come in), so tests can drive it step by step.
type Detector struct {
	IMEI string

	rng       *rand.Rand
	base      float64 // clean-air reading, %LEL
	leak      float64 // methane a leak adds, %LEL
	leakPeak  float64 // where the current leak stops rising; 0 when it decays
	voltage   float64 // hundredths of a volt
	signal    float64 // CSQ
	tempPhase float64
	faultLeft int

	// LeakChance is the chance per report that a leak starts (0.002 by default: one leak every few hundred reports).
	LeakChance float64
	// Report is how often the device reports, in its own minutes (setIntervalParam changes it).
	Report    int
	Heartbeat int
}

// NewDetector makes a detector in clean air with a charged battery; seed makes its life reproducible.
func NewDetector(imei string, seed uint64, reportMinutes, heartbeatMinutes int) *Detector {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return &Detector{
		IMEI:       imei,
		rng:        rng,
		base:       0.5 + rng.Float64()*1.5,
		voltage:    355 + rng.Float64()*40,
		signal:     12 + rng.Float64()*17,
		tempPhase:  rng.Float64() * 2 * math.Pi,
		LeakChance: 0.002,
		Report:     max(reportMinutes, 1),
		Heartbeat:  max(heartbeatMinutes, reportMinutes, 1),
	}
}

// StartLeak starts a leak now that will peak at peak %LEL (demos use it to show an alarm early).
func (d *Detector) StartLeak(peak float64) { d.leakPeak = peak }

// SetVoltage sets the battery, in hundredths of a volt (demos start one device near empty).
func (d *Detector) SetVoltage(v float64) { d.voltage = v }

// Next measures once at now and returns the reading the device would send.
func (d *Detector) Next(now time.Time) Reading {
	d.base = clamp(d.base+d.rng.NormFloat64()*driftLEL, 0, 3)
	switch {
	case d.leakPeak > 0:
		d.leak += leakRiseMin + d.rng.Float64()*(leakRiseMax-leakRiseMin)
		if d.leak >= d.leakPeak {
			d.leak, d.leakPeak = d.leakPeak, 0
		}
	case d.leak > 0.05:
		d.leak *= leakDecay
	default:
		d.leak = 0
		if d.rng.Float64() < d.LeakChance {
			d.leakPeak = 15 + d.rng.Float64()*55
		}
	}
	ch4 := clamp(d.base+d.leak+d.rng.NormFloat64()*noiseLEL, 0, 100)

	d.voltage = clamp(d.voltage-drainPerReport*(1+d.rng.Float64()), 300, 420)
	d.signal = clamp(d.signal+d.rng.NormFloat64()*1.2, 3, 31)
	hour := float64(now.Hour()) + float64(now.Minute())/60
	temp := 16 + 6*math.Sin(2*math.Pi*hour/24+d.tempPhase) + d.rng.NormFloat64()*0.3

	status := alarm.ReadingOK
	if d.faultLeft > 0 {
		d.faultLeft--
		status = alarm.ReadingFault
	} else if d.rng.Float64() < faultChance {
		d.faultLeft = 2 + d.rng.IntN(4)
		status = alarm.ReadingFault
	}
	ts := now.UnixMilli()
	v := int(math.Round(d.voltage))
	s := int(math.Round(d.signal))
	ch4 = math.Round(ch4*10) / 10
	temp = math.Round(temp*10) / 10
	return Reading{TS: &ts, CH4: &ch4, Voltage: &v, Signal: &s, Temperature: &temp, Status: status}
}

// Handle is the firmware answering a command at now: the answer to send and, for a zero calibration, the
// calibration report that follows it.
func (d *Detector) Handle(c Command, now time.Time) (Answer, *Reading) {
	var params map[string]any
	if len(c.Params) > 0 {
		if err := json.Unmarshal(c.Params, &params); err != nil {
			return Answer{ID: c.ID, OK: false, Code: 400, Msg: "unreadable params"}, nil
		}
	}
	ok := Answer{ID: c.ID, OK: true, Params: c.Params}
	switch c.Command {
	case "setAlertParam", "setCustomParam", "setDataFlag":
		return ok, nil
	case "setIntervalParam":
		if r, ok := number(params["reportInterval"]); ok && r >= 1 {
			d.Report = int(r)
		}
		if h, ok := number(params["heartbeatInterval"]); ok && h >= 1 {
			d.Heartbeat = int(h)
		}
		return ok, nil
	case "restart", "selfTest", "muteAlarm":
		return Answer{ID: c.ID, OK: true}, nil
	case "zeroCalibration":
		before := math.Round(d.base*10) / 10
		d.base = 0.1
		ts, gas, after := now.UnixMilli(), 0.0, 0.0
		return Answer{ID: c.ID, OK: true}, &Reading{Type: "calibration", TS: &ts, Kind: "zero", Gas: &gas,
			Before: &before, After: &after, Result: "ok"}
	default:
		return Answer{ID: c.ID, OK: false, Code: 404, Msg: "unknown command " + c.Command}, nil
	}
}

// ReportEvery is the real time between two reports when scale device minutes pass per real minute.
func (d *Detector) ReportEvery(scale float64) time.Duration {
	if scale <= 0 {
		scale = 1
	}
	return time.Duration(float64(d.Report) * float64(time.Minute) / scale)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
