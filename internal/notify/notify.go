// Package notify sends alarm notifications by SMS: it matches an alarm's events to the notification users
// of the device's company (alarm kinds, devices or regions, quiet hours), throttles and caps them, writes
// each message to an outbox in the transaction that claims the event, and sends the outbox through a
// provider (log, webhook, Alibaba Cloud, Tencent Cloud) with retries. Unacknowledged alarms are sent again
// and escalated. Several instances may run it side by side: events, reminders and messages are claimed in
// the database, never twice. See docs/notifications.md.
package notify

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
	_ "time/tzdata" // quiet hours and daily caps need the zone database even where the system has none

	"irgas/internal/alarm"
	"irgas/internal/config"
	"irgas/internal/model"
	"irgas/internal/store"
)

// Trigger of a message: what happened to the alarm.
const (
	TriggerStarted  = "started"
	TriggerRaised   = "raised"
	TriggerEnded    = "ended"
	TriggerReminder = "reminder"
)

// Triggers lists what a message can be sent for.
var Triggers = []string{TriggerStarted, TriggerRaised, TriggerEnded, TriggerReminder}

// Limits of one step of work.
const (
	eventBatch    = 100
	reminderBatch = 100
	// sendBatch: a sender claims one message at a time, just before sending it, so that a sender that dies
	// delays only the message it was sending (by the lease), and a slow provider never keeps a claimed
	// message past its lease (where another sender would send it again). Claiming 50 at once left those
	// after a crash waiting out the lease, and 50 slow calls outlasted it.
	sendBatch = 1
	// sendLease is how long a claimed message is its sender's; after it, another sender takes it over.
	sendLease = sendTimeout + 30*time.Second
	// sendTimeout bounds one call to a provider.
	sendTimeout = 15 * time.Second
	// maxBackoff caps the wait between two attempts.
	maxBackoff = time.Hour
	// staleEvent: an event older than this when first seen (say, after a long outage or on the first start
	// with notifications) is claimed without messages; an SMS about it would only mislead.
	staleEvent = time.Hour
)

// Notifier turns alarm events into messages and sends them.
type Notifier struct {
	db       *store.DB
	cfg      config.SMS
	loc      *time.Location
	provider Provider
	// Now is the clock (tests move it).
	Now func() time.Time
}

// New makes a notifier; zero settings take their defaults. The provider is chosen by cfg.Provider.
func New(db *store.DB, cfg config.SMS) (*Notifier, error) {
	cfg = withDefaults(cfg)
	p, err := NewProvider(cfg)
	if err != nil {
		return nil, err
	}
	return NewWithProvider(db, cfg, p)
}

// NewWithProvider makes a notifier that sends through p.
func NewWithProvider(db *store.DB, cfg config.SMS, p Provider) (*Notifier, error) {
	cfg = withDefaults(cfg)
	loc, err := time.LoadLocation(cfg.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("notify: time zone %q: %w", cfg.TimeZone, err)
	}
	return &Notifier{db: db, cfg: cfg, loc: loc, provider: p, Now: time.Now}, nil
}

// withDefaults gives settings left empty their defaults; an empty SMS (a Config built in code, as tests do)
// is the documented defaults.
func withDefaults(c config.SMS) config.SMS {
	d := config.DefaultSMS()
	if c == (config.SMS{}) {
		return d
	}
	c.Provider = cmp.Or(c.Provider, d.Provider)
	c.TimeZone = cmp.Or(c.TimeZone, d.TimeZone)
	c.TemplateZH = cmp.Or(c.TemplateZH, d.TemplateZH)
	c.TemplateEN = cmp.Or(c.TemplateEN, d.TemplateEN)
	c.MaxAttempts = cmp.Or(c.MaxAttempts, d.MaxAttempts)
	c.RetryBase = cmp.Or(c.RetryBase, d.RetryBase)
	c.PollInterval = cmp.Or(c.PollInterval, d.PollInterval)
	c.Aliyun.Endpoint = cmp.Or(c.Aliyun.Endpoint, d.Aliyun.Endpoint)
	c.Aliyun.RegionID = cmp.Or(c.Aliyun.RegionID, d.Aliyun.RegionID)
	c.Tencent.Endpoint = cmp.Or(c.Tencent.Endpoint, d.Tencent.Endpoint)
	c.Tencent.Region = cmp.Or(c.Tencent.Region, d.Tencent.Region)
	return c
}

