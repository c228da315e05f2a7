package alarm

import "slices"

// Precedence lists the alarm states a device can show, the most urgent first: a device shows the first that
// its open alarms make true — its gas alarm's level, then a fault, offline, a low battery — else Normal
// (docs/device-protocol.md). State decides it from the open alarms; the store's SQL that changes a device's
// state without reading them (the offline sweep) asks LessUrgent.
var Precedence = []string{High, Low, Fault, Offline, LowBattery, Normal}

// State is the word the device list shows for the alarms open: the most urgent one.
func State(open map[string]Open) string {
	for _, s := range Precedence {
		if shows(open, s) {
			return s
		}
	}
	return Normal
}

// shows says whether the open alarms make state true.
func shows(open map[string]Open, state string) bool {
	switch state {
	case High, Low:
		g, ok := open[Gas]
		return ok && g.Level == state
	case Normal:
		return true
	}
	_, ok := open[state]
	return ok
}

// LessUrgent lists the states that state outranks (those after it in Precedence): a device showing one of
// them shows state once an alarm of that state opens; one showing state or a more urgent one keeps it.
func LessUrgent(state string) []string {
	i := slices.Index(Precedence, state)
	if i < 0 {
		return nil
	}
	return slices.Clone(Precedence[i+1:])
}
