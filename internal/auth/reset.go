package auth

import (
	"context"

	"irgas/internal/store"
)

// PasswordInput is the body of a password reset: empty means "generate one".
type PasswordInput struct {
	Password string `json:"password,omitempty" validate:"omitempty,password"`
}

// PasswordResult answers a reset: the account and, when generated, the new password (shown once).
type PasswordResult struct {
	Account  string `json:"account"`
	Password string `json:"password,omitempty"`
}

// SetPassword hashes and stores a password (a generated one when password is empty) and revokes every
// session of the user; a generated password is returned, once.
func SetPassword(ctx context.Context, db *store.DB, userID int64, account, password string) (PasswordResult, error) {
	res := PasswordResult{Account: account}
	clear, hash, generated, err := NewPassword(password)
	if err != nil {
		return res, err
	}
	if generated {
		res.Password = clear
	}
	return res, db.SetPassword(ctx, userID, hash)
}

// NewPassword hashes password, or a generated one when it is empty; generated tells the caller to show the
// clear password, once.
func NewPassword(password string) (clear, hash string, generated bool, err error) {
	if generated = password == ""; generated {
		password = GeneratePassword()
	}
	hash, err = HashPassword(password)
	return password, hash, generated, err
}
