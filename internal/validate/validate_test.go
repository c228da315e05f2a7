package validate

import (
	"net/http"
	"testing"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
)

type credentials struct {
	Account  string `json:"account" validate:"required,account"`
	Password string `json:"password" validate:"required,password"`
}

// The platform's own rules answer with their own message, naming the field as the client sent it, in each
// language.
func TestOwnRulesNameTheRule(t *testing.T) {
	in := &credentials{Account: "a b", Password: "x"}
	got := Check(i18n.EN, in)
	want := map[string]string{
		"account":  "account must be 4 to 32 letters, digits, _, . or -",
		"password": "password must be 8 to 64 characters with letters and digits",
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for _, f := range got {
		if want[f.Field] != f.Msg {
			t.Errorf("%s: want %q, got %q", f.Field, want[f.Field], f.Msg)
		}
	}
	if zh := Check(i18n.ZH, &credentials{Account: "ops", Password: "Ops-Pass-1"}); len(zh) != 1 ||
		zh[0].Msg != "account须为 4 到 32 位字母、数字、_、. 或 -" {
		t.Fatalf("zh: %+v", zh)
	}
	if got := Check(i18n.EN, &credentials{Account: " ops.1 ", Password: "Ops-Pass-1"}); len(got) != 0 {
		t.Fatalf("a valid account (trimmed) and password: %+v", got)
	}
}

func TestErrIsTheValidationFailure(t *testing.T) {
	if err := Err(i18n.EN, &credentials{Account: "ops.1", Password: "Ops-Pass-1"}); err != nil {
		t.Fatal(err)
	}
	err := Err(i18n.EN, &credentials{Account: "ops.1", Password: "password"})
	e, ok := err.(*apperr.Error)
	if !ok || e.Status != http.StatusUnprocessableEntity || len(e.Fields) != 1 || e.Fields[0].Field != "password" {
		t.Fatalf("%#v", err)
	}
}
