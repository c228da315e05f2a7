package validate

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
)

type textAdmin struct {
	Name     string `json:"name" validate:"required,max=50"`
	Password string `json:"password" validate:"required,password"`
}

type TextBase struct {
	Remark string `json:"remark"`
}

type textInput struct {
	TextBase
	Name   string             `json:"name" validate:"required,max=50"`
	Note   *string            `json:"note"`
	Tags   []string           `json:"tags"`
	Admin  textAdmin          `json:"admin"`
	Params map[string]any     `json:"params"`
	Raw    json.RawMessage    `json:"raw"`
	Limits map[string]float64 `json:"limits"`
}

func TestCheckTrimsTextButNotPasswords(t *testing.T) {
	note := "  night  "
	in := &textInput{TextBase: TextBase{Remark: " r "}, Name: " 值班员 ", Note: &note, Tags: []string{" a "},
		Admin: textAdmin{Name: "\tAdmin\n", Password: " Pass-1234 "}}
	if got := Check(i18n.EN, in); len(got) != 0 {
		t.Fatalf("%+v", got)
	}
	if in.Name != "值班员" || *in.Note != "night" || in.Tags[0] != "a" || in.Remark != "r" || in.Admin.Name != "Admin" ||
		in.Admin.Password != " Pass-1234 " {
		t.Fatalf("trimmed: %+v %q", in, *in.Note)
	}
}

func TestCheckRefusesBlankRequiredText(t *testing.T) {
	got := Check(i18n.EN, &textInput{Name: " \t ", Admin: textAdmin{Name: "　", Password: "Pass-1234"}})
	if fmt.Sprint(fields(got)) != "[admin.name name]" {
		t.Fatalf("%+v", got)
	}
}

func TestCheckRefusesTextNoDatabaseStores(t *testing.T) {
	in := &textInput{Name: "a\x00b", Tags: []string{"ok", "\xff"}, Params: map[string]any{"k": "v\x00", "\x00": 1},
		Admin: textAdmin{Name: "ok", Password: "Pass-1234\x00"}, Raw: json.RawMessage(`"\u0000"`)}
	got := Check(i18n.ZH, in)
	want := "[admin.password name params params.k tags[1]]"
	if fmt.Sprint(fields(got)) != want {
		t.Fatalf("want %s, got %+v", want, got)
	}
	for _, f := range got {
		if f.Msg != i18n.T(i18n.ZH, "field.bad_text") {
			t.Fatalf("one error per field, the text's: %+v", got)
		}
	}
}

func fields(fs []apperr.FieldError) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Field
	}
	slices.Sort(out)
	return out
}
