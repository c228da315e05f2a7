package simulate_test

import (
	"encoding/json"
	"testing"
	"time"

	"irgas/internal/ingest"
	"irgas/internal/simulate"
)

// Every reading a detector makes is one the platform accepts, over a long life with leaks and faults.
func TestReadingsAreAlwaysValidAndLeaksRiseAndClear(t *testing.T) {
	d := simulate.NewDetector("860000000000001", 7, 5, 30)
	d.LeakChance = 0.01
	now := time.Now()
	var batch []ingest.Message
	peak, aboveAlarm, backToClean := 0.0, false, false
	for i := range 5000 {
		r := d.Next(now.Add(time.Duration(i-5000) * time.Second))
		batch = append(batch, r)
		peak = max(peak, *r.CH4)
		if *r.CH4 >= 20 {
			aboveAlarm = true
		}
		if aboveAlarm && *r.CH4 < 3 {
			backToClean = true
		}
		if len(batch) == ingest.MaxBatch {
			if _, err := ingest.Readings(batch, 1, 1, now); err != nil {
				t.Fatalf("reading %d refused by the platform's validation: %v", i, err)
			}
			batch = batch[:0]
		}
	}
	if !aboveAlarm || !backToClean || peak > 100 {
		t.Fatalf("expected leaks that pass the low alarm and clear again: peak %.1f, above %v, cleared %v", peak, aboveAlarm, backToClean)
	}
}

func TestStartLeakReachesItsPeakThenDecays(t *testing.T) {
	d := simulate.NewDetector("860000000000001", 1, 5, 30)
	d.LeakChance = 0
	d.StartLeak(60)
	now := time.Now()
	var values []float64
	for i := range 40 {
		values = append(values, *d.Next(now.Add(time.Duration(i) * time.Second)).CH4)
	}
	top := 0
	for i, v := range values {
		if v > values[top] {
			top = i
		}
	}
	if values[top] < 55 || top == 0 || top == len(values)-1 || values[len(values)-1] > 5 {
		t.Fatalf("leak shape: %v", values)
	}
}

func TestCommandsAreAnsweredAsTheProtocolSays(t *testing.T) {
	d := simulate.NewDetector("860000000000001", 1, 5, 30)
	now := time.Now()
	raw := json.RawMessage(`{"reportInterval":2,"heartbeatInterval":10}`)
	ans, cal := d.Handle(simulate.Command{ID: 9, Command: "setIntervalParam", Params: raw}, now)
	if !ans.OK || ans.ID != 9 || string(ans.Params) != string(raw) || cal != nil {
		t.Fatalf("setIntervalParam: %+v %v", ans, cal)
	}
	if got := d.ReportEvery(60); got != 2*time.Second {
		t.Fatalf("a 2-minute interval at scale 60 is every 2 s, got %s", got)
	}

	ans, cal = d.Handle(simulate.Command{ID: 10, Command: "zeroCalibration"}, now)
	if !ans.OK || cal == nil {
		t.Fatalf("zeroCalibration: %+v %v", ans, cal)
	}
	if _, err := ingest.Calibrations([]ingest.Message{*cal}, 1, 1, now); err != nil || cal.Kind != "zero" {
		t.Fatalf("the calibration report is refused: %v %+v", err, cal)
	}

	if ans, _ := d.Handle(simulate.Command{ID: 11, Command: "selfDestruct"}, now); ans.OK || ans.Code == 0 {
		t.Fatalf("an unknown command must fail with a code: %+v", ans)
	}
	if ans, _ := d.Handle(simulate.Command{ID: 12, Command: "setAlertParam", Params: json.RawMessage(`{"alertLow":`)}, now); ans.OK {
		t.Fatalf("unreadable params must fail: %+v", ans)
	}
}
