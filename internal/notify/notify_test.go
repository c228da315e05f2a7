package notify_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"irgas/internal/auth"
	"irgas/internal/config"
	"irgas/internal/ident"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// fakeProvider records what it is asked to send; fail, when set, decides an error per message.
type fakeProvider struct {
	mu   sync.Mutex
	sent []notify.Message
	fail func(m notify.Message) error
}

func (p *fakeProvider) Name() string { return "fake" }

func (p *fakeProvider) Send(_ context.Context, m notify.Message) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fail != nil {
		if err := p.fail(m); err != nil {
			return "", err
		}
	}
	p.sent = append(p.sent, m)
	return fmt.Sprintf("fake-%d", m.ID), nil
}

func (p *fakeProvider) phones() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, m := range p.sent {
		out = append(out, m.Phone)
	}
	sort.Strings(out)
	return out
}

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// fixture is a company with two devices (Hangzhou Xihu and Hangzhou Shangcheng) and readings written as
// the gateway writes them, so that alarms and their events are real.
type fixture struct {
	t         *testing.T
	db        *store.DB
	company   int64
	dev, dev2 int64
	ts        int64
	clock     *clock
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	ctx := context.Background()
	company, err := db.CreateCompany(ctx, "Notify Gas")
	if err != nil {
		t.Fatal(err)
	}
	typeID, err := db.CreateDeviceType(ctx, model.DeviceType{Name: "t", Model: "NT-1", Unit: "%LEL", RangeMax: 100,
		LowThreshold: 20, HighThreshold: 50, ReportInterval: 1, HeartbeatInterval: 1, Communication: "4G"})
	if err != nil {
		t.Fatal(err)
	}
	dt, _ := db.GetDeviceType(ctx, typeID)
	f := &fixture{t: t, db: db, company: company, ts: time.Now().Add(-time.Minute).UnixMilli(), clock: &clock{t: time.Now()}}
	for i, county := range []string{"330106", "330102"} {
		first := fmt.Sprintf("8630000000000%d", i)
		id, err := db.CreateDevice(ctx, db.SQL, store.DeviceFields{IMEI: first + string(ident.IMEICheckDigit(first)),
			Name: fmt.Sprintf("厨房%d", i+1), TypeID: typeID, CompanyID: company, Address: "文三路 1 号", ProvinceCode: "330000",
			CityCode: "330100", County: county}, dt, auth.HashToken("s"))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			f.dev = id
		} else {
			f.dev2 = id
		}
	}
	return f
}

// read writes one methane reading of device.
func (f *fixture) read(device int64, ch4 float64) {
	f.t.Helper()
	f.ts += 1000
	if _, err := f.db.InsertReadings(context.Background(), []model.Reading{{DeviceID: device, CompanyID: f.company, TS: f.ts,
		ReceivedAt: f.ts, CH4: ch4}}); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) user(name, phone string, in store.SMSUserFields) int64 {
	f.t.Helper()
	in.CompanyID, in.Name, in.Phone = f.company, name, phone
	if in.AlarmKinds == nil {
		in.AlarmKinds = notify.AlarmKinds
	}
	in.GasMinLevel = cmpOr(in.GasMinLevel, "low")
	in.Scope = cmpOr(in.Scope, "all")
	in.Language = cmpOr(in.Language, "zh-CN")
	id, err := f.db.CreateSMSUser(context.Background(), in)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

func (f *fixture) notifier(p notify.Provider, edit func(*config.SMS)) *notify.Notifier {
	f.t.Helper()
	cfg := config.DefaultSMS()
	if edit != nil {
		edit(&cfg)
	}
	n, err := notify.NewWithProvider(f.db, cfg, p)
	if err != nil {
		f.t.Fatal(err)
	}
	n.Now = f.clock.Now
	return n
}

// log reads the whole send log, oldest first, as "phone eventType status".
func (f *fixture) log() []string {
	f.t.Helper()
	msgs := f.messages()
	out := make([]string, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, fmt.Sprintf("%s %s %s", m.Phone, m.EventType, m.Status))
	}
	return out
}

