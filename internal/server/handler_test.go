package server

import (
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestConsoleHistoryFallback(t *testing.T) {
	files := fstest.MapFS{
		"index.html":        {Data: []byte("<html>console</html>")},
		"assets/app-abc.js": {Data: []byte("console.log(1)")},
	}
	h := console(files)
	rows := []struct{ path, want, cache string }{
		{"/", "console", "no-cache"},
		{"/RoleModule/RoleManagement?x=1", "console", "no-cache"},
		{"/404", "console", "no-cache"},
		{"/assets/app-abc.js", "console.log", "immutable"},
	}
	for _, r := range rows {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", r.path, nil))
		if w.Code != 200 || !strings.Contains(w.Body.String(), r.want) || !strings.Contains(w.Header().Get("Cache-Control"), r.cache) {
			t.Errorf("%s: %d %q cache %q", r.path, w.Code, w.Body.String(), w.Header().Get("Cache-Control"))
		}
	}
}

// The console's page carries a content security policy that keeps scripts and calls to its own origin.
func TestConsolePageIsConfinedToItsOrigin(t *testing.T) {
	h := console(fstest.MapFS{"index.html": {Data: []byte("<html>console</html>")}})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/DeviceModule/DeviceManagement", nil))
	csp := w.Header().Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self';", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(strings.Split(csp, "style-src")[0], "unsafe-inline") {
		t.Errorf("policy %q lets scripts run inline or through eval", csp)
	}
	if w.Header().Get("X-Content-Type-Options") != "nosniff" || w.Header().Get("X-Frame-Options") != "DENY" {
		t.Errorf("headers %v", w.Header())
	}
}
