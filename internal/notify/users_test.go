package notify

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"irgas/internal/alarm"
)

// Struct tags cannot name constants: the rules of a notification user's alarm kinds and gas level spell out
// the alarm vocabulary, and must say the same as internal/alarm.
func TestUserInputRulesListTheAlarmVocabulary(t *testing.T) {
	oneof := func(field string) string {
		f, _ := reflect.TypeFor[UserInput]().FieldByName(field)
		_, list, _ := strings.Cut(f.Tag.Get("validate"), "oneof=")
		return list
	}
	if got, want := oneof("AlarmKinds"), strings.Join(alarm.Kinds, " "); got != want {
		t.Errorf("alarmKinds: oneof=%s, alarm.Kinds %s", got, want)
	}
	if f, _ := reflect.TypeFor[UserInput]().FieldByName("AlarmKinds"); !strings.Contains(f.Tag.Get("validate"),
		"max="+strconv.Itoa(len(alarm.Kinds))+",") {
		t.Errorf("alarmKinds: at most every kind once (%d)", len(alarm.Kinds))
	}
	if got, want := oneof("GasMinLevel"), strings.Join(alarm.Levels, " "); got != want {
		t.Errorf("gasMinLevel: oneof=%s, alarm.Levels %s", got, want)
	}
}