func (f *fixture) messages() []model.SMSMessage {
	f.t.Helper()
	p, err := f.db.ListSMSSendLog(context.Background(), store.Platform, listq.Query{Page: 1, PageSize: 1000,
		Sort: []listq.SortTerm{{Column: "m.id"}}})
	if err != nil {
		f.t.Fatal(err)
	}
	return p.List
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func same(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// Matching: alarm kinds, the gas level, devices and regions, status and the wish for ends decide who gets
// what; the message names the device, its address, the alarm, the value and the time.
func TestMatchingRecipients(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("all", "13800000001", store.SMSUserFields{NotifyOnEnd: true})
		f.user("battery only", "13800000002", store.SMSUserFields{AlarmKinds: []string{"lowBattery"}})
		f.user("high only", "13800000003", store.SMSUserFields{GasMinLevel: "high"})
		f.user("other device", "13800000004", store.SMSUserFields{Scope: "devices", DeviceIDs: []int64{f.dev2}})
		f.user("my device", "13800000005", store.SMSUserFields{Scope: "devices", DeviceIDs: []int64{f.dev}})
		f.user("my county", "13800000006", store.SMSUserFields{Scope: "regions", RegionCodes: []string{"330106"}})
		f.user("other county", "13800000007", store.SMSUserFields{Scope: "regions", RegionCodes: []string{"330102"}})
		f.user("my city", "13800000008", store.SMSUserFields{Scope: "regions", RegionCodes: []string{"330100"}, Language: "en"})
		off := f.user("disabled", "13800000009", store.SMSUserFields{})
		if err := db.SetSMSUserStatus(ctx, store.Platform, off, 0); err != nil {
			t.Fatal(err)
		}
		esc := f.user("escalation", "13800000010", store.SMSUserFields{EscalationLevel: 1})
		_ = esc
		p := &fakeProvider{}
		n := f.notifier(p, nil)

		f.read(f.dev, 25) // low gas alarm starts
		f.read(f.dev, 60) // raised to high
		f.read(f.dev, 5)  // ends
		if k := must[int](t)(n.ProcessEvents(ctx)); k != 3 {
			t.Fatalf("claimed %d events, want 3", k)
		}
		same(t, "send log", f.log(), []string{
			"13800000001 started pending", "13800000005 started pending", "13800000006 started pending", "13800000008 started pending",
			"13800000001 raised pending", "13800000003 raised pending", "13800000005 raised pending", "13800000006 raised pending",
			"13800000008 raised pending",
			"13800000001 ended pending",
		})
		if k := must[int](t)(n.SendDue(ctx)); k != 10 {
			t.Fatalf("sent %d, want 10", k)
		}
		msgs := f.messages()
		zh, en := msgs[0].Content, msgs[3].Content
		for _, want := range []string{"报警", "厨房1", "浙江省杭州市西湖区文三路 1 号", "甲烷低报", "25.0%LEL",
			time.UnixMilli(f.ts - 2000).In(must[*time.Location](t)(time.LoadLocation("Asia/Shanghai"))).Format("2006-01-02 15:04:05")} {
			if !strings.Contains(zh, want) {
				t.Errorf("zh message %q lacks %q", zh, want)
			}
		}
		if !strings.Contains(en, "methane low alarm") || !strings.Contains(en, "[Infrared Gas Detection] Alarm:") {
			t.Errorf("en message: %q", en)
		}
		if !strings.Contains(msgs[4].Content, "甲烷高报") || !strings.Contains(msgs[9].Content, "报警解除") {
			t.Errorf("raise and end: %q / %q", msgs[4].Content, msgs[9].Content)
		}
		for _, m := range f.messages() {
			if m.Status != store.SMSSent || m.ProviderMsgID != fmt.Sprintf("fake-%d", m.ID) || m.Attempts != 1 || m.Provider != "fake" {
				t.Fatalf("after sending: %+v", m)
			}
		}
		// Nothing is claimed twice.
		if k := must[int](t)(n.ProcessEvents(ctx)); k != 0 {
			t.Fatalf("claimed %d events again", k)
		}
		if k := must[int](t)(n.SendDue(ctx)); k != 0 {
			t.Fatalf("sent %d again", k)
		}
		// A low battery alarm reaches the kind's users only.
		v := 300
		f.ts += 1000
		must[int64](t)(db.InsertReadings(ctx, []model.Reading{{DeviceID: f.dev2, CompanyID: f.company, TS: f.ts, ReceivedAt: f.ts, CH4: 0, Voltage: &v}}))
		must[int](t)(n.ProcessEvents(ctx))
		got := f.log()[10:]
		same(t, "low battery", got, []string{"13800000001 started pending", "13800000002 started pending",
			"13800000003 started pending", "13800000004 started pending", "13800000007 started pending", "13800000008 started pending"})
	})
}

