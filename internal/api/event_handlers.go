package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// Live feed timing: how often a feed looks for new events, keeps the connection alive, and checks that its
// session still holds.
const (
	eventPoll      = time.Second
	eventKeepAlive = 15 * time.Second
	eventRecheck   = time.Minute
	eventBatch     = 500
)

func (a *API) eventRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/events", Summary: "Live feed (server-sent events): alarm.started, alarm.raised, alarm.ended, " +
			"device.offline, device.online, company-scoped; resumes after Last-Event-ID; the token may come as ?token=",
			Perm: permission.DeviceManagement, NoRecord: true, Stream: true, Endpoint: httpx.Raw(a.events)},
	}
}

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
	h.Set("Content-Type", "text/event-stream")
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
			// A session that was signed out, reset or disabled ends its feed too.
			step, cancel := store.Bounded(ctx)
			_, err := a.Auth.Authenticate(step, tokenOf(r))
			cancel()
			if err != nil {
				fmt.Fprint(w, "event: session.ended\ndata: {}\n\n")
				_ = rc.Flush()
				return
			}
			continue
		case <-poll.C:
			step, cancel := store.Bounded(ctx)
			events, err := a.DB.LiveEventsAfter(step, actor.Scope(), cursor, eventBatch)
			cancel()
			if err != nil {
				continue // the next poll tries again
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

// eventName is the SSE event name: a device going offline or coming back is told as such.
func eventName(e store.Event) string {
	if e.AlarmKind == "offline" {
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
