package alarm

import (
	"slices"
	"testing"
)

// A device shows the most urgent of its open alarms, in the documented order: high, low, fault, offline,
// lowBattery, normal.
func TestStatePrecedence(t *testing.T) {
	if want := []string{"high", "low", "fault", "offline", "lowBattery", "normal"}; !slices.Equal(Precedence, want) {
		t.Fatalf("precedence %v, documented %v", Precedence, want)
	}
	// Every combination of open alarms shows the first state of Precedence it makes true.
	all := []struct {
		kind  string
		alarm Open
	}{{Gas, Open{Kind: Gas, Level: Low}}, {Gas, Open{Kind: Gas, Level: High}}, {Fault, Open{Kind: Fault}},
		{Offline, Open{Kind: Offline}}, {LowBattery, Open{Kind: LowBattery}}}
	for mask := range 1 << len(all) {
		open := map[string]Open{}
		for i, a := range all {
			if mask&(1<<i) != 0 {
				open[a.kind] = a.alarm // the high gas alarm replaces the low one: one per kind
			}
		}
		want := Normal
		switch g, gas := open[Gas]; {
		case gas:
			want = g.Level
		case open[Fault].Kind != "":
			want = Fault
		case open[Offline].Kind != "":
			want = Offline
		case open[LowBattery].Kind != "":
			want = LowBattery
		}
		if got := State(open); got != want {
			t.Errorf("%v: got %s, want %s", open, got, want)
		}
	}
}

func TestLessUrgent(t *testing.T) {
	for state, want := range map[string][]string{
		Offline: {LowBattery, Normal},
		High:    {Low, Fault, Offline, LowBattery, Normal},
		Normal:  {},
		"nope":  nil,
	} {
		if got := LessUrgent(state); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", state, got, want)
		}
	}
	// A copy: the caller cannot reorder the precedence.
	LessUrgent(High)[0] = "x"
	if Precedence[1] != Low {
		t.Fatal("LessUrgent shares Precedence")
	}
}
