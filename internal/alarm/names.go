package alarm

// The alarm vocabulary (docs/product.md, "Fixed names"; docs/device-protocol.md, "Alarms"): these words are
// stored, sent to the console and outside clients, and written in SMS templates. Every package uses these
// constants, never the words.

// Kinds of alarm.
const (
	Gas        = "gas"
	Fault      = "fault"
	LowBattery = "lowBattery"
	Offline    = "offline"
)

// Kinds lists every kind, in the catalogue's order (a notification user's choices).
var Kinds = []string{Gas, LowBattery, Fault, Offline}

// Levels of a gas alarm: a low alarm that rises becomes high and stays one alarm.
const (
	Low  = "low"
	High = "high"
)

// Levels lists the levels of a gas alarm, the lower first.
var Levels = []string{Low, High}

// Statuses of an alarm record: active while its condition lasts (at most one per device and kind), then
// ended. Acknowledging and handling are steps noted on the record (ackAt, handledAt), not statuses.
const (
	StatusActive = "active"
	StatusEnded  = "ended"
)

// Statuses lists the statuses of an alarm record.
var Statuses = []string{StatusActive, StatusEnded}

// Normal is the alarm state of a device without an open alarm. The other states are High, Low, Fault,
// Offline and LowBattery (see Precedence).
const Normal = "normal"

// Statuses a device reports in a reading's status: ReadingFault starts a fault alarm, any other status ends
// it; ReadingOK is what a healthy device sends.
const (
	ReadingFault = "fault"
	ReadingOK    = "ok"
)
