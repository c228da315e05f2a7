package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
	"irgas/internal/validate"
)

// MaxJSONBody is the default limit of a JSON request body.
const MaxJSONBody = 1 << 20

// Decode reads the request body as one JSON value into dst, refusing unknown fields and invalid UTF-8, and
// validates it with the platform's rules in the request's language (trimming its text first, see
// validate.Check).
// It answers the failure itself and returns false when the body is unusable.
func Decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := decode(r, dst); err != nil {
		Fail(w, r, err)
		return false
	}
	if err := validate.Err(i18n.FromRequest(r), dst); err != nil {
		Fail(w, r, err)
		return false
	}
	return true
}

func decode(r *http.Request, dst any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return BodyError(err)
	}
	// The JSON decoder would silently replace invalid UTF-8 with U+FFFD, storing what was not sent.
	if !utf8.Valid(body) {
		return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_utf8")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err = dec.Decode(dst)
	if err == nil {
		// One value only: trailing data is a malformed body too.
		if _, extra := dec.Token(); extra != io.EOF {
			return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", "trailing data")
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var synErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return apperr.Validation(apperr.FieldError{Field: typeErr.Field, Key: "error.bad_json",
			Args: []any{fmt.Sprintf("%s: expected %s", typeErr.Field, typeErr.Type)}})
	case errors.As(err, &synErr), errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", err.Error())
	case errors.Is(err, io.EOF):
		return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", "empty body")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.unknown_field", field)
	default:
		return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", err.Error())
	}
}

// UploadError answers a failure reading a multipart upload: a body over limit (413; the multipart reader does
// not always keep the *http.MaxBytesError), one not sent in time (408), anything else the missing file.
func UploadError(err error, limit int64) error {
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr), strings.Contains(err.Error(), "too large"):
		return apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeTooLarge, "error.too_large", humanBytes(limit))
	case errors.Is(err, ErrBodyTimeout):
		return bodyTimeout()
	}
	return apperr.BadRequest("import.no_file")
}

// BodyError maps a failure reading a request body (over the limit: 413) to an API error.
func BodyError(err error) error {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeTooLarge, "error.too_large", humanBytes(maxErr.Limit))
	}
	if errors.Is(err, ErrBodyTimeout) {
		return bodyTimeout()
	}
	return apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", err.Error())
}

func humanBytes(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
