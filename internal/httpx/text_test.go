package httpx

import (
	"net/http/httptest"
	"strings"
	"testing"
)

type textAdmin struct {
	Name     string `json:"name" validate:"required,max=50"`
	Password string `json:"password" validate:"required,password"`
}

type textInput struct {
	Name  string    `json:"name" validate:"required,max=50"`
	Admin textAdmin `json:"admin"`
}

// Decode checks the body with internal/validate's rules: text no database stores and blank required text
// answer 422.
func TestDecodeRefusesInvalidUTF8AndNUL(t *testing.T) {
	for body, want := range map[string]int{
		"{\"name\": \"a\xffb\"}": 400,
		`{"name": "a\u0000b"}`:   422,
		"{\"name\": \"a\x00b\"}": 400, // a raw NUL is not JSON
		`{"name": "  "}`:         422,
		`{"name": " ok ", "admin": {"name": "x", "password": "Pass-1234"}}`: 200,
	} {
		w := httptest.NewRecorder()
		var in textInput
		if Decode(w, httptest.NewRequest("POST", "/", strings.NewReader(body)), &in) {
			w.Code = 200
		}
		if w.Code != want {
			t.Errorf("%q: want %d, got %d %s", body, want, w.Code, w.Body)
		}
	}
}
