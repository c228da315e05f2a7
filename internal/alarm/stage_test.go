package alarm

import "testing"

func TestStageOf(t *testing.T) {
	cases := []struct {
		status                string
		acknowledged, handled bool
		want                  string
	}{
		{StatusActive, false, false, StageNew},
		{StatusActive, true, false, StageAcknowledged},
		{StatusEnded, false, false, StageWaiting},
		{StatusEnded, true, false, StageWaiting},
		{StatusEnded, true, true, StageHandled},
		{StatusActive, true, true, StageHandled},
	}
	for _, c := range cases {
		if got := StageOf(c.status, c.acknowledged, c.handled); got != c.want {
			t.Errorf("StageOf(%s, ack %v, handled %v) = %s, want %s", c.status, c.acknowledged, c.handled, got, c.want)
		}
	}
}
