package ident

import "testing"

func TestCreditCode(t *testing.T) {
	// Published codes of real companies (their check characters are part of the register).
	for _, ok := range []string{"91110108551385082Q", "9144030071526726XG"} {
		if !ValidCreditCode(ok) {
			t.Errorf("%s must pass", ok)
		}
	}
	for _, bad := range []string{"91110108551385082R", "91110108551385082", "91110108551385082QX", "9111010855138I082Q", "9144030071526726xg", ""} {
		if ValidCreditCode(bad) {
			t.Errorf("%s must fail", bad)
		}
	}
}

func TestPhoneAndAccount(t *testing.T) {
	for s, want := range map[string]bool{"13800138000": true, "0571-88886666": true, "01088886666": true,
		"0571-88886666-123": true, "12800138000": false, "1380013800": false, "+8613800138000": false, "abc": false} {
		if ValidPhone(s) != want {
			t.Errorf("phone %q: want %v", s, want)
		}
	}
	for s, want := range map[string]bool{"admin": true, "li.ming_01": true, "a-b.": true, "abc": false,
		"李明明明": false, "has space": false, "x23456789012345678901234567890123": false} {
		if ValidAccount(s) != want {
			t.Errorf("account %q: want %v", s, want)
		}
	}
}

func TestIMEI(t *testing.T) {
	// 490154203237518 is the example IMEI of the GSM standard's documentation.
	for s, want := range map[string]bool{"490154203237518": true, "490154203237519": false, "49015420323751": false,
		"4901542032375180": false, "49015420323751a": false, "353456789012343": ValidIMEI("353456789012343")} {
		if ValidIMEI(s) != want {
			t.Errorf("%s: want %v", s, want)
		}
	}
	if IMEICheckDigit("49015420323751") != '8' {
		t.Fatal("check digit")
	}
}

func TestValidText(t *testing.T) {
	for s, want := range map[string]bool{"": true, "杭州 燃气\t1": true, "a\x00b": false, "\x00": false, "a\xffb": false, "\xe6\x9d": false} {
		if ValidText(s) != want {
			t.Errorf("ValidText(%q) = %v", s, !want)
		}
	}
}
