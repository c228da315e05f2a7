package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/mojocn/base64Captcha"

	"irgas/internal/apperr"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// The sign-in rules of CONVENTIONS.md.
const (
	FailureWindow = 15 * time.Minute
	CaptchaAfter  = 3
	LockAfter     = 10
	LoginKeyTTL   = 5 * time.Minute
	CaptchaTTL    = 5 * time.Minute
	// touchEvery bounds how often a busy session's sliding expiry is written.
	touchEvery = time.Minute
)

// Service signs users in and out and resolves tokens.
type Service struct {
	db         *store.DB
	sessionTTL time.Duration
	captcha    *base64Captcha.DriverDigit
	// dummyHash is checked when the account does not exist, so that timing does not tell accounts apart.
	dummyHash string
}

// NewService makes a Service whose sessions expire after ttl without use.
func NewService(db *store.DB, ttl time.Duration) *Service {
	h, _ := HashPassword("irgas-timing-equalizer")
	return &Service{db: db, sessionTTL: ttl, captcha: base64Captcha.NewDriverDigit(60, 200, 4, 0.6, 60), dummyHash: h}
}

// LoginInput is the body of POST /api/login.
type LoginInput struct {
	Account     string `json:"account" validate:"required,max=64"`
	Password    string `json:"password" validate:"required,max=2048"`
	KeyID       string `json:"keyId" validate:"required,max=64"`
	CaptchaID   string `json:"captchaId,omitempty" validate:"max=64"`
	CaptchaCode string `json:"captchaCode,omitempty" validate:"max=16"`
}

// LoginResult answers a successful sign-in.
type LoginResult struct {
	Token     string `json:"token"`
	ExpiresAt int64  `json:"expiresAt"`
}

// CaptchaState is the data of a failed sign-in: whether the next try must carry a captcha.
type CaptchaState struct {
	CaptchaRequired bool `json:"captchaRequired"`
}

// LoginKey is the answer of GET /api/login-key.
type LoginKey struct {
	KeyID string `json:"keyId"`
	Key   string `json:"key"`
}

// Captcha is the answer of GET /api/verification-code.
type Captcha struct {
	CaptchaID string `json:"captchaId"`
	Image     string `json:"image"`
}

// NewLoginKey issues a single-use key valid for LoginKeyTTL.
func (s *Service) NewLoginKey(ctx context.Context) (LoginKey, error) {
	id, key := NewLoginKey()
	err := s.db.PutSecret(ctx, store.LoginKeys, id, key, time.Now().Add(LoginKeyTTL).UnixMilli())
	return LoginKey{KeyID: id, Key: key}, err
}

// NewCaptcha issues an image captcha valid for CaptchaTTL.
func (s *Service) NewCaptcha(ctx context.Context) (Captcha, error) {
	id, question, answer := s.captcha.GenerateIdQuestionAnswer()
	item, err := s.captcha.DrawCaptcha(question)
	if err != nil {
		return Captcha{}, err
	}
	if err := s.db.PutSecret(ctx, store.Captchas, id, answer, time.Now().Add(CaptchaTTL).UnixMilli()); err != nil {
		return Captcha{}, err
	}
	return Captcha{CaptchaID: id, Image: item.EncodeB64string()}, nil
}

func subjects(account, ip string) (string, string) { return "account:" + account, "ip:" + ip }

// Login checks a sign-in and opens a session. Every refusal is an *apperr.Error that says what to do next.
func (s *Service) Login(ctx context.Context, in LoginInput, ip, userAgent string) (LoginResult, error) {
	info := httpx.InfoFrom(ctx)
	info.Account = in.Account
	now := time.Now()
	since := now.Add(-FailureWindow).UnixMilli()
	accSubject, ipSubject := subjects(in.Account, ip)

	accFails, err := s.db.CountLoginFailures(ctx, accSubject, since)
	if err != nil {
		return LoginResult{}, err
	}
	ipFails, err := s.db.CountLoginFailures(ctx, ipSubject, since)
	if err != nil {
		return LoginResult{}, err
	}
	if accFails >= LockAfter {
		return LoginResult{}, locked()
	}
	captchaRequired := accFails >= CaptchaAfter || ipFails >= CaptchaAfter

	// The key is spent by any attempt, right or wrong.
	key, err := s.db.TakeSecret(ctx, store.LoginKeys, in.KeyID)
	if errors.Is(err, store.ErrNotFound) {
		return LoginResult{}, apperr.New(http.StatusBadRequest, apperr.CodeLoginKey, "auth.key_invalid").
			WithData(CaptchaState{captchaRequired})
	} else if err != nil {
		return LoginResult{}, err
	}
	if captchaRequired {
		if err := s.checkCaptcha(ctx, in.CaptchaID, in.CaptchaCode); err != nil {
			return LoginResult{}, err
		}
	}
	password, err := DecryptPassword(key, in.Password)
	if err != nil {
		return LoginResult{}, apperr.New(http.StatusBadRequest, apperr.CodeNotEncrypted, "auth.password_not_encrypted").
			WithData(CaptchaState{captchaRequired})
	}

	user, err := s.db.UserByAccount(ctx, in.Account)
	found := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return LoginResult{}, err
	}
	hash := s.dummyHash
	if found {
		hash = user.PasswordHash
	}
	ok, err := CheckPassword(hash, password)
	if err != nil {
		return LoginResult{}, err
	}
	if !found || !ok {
		if err := s.db.AddLoginFailure(ctx, now.UnixMilli(), accSubject, ipSubject); err != nil {
			return LoginResult{}, err
		}
		if accFails+1 >= LockAfter {
			return LoginResult{}, locked()
		}
		required := accFails+1 >= CaptchaAfter || ipFails+1 >= CaptchaAfter
		return LoginResult{}, apperr.New(http.StatusUnauthorized, apperr.CodeBadCredentials, "auth.bad_credentials").
			WithData(CaptchaState{required})
	}

	info.UserID, info.CompanyID = &user.ID, user.CompanyID
	if err := s.checkActive(ctx, user); err != nil {
		return LoginResult{}, err
	}
	if err := s.db.ClearLoginFailures(ctx, accSubject); err != nil {
		return LoginResult{}, err
	}
	token, tokenHash := NewToken()
	expires := now.Add(s.sessionTTL).UnixMilli()
	if err := s.db.CreateSession(ctx, tokenHash, user.ID, expires, ip, userAgent); err != nil {
		return LoginResult{}, err
	}
	if err := s.db.RecordLogin(ctx, user.ID, ip); err != nil {
		return LoginResult{}, err
	}
	return LoginResult{Token: token, ExpiresAt: expires}, nil
}

