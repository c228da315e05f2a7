// Package httpx implements the API conventions once for every resource: the envelope, errors with
// localized messages, strict JSON decoding (the body is then checked with internal/validate's rules), and
// the request-scoped information that the operation record reads.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
	"irgas/internal/store"
)

// Envelope is the body of every JSON answer.
type Envelope[T any] struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
	Data T      `json:"data"`
}

// ErrorBody is the body of every failure.
type ErrorBody struct {
	Code   int                 `json:"code"`
	Msg    string              `json:"msg"`
	Errors []apperr.FieldError `json:"errors,omitempty"`
	Data   any                 `json:"data,omitempty"`
}

// OK writes data in the success envelope.
func OK(w http.ResponseWriter, r *http.Request, data any) {
	writeJSON(w, http.StatusOK, Envelope[any]{Code: 0, Msg: "ok", Data: data})
}

// Fail writes err as a failure: its status, code and message in the request's language. Causes of
// server faults are logged, never sent.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	e := toAppErr(err)
	lang := i18n.FromRequest(r)
	if e.Status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "status", e.Status, "err", err)
	}
	body := ErrorBody{Code: e.Code, Msg: i18n.T(lang, e.Key, e.Args...), Data: e.Data}
	for _, f := range e.Fields {
		if f.Msg == "" {
			f.Msg = i18n.T(lang, f.Key, f.Args...)
		}
		body.Errors = append(body.Errors, f)
	}
	writeJSON(w, e.Status, body)
}

// toAppErr maps store errors and context cancellation to API errors.
func toAppErr(err error) *apperr.Error {
	var e *apperr.Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, store.ErrNotFound):
		return apperr.NotFound()
	case errors.Is(err, store.ErrConflict):
		return apperr.Conflict("error.conflict")
	case errors.Is(err, context.DeadlineExceeded):
		x := apperr.New(http.StatusServiceUnavailable, apperr.CodeUnavailable, "error.unavailable")
		x.Err = err
		return x
	default:
		return apperr.Internal(err)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
