package oplog

import (
	"strings"
	"testing"
)

func TestRedactBody(t *testing.T) {
	rows := []struct{ in, want string }{
		{`{"account":"a","password":"p","keyId":"k1"}`, `{"account":"a","keyId":"k1","password":"***"}`},
		{`{"user":{"newPassword":"x","token":"t","secret":"s"},"list":[{"apiKey":"z","key":"k"}]}`,
			`{"list":[{"apiKey":"***","key":"***"}],"user":{"newPassword":"***","secret":"***","token":"***"}}`},
		{`{"captchaCode":"1234","captchaId":"c"}`, `{"captchaCode":"***","captchaId":"***"}`},
		{`{"n":12345678901234567890}`, `{"n":12345678901234567890}`},
		{``, ``},
		{`not json`, `[body is not JSON; not kept]`},
	}
	for _, r := range rows {
		if got := RedactBody([]byte(r.in)); got != r.want {
			t.Errorf("RedactBody(%s) = %s, want %s", r.in, got, r.want)
		}
	}
}

func TestRedactBodyCutsLongBodies(t *testing.T) {
	got := RedactBody([]byte(`{"remark":"` + strings.Repeat("长", 3000) + `"}`))
	if len(got) > MaxBody || !strings.HasSuffix(got, "[cut]") {
		t.Fatalf("len %d, suffix %q", len(got), got[len(got)-10:])
	}
}
