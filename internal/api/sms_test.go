package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/config"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

type smsUserPage struct {
	List  []model.SMSUser `json:"list"`
	Total int64           `json:"total"`
}

type smsLogPage struct {
	List  []model.SMSMessage `json:"list"`
	Total int64              `json:"total"`
}

// runNotifier does one round of the notifier's work on the test server's database, at now.
func runNotifier(t *testing.T, e *apitest.Env, now time.Time) {
	t.Helper()
	n, err := notify.New(e.DB, config.SMS{})
	if err != nil {
		t.Fatal(err)
	}
	n.Now = func() time.Time { return now }
	ctx := context.Background()
	for _, step := range []func(context.Context) (int, error){n.ProcessEvents, n.SweepReminders, n.SendDue} {
		if _, err := step(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// smsUserOfB makes a notification user of company B (token tb) and notifies B's pending alarm events, so
// that B's send log is not empty.
func smsUserOfB(t *testing.T, e *apitest.Env, tb string) int64 {
	t.Helper()
	u := created[model.SMSUser](t, e, tb, "/api/smsUser", map[string]any{"name": "B duty", "phone": "13900000001"})
	runNotifier(t, e, time.Now())
	var p smsLogPage
	e.Get("/api/smsSendLog", tb).Into(t, &p)
	if p.Total == 0 {
		t.Fatal("B has no message to attack")
	}
	return u.ID
}

func TestSMSUsersCreateReadUpdateDelete(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c, ct, d := companyDevice(t, e, admin)

		u := created[model.SMSUser](t, e, ct, "/api/smsUser", map[string]any{"name": " 值班员 ", "phone": "13800138000", "remark": "夜班"})
		if u.CompanyID != c.ID || u.Name != "值班员" || strings.Join(u.AlarmKinds, ",") != "gas,lowBattery,fault,offline" ||
			u.Scope != "all" || u.GasMinLevel != "low" || u.Language != "zh-CN" || u.Status != 1 || u.NotifyOnEnd || u.EscalationLevel != 0 {
			t.Fatalf("defaults: %+v", u)
		}
		// Platform users name the company; the same phone twice in a company is a conflict.
		expect(t, e.Post("/api/smsUser", admin, map[string]any{"name": "x", "phone": "13800138000", "companyId": c.ID}), 409, 40900)
		v := created[model.SMSUser](t, e, admin, "/api/smsUser", map[string]any{"name": "主管", "phone": "13800138001",
			"companyId": c.ID, "alarmKinds": []string{"gas", "offline"}, "gasMinLevel": "high", "scope": "regions",
			"regionCodes": []string{"330100"}, "quietStart": "22:00", "quietEnd": "07:00", "notifyOnEnd": true,
			"escalationLevel": 2, "language": "en"})
		if strings.Join(v.AlarmKinds, ",") != "gas,offline" || v.RegionCodes[0] != "330100" || v.QuietStart != "22:00" ||
			v.EscalationLevel != 2 || v.Language != "en" || !v.NotifyOnEnd || v.CompanyName != c.Name {
			t.Fatalf("created: %+v", v)
		}

		r := e.Put(fmt.Sprintf("/api/smsUser/%d", u.ID), ct, map[string]any{"name": "值班员", "phone": "13800138000",
			"scope": "devices", "deviceIds": []int64{d.ID, d.ID}})
		expect(t, r, 200, 0)
		r.Into(t, &u)
		if len(u.DeviceIDs) != 1 || u.DeviceIDs[0] != d.ID || u.Devices[0].Name != d.Name || u.Devices[0].IMEI != d.IMEI {
			t.Fatalf("devices: %+v", u)
		}
		var opts []model.DeviceOption
		e.Get("/api/smsUser/device-options?q="+d.IMEI[9:], ct).Into(t, &opts)
		if len(opts) != 1 || opts[0].ID != d.ID || opts[0].CompanyID != c.ID {
			t.Fatalf("device options: %+v", opts)
		}
		e.Get(fmt.Sprintf("/api/smsUser/device-options?companyId=%d", c.ID+1), admin).Into(t, &opts)
		if len(opts) != 0 {
			t.Fatalf("another company's options: %+v", opts)
		}
		expect(t, e.Get("/api/smsUser/device-options?companyId=x", ct), 400, 40000)
		var got model.SMSUser
		e.Get(fmt.Sprintf("/api/smsUser/%d", u.ID), ct).Into(t, &got)
		if got.Scope != "devices" || len(got.Devices) != 1 {
			t.Fatalf("read: %+v", got)
		}

		var p smsUserPage
		e.Get("/api/smsUser?phone=13800138001", ct).Into(t, &p)
		if p.Total != 1 || p.List[0].ID != v.ID {
			t.Fatalf("phone filter: %+v", p)
		}
		e.Get(fmt.Sprintf("/api/smsUser?deviceId=%d&sort=name", d.ID), ct).Into(t, &p)
		if p.Total != 1 || p.List[0].ID != u.ID || len(p.List[0].Devices) != 1 {
			t.Fatalf("device filter: %+v", p)
		}
		r = e.Do(apitest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/smsUser/%d", u.ID), Token: ct, Body: map[string]any{"status": 0}})
		expect(t, r, 200, 0)
		e.Get("/api/smsUser?status=0", ct).Into(t, &p)
		if p.Total != 1 || p.List[0].Status != 0 {
			t.Fatalf("status: %+v", p)
		}
		expect(t, e.Delete(fmt.Sprintf("/api/smsUser/%d", u.ID), ct), 200, 0)
		expect(t, e.Get(fmt.Sprintf("/api/smsUser/%d", u.ID), ct), 404, 40400)
		// A deleted device leaves the users that chose it.
		e.Get("/api/smsUser", ct).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("after delete: %+v", p)
		}
	})
}

func TestSMSUserValidation(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c, ct, _ := companyDevice(t, e, admin)
		other := createCompany(t, e, admin, 2, "o-admin")
		od := createDevice(t, e, e.Login("o-admin", "Admin-Pass-1"), deviceBody(apitest.IMEI(2), createDeviceType(t, e, admin, deviceTypeBody("GT-200")).ID))
		_ = other
		rows := []struct {
			token string
			body  map[string]any
			field string
		}{
			{ct, map[string]any{"name": "a", "phone": "12345"}, "phone"},
			{ct, map[string]any{"name": "a", "phone": "0571-88886666"}, "phone"}, // a landline gets no SMS
			{ct, map[string]any{"phone": "13800138000"}, "name"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "alarmKinds": []string{"smoke"}}, "alarmKinds[0]"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "scope": "devices"}, "deviceIds"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "scope": "devices", "deviceIds": []int64{od.ID}}, "deviceIds"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "scope": "regions", "regionCodes": []string{"999999"}}, "regionCodes"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "quietStart": "22:00"}, "quietEnd"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "quietStart": "25:00", "quietEnd": "07:00"}, "quietStart"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "escalationLevel": 4}, "escalationLevel"},
			{ct, map[string]any{"name": "a", "phone": "13800138000", "language": "fr"}, "language"},
			{admin, map[string]any{"name": "a", "phone": "13800138000"}, "companyId"},
			{admin, map[string]any{"name": "a", "phone": "13800138000", "companyId": 9999}, "companyId"},
		}
		for _, row := range rows {
			r := e.Do(apitest.Req{Method: "POST", Path: "/api/smsUser", Token: row.token, Body: row.body, Lang: "en"})
			expect(t, r, 422, 42200)
			if len(r.Errors) == 0 || r.Errors[0].Field != row.field || r.Errors[0].Msg == "" {
				t.Fatalf("%v: want an error on %s, got %s", row.body, row.field, r.Raw)
			}
		}
		var p smsUserPage
		e.Get(fmt.Sprintf("/api/smsUser?companyId=%d", c.ID), admin).Into(t, &p)
		if p.Total != 0 {
			t.Fatalf("refused bodies created users: %+v", p)
		}
		// A bad update changes nothing.
		u := created[model.SMSUser](t, e, ct, "/api/smsUser", map[string]any{"name": "a", "phone": "13800138000"})
		r := e.Put(fmt.Sprintf("/api/smsUser/%d", u.ID), ct, map[string]any{"name": "b", "phone": "1380013800x"})
		expect(t, r, 422, 42200)
		var after model.SMSUser
		e.Get(fmt.Sprintf("/api/smsUser/%d", u.ID), ct).Into(t, &after)
		if after.Name != "a" || after.Phone != "13800138000" {
			t.Fatalf("a refused update changed the user: %+v", after)
		}
		expect(t, e.Get("/api/smsSendLog?status=sent&createdAt=$gte:abc", ct), 400, 40000)
	})
}

