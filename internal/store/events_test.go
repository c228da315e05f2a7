package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"irgas/internal/alarm"
	"irgas/internal/auth"
	"irgas/internal/ident"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// Every alarm change leaves an event in its own transaction, in order, scoped to the device's company: a low
// gas alarm starting, rising to high and ending, the device going offline and coming back.
func TestAlarmChangesLeaveEvents(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _ := db.CreateCompany(ctx, "Events Gas")
		other, _ := db.CreateCompany(ctx, "Other Gas")
		id := oneDevice(t, db, company, "EV-1", 1)
		base := time.Now().Add(-time.Hour).UnixMilli()
		for i, ch4 := range []float64{25, 30, 60, 70, 5} {
			if _, err := db.InsertReadings(ctx, []model.Reading{{DeviceID: id, CompanyID: company, TS: base + int64(i)*1000,
				ReceivedAt: base, CH4: ch4}}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.MarkOffline(ctx, time.Now().Add(time.Hour).UnixMilli(), 0); err != nil {
			t.Fatal(err)
		}
		if _, err := db.InsertReadings(ctx, []model.Reading{{DeviceID: id, CompanyID: company, TS: time.Now().UnixMilli(),
			ReceivedAt: base, CH4: 1}}); err != nil {
			t.Fatal(err)
		}
		want := []string{"alarm.started gas low", "alarm.raised gas high", "alarm.ended gas ", "alarm.started offline ", "alarm.ended offline "}
		if got := eventWords(t, db, company); !slices.Equal(got, want) {
			t.Fatalf("events:\n got %q\nwant %q", got, want)
		}
		events, _ := db.EventsAfter(ctx, store.Company(company), 0, 100)
		if later, _ := db.EventsAfter(ctx, store.Company(company), events[1].ID, 100); len(later) != 3 {
			t.Fatalf("resuming after the second event gives %d", len(later))
		}
		if theirs, _ := db.EventsAfter(ctx, store.Company(other), 0, 100); len(theirs) != 0 {
			t.Fatalf("another company sees %d events", len(theirs))
		}
		if last, _ := db.LastEventID(ctx); last != events[len(events)-1].ID {
			t.Fatalf("last event id %d", last)
		}
		if n, err := db.PurgeEvents(ctx, time.Now().Add(time.Minute)); err != nil || n != 5 {
			t.Fatalf("purge: %d %v", n, err)
		}
	})
}

// A device that never reported is offline once the offline rule has passed since it was created, and
// raises its offline alarm once; its first data ends the alarm and brings it online.
func TestNeverReportedDeviceRaisesItsOfflineAlarm(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _ := db.CreateCompany(ctx, "Silent Gas")
		id := oneDevice(t, db, company, "SL-1", 30)
		created := time.Now().UnixMilli()
		offlineAt := alarm.OfflineAt(created, 30, alarm.OfflineGrace)
		sweep := func(at int64) []int64 {
			t.Helper()
			marked, err := db.MarkOffline(ctx, at, alarm.OfflineGrace)
			if err != nil {
				t.Fatal(err)
			}
			return marked
		}
		if marked := sweep(offlineAt - 60_000); len(marked) != 0 {
			t.Fatalf("a device created a moment ago is already offline: %v", marked)
		}
		if marked := sweep(offlineAt + 60_000); !slices.Equal(marked, []int64{id}) {
			t.Fatalf("the never-reported device past the offline rule: marked %v, want [%d]", marked, id)
		}
		if marked := sweep(offlineAt + 120_000); len(marked) != 0 {
			t.Fatalf("a second sweep raised its offline alarm again: %v", marked)
		}
		d, err := db.GetDevice(ctx, store.Company(company), id)
		if err != nil || d.AlarmState != alarm.Offline || d.Online {
			t.Fatalf("device state %q online %v: %v", d.AlarmState, d.Online, err)
		}
		if _, err := db.InsertReadings(ctx, []model.Reading{{DeviceID: id, CompanyID: company, TS: offlineAt + 180_000,
			ReceivedAt: offlineAt + 180_000, CH4: 1}}); err != nil {
			t.Fatal(err)
		}
		if got, want := eventWords(t, db, company), []string{"alarm.started offline ", "alarm.ended offline "}; !slices.Equal(got, want) {
			t.Fatalf("events %q, want %q", got, want)
		}
		if d, _ := db.GetDevice(ctx, store.Company(company), id); !d.Online || d.AlarmState != alarm.Normal {
			t.Fatalf("after its first data: online %v, state %q", d.Online, d.AlarmState)
		}
	})
}

// oneDevice makes a device of a new type (model, heartbeat in minutes) in company.
func oneDevice(t *testing.T, db *store.DB, company int64, modelName string, heartbeat int) int64 {
	t.Helper()
	ctx := context.Background()
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: modelName, Unit: "%LEL", RangeMax: 100,
		LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: heartbeat, Communication: "4G"})
	if err != nil {
		t.Fatal(err)
	}
	dt, _ := db.GetDeviceType(ctx, typeID)
	first := "862000" + fmt.Sprintf("%08d", typeID)
	id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: first + string(ident.IMEICheckDigit(first)), Name: "d",
		TypeID: typeID, CompanyID: company, ProvinceCode: "330000"}, dt, auth.HashToken("s"))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// eventWords are a company's events as "type kind level".
func eventWords(t *testing.T, db *store.DB, company int64) []string {
	t.Helper()
	events, err := db.EventsAfter(context.Background(), store.Company(company), 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range events {
		got = append(got, fmt.Sprintf("%s %s %s", e.Type, e.AlarmKind, e.Level))
	}
	return got
}
