package store_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"irgas/internal/alarm"
	"irgas/internal/listq"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// The stage filter's SQL conditions (alarm.StageConds) pick exactly the alarms whose stage alarm.StageOf
// names, for every combination of status, acknowledgement and handling, and several stages OR together.
func TestStageFilterAgreesWithStageOf(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _ := db.CreateCompany(ctx, "Stage Gas")
		want := map[string][]int64{}
		i := 0
		for _, status := range alarm.Statuses {
			for _, acked := range []bool{false, true} {
				for _, handled := range []bool{false, true} {
					i++
					device := oneDevice(t, db, company, fmt.Sprint("ST-", i), i)
					var ack, done any
					if acked {
						ack = int64(1)
					}
					if handled {
						done = int64(2)
					}
					var id int64
					err := db.SQL.QueryRowContext(ctx, db.Rebind("INSERT INTO alarm_logs (device_id, company_id, kind, started_at, status, ack_at, handled_at) "+
						"VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"), device, company, alarm.Fault, 1000+i, status, ack, done).Scan(&id)
					if err != nil {
						t.Fatal(err)
					}
					stage := alarm.StageOf(status, acked, handled)
					want[stage] = append(want[stage], id)
				}
			}
		}
		list := func(stages ...string) []int64 {
			t.Helper()
			q, err := listq.Parse(url.Values{"stage": stages, "sort": {"id"}, "pageSize": {"100"}}, store.AlarmList)
			if err != nil {
				t.Fatal(err)
			}
			p, err := db.ListAlarms(ctx, store.Platform, q)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, a := range p.List {
				if a.Stage != stages[0] && len(stages) == 1 {
					t.Errorf("stage=%s lists an alarm of stage %s", stages[0], a.Stage)
				}
				ids = append(ids, a.ID)
			}
			return ids
		}
		for _, stage := range alarm.Stages {
			if got := list(stage); !slices.Equal(got, want[stage]) {
				t.Errorf("stage=%s: %v, want %v", stage, got, want[stage])
			}
		}
		both := slices.Sorted(slices.Values(append(slices.Clone(want[alarm.StageNew]), want[alarm.StageWaiting]...)))
		if got := list(alarm.StageNew, alarm.StageWaiting); !slices.Equal(got, both) {
			t.Errorf("stage=new&stage=waiting: %v, want %v", got, both)
		}
		if _, err := listq.Parse(url.Values{"stage": {"closed"}}, store.AlarmList); err == nil {
			t.Error("an unknown stage is accepted")
		}
	})
}
