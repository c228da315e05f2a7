package alarm

import "fmt"

// The offline rule (docs/device-protocol.md, "Alarms"): a device is offline once nothing has been heard from
// it for HeartbeatsMissed of its heartbeat intervals plus a grace; OfflineGrace is the grace the server
// uses. The store's sweep runs it in SQL (OfflineSQL, HeardSQL), the same rule as OfflineAt.
const (
	HeartbeatsMissed = 2
	OfflineGrace     = 2 * 60 * 1000 // ms
)

// minuteMs is a heartbeat interval's unit (minutes) in epoch ms.
const minuteMs = 60 * 1000

// OfflineAt is the last time (epoch ms) at which a device last heard at last (epoch ms), with a heartbeat
// interval of heartbeat minutes, still counts as online: after it, it is offline.
func OfflineAt(last int64, heartbeat int, grace int64) int64 {
	return last + int64(heartbeat)*HeartbeatsMissed*minuteMs + grace
}

// IsOffline says whether a device last heard at last, with that heartbeat interval, is offline at now.
func IsOffline(last int64, heartbeat int, grace, now int64) bool {
	return OfflineAt(last, heartbeat, grace) < now
}

// offlineAtSQL is OfflineAt in SQL over the columns last (epoch ms) and heartbeat (minutes), with the grace
// as a parameter.
func offlineAtSQL(last, heartbeat string) string {
	return fmt.Sprintf("%s + %s * %d + ?", last, heartbeat, HeartbeatsMissed*minuteMs)
}

// OfflineSQL is IsOffline as an SQL condition over the columns last (epoch ms) and heartbeat (minutes); its
// parameters are the grace and now, in that order.
func OfflineSQL(last, heartbeat string) string {
	return offlineAtSQL(last, heartbeat) + " < ?"
}

// HeardSQL is the opposite of OfflineSQL (data at last keeps the device online at now), with the same
// parameters: grace, now.
func HeardSQL(last, heartbeat string) string {
	return offlineAtSQL(last, heartbeat) + " >= ?"
}
