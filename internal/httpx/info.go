package httpx

import (
	"context"
	"net"
	"net/http"
	"strings"
)

// Info is what the layers of one request learn about it for the operation record: the auth middleware
// names the user, a sign-in names the account it tried, a handler names the record it touched.
type Info struct {
	UserID    *int64
	Account   string
	CompanyID *int64
	TargetID  string
}

type infoKey struct{}

// WithInfo returns a context carrying a fresh Info, and that Info.
func WithInfo(ctx context.Context) (context.Context, *Info) {
	in := &Info{}
	return context.WithValue(ctx, infoKey{}, in), in
}

// InfoFrom returns the request's Info; outside a recorded request it returns a throwaway one, so callers
// never check for nil.
func InfoFrom(ctx context.Context) *Info {
	if in, ok := ctx.Value(infoKey{}).(*Info); ok {
		return in
	}
	return &Info{}
}

// ClientIP is the caller's address: the connection's peer, or the first X-Forwarded-For address when the
// server is configured to sit behind a trusted proxy.
func ClientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			return strings.TrimSpace(first)
		}
		if xr := r.Header.Get("X-Real-IP"); xr != "" {
			return strings.TrimSpace(xr)
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
