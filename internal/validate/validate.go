// Package validate holds the platform's input rules, once for every way data comes in: the API's request
// bodies, the spreadsheet imports, the `irgas user` commands and the first administrator at start-up. It is
// the struct-tag validator (`validate:"..."`) with the platform's own rules (account names, password
// strength, phone numbers, IMEIs...), the trimming and storability check of text, and the mapping of what
// fails to field errors with messages in a language. Answering HTTP is internal/httpx's.
package validate

import (
	"errors"
	"reflect"
	"slices"
	"strings"

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

// passwordTag is the rule of passwords, whose fields are kept as typed (see cleanText).
const passwordTag = "password"

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
	{passwordTag, ident.ValidPassword, "{0}须为 8 到 64 位，且同时包含字母和数字", "{0} must be 8 to 64 characters with letters and digits"},
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

// Check trims the text of v (see cleanText) and returns the fields of v that hold text no database can
// store or fail their `validate` tags, with messages in lang. v may be a slice (of device messages); only
// structs have tags. Field names are the JSON names, as the client sent them.
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

// Err is Check as an error: the validation failure (422) listing every failing field, or nil.
func Err(lang i18n.Lang, v any) error {
	if fields := Check(lang, v); len(fields) > 0 {
		return apperr.Validation(fields...)
	}
	return nil
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