// An alarm through the HTTP ingest reaches a notification user; the send log shows it, with filters; an
// acknowledgement through the API stops the reminders.
func TestSMSSendLogAndAcknowledgement(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		u := created[model.SMSUser](t, e, ct, "/api/smsUser", map[string]any{"name": "值班员", "phone": "13800138000"})
		expect(t, ingest(e, d.IMEI, d.Secret, []map[string]any{{"ts": time.Now().UnixMilli(), "ch4": 60}}), 200, 0)
		now := time.Now()
		runNotifier(t, e, now)

		var p smsLogPage
		e.Get("/api/smsSendLog?phone=138001&status=sent", ct).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("send log: %+v", p)
		}
		m := p.List[0]
		if m.SMSUserID == nil || *m.SMSUserID != u.ID || m.DeviceID != d.ID || m.DeviceName != d.Name || m.AlarmKind != "gas" ||
			m.Level != "high" || m.Provider != "log" || m.ProviderMsgID == "" || m.Attempts != 1 || m.SentAt == nil ||
			!strings.Contains(m.Content, "甲烷高报") || !strings.Contains(m.Content, "60.0%LEL") {
			t.Fatalf("message: %+v", m)
		}
		for _, q := range []string{fmt.Sprintf("smsUserId=%d", u.ID), fmt.Sprintf("deviceId=%d", d.ID), fmt.Sprintf("alarmId=%d", m.AlarmID),
			fmt.Sprintf("createdAt=$gte:%d&createdAt=$lte:%d", m.CreatedAt, m.CreatedAt), "eventType=started"} {
			e.Get("/api/smsSendLog?"+q, ct).Into(t, &p)
			if p.Total != 1 {
				t.Fatalf("%s: %+v", q, p)
			}
		}
		for _, q := range []string{"status=failed", "phone=139", fmt.Sprintf("alarmId=%d", m.AlarmID+1)} {
			e.Get("/api/smsSendLog?"+q, ct).Into(t, &p)
			if p.Total != 0 {
				t.Fatalf("%s: %+v", q, p)
			}
		}
		r := e.Do(apitest.Req{Method: "GET", Path: "/api/smsSendLog/export?status=sent", Token: ct, Lang: "en"})
		if r.Status != 200 {
			t.Fatalf("export: %d %s", r.Status, r.Raw)
		}
		sheet := readSheet(t, r.Raw)
		if len(sheet) != 2 || sheet[0][2] != "Phone" || sheet[1][2] != "13800138000" || sheet[1][8] != "sent" {
			t.Fatalf("export: %v", sheet)
		}
		// Not acknowledged after 15 minutes: a reminder. Acknowledged: no more.
		runNotifier(t, e, now.Add(16*time.Minute))
		e.Get("/api/smsSendLog?eventType=reminder", ct).Into(t, &p)
		if p.Total != 1 || p.List[0].Reminder != 1 {
			t.Fatalf("first reminder: %+v", p)
		}
		expect(t, e.Put(fmt.Sprintf("/api/alarmLog/%d/ack", m.AlarmID), ct, nil), 200, 0)
		runNotifier(t, e, now.Add(32*time.Minute))
		runNotifier(t, e, now.Add(48*time.Minute))
		e.Get("/api/smsSendLog?eventType=reminder", ct).Into(t, &p)
		if p.Total != 1 {
			t.Fatalf("reminders after the acknowledgement: %+v", p)
		}
		var alarm model.Alarm
		e.Get(fmt.Sprintf("/api/alarmLog/%d", m.AlarmID), ct).Into(t, &alarm)
		if alarm.AckAt == nil {
			t.Fatal("not acknowledged")
		}
	})
}