// Run works until ctx ends: every poll interval it turns new events into messages, sends due reminders,
// and sends the outbox. Alarm evaluation never waits for it: it only reads what the alarms wrote.
func (n *Notifier) Run(ctx context.Context) {
	t := time.NewTicker(n.cfg.PollInterval)
	defer t.Stop()
	for {
		n.Step(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Step is one round of work, each part with its own time limit; failures are logged and retried next round.
func (n *Notifier) Step(ctx context.Context) {
	for _, part := range []struct {
		name string
		fn   func(context.Context) (int, error)
	}{{"notifying alarm events", n.ProcessEvents}, {"sending reminders", n.SweepReminders}, {"sending SMS", n.SendDue}} {
		c, cancel := store.Bounded(ctx)
		_, err := part.fn(c)
		cancel()
		if err != nil && ctx.Err() == nil {
			slog.Warn(part.name+" failed", "err", err)
		}
	}
}

func (n *Notifier) now() time.Time { return n.Now() }

// ProcessEvents claims new alarm events and queues their messages, batch by batch, until none is left. It
// returns how many events it claimed.
func (n *Notifier) ProcessEvents(ctx context.Context) (int, error) {
	total := 0
	for {
		now := n.now()
		k, err := n.db.NotifyEvents(ctx, now.UnixMilli(), eventBatch, func(t *store.SMSTx, e model.Event, d *store.SMSDevice, a *store.SMSAlarm) error {
			return n.onEvent(t, now, e, d, a)
		})
		total += k
		if err != nil || k < eventBatch {
			return total, err
		}
	}
}

func (n *Notifier) onEvent(t *store.SMSTx, now time.Time, e model.Event, d *store.SMSDevice, a *store.SMSAlarm) error {
	if d == nil || a == nil || !d.CompanyEnabled || now.UnixMilli()-e.CreatedAt > staleEvent.Milliseconds() {
		return nil
	}
	trigger := map[string]string{store.EventAlarmStarted: TriggerStarted, store.EventAlarmRaised: TriggerRaised,
		store.EventAlarmEnded: TriggerEnded}[e.Type]
	if trigger == "" {
		return nil
	}
	switch trigger {
	case TriggerStarted:
		if n.cfg.RemindAfter > 0 && n.cfg.Reminders > 0 {
			if err := t.StartReminder(a.ID, d.CompanyID, d.ID, now.Add(n.cfg.RemindAfter).UnixMilli(), now.UnixMilli()); err != nil {
				return err
			}
		}
	case TriggerEnded:
		if err := t.StopReminder(a.ID); err != nil {
			return err
		}
	}
	level := e.Level
	if trigger == TriggerEnded || level == "" {
		level = a.Level
	}
	if trigger == TriggerRaised {
		level = alarm.High
	}
	msg := alarmFacts{trigger: trigger, kind: e.AlarmKind, level: level, value: e.Value, ts: e.TS}
	return n.deliver(t, now, d, a, msg, 0)
}

// SweepReminders sends the reminders that are due and escalates them. It returns how many it handled.
func (n *Notifier) SweepReminders(ctx context.Context) (int, error) {
	total := 0
	for {
		now := n.now()
		k, err := n.db.DueReminders(ctx, now.UnixMilli(), reminderBatch, func(t *store.SMSTx, r store.Reminder, d *store.SMSDevice, a *store.SMSAlarm) (*int64, error) {
			return n.onReminder(t, now, r, d, a)
		})
		total += k
		if err != nil || k < reminderBatch {
			return total, err
		}
	}
}

func (n *Notifier) onReminder(t *store.SMSTx, now time.Time, r store.Reminder, d *store.SMSDevice, a *store.SMSAlarm) (*int64, error) {
	// Acknowledged, ended or gone: no more reminders.
	if d == nil || a == nil || a.AckAt != nil || a.Status != alarm.StatusActive || !d.CompanyEnabled {
		return nil, nil
	}
	round := r.Sent + 1
	v := a.Value
	msg := alarmFacts{trigger: TriggerReminder, kind: a.Kind, level: a.Level, value: &v, ts: a.StartedAt, reminder: round}
	if err := n.deliver(t, now, d, a, msg, round); err != nil {
		return nil, err
	}
	if round >= n.cfg.Reminders {
		return nil, nil
	}
	next := now.Add(n.cfg.RemindAfter).UnixMilli()
	return &next, nil
}

// alarmFacts is what a message tells.
type alarmFacts struct {
	trigger     string
	kind, level string
	value       *float64
	ts          int64
	reminder    int
}

// deliver queues the message for every matching user: regular recipients, and at reminder round r the
// escalation contacts of levels 1..r. Throttled and capped messages are recorded, never sent.
func (n *Notifier) deliver(t *store.SMSTx, now time.Time, d *store.SMSDevice, a *store.SMSAlarm, f alarmFacts, round int) error {
	users, err := t.Users(d.CompanyID)
	if err != nil {
		return err
	}
	// The company's count for the daily cap (kept up to date as messages are queued) and the throttled
	// phones (a company's users have distinct phones) are read once per alarm fact.
	sentToday := -1
	var recentPhones map[string]bool
	urgent := f.kind == alarm.Gas && f.level == alarm.High && f.trigger != TriggerEnded
	for _, u := range users {
		if u.EscalationLevel > min(round, 3) || !Matches(u, d, f.kind, f.level, f.trigger) {
			continue
		}
		if !urgent && InQuietHours(u.QuietStart, u.QuietEnd, now.In(n.loc)) {
			continue
		}
		content, params := n.render(u.Language, d, f)
		raw, _ := json.Marshal(params)
		id := u.ID
		m := model.SMSMessage{CompanyID: d.CompanyID, SMSUserID: &id, UserName: u.Name, Phone: u.Phone, DeviceID: d.ID,
			DeviceName: d.Name, AlarmID: a.ID, AlarmKind: f.kind, Level: f.level, EventType: f.trigger, Reminder: f.reminder,
			Language: u.Language, Content: content, Params: string(raw), Provider: n.provider.Name(), Status: store.SMSPending,
			NextAttemptAt: now.UnixMilli(), CreatedAt: now.UnixMilli()}
		if group := throttleGroup(f.trigger); group != nil && n.cfg.Throttle > 0 {
			if recentPhones == nil {
				if recentPhones, err = t.PhonesSentSince(d.ID, f.kind, group, now.Add(-n.cfg.Throttle).UnixMilli()); err != nil {
					return err
				}
			}
			if recentPhones[u.Phone] {
				m.Status, m.Limit = store.SMSThrottled, int64(n.cfg.Throttle/time.Second)
				m.Error = fmt.Sprintf("an SMS for this device and alarm kind went to this phone within %s", n.cfg.Throttle)
			}
		}
		if m.Status == store.SMSPending && n.cfg.DailyCap > 0 {
			if sentToday < 0 {
				if sentToday, err = t.CountSince(d.CompanyID, startOfDay(now.In(n.loc)).UnixMilli()); err != nil {
					return err
				}
			}
			if sentToday >= n.cfg.DailyCap {
				m.Status, m.Limit = store.SMSCapped, int64(n.cfg.DailyCap)
				m.Error = fmt.Sprintf("the company's daily cap of %d SMS is reached", n.cfg.DailyCap)
			}
		}
		if err := t.Queue(m); err != nil {
			return err
		}
		if m.Status == store.SMSPending {
			sentToday++
		}
	}
	return nil
}

// throttleGroup lists the triggers a message is throttled against: a start against starts and raises, an
// end against ends. A rise to high and a reminder are never throttled (a rise is news; reminders have
// their own pace).
func throttleGroup(trigger string) []string {
	switch trigger {
	case TriggerStarted:
		return []string{TriggerStarted, TriggerRaised}
	case TriggerEnded:
		return []string{TriggerEnded}
	}
	return nil
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// SendDue sends the messages that are due, batch by batch, and records each outcome. It returns how many
// messages it tried.
func (n *Notifier) SendDue(ctx context.Context) (int, error) {
	total := 0
	for {
		now := n.now()
		batch, err := n.db.ClaimSMS(ctx, now.UnixMilli(), now.Add(sendLease).UnixMilli(), sendBatch)
		if err != nil {
			return total, err
		}
		for _, m := range batch {
			if err := n.send(ctx, m); err != nil {
				return total, err
			}
		}
		total += len(batch)
		if len(batch) < sendBatch {
			return total, nil
		}
	}
}

func (n *Notifier) send(ctx context.Context, m model.SMSMessage) error {
	var params map[string]string
	_ = json.Unmarshal([]byte(m.Params), &params)
	c, cancel := context.WithTimeout(ctx, sendTimeout)
	id, err := n.provider.Send(c, Message{ID: m.ID, Phone: m.Phone, Content: m.Content, Params: params, Language: m.Language,
		AlarmID: m.AlarmID, DeviceID: m.DeviceID, EventType: m.EventType, CreatedAt: m.CreatedAt})
	cancel()
	now := n.now()
	if err == nil {
		return n.db.FinishSMS(ctx, m.ID, store.SMSSent, n.provider.Name(), id, "", 0, now.UnixMilli())
	}
	text := err.Error()
	if len(text) > 500 {
		text = text[:500]
	}
	var perm *PermanentError
	if errors.As(err, &perm) || m.Attempts >= n.cfg.MaxAttempts {
		slog.Warn("SMS failed", "id", m.ID, "attempts", m.Attempts, "err", err)
		return n.db.FinishSMS(ctx, m.ID, store.SMSFailed, n.provider.Name(), "", text, 0, now.UnixMilli())
	}
	return n.db.FinishSMS(ctx, m.ID, store.SMSPending, n.provider.Name(), "", text, now.Add(Backoff(n.cfg.RetryBase, m.Attempts)).UnixMilli(), now.UnixMilli())
}

// Backoff is the wait after the given number of failed attempts: base, 2·base, 4·base, ... up to an hour.
func Backoff(base time.Duration, attempts int) time.Duration {
	d := base
	for i := 1; i < attempts && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}
