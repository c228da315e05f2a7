package richtext

import (
	"strings"
	"testing"
)

// Known XSS payloads (OWASP's filter evasion cheat sheet and common variants): none may keep a script,
// an event handler or a javascript: URL.
var payloads = []string{
	`<script>alert(1)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<img src="javascript:alert(1)">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	`<svg onload=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<body onload=alert(1)>`,
	`<div style="background:url(javascript:alert(1))">x</div>`,
	`<p style="text-align:center;background:url(javascript:alert(1))">x</p>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="javascript:alert(1)">`,
	`<form action="javascript:alert(1)"><input type=submit></form>`,
	`<details open ontoggle=alert(1)>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
	`<<SCRIPT>alert("XSS");//<</SCRIPT>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="javascript:alert(1)//">`,
	`<link rel=stylesheet href="javascript:alert(1)">`,
	`<style>@import 'javascript:alert(1)';</style>`,
}

func TestSanitizeRemovesEveryPayload(t *testing.T) {
	for _, p := range payloads {
		out := strings.ToLower(Sanitize(p))
		for _, bad := range []string{"<script", "onerror", "onload", "ontoggle", "javascript:", "<iframe", "<object",
			"<embed", "<svg", "<style", "<meta", "<base", "<link", "<form", "data:text/html"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s\n  left %q in %q", p, bad, out)
			}
		}
	}
}

func TestSanitizeKeepsTheEditorsFormatting(t *testing.T) {
	in := `<h2>量程</h2><p style="text-align:center">0–100 <strong>%LEL</strong> <em>红外</em></p>` +
		`<ul><li>NB-IoT</li></ul><a href="https://example.com/manual.pdf">手册</a><img src="/api/files/3" alt="外观">`
	out := Sanitize(in)
	for _, keep := range []string{"<h2>量程</h2>", `style="text-align:center"`, "<strong>%LEL</strong>", "<li>NB-IoT</li>",
		`href="https://example.com/manual.pdf"`, `rel="nofollow noreferrer noopener"`, `<img src="/api/files/3" alt="外观">`} {
		if !strings.Contains(out, keep) {
			t.Errorf("lost %q: %s", keep, out)
		}
	}
}