func locked() *apperr.Error {
	return apperr.New(http.StatusTooManyRequests, apperr.CodeTooManyAttempts, "auth.locked", int(FailureWindow/time.Minute)).
		WithData(CaptchaState{true})
}

func (s *Service) checkCaptcha(ctx context.Context, id, code string) error {
	required := CaptchaState{true}
	if id == "" || code == "" {
		return apperr.New(http.StatusBadRequest, apperr.CodeCaptcha, "auth.captcha_required").WithData(required)
	}
	answer, err := s.db.TakeSecret(ctx, store.Captchas, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && answer != code) {
		return apperr.New(http.StatusBadRequest, apperr.CodeCaptcha, "auth.captcha_wrong").WithData(required)
	}
	return err
}

// checkActive refuses a disabled user or a user of a disabled company.
func (s *Service) checkActive(ctx context.Context, u model.User) error {
	if u.Status != model.StatusEnabled {
		return apperr.New(http.StatusForbidden, apperr.CodeDisabled, "auth.disabled")
	}
	if u.CompanyID != nil {
		enabled, err := s.db.CompanyEnabled(ctx, *u.CompanyID)
		if err != nil {
			return err
		}
		if !enabled {
			return apperr.New(http.StatusForbidden, apperr.CodeDisabled, "auth.company_disabled")
		}
	}
	return nil
}

// Authenticate resolves a bearer token to its actor, with the permissions as they are now: a changed
// role, a disabled user or company, or a revoked token takes effect on the very next call.
func (s *Service) Authenticate(ctx context.Context, token string) (*Actor, error) {
	if token == "" {
		return nil, apperr.Unauthorized()
	}
	hash := HashToken(token)
	sess, err := s.db.SessionByToken(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.Unauthorized()
	} else if err != nil {
		return nil, err
	}
	now := time.Now()
	companyOff := sess.CompanyID != nil && (sess.CompanyStatus == nil || *sess.CompanyStatus != model.StatusEnabled)
	if sess.ExpiresAt < now.UnixMilli() || sess.UserStatus != model.StatusEnabled || companyOff {
		_ = s.db.DeleteSession(ctx, hash)
		return nil, apperr.Unauthorized()
	}
	if now.UnixMilli()-sess.LastSeenAt > touchEvery.Milliseconds() {
		if err := s.db.TouchSession(ctx, sess.ID, now.UnixMilli(), now.Add(s.sessionTTL).UnixMilli()); err != nil {
			return nil, err
		}
	}
	a := &Actor{UserID: sess.UserID, Account: sess.Account, Name: sess.Name, CompanyID: sess.CompanyID,
		CompanyAdmin: sess.CompanyAdmin, TokenHash: hash}
	if a.Perms, err = PermissionsOf(ctx, s.db, Holder{ID: sess.UserID, Account: sess.Account, CompanyID: sess.CompanyID,
		CompanyAdmin: sess.CompanyAdmin}); err != nil {
		return nil, err
	}
	return a, nil
}

// Holder is what decides a user's permissions.
type Holder struct {
	ID           int64
	Account      string
	CompanyID    *int64
	CompanyAdmin bool
}

// PermissionsOf is a user's effective permission set: everything for the platform's admin, every company
// code for a company's administrator, otherwise its roles' codes and its extra codes.
func PermissionsOf(ctx context.Context, db *store.DB, h Holder) (permission.Set, error) {
	switch {
	case h.Account == SuperAdmin && h.CompanyID == nil:
		return permission.Admin(), nil
	case h.CompanyAdmin && h.CompanyID != nil:
		return permission.NewSet(permission.ForCompany(), true), nil
	}
	codes, err := db.UserCodes(ctx, h.ID)
	if err != nil {
		return permission.Set{}, err
	}
	return permission.NewSet(codes, h.CompanyID != nil), nil
}

// Logout revokes the actor's token.
func (s *Service) Logout(ctx context.Context, a *Actor) error {
	return s.db.DeleteSession(ctx, a.TokenHash)
}

// Purge removes expired sessions, keys, captchas and failures older than the window.
func (s *Service) Purge(ctx context.Context) error {
	now := time.Now()
	return s.db.PurgeExpired(ctx, now.UnixMilli(), now.Add(-FailureWindow).UnixMilli())
}