func TestQuietHours(t *testing.T) {
	loc := must[*time.Location](t)(time.LoadLocation("Asia/Shanghai"))
	at := func(h, m int) time.Time { return time.Date(2026, 11, 22, h, m, 0, 0, loc) }
	rows := []struct {
		start, end string
		t          time.Time
		quiet      bool
	}{
		{"22:00", "07:00", at(23, 30), true}, {"22:00", "07:00", at(0, 10), true}, {"22:00", "07:00", at(6, 59), true},
		{"22:00", "07:00", at(7, 0), false}, {"22:00", "07:00", at(12, 0), false}, {"22:00", "07:00", at(21, 59), false},
		{"12:00", "14:00", at(13, 0), true}, {"12:00", "14:00", at(14, 0), false}, {"", "", at(13, 0), false},
		{"bad", "07:00", at(3, 0), false},
	}
	for _, r := range rows {
		if got := notify.InQuietHours(r.start, r.end, r.t); got != r.quiet {
			t.Errorf("%s–%s at %s: quiet %v, want %v", r.start, r.end, r.t.Format("15:04"), got, r.quiet)
		}
	}
	// In the company's time zone: 23:30 in Shanghai is 15:30 UTC.
	if !notify.InQuietHours("22:00", "07:00", time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC).In(loc)) {
		t.Error("quiet hours must be read in the company's time zone")
	}

	// End to end: within quiet hours a low alarm is held back, a high one is not.
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		now := f.clock.Now().In(loc)
		f.user("sleeper", "13800000001", store.SMSUserFields{QuietStart: now.Add(-time.Hour).Format("15:04"),
			QuietEnd: now.Add(time.Hour).Format("15:04")})
		f.user("awake", "13800000002", store.SMSUserFields{QuietStart: now.Add(time.Hour).Format("15:04"),
			QuietEnd: now.Add(2 * time.Hour).Format("15:04")})
		n := f.notifier(&fakeProvider{}, nil)
		f.read(f.dev, 25)
		f.read(f.dev2, 70)
		must[int](t)(n.ProcessEvents(ctx))
		same(t, "quiet hours", f.log(), []string{"13800000002 started pending", "13800000001 started pending", "13800000002 started pending"})
		if m := f.messages()[1]; m.DeviceID != f.dev2 || m.Level != "high" {
			t.Fatalf("the sleeper's message must be the high alarm: %+v", m)
		}
	})
}

// The same device, kind and phone get one SMS per window; later ones are recorded as throttled.
func TestThrottle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("u", "13800000001", store.SMSUserFields{})
		n := f.notifier(&fakeProvider{}, nil)
		f.read(f.dev, 25)
		f.read(f.dev, 5)
		f.read(f.dev, 25) // a flapping sensor: a second alarm within minutes
		f.read(f.dev2, 25)
		must[int](t)(n.ProcessEvents(ctx))
		f.clock.Add(11 * time.Minute)
		f.read(f.dev, 5)
		f.read(f.dev, 30)
		must[int](t)(n.ProcessEvents(ctx))
		same(t, "throttle", f.log(), []string{"13800000001 started pending", "13800000001 started throttled",
			"13800000001 started pending", "13800000001 started pending"})
		// The record keeps the window that held it, for the console to say why in its reader's language.
		if m := f.messages()[1]; m.Limit != int64((10*time.Minute)/time.Second) || m.Error == "" {
			t.Fatalf("throttled row: %+v", m)
		}
		if m := f.messages()[0]; m.Limit != 0 {
			t.Fatalf("a message sent has no limit: %+v", m)
		}
	})
}

// A company's daily cap: reaching it is recorded as capped, and nothing more is sent that day.
func TestDailyCap(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		for i := range 3 {
			f.user(fmt.Sprint("u", i), fmt.Sprintf("1380000000%d", i), store.SMSUserFields{})
		}
		p := &fakeProvider{}
		n := f.notifier(p, func(c *config.SMS) { c.DailyCap = 2 })
		f.read(f.dev, 25)
		must[int](t)(n.ProcessEvents(ctx))
		must[int](t)(n.SendDue(ctx))
		same(t, "cap", f.log(), []string{"13800000000 started sent", "13800000001 started sent", "13800000002 started capped"})
		if m := f.messages()[2]; !strings.Contains(m.Error, "daily cap of 2") || m.Limit != 2 {
			t.Fatalf("capped row: %+v", m)
		}
		if len(p.sent) != 2 {
			t.Fatalf("sent %d", len(p.sent))
		}
	})
}

