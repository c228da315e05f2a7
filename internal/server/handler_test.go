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
