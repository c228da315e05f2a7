package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/model"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// sseEvent is one event as a browser's EventSource sees it.
type sseEvent struct {
	id, name string
	data     model.Event
}

// openFeed connects to /api/events and delivers its events on a channel until the test ends.
func openFeed(t *testing.T, e *apitest.Env, query string, header map[string]string) (<-chan sseEvent, int) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.URL+"/api/events"+query, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		res.Body.Close()
		return nil, res.StatusCode
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	out := make(chan sseEvent, 100)
	ready := make(chan string, 1)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				ev.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data)
			case line == "" && ev.name == "feed.ready":
				ready <- ev.id
				ev = sseEvent{}
			case line == "" && ev.name != "":
				out <- ev
				ev = sseEvent{}
			}
		}
	}()
	t.Cleanup(func() { res.Body.Close() })
	// The feed first says where it starts.
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("no feed.ready")
	}
	return out, 200
}

func next(t *testing.T, feed <-chan sseEvent) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-feed:
		if !ok {
			t.Fatal("the feed closed")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
		return sseEvent{}
	}
}

// A company's feed carries its devices' alarms as they happen and nobody else's; a reconnect with
// Last-Event-ID gets what it missed; the token may come in the query (EventSource) or the header.
func TestEventsAreCompanyScopedAndResume(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		_, ct, d := companyDevice(t, e, admin)
		createCompany(t, e, admin, 2, "b-admin")
		tb := e.Login("b-admin", "Admin-Pass-1")

		if _, status := openFeed(t, e, "", nil); status != 401 {
			t.Fatalf("a feed without a token: %d", status)
		}
		if _, status := openFeed(t, e, "?token=not-a-token", nil); status != 401 {
			t.Fatalf("a feed with a bad token: %d", status)
		}
		mine, _ := openFeed(t, e, "?token="+ct, nil)
		theirs, _ := openFeed(t, e, "", map[string]string{"Authorization": "Bearer " + tb})
		platform, _ := openFeed(t, e, "?token="+admin, nil)

		now := time.Now().UnixMilli()
		if r := ingest(e, d.IMEI, d.Secret, []map[string]any{{"ts": now - 2000, "ch4": 60}, {"ts": now - 1000, "ch4": 1}}); r.Code != 0 {
			t.Fatalf("ingest: %s", r.Raw)
		}
		started := next(t, mine)
		ended := next(t, mine)
		if started.name != "alarm.started" || started.data.DeviceID != d.ID || started.data.Level != "high" ||
			started.data.IMEI != d.IMEI || ended.name != "alarm.ended" || started.id == "" {
			t.Fatalf("company feed: %+v then %+v", started, ended)
		}
		if ev := next(t, platform); ev.name != "alarm.started" {
			t.Fatalf("platform feed: %+v", ev)
		}
		select {
		case ev := <-theirs:
			t.Fatalf("another company's feed got %+v", ev)
		case <-time.After(1500 * time.Millisecond):
		}

		// A reconnect after the first event gets the second one first.
		resumed, _ := openFeed(t, e, "", map[string]string{"Authorization": "Bearer " + ct, "Last-Event-ID": started.id})
		if ev := next(t, resumed); ev.name != "alarm.ended" || ev.id != ended.id {
			t.Fatalf("resumed feed: %+v", ev)
		}
	})
}

// A feed ends as soon as its caller may no longer see it: after the permission is taken away, or the user
// is moved to another company, the next alarm is not delivered; the feed says session.ended and closes.
func TestEventsStopWhenTheCallerLosesAccess(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.New(t, db)
		admin := e.Admin()
		c, ct, d := companyDevice(t, e, admin)
		other := createCompany(t, e, admin, 2, "b-admin")
		now := time.Now().UnixMilli()
		reading := func(t *testing.T, ch4 float64) {
			t.Helper()
			now += 1000
			if r := ingest(e, d.IMEI, d.Secret, map[string]any{"ts": now - 60_000, "ch4": ch4}); r.Code != 0 {
				t.Fatalf("ingest: %s", r.Raw)
			}
		}
		// afterLoss reads the feed to its end and fails on any event but session.ended.
		afterLoss := func(t *testing.T, feed <-chan sseEvent) {
			t.Helper()
			var ended bool
			timeout := time.After(10 * time.Second)
			for {
				select {
				case ev, ok := <-feed:
					switch {
					case !ok && ended:
						return
					case !ok:
						t.Fatal("the feed closed without session.ended")
					case ev.name == "session.ended" && !ended:
						ended = true
					default:
						t.Fatalf("delivered after access was lost: %+v", ev)
					}
				case <-timeout:
					t.Fatalf("the feed did not close (session.ended seen: %v)", ended)
				}
			}
		}

		for i, lose := range []struct {
			name string
			take func(t *testing.T, id int64)
		}{
			{"permission taken away", func(t *testing.T, id int64) {
				expect(t, e.Put(fmt.Sprintf("/api/users/change-permission/%d", id), ct,
					map[string]any{"roleIds": []int64{}, "permissions": []string{"UserManagement"}}), 200, 0)
			}},
			{"moved to another company", func(t *testing.T, id int64) {
				// No call moves a user; the database can.
				if _, err := db.SQL.Exec(db.Rebind("UPDATE users SET company_id = ? WHERE id = ?"), other.ID, id); err != nil {
					t.Fatal(err)
				}
			}},
		} {
			t.Run(lose.name, func(t *testing.T) {
				account := fmt.Sprintf("watcher%d", i)
				id := e.CreateUser(account, "Pass-12345", &c.ID, "DeviceManagement")
				feed, _ := openFeed(t, e, "?token="+e.Login(account, "Pass-12345"), nil)
				reading(t, 60)
				if ev := next(t, feed); ev.name != "alarm.started" {
					t.Fatalf("before: %+v", ev)
				}
				lose.take(t, id)
				reading(t, 1)
				afterLoss(t, feed)
			})
		}
	})
}
