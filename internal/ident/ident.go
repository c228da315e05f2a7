// Package ident checks the identifiers the platform accepts: the unified social credit code of a
// company (GB 32100-2015, with its check character), Chinese phone numbers and account names, and that a
// text can be stored at all.
package ident

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// creditAlphabet is the 31 characters a credit code uses (no I, O, S, V, Z), in value order.
const creditAlphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY"

var creditWeights = [17]int{1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28}

// CreditCodeCheck returns the check character of the first 17 characters of a credit code, or 0 if
// they hold a character outside the alphabet.
func CreditCodeCheck(first17 string) byte {
	if len(first17) != 17 {
		return 0
	}
	sum := 0
	for i := range 17 {
		v := strings.IndexByte(creditAlphabet, first17[i])
		if v < 0 {
			return 0
		}
		sum += v * creditWeights[i]
	}
	return creditAlphabet[(31-sum%31)%31]
}

// ValidCreditCode reports whether s is an 18-character unified social credit code with the right check
// character (upper case, as registers print it).
func ValidCreditCode(s string) bool {
	if len(s) != 18 {
		return false
	}
	c := CreditCodeCheck(s[:17])
	return c != 0 && s[17] == c
}

var (
	mobile   = regexp.MustCompile(`^1[3-9]\d{9}$`)
	landline = regexp.MustCompile(`^0\d{2,3}-?\d{7,8}(-\d{1,6})?$`)
	account  = regexp.MustCompile(`^[A-Za-z0-9_.\-]{4,32}$`)
)

// ValidPhone reports whether s is a mainland mobile number (11 digits) or a landline with area code
// (0571-88886666, optionally an extension).
func ValidPhone(s string) bool { return mobile.MatchString(s) || landline.MatchString(s) }

// ValidMobile reports whether s is a mainland mobile number, the kind an SMS reaches.
func ValidMobile(s string) bool { return mobile.MatchString(s) }

// ValidAccount reports whether s is 4 to 32 letters, digits, '_', '.' or '-'.
func ValidAccount(s string) bool { return account.MatchString(s) }

// ValidPassword reports whether s is 8 to 64 characters with at least one letter and one digit.
func ValidPassword(s string) bool {
	n := len([]rune(s))
	if n < 8 || n > 64 {
		return false
	}
	var letter, digit bool
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			letter = true
		}
	}
	return letter && digit
}

// ValidIMEI reports whether s is 15 digits whose last is the Luhn check digit of the first 14.
func ValidIMEI(s string) bool {
	if len(s) != 15 {
		return false
	}
	sum := 0
	for i := range 15 {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 { // every second digit from the left is doubled
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// IMEICheckDigit returns the Luhn check digit for the first 14 digits of an IMEI.
func IMEICheckDigit(first14 string) byte {
	for d := byte('0'); d <= '9'; d++ {
		if ValidIMEI(first14 + string(d)) {
			return d
		}
	}
	return 0
}

var iccid = regexp.MustCompile(`^[0-9A-Z]{19,20}$`)

// ValidICCID reports whether s looks like a SIM card's ICCID: 19 or 20 digits or capital letters.
func ValidICCID(s string) bool { return iccid.MatchString(s) }

// ValidText reports whether s is text both databases can store: valid UTF-8 without NUL (PostgreSQL text
// holds neither; SQLite would take both and hand them back).
func ValidText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
