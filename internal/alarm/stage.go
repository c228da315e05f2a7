package alarm

import (
	"fmt"
	"strings"
)

// Stages are the one word a person reads for where an alarm stands and what is expected of them: status
// (active or ended) and the officers' steps (acknowledged, handled) together. The list filters by it
// (StageConds) and every alarm record carries it (StageOf): both are written here, once.
const (
	StageNew          = "new"          // active, nobody has acknowledged it: someone must look now
	StageAcknowledged = "acknowledged" // active, someone is on it
	StageWaiting      = "waiting"      // ended, waiting for someone to handle it (say what was found and done)
	StageHandled      = "handled"      // closed with a note
)

// Stages lists the stages in the order an alarm goes through them.
var Stages = []string{StageNew, StageAcknowledged, StageWaiting, StageHandled}

// StageOf is an alarm's stage from its status and its steps. A handled alarm is handled whatever its status
// (an officer may close one whose condition still lasts, e.g. a detector taken out of service).
func StageOf(status string, acknowledged, handled bool) string {
	switch {
	case handled:
		return StageHandled
	case status == StatusEnded:
		return StageWaiting
	case acknowledged:
		return StageAcknowledged
	}
	return StageNew
}

// StageConds is StageOf in SQL over the alarm_logs columns of the table aliased a: each stage's condition,
// written as plain column tests so that the partial indexes on open and on unhandled alarms serve them.
func StageConds(a string) map[string]string {
	unhandled := a + ".handled_at IS NULL AND "
	return map[string]string{
		StageNew:          unhandled + a + ".status = '" + StatusActive + "' AND " + a + ".ack_at IS NULL",
		StageAcknowledged: unhandled + a + ".status = '" + StatusActive + "' AND " + a + ".ack_at IS NOT NULL",
		StageWaiting:      unhandled + a + ".status = '" + StatusEnded + "'",
		StageHandled:      a + ".handled_at IS NOT NULL",
	}
}

// UnhandledStageSQL is the stage of an alarm not yet handled, in SQL over the table aliased a: the stages'
// own conditions (StageConds) in a CASE, for counting them in one statement.
func UnhandledStageSQL(a string) string {
	conds := StageConds(a)
	var b strings.Builder
	b.WriteString("CASE")
	for _, s := range []string{StageNew, StageAcknowledged, StageWaiting} {
		fmt.Fprintf(&b, " WHEN %s THEN '%s'", conds[s], s)
	}
	b.WriteString(" END")
	return b.String()
}

// SeveritySQL ranks an alarm of the table aliased a by Precedence (0 the most urgent: a high gas alarm), for
// lists sorted most severe first.
func SeveritySQL(a string) string {
	var b strings.Builder
	b.WriteString("CASE")
	for i, state := range Precedence {
		switch state {
		case High, Low:
			fmt.Fprintf(&b, " WHEN %[1]s.kind = '%[2]s' AND %[1]s.level = '%[3]s' THEN %[4]d", a, Gas, state, i)
		case Normal:
		default:
			fmt.Fprintf(&b, " WHEN %s.kind = '%s' THEN %d", a, state, i)
		}
	}
	fmt.Fprintf(&b, " ELSE %d END", len(Precedence))
	return b.String()
}

// StateRankSQL ranks a device state held in column by Precedence (0 the most urgent), for device lists
// sorted alarming first.
func StateRankSQL(column string) string {
	var b strings.Builder
	b.WriteString("CASE " + column)
	for i, state := range Precedence {
		fmt.Fprintf(&b, " WHEN '%s' THEN %d", state, i)
	}
	fmt.Fprintf(&b, " ELSE %d END", len(Precedence))
	return b.String()
}
