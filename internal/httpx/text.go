package httpx

import (
	"net/http"
	"slices"

	"irgas/internal/apperr"
	"irgas/internal/ident"
)

// storedHeaders are the headers whose values the server stores (sessions, sign-in attempts, the operation
// record).
var storedHeaders = []string{"User-Agent", "X-Forwarded-For", "X-Real-IP"}

// CheckRequest refuses a request whose path, query or stored headers hold text no database can store (NUL,
// invalid UTF-8): handlers pass path and query values to queries, and sessions and the operation record
// store the path and those headers.
func CheckRequest(r *http.Request) error {
	if !ident.ValidText(r.URL.Path) {
		return apperr.BadRequest("query.bad_path")
	}
	for key, vs := range r.URL.Query() {
		if !ident.ValidText(key) || slices.ContainsFunc(vs, unstorable) {
			return apperr.BadRequest("query.bad_text", key)
		}
	}
	for _, h := range storedHeaders {
		if slices.ContainsFunc(r.Header.Values(h), unstorable) {
			return apperr.BadRequest("query.bad_header", h)
		}
	}
	return nil
}

func unstorable(s string) bool { return !ident.ValidText(s) }
