package validate

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
	"irgas/internal/ident"
)

// cleanText trims the spaces around every string of v that can be set, so that "required" refuses a
// blank text and what is stored carries no stray spaces, and returns the strings no database can store
// (NUL, invalid UTF-8) as field errors in lang. Secrets (fields validated as passwords) are kept as typed.
// Strings behind maps and interfaces cannot be set: they are checked, not trimmed.
func cleanText(lang i18n.Lang, v any) []apperr.FieldError {
	var bad []apperr.FieldError
	walkText(reflect.ValueOf(v), "", false, func(path string) {
		bad = append(bad, apperr.FieldError{Field: path, Msg: i18n.T(lang, "field.bad_text")})
	})
	return bad
}

func walkText(v reflect.Value, path string, keep bool, bad func(path string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkText(v.Elem(), path, keep, bad)
		}
	case reflect.String:
		switch s := v.String(); {
		case !ident.ValidText(s):
			bad(path)
		case !keep && v.CanSet():
			v.SetString(strings.TrimSpace(s))
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous { // embedded: its exported fields are promoted
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "": // promoted into the parent's object
				name = path
			default:
				name = joinPath(path, cmp.Or(name, f.Name))
			}
			walkText(v.Field(i), name, keep || isSecret(f), bad)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 { // bytes (json.RawMessage) are not text
			return
		}
		for i := range v.Len() {
			walkText(v.Index(i), fmt.Sprintf("%s[%d]", path, i), keep, bad)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			key := fmt.Sprint(it.Key().Interface())
			if !ident.ValidText(key) {
				bad(path)
				continue
			}
			walkText(it.Value(), joinPath(path, key), keep, bad)
		}
	}
}

// isSecret says whether a field holds a password, which must be stored (hashed) exactly as typed.
func isSecret(f reflect.StructField) bool {
	return slices.Contains(strings.Split(f.Tag.Get("validate"), ","), passwordTag)
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
