// Package alarm decides when a device's alarms start, change and end, from its readings: methane against
// the device's confirmed thresholds (with hysteresis, so that a value hovering at a threshold does not
// flap), faults the device reports, a low battery, and silence (the offline rule). It is pure: the store
// applies what it decides. It also holds the alarm vocabulary (kinds, levels, statuses, device states: names.go)
// and writes down once the rules the store's SQL needs: the offline rule (offline.go) and which state a
// device shows when several alarms are open (state.go).
package alarm

// Hysteresis: a gas alarm ends only when methane falls this far below the low threshold (in %LEL), and a
// low-battery alarm only when the voltage rises this far above its threshold (hundredths of a volt).
const (
	GasHysteresis     = 2.0
	BatteryHysteresis = 10
	// DefaultLowBattery is the low-battery threshold when a device has no lowBatteryVoltage parameter (3.40 V).
	DefaultLowBattery = 340
)

// Thresholds are a device's confirmed alarm settings.
type Thresholds struct {
	Low, High  float64
	LowBattery int
}

// Open is an alarm still active.
type Open struct {
	ID    int64
	Kind  string
	Level string
	Peak  float64
	// Started is when the alarm started (epoch ms): nothing ends it earlier.
	Started int64
}

// Reading is what the evaluation reads of a reading.
type Reading struct {
	TS int64
	// ReceivedAt is when the platform received it (epoch ms).
	ReceivedAt int64
	CH4        float64
	Voltage    *int
	Status     string
}

// Change is one decision: start an alarm, raise or re-peak an open one, or end one.
type Change struct {
	Op    string // start, update, end
	Kind  string
	Level string
	Value float64
	Peak  float64
	TS    int64
	// ID names the open alarm an update or end applies to (0 for one started in the same evaluation).
	ID int64
	// Raised marks an update that took a low gas alarm to high.
	Raised bool
}

// Operations of a Change.
const (
	Start  = "start"
	Update = "update"
	End    = "end"
)

// Evaluate walks readings (oldest first) from the open alarms and returns the changes, and the alarms
// open afterwards.
func Evaluate(th Thresholds, open map[string]Open, readings []Reading) ([]Change, map[string]Open) {
	state := map[string]Open{}
	for k, v := range open {
		state[k] = v
	}
	var out []Change
	// Any data ends an offline alarm. A device back from a silence may first send readings it kept while it
	// could not reach the platform, older than the alarm: then the alarm ends when the platform heard from
	// the device again, never before it started.
	if cur, ok := state[Offline]; ok && len(readings) > 0 {
		end := readings[0].TS
		if end < cur.Started {
			end = max(readings[0].ReceivedAt, cur.Started)
		}
		delete(state, Offline)
		out = append(out, Change{Op: End, Kind: Offline, ID: cur.ID, Value: readings[0].CH4, TS: end})
	}
	for _, r := range readings {
		out = append(out, gas(th, state, r)...)
		out = append(out, battery(th, state, r)...)
		out = append(out, fault(state, r)...)
	}
	return out, state
}

func gas(th Thresholds, state map[string]Open, r Reading) []Change {
	cur, active := state[Gas]
	level := ""
	switch {
	case r.CH4 >= th.High:
		level = High
	case r.CH4 >= th.Low:
		level = Low
	}
	switch {
	case !active && level != "":
		state[Gas] = Open{Kind: Gas, Level: level, Peak: r.CH4}
		return []Change{{Op: Start, Kind: Gas, Level: level, Value: r.CH4, Peak: r.CH4, TS: r.TS}}
	case active && r.CH4 < th.Low-GasHysteresis:
		delete(state, Gas)
		return []Change{{Op: End, Kind: Gas, ID: cur.ID, Value: r.CH4, TS: r.TS}}
	case active && (r.CH4 > cur.Peak || (level == High && cur.Level != High)):
		// Rising: keep the higher level and the peak; falling within the hysteresis band changes nothing.
		raised := level == High && cur.Level != High
		if raised {
			cur.Level = High
		}
		if r.CH4 > cur.Peak {
			cur.Peak = r.CH4
		}
		state[Gas] = cur
		return []Change{{Op: Update, Kind: Gas, ID: cur.ID, Level: cur.Level, Value: r.CH4, Peak: cur.Peak, TS: r.TS, Raised: raised}}
	}
	return nil
}

func battery(th Thresholds, state map[string]Open, r Reading) []Change {
	if r.Voltage == nil {
		return nil
	}
	limit := th.LowBattery
	if limit == 0 {
		limit = DefaultLowBattery
	}
	v := float64(*r.Voltage)
	cur, active := state[LowBattery]
	switch {
	case !active && *r.Voltage < limit:
		state[LowBattery] = Open{Kind: LowBattery, Peak: v}
		return []Change{{Op: Start, Kind: LowBattery, Value: v, Peak: v, TS: r.TS}}
	case active && *r.Voltage >= limit+BatteryHysteresis:
		delete(state, LowBattery)
		return []Change{{Op: End, Kind: LowBattery, ID: cur.ID, Value: v, TS: r.TS}}
	}
	return nil
}

// fault follows the device's own word: status "fault" (ReadingFault) starts a fault alarm, any other status
// ends it.
func fault(state map[string]Open, r Reading) []Change {
	if r.Status == "" {
		return nil
	}
	cur, active := state[Fault]
	switch {
	case !active && r.Status == ReadingFault:
		state[Fault] = Open{Kind: Fault}
		return []Change{{Op: Start, Kind: Fault, Value: r.CH4, TS: r.TS}}
	case active && r.Status != ReadingFault:
		delete(state, Fault)
		return []Change{{Op: End, Kind: Fault, ID: cur.ID, Value: r.CH4, TS: r.TS}}
	}
	return nil
}
