package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-playground/locales/en"
	"github.com/go-playground/locales/zh"
	ut "github.com/go-playground/universal-translator"
	"github.com/go-playground/validator/v10"
	entrans "github.com/go-playground/validator/v10/translations/en"
	zhtrans "github.com/go-playground/validator/v10/translations/zh"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
	"irgas/internal/ident"
)

// MaxJSONBody is the default limit of a JSON request body.
const MaxJSONBody = 1 << 20

var (
	validate    = validator.New(validator.WithRequiredStructEnabled())
	translators = map[i18n.Lang]ut.Translator{}
)

func init() {
	// Field names in errors are the JSON names clients send.
	validate.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	uni := ut.New(zh.New(), zh.New(), en.New())
	zt, _ := uni.GetTranslator("zh")
	et, _ := uni.GetTranslator("en")
	if err := zhtrans.RegisterDefaultTranslations(validate, zt); err != nil {
		panic(err)
	}
	if err := entrans.RegisterDefaultTranslations(validate, et); err != nil {
		panic(err)
	}
	translators[i18n.ZH] = zt
	translators[i18n.EN] = et
	registerRules(map[i18n.Lang]ut.Translator{i18n.ZH: zt, i18n.EN: et})
}

// rule is a validation tag of the platform's own, with its message in each language.
type rule struct {
	tag    string
	check  func(string) bool
	zh, en string
}

var rules = []rule{
	{"creditcode", ident.ValidCreditCode, "{0}不是有效的统一社会信用代码", "{0} is not a valid unified social credit code"},
	{"phone", ident.ValidPhone, "{0}不是有效的电话号码", "{0} is not a valid phone number"},
	{"mobile", ident.ValidMobile, "{0}不是有效的手机号码", "{0} is not a valid mobile number"},
	{"password", ident.ValidPassword, "{0}须为 8 到 64 位，且同时包含字母和数字", "{0} must be 8 to 64 characters with letters and digits"},
	{"imei", ident.ValidIMEI, "{0}须为 15 位数字且校验位正确", "{0} must be 15 digits with a valid check digit"},
	{"iccid", ident.ValidICCID, "{0}不是有效的 SIM 卡 ICCID", "{0} is not a valid SIM ICCID"},
	{"account", ident.ValidAccount, "{0}须为 4 到 32 位字母、数字、_、. 或 -", "{0} must be 4 to 32 letters, digits, _, . or -"},
}

func registerRules(trans map[i18n.Lang]ut.Translator) {
	for _, r := range rules {
		check := r.check
		if err := validate.RegisterValidation(r.tag, func(fl validator.FieldLevel) bool {
			return check(fl.Field().String())
		}); err != nil {
			panic(err)
		}
		for lang, text := range map[i18n.Lang]string{i18n.ZH: r.zh, i18n.EN: r.en} {
			tr, text, tag := trans[lang], text, r.tag
			err := validate.RegisterTranslation(tag, tr, func(ut ut.Translator) error {
				return ut.Add(tag, text, true)
			}, func(ut ut.Translator, fe validator.FieldError) string {
				msg, _ := ut.T(tag, fe.Field())
				return msg
			})
			if err != nil {
				panic(err)
			}
		}
	}
}

// Decode reads the request body as one JSON value into dst, refusing unknown fields and invalid UTF-8, and
// validates it (trimming its text first, see Check).
// It answers the failure itself and returns false when the body is unusable.
func Decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := decode(r, dst); err != nil {
		Fail(w, r, err)
		return false
	}
	if err := Validate(r, dst); err != nil {
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

// Validate checks v's `validate` tags and answers every failing field in the request's language.
func Validate(r *http.Request, v any) error {
	if fields := Check(i18n.FromRequest(r), v); len(fields) > 0 {
		return apperr.Validation(fields...)
	}
	return nil
}

// Check trims the text of v (see cleanText) and returns the fields of v that hold text no database can
// store or fail their `validate` tags, with messages in lang (imports check every row with the same rules
// as the API). v may be a slice (of device messages); only structs have tags.
func Check(lang i18n.Lang, v any) []apperr.FieldError {
	fields := cleanText(lang, v)
	if reflect.Indirect(reflect.ValueOf(v)).Kind() != reflect.Struct {
		return fields
	}
	err := validate.Struct(v)
	var verrs validator.ValidationErrors
	if err == nil || !errors.As(err, &verrs) {
		return fields
	}
	tr := translators[lang]
	for _, fe := range verrs {
		path := jsonPath(fe.Namespace())
		if !slices.ContainsFunc(fields, func(f apperr.FieldError) bool { return f.Field == path }) {
			fields = append(fields, apperr.FieldError{Field: path, Msg: fe.Translate(tr)})
		}
	}
	return fields
}

// jsonPath turns a validator namespace into the field's path as the client sent it: without the root
// type and without embedded structs, which carry their Go type name (JSON names are camelCase, so a
// capitalized segment is never one): "CreateInput.Fields.creditCode" becomes "creditCode".
func jsonPath(ns string) string {
	parts := strings.Split(ns, ".")[1:]
	out := parts[:0]
	for _, p := range parts {
		if p != "" && (p[0] < 'A' || p[0] > 'Z') {
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}

func humanBytes(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
