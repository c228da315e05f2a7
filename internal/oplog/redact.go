package oplog

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// MaxBody is how much of a redacted request body a record keeps.
const MaxBody = 4096

// Redacted is what replaces a secret value.
const Redacted = "***"

// isSecret says whether a JSON key names a secret: passwords, keys, secrets, tokens and captchas.
// "keyId" names a key but is not one.
func isSecret(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "password") || strings.Contains(k, "secret") || strings.Contains(k, "token") ||
		strings.Contains(k, "captcha") || k == "key" || strings.HasSuffix(k, "key") || strings.HasSuffix(k, "_key")
}

// RedactBody returns body with every secret value replaced, compacted and cut to MaxBody. A body that is
// not JSON is not kept (it could be anything); an empty one stays empty.
func RedactBody(body []byte) string {
	if len(bytes.TrimSpace(body)) == 0 {
		return ""
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "[body is not JSON; not kept]"
	}
	out, err := json.Marshal(redact(v))
	if err != nil {
		return "[body not kept]"
	}
	return cut(string(out), MaxBody)
}

func redact(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if isSecret(k) {
				x[k] = Redacted
			} else {
				x[k] = redact(val)
			}
		}
		return x
	case []any:
		for i := range x {
			x[i] = redact(x[i])
		}
		return x
	default:
		return v
	}
}

// cut shortens s to at most n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const mark = "…[cut]"
	n -= len(mark)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + mark
}
