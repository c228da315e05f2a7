package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"unicode/utf8"
)

// NewToken returns a random opaque token (256 bits, URL-safe base64) and the hash that is stored.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is how tokens are stored: SHA-256 is enough for 256 random bits, and a database leak then
// yields no usable token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewLoginKey returns a random id and a random AES-256 key (base64).
func NewLoginKey() (id, key string) {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return rand.Text(), base64.StdEncoding.EncodeToString(k)
}

// errNotEncrypted means the password field is not base64(nonce || AES-256-GCM ciphertext+tag) under the key.
var errNotEncrypted = errors.New("auth: password not encrypted with the login key")

// DecryptPassword opens base64(12-byte nonce || ciphertext || 16-byte tag) with the base64 key.
func DecryptPassword(keyB64, payload string) (string, error) {
	key, err := base64.StdEncoding.DecodeString(keyB64)
	if err != nil || len(key) != 32 {
		return "", errors.New("auth: bad login key")
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil || len(raw) < 12+16 {
		return "", errNotEncrypted
	}
	block, _ := aes.NewCipher(key)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, raw[:12], raw[12:], nil)
	if err != nil || !utf8.Valid(plain) {
		return "", errNotEncrypted
	}
	return string(plain), nil
}

// EncryptPassword is what a client does with a login key; the tests and the CLI use it.
func EncryptPassword(keyB64, password string) (string, error) {
	key, err := base64.StdEncoding.DecodeString(keyB64)
	if err != nil {
		return "", err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", err
	}
	gcm, _ := cipher.NewGCM(block)
	nonce := make([]byte, 12)
	_, _ = rand.Read(nonce)
	return base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(password), nil)), nil
}
