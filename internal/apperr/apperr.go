// Package apperr is the typed error every layer returns and the HTTP layer turns into a status, a numeric
// code and a localized message. Services never write HTTP; handlers never invent statuses.
package apperr

import (
	"fmt"
	"net/http"
)

// FieldError names one invalid input field (or spreadsheet row) and why.
type FieldError struct {
	Row   int    `json:"row,omitempty"`
	Field string `json:"field"`
	Msg   string `json:"msg"`
	// Key and Args localize Msg when it is empty.
	Key  string `json:"-"`
	Args []any  `json:"-"`
}

// Error is an error with an HTTP status, an API code and a message key (see internal/i18n).
type Error struct {
	Status int
	Code   int
	Key    string
	Args   []any
	Fields []FieldError
	// Data is sent as the envelope's data on failure (e.g. {captchaRequired: true}).
	Data any
	// Err is the cause, logged but never sent.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s (%d): %v", e.Key, e.Code, e.Err)
	}
	return fmt.Sprintf("%s (%d)", e.Key, e.Code)
}

func (e *Error) Unwrap() error { return e.Err }

// WithData returns a copy of e that carries data in the failure envelope.
func (e *Error) WithData(data any) *Error {
	c := *e
	c.Data = data
	return &c
}

// API codes: the HTTP status times 100 plus a number within it.
const (
	CodeBadRequest       = 40000
	CodeBadJSON          = 40001
	CodeLoginKey         = 40010
	CodeNotEncrypted     = 40011
	CodeCaptcha          = 40012
	CodeUnauthorized     = 40100
	CodeBadCredentials   = 40101
	CodeForbidden        = 40300
	CodeEscalation       = 40301
	CodeDisabled         = 40302
	CodeNotFound         = 40400
	CodeRouteNotFound    = 40401
	CodeMethodNotAllowed = 40500
	CodeBodyTimeout      = 40800
	CodeConflict         = 40900
	CodeTooLarge         = 41300
	CodeValidation       = 42200
	CodeTooManyAttempts  = 42900
	CodeRateLimited      = 42901
	CodeInternal         = 50000
	CodeUnavailable      = 50300
)

// New makes an error of the given status, code and message key.
func New(status, code int, key string, args ...any) *Error {
	return &Error{Status: status, Code: code, Key: key, Args: args}
}

// BadRequest is a 400 for input that does not parse.
func BadRequest(key string, args ...any) *Error {
	return New(http.StatusBadRequest, CodeBadRequest, key, args...)
}

// Unauthorized is a 401: no, unknown, expired or revoked token.
func Unauthorized() *Error {
	return New(http.StatusUnauthorized, CodeUnauthorized, "error.unauthorized")
}

// Forbidden is a 403: authenticated but lacking the permission.
func Forbidden() *Error { return New(http.StatusForbidden, CodeForbidden, "error.forbidden") }

// NotFound is a 404. A record of another company is answered with it too.
func NotFound() *Error { return New(http.StatusNotFound, CodeNotFound, "error.not_found") }

// Conflict is a 409 with a specific message.
func Conflict(key string, args ...any) *Error {
	return New(http.StatusConflict, CodeConflict, key, args...)
}

// Validation is a 422 listing the invalid fields.
func Validation(fields ...FieldError) *Error {
	e := New(http.StatusUnprocessableEntity, CodeValidation, "error.validation")
	e.Fields = fields
	return e
}

// Field builds a FieldError whose message is localized from key.
func Field(field, key string, args ...any) FieldError {
	return FieldError{Field: field, Key: key, Args: args}
}

// Internal wraps an unexpected error as a 500; the cause is logged, never sent.
func Internal(err error) *Error {
	e := New(http.StatusInternalServerError, CodeInternal, "error.internal")
	e.Err = err
	return e
}