// The outbox survives a crash: messages queued by one notifier that died before sending (or while
// sending) are sent once by the next.
func TestOutboxSurvivesRestart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("a", "13800000001", store.SMSUserFields{})
		f.user("b", "13800000002", store.SMSUserFields{})
		first := f.notifier(&fakeProvider{}, nil)
		f.read(f.dev, 25)
		must[int](t)(first.ProcessEvents(ctx))
		// One message was taken by a sender that died mid-send: it stays "sending" until its lease ends.
		claimed := must[[]model.SMSMessage](t)(db.ClaimSMS(ctx, f.clock.Now().UnixMilli(), f.clock.Now().Add(2*time.Minute).UnixMilli(), 1))
		if len(claimed) != 1 {
			t.Fatalf("claimed %d", len(claimed))
		}
		// "Restart": a new notifier on the same database.
		p := &fakeProvider{}
		second := f.notifier(p, nil)
		must[int](t)(second.SendDue(ctx))
		same(t, "before the lease ends", p.phones(), []string{"13800000002"})
		f.clock.Add(3 * time.Minute)
		must[int](t)(second.SendDue(ctx))
		must[int](t)(second.SendDue(ctx))
		same(t, "after", p.phones(), []string{"13800000001", "13800000002"})
		for _, m := range f.messages() {
			if m.Status != store.SMSSent {
				t.Fatalf("%+v", m)
			}
		}
	})
}

// Several instances side by side claim every event and message once.
func TestInstancesNeverSendTwice(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		for i := range 5 {
			f.user(fmt.Sprint("u", i), fmt.Sprintf("1390000000%d", i), store.SMSUserFields{NotifyOnEnd: true})
		}
		for range 10 {
			f.read(f.dev, 25)
			f.read(f.dev2, 60)
			f.read(f.dev, 5)
			f.read(f.dev2, 5)
		}
		p := &fakeProvider{}
		var wg sync.WaitGroup
		for range 3 {
			n := f.notifier(p, func(c *config.SMS) { c.Throttle = 0 })
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 3 {
					if _, err := n.ProcessEvents(ctx); err != nil {
						t.Error(err)
					}
					if _, err := n.SendDue(ctx); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
		seen := map[int64]int{}
		for _, m := range p.sent {
			seen[m.ID]++
		}
		msgs := f.messages()
		for id, k := range seen {
			if k != 1 {
				t.Errorf("message %d sent %d times", id, k)
			}
		}
		if len(msgs) != 5*40 || len(p.sent) != len(msgs) {
			t.Fatalf("%d messages queued, %d sent; want 200 each", len(msgs), len(p.sent))
		}
		for id, k := range seen {
			if k != 1 {
				t.Fatalf("message %d sent %d times", id, k)
			}
		}
	})
}

// Failures are retried with a doubling wait, a bounded number of times, then failed; a permanent failure
// is failed at once.
func TestRetryWithBackoff(t *testing.T) {
	if notify.Backoff(30*time.Second, 1) != 30*time.Second || notify.Backoff(30*time.Second, 3) != 2*time.Minute ||
		notify.Backoff(30*time.Second, 20) != time.Hour {
		t.Fatal("backoff must double from the base and stop at an hour")
	}
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("flaky", "13800000001", store.SMSUserFields{})
		f.user("refused", "13800000002", store.SMSUserFields{})
		p := &fakeProvider{fail: func(m notify.Message) error {
			if m.Phone == "13800000002" {
				return notify.Permanent(errors.New("number refused"))
			}
			return errors.New("provider down")
		}}
		n := f.notifier(p, func(c *config.SMS) { c.MaxAttempts, c.RetryBase = 3, time.Second })
		f.read(f.dev, 25)
		must[int](t)(n.ProcessEvents(ctx))
		if k := must[int](t)(n.SendDue(ctx)); k != 2 {
			t.Fatalf("tried %d", k)
		}
		same(t, "first attempts", f.log(), []string{"13800000001 started pending", "13800000002 started failed"})
		if k := must[int](t)(n.SendDue(ctx)); k != 0 {
			t.Fatalf("retried %d before the backoff", k)
		}
		f.clock.Add(time.Second)
		must[int](t)(n.SendDue(ctx))
		m := f.messages()[0]
		if m.Attempts != 2 || m.Status != store.SMSPending || m.NextAttemptAt != f.clock.Now().Add(2*time.Second).UnixMilli() {
			t.Fatalf("after the second attempt: %+v", m)
		}
		f.clock.Add(2 * time.Second)
		must[int](t)(n.SendDue(ctx))
		m = f.messages()[0]
		if m.Attempts != 3 || m.Status != store.SMSFailed || m.Error != "provider down" {
			t.Fatalf("after the last attempt: %+v", m)
		}
		f.clock.Add(time.Hour)
		if k := must[int](t)(n.SendDue(ctx)); k != 0 {
			t.Fatal("a failed message is not tried again")
		}
		if m := f.messages()[1]; m.Attempts != 1 || m.Error != "number refused" {
			t.Fatalf("permanent failure: %+v", m)
		}
	})
}

