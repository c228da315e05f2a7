package store

import (
	"context"
	"strings"
	"testing"

	"irgas/internal/alarm"
)

// The indexes of the device list's "alarming first" order hold alarm.StateRankSQL word for word: the
// databases use an expression index only for the very expression the query sorts by, so a change of
// alarm.Precedence needs a migration that makes them anew.
func TestSeverityIndexesMatchTheSort(t *testing.T) {
	want := "(" + alarm.StateRankSQL("alarm_state") + ")"
	for _, dialect := range []string{"sqlite", "postgres"} {
		b, err := migrations.ReadFile("migrations/" + dialect + "/00019_devices_by_severity.sql")
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), want); n != 2 {
			t.Errorf("%s: the migration holds %s %d times, want 2 (devices_severity, devices_company_severity)", dialect, want, n)
		}
	}
}

// SQLite reads the first page of devices alarming first from the index, without sorting.
func TestDevicesAlarmingFirstUseTheIndex(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+t.TempDir()+"/plan.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for _, where := range []string{"", "WHERE d.company_id = 1 "} {
		rows, err := db.SQL.QueryContext(ctx, "EXPLAIN QUERY PLAN SELECT d.id FROM "+devices.from+" "+where+
			"ORDER BY "+alarm.StateRankSQL("d.alarm_state")+", d.created_at DESC, d.id DESC LIMIT 20")
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		text := strings.Join(plan, "; ")
		if !strings.Contains(text, "severity") || strings.Contains(text, "TEMP B-TREE FOR ORDER BY") {
			t.Errorf("%q: plan %s", where, text)
		}
	}
}
