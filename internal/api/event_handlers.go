package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"irgas/internal/alarm"
	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// Live feed timing: how often a feed looks for new events, keeps the connection alive, and checks that its
// caller may still have it when no event comes.
const (
	eventPoll      = time.Second
	eventKeepAlive = 15 * time.Second
	eventRecheck   = time.Minute
	eventBatch     = 500
)

// eventStream is the live feed's media type.
const eventStream = "text/event-stream"

// eventsPerm is the live feed's permission (either code), checked at the start and again while it runs: the
// device pages and the Alarm Center both show it.
const eventsPerm = permission.DeviceManagement + "|" + permission.AlarmManagement

func (a *API) eventRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/events", Summary: "Live feed (server-sent events): alarm.started, alarm.raised, alarm.ended, " +
			"device.offline, device.online, company-scoped; resumes after Last-Event-ID; the token may come as ?token=",
			Perm: eventsPerm, NoRecord: true, Stream: true, Produces: []string{eventStream}, Endpoint: httpx.Raw(a.events)},
	}
}

// feedAccess is what a recheck of a running feed finds.
type feedAccess int

const (
	feedAllowed feedAccess = iota
	feedEnded              // signed out, reset, disabled, the permission or the company changed
	feedUnknown            // the database did not answer: deliver nothing now, try again later
)

// recheck reads the caller's session and permissions as they are now: the feed goes on only while the token
// holds, the caller still holds the feed's permission, and its company (the feed's scope) is the same.
func (a *API) recheck(ctx context.Context, r *http.Request, was *auth.Actor) feedAccess {
	step, cancel := store.Bounded(ctx)
	defer cancel()
	now, err := a.Auth.Authenticate(step, tokenOf(r))
	var e *apperr.Error
	switch {
	case errors.As(err, &e) && e.Status == http.StatusUnauthorized:
		return feedEnded
	case err != nil:
		return feedUnknown
	case !allowed(now, strings.Split(eventsPerm, "|"), false) || !sameCompany(now.CompanyID, was.CompanyID):
		return feedEnded
	}
	return feedAllowed
}

func sameCompany(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// events streams the caller's company's events as they are recorded. A reconnecting EventSource sends the
// last id it saw (Last-Event-ID) and gets everything after it first, so a network drop loses nothing that is
// still kept (store.EventKeep).
func (a *API) events(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	actor := auth.ActorFrom(ctx)
	cursor, ok := lastEventID(r)
	if !ok {
		step, cancel := store.Bounded(ctx)
		last, err := a.DB.LastEventID(step)
		cancel()
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		cursor = last
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", eventStream)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	// feed.ready carries where the feed starts, so that a client that reconnects before any event resumes
	// from here rather than from whatever is newest by then.
	fmt.Fprintf(w, "retry: 3000\nid: %d\nevent: feed.ready\ndata: {\"lastEventId\":%d}\n\n", cursor, cursor)
	if rc.Flush() != nil {
		return
	}

	poll, alive, recheck := time.NewTicker(eventPoll), time.NewTicker(eventKeepAlive), time.NewTicker(eventRecheck)
	defer poll.Stop()
	defer alive.Stop()
	defer recheck.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-alive.C:
			fmt.Fprint(w, ": keep-alive\n\n")
		case <-recheck.C:
			// A session that was signed out, reset or disabled, or that lost the permission, ends its feed
			// even when no event comes.
			if a.recheck(ctx, r, actor) == feedEnded {
				endFeed(w, rc)
				return
			}
			continue
		case <-poll.C:
			step, cancel := store.Bounded(ctx)
			events, err := a.DB.LiveEventsAfter(step, actor.Scope(), cursor, eventBatch)
			cancel()
			if err != nil || len(events) == 0 {
				continue // the next poll tries again
			}
			// Events go out only to a caller who may see them now, not as of when the feed opened.
			switch a.recheck(ctx, r, actor) {
			case feedEnded:
				endFeed(w, rc)
				return
			case feedUnknown:
				continue
			}
			for _, e := range events {
				data, _ := json.Marshal(e)
				fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", e.ID, eventName(e), data)
				cursor = e.ID
			}
		}
		if rc.Flush() != nil {
			return
		}
	}
}

// endFeed tells the client that its feed is over for good (an EventSource would otherwise reconnect).
func endFeed(w http.ResponseWriter, rc *http.ResponseController) {
	fmt.Fprint(w, "event: session.ended\ndata: {}\n\n")
	_ = rc.Flush()
}

// eventName is the SSE event name: a device going offline or coming back is told as such.
func eventName(e model.Event) string {
	if e.AlarmKind == alarm.Offline {
		switch e.Type {
		case store.EventAlarmStarted:
			return "device.offline"
		case store.EventAlarmEnded:
			return "device.online"
		}
	}
	return e.Type
}

// lastEventID reads where a reconnecting feed resumes: the Last-Event-ID header, or ?lastEventId=.
func lastEventID(r *http.Request) (int64, bool) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("lastEventId")
	}
	id, err := strconv.ParseInt(v, 10, 64)
	return id, err == nil && id >= 0
}

// tokenOf is the bearer token, or for a stream the ?token= an EventSource must use.
func tokenOf(r *http.Request) string {
	if t := bearer(r); t != "" {
		return t
	}
	return r.URL.Query().Get("token")
}
