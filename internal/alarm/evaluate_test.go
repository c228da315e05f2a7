package alarm

import (
	"fmt"
	"testing"
)

var th = Thresholds{Low: 20, High: 50, LowBattery: 340}

func readings(values ...float64) []Reading {
	out := make([]Reading, len(values))
	for i, v := range values {
		out[i] = Reading{TS: int64(i + 1), CH4: v}
	}
	return out
}

func ops(changes []Change) string {
	s := ""
	for _, c := range changes {
		s += fmt.Sprintf("%s:%s:%s@%d ", c.Op, c.Kind, c.Level, c.TS)
	}
	return s
}

func TestGasAlarmStartsRisesAndEnds(t *testing.T) {
	changes, open := Evaluate(th, nil, readings(5, 21, 35, 60, 40, 19, 17.5))
	want := "start:gas:low@2 update:gas:low@3 update:gas:high@4 end:gas:@7 "
	if ops(changes) != want {
		t.Fatalf("got  %s\nwant %s", ops(changes), want)
	}
	if changes[2].Peak != 60 || len(open) != 0 {
		t.Fatalf("peak %v, open %v", changes[2].Peak, open)
	}
}

// A value hovering at the threshold does not flap: it ends only below low minus the hysteresis.
func TestHysteresisStopsFlapping(t *testing.T) {
	changes, open := Evaluate(th, nil, readings(20.1, 19.9, 20.2, 18.5, 19.5, 20.0, 18.1))
	if ops(changes) != "start:gas:low@1 update:gas:low@3 " || open[Gas].Level != Low {
		t.Fatalf("%s %v", ops(changes), open)
	}
}

// Falling from high to low keeps the alarm at high: it remembers the worst.
func TestAnOpenAlarmKeepsItsHigherLevel(t *testing.T) {
	open := map[string]Open{Gas: {ID: 7, Kind: Gas, Level: High, Peak: 70}}
	changes, after := Evaluate(th, open, readings(30, 25, 65))
	if len(changes) != 0 || after[Gas].Level != High || after[Gas].ID != 7 {
		t.Fatalf("%s %v", ops(changes), after)
	}
	changes, _ = Evaluate(th, open, readings(80))
	if ops(changes) != "update:gas:high@1 " || changes[0].ID != 7 || changes[0].Peak != 80 {
		t.Fatalf("%s", ops(changes))
	}
}

func TestBatteryAndFault(t *testing.T) {
	v := func(x int) *int { return &x }
	rs := []Reading{{TS: 1, Voltage: v(350)}, {TS: 2, Voltage: v(339)}, {TS: 3, Voltage: v(345)}, {TS: 4, Voltage: v(351)},
		{TS: 5, Status: "fault"}, {TS: 6, Status: "fault"}, {TS: 7, Status: "ok"}}
	changes, open := Evaluate(th, nil, rs)
	if ops(changes) != "start:lowBattery:@2 end:lowBattery:@4 start:fault:@5 end:fault:@7 " || len(open) != 0 {
		t.Fatalf("%s", ops(changes))
	}
}

func TestState(t *testing.T) {
	if State(nil) != "normal" || State(map[string]Open{LowBattery: {}, Gas: {Level: High}}) != "high" ||
		State(map[string]Open{LowBattery: {}, Fault: {}}) != "fault" {
		t.Fatal("state words")
	}
}

func TestDataEndsOffline(t *testing.T) {
	changes, open := Evaluate(th, map[string]Open{Offline: {ID: 3, Kind: Offline}}, readings(1))
	if ops(changes) != "end:offline:@1 " || changes[0].ID != 3 || len(open) != 0 {
		t.Fatalf("%s", ops(changes))
	}
	// Readings the device kept while offline, older than the alarm, end it when they arrive, not before it
	// started.
	kept := []Reading{{TS: 100, ReceivedAt: 900, CH4: 1}, {TS: 200, ReceivedAt: 900, CH4: 1}}
	changes, _ = Evaluate(th, map[string]Open{Offline: {ID: 3, Kind: Offline, Started: 500}}, kept)
	if ops(changes) != "end:offline:@900 " {
		t.Fatalf("kept readings: %s", ops(changes))
	}
}
