package auth

import (
	"strings"
	"testing"

	"irgas/internal/ident"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil || !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("%q %v", h, err)
	}
	if ok, _ := CheckPassword(h, "correct horse"); !ok {
		t.Fatal("the right password is refused")
	}
	if ok, _ := CheckPassword(h, "correct horse "); ok {
		t.Fatal("a wrong password passes")
	}
	if h2, _ := HashPassword("correct horse"); h2 == h {
		t.Fatal("hashes must be salted")
	}
}

func TestLoginKeyRoundTrip(t *testing.T) {
	_, key := NewLoginKey()
	enc, err := EncryptPassword(key, "密码 with ünïcode")
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecryptPassword(key, enc)
	if err != nil || got != "密码 with ünïcode" {
		t.Fatalf("%q %v", got, err)
	}
	_, other := NewLoginKey()
	if _, err := DecryptPassword(other, enc); err == nil {
		t.Fatal("another key must not open it")
	}
	if _, err := DecryptPassword(key, "plain-password"); err == nil {
		t.Fatal("plain text must be refused")
	}
}

func TestGeneratedPasswords(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 { // about 85 draws in 1000 lack a digit: each must be drawn again
		p := GeneratePassword()
		if len(p) != 16 || seen[p] || strings.ContainsAny(p, "0O1lI") || !ident.ValidPassword(p) {
			t.Fatalf("bad generated password %q", p)
		}
		seen[p] = true
	}
}
