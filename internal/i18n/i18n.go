// Package i18n holds the server's user-facing messages in zh-CN and en and picks the language of a request.
package i18n

import (
	"fmt"
	"net/http"

	"golang.org/x/text/language"
)

// Lang is a supported language tag as the API and the console spell it.
type Lang string

// The languages the platform speaks. zh-CN is the default.
const (
	ZH Lang = "zh-CN"
	EN Lang = "en"
)

var matcher = language.NewMatcher([]language.Tag{language.SimplifiedChinese, language.English})

// FromRequest picks zh-CN or en from the Accept-Language header; anything else falls back to zh-CN.
func FromRequest(r *http.Request) Lang {
	return Parse(r.Header.Get("Accept-Language"))
}

// Parse reads an Accept-Language value.
func Parse(header string) Lang {
	if header == "" {
		return ZH
	}
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return ZH
	}
	_, idx, conf := matcher.Match(tags...)
	if conf == language.No {
		return ZH
	}
	if idx == 1 {
		return EN
	}
	return ZH
}

// T returns the message for key in lang, formatted with args. An unknown key is returned as is, so a
// missing translation shows up plainly instead of as an empty message.
func T(lang Lang, key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	text := m.zh
	if lang == EN {
		text = m.en
	}
	if len(args) > 0 {
		return fmt.Sprintf(text, args...)
	}
	return text
}

type message struct{ zh, en string }
