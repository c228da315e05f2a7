package store_test

import (
	"context"
	"testing"

	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// A device change queued for the broker keeps its secret until the broker has it, and a change made while
// an older one is being applied is not lost when the older one is recorded as done.
func TestBrokerQueueKeepsTheNewestChange(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.ProvisionBroker()
		dev, _ := aDevice(t, db)
		scope := store.Scope{}
		changes := func() []store.BrokerChange {
			t.Helper()
			ch, err := db.BrokerChanges(ctx, 10)
			if err != nil {
				t.Fatal(err)
			}
			return ch
		}
		if err := db.SetDeviceSecret(ctx, scope, dev, "first", "h1"); err != nil {
			t.Fatal(err)
		}
		got := changes()
		if len(got) != 1 || got[0].Secret != "first" || got[0].Device == nil || !got[0].Device.Enabled || got[0].Account != nil {
			t.Fatalf("queued: %+v", got)
		}
		applying := got[0]

		// While "first" is given to the broker, the device is disabled: that change keeps the secret not yet
		// given and is not taken off the queue by the older one's completion.
		if err := db.SetDeviceStatus(ctx, scope, dev, model.StatusDisabled); err != nil {
			t.Fatal(err)
		}
		if err := db.BrokerChangeDone(ctx, applying, &store.BrokerAccount{Username: applying.Device.Username, Enabled: true}); err != nil {
			t.Fatal(err)
		}
		got = changes()
		if len(got) != 1 || got[0].Secret != "first" || got[0].Device.Enabled || got[0].Account == nil || !got[0].Account.Enabled {
			t.Fatalf("after a newer change: %+v", got)
		}
		if err := db.BrokerChangeDone(ctx, got[0], &store.BrokerAccount{Username: got[0].Device.Username, Enabled: false}); err != nil {
			t.Fatal(err)
		}
		if got = changes(); len(got) != 0 {
			t.Fatalf("queue not empty: %+v", got)
		}
		// Nothing differs now; deleting the device queues the removal of its account.
		if err := db.QueueBrokerDrift(ctx); err != nil {
			t.Fatal(err)
		}
		if got = changes(); len(got) != 0 {
			t.Fatalf("drift found where there is none: %+v", got)
		}
		if err := db.DeleteDevice(ctx, scope, dev); err != nil {
			t.Fatal(err)
		}
		if got = changes(); len(got) != 1 || got[0].Device != nil || got[0].Account == nil {
			t.Fatalf("after delete: %+v", got)
		}
	})
}
