package alarm_test

import (
	"testing"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/alarm"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// The offline rule: twice the heartbeat interval plus the grace, and not a millisecond less.
func TestOfflineRule(t *testing.T) {
	const last, heartbeat = int64(1_700_000_000_000), 10 // minutes
	at := alarm.OfflineAt(last, heartbeat, alarm.OfflineGrace)
	if at != last+2*10*60_000+2*60_000 {
		t.Fatalf("offline after %d ms of silence", at-last)
	}
	if alarm.IsOffline(last, heartbeat, alarm.OfflineGrace, at) || !alarm.IsOffline(last, heartbeat, alarm.OfflineGrace, at+1) {
		t.Fatal("a device is offline from the first millisecond after OfflineAt")
	}
	// The SQL is the same text the sweep always ran.
	if got := alarm.OfflineSQL("last_seen_at", "heartbeat_interval"); got != "last_seen_at + heartbeat_interval * 120000 + ? < ?" {
		t.Fatal(got)
	}
	if got := alarm.HeardSQL("r.ts", "devices.heartbeat_interval"); got != "r.ts + devices.heartbeat_interval * 120000 + ? >= ?" {
		t.Fatal(got)
	}
}

// The SQL conditions decide as IsOffline does, on both databases, at the boundary and far from it.
func TestOfflineSQLAgreesWithTheRule(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		type device struct {
			last      int64
			heartbeat int
		}
		for _, d := range []device{{0, 1}, {1_700_000_000_000, 10}, {1_700_000_000_000, 1440}} {
			for _, grace := range []int64{0, alarm.OfflineGrace} {
				at := alarm.OfflineAt(d.last, d.heartbeat, grace)
				for _, now := range []int64{d.last, at - 1, at, at + 1, at + 3_600_000} {
					inner := db.Q.Select().Column("CAST(? AS BIGINT) AS last_seen_at", d.last).
						Column("CAST(? AS BIGINT) AS heartbeat_interval", d.heartbeat)
					sel := db.Q.Select().
						Column(sq.Expr("CASE WHEN "+alarm.OfflineSQL("d.last_seen_at", "d.heartbeat_interval")+" THEN 1 ELSE 0 END", grace, now)).
						Column(sq.Expr("CASE WHEN "+alarm.HeardSQL("d.last_seen_at", "d.heartbeat_interval")+" THEN 1 ELSE 0 END", grace, now)).
						FromSelect(inner, "d")
					var offline, heard int
					if err := sel.RunWith(db.SQL).QueryRowContext(t.Context()).Scan(&offline, &heard); err != nil {
						t.Fatal(err)
					}
					want := alarm.IsOffline(d.last, d.heartbeat, grace, now)
					if (offline == 1) != want || (heard == 1) == want {
						t.Errorf("%+v grace %d now %d: SQL offline %d heard %d, rule %t", d, grace, now, offline, heard, want)
					}
				}
			}
		}
	})
}
