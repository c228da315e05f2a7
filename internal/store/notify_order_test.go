package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Two instances notifying at once never split one device's events: while one holds a device's start
// (claimed, not committed), the other leaves that device's end and next start alone, and takes them once
// the first has committed, so the next start's throttle sees the first start's messages. Other devices'
// events go on meanwhile.
func TestOneDevicesEventsAreNotifiedInOrderAcrossInstances(t *testing.T) {
	db := testdb.Postgres(t, testdb.PostgresURL(t))
	ctx := context.Background()
	now := time.Now().UnixMilli()
	insert := func(device int64, typ string) int64 {
		t.Helper()
		var id int64
		err := db.SQL.QueryRowContext(ctx, `INSERT INTO events (type, company_id, device_id, alarm_id, alarm_kind, level, ts, created_at)
			VALUES ($1, 1, $2, 1, 'gas', 'low', $3, $3) RETURNING id`, typ, device, now).Scan(&id)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	start1 := insert(7, store.EventAlarmStarted)
	end1 := insert(7, store.EventAlarmEnded)
	start2 := insert(7, store.EventAlarmStarted)
	other := insert(8, store.EventAlarmStarted)

	holding, release, firstDone := make(chan int64), make(chan struct{}), make(chan error, 1)
	var once sync.Once
	let := func() { once.Do(func() { close(release) }) }
	// A failing check must still let the first instance commit, or dropping the test schema waits for it.
	t.Cleanup(func() { let(); <-firstDone })
	go func() {
		_, err := db.NotifyEvents(ctx, now, 1, func(_ *store.SMSTx, e model.Event, _ *store.SMSDevice, _ *store.SMSAlarm) error {
			holding <- e.ID
			<-release
			return nil
		})
		firstDone <- err
	}()
	if got := <-holding; got != start1 {
		t.Fatalf("the first instance claimed event %d, want the first start %d", got, start1)
	}
	claim := func() []int64 {
		t.Helper()
		var got []int64
		if _, err := db.NotifyEvents(ctx, now, 10, func(_ *store.SMSTx, e model.Event, _ *store.SMSDevice, _ *store.SMSAlarm) error {
			got = append(got, e.ID)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := claim(); len(got) != 1 || got[0] != other {
		t.Fatalf("while the first start is held, the second instance claimed %v; want only the other device's %d", got, other)
	}
	let()
	if err := <-firstDone; err != nil {
		t.Fatal(err)
	}
	firstDone <- nil
	if got := claim(); len(got) != 2 || got[0] != end1 || got[1] != start2 {
		t.Fatalf("after the first start committed, the second instance claimed %v; want %d %d", got, end1, start2)
	}
}
