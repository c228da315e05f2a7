package i18n

import "testing"

func TestParse(t *testing.T) {
	rows := map[string]Lang{
		"": ZH, "zh-CN": ZH, "zh": ZH, "en": EN, "en-US,en;q=0.9": EN, "fr-FR": ZH,
		"zh-CN,zh;q=0.9,en;q=0.8": ZH, "de-DE,en;q=0.5": EN, "garbage;;": ZH,
	}
	for header, want := range rows {
		if got := Parse(header); got != want {
			t.Errorf("Parse(%q) = %s, want %s", header, got, want)
		}
	}
}

func TestEveryMessageHasBothLanguages(t *testing.T) {
	for key, m := range messages {
		if m.zh == "" || m.en == "" {
			t.Errorf("%s lacks a translation", key)
		}
	}
	if T(EN, "role.in_use", 2) != "This role is still given to 2 user(s) and cannot be deleted" {
		t.Fatal(T(EN, "role.in_use", 2))
	}
}