// An unacknowledged alarm is sent again after the reminder time, each time reaching the next escalation
// level; acknowledging it stops reminders and cancels those not yet sent.
func TestRemindersEscalateUntilAcknowledged(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("regular", "13800000000", store.SMSUserFields{})
		f.user("level 1", "13800000001", store.SMSUserFields{EscalationLevel: 1})
		f.user("level 2", "13800000002", store.SMSUserFields{EscalationLevel: 2})
		f.user("level 3", "13800000003", store.SMSUserFields{EscalationLevel: 3})
		n := f.notifier(&fakeProvider{}, nil)
		f.read(f.dev, 25)
		must[int](t)(n.ProcessEvents(ctx))
		must[int](t)(n.SendDue(ctx))
		if k := must[int](t)(n.SweepReminders(ctx)); k != 0 {
			t.Fatal("no reminder is due yet")
		}
		f.clock.Add(15 * time.Minute)
		must[int](t)(n.SweepReminders(ctx))
		must[int](t)(n.SendDue(ctx))
		f.clock.Add(15 * time.Minute)
		must[int](t)(n.SweepReminders(ctx))
		same(t, "two reminders", f.log(), []string{"13800000000 started sent",
			"13800000000 reminder sent", "13800000001 reminder sent",
			"13800000000 reminder pending", "13800000001 reminder pending", "13800000002 reminder pending"})
		if m := f.messages()[3]; m.Reminder != 2 || !strings.Contains(m.Content, "第2次提醒") {
			t.Fatalf("second reminder: %+v", m)
		}
		alarms := must[model.Page[model.Alarm]](t)(db.ListAlarms(ctx, store.Platform, listq.Query{Page: 1, PageSize: 10}))
		if err := db.AckAlarm(ctx, store.Platform, alarms.List[0].ID, 1, "admin", f.clock.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		// The reminders queued before the acknowledgement are not sent; no further one comes.
		must[int](t)(n.SendDue(ctx))
		f.clock.Add(time.Hour)
		must[int](t)(n.SweepReminders(ctx))
		must[int](t)(n.SendDue(ctx))
		same(t, "after the acknowledgement", f.log()[3:], []string{"13800000000 reminder cancelled",
			"13800000001 reminder cancelled", "13800000002 reminder cancelled"})
	})
}

// Reminders stop after the configured number, and when the alarm ends.
func TestRemindersStop(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.user("regular", "13800000000", store.SMSUserFields{})
		n := f.notifier(&fakeProvider{}, func(c *config.SMS) { c.Reminders = 2 })
		f.read(f.dev, 25)
		f.read(f.dev2, 25)
		must[int](t)(n.ProcessEvents(ctx))
		f.read(f.dev2, 5) // ends: no reminders for it
		must[int](t)(n.ProcessEvents(ctx))
		for range 4 {
			f.clock.Add(15 * time.Minute)
			must[int](t)(n.SweepReminders(ctx))
		}
		var reminders int
		for _, m := range f.messages() {
			if m.EventType == "reminder" {
				reminders++
				if m.DeviceID != f.dev {
					t.Fatalf("a reminder for an ended alarm: %+v", m)
				}
			}
		}
		if reminders != 2 {
			t.Fatalf("%d reminders, want 2", reminders)
		}
	})
}
