package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/mojocn/base64Captcha"

	"irgas/internal/apperr"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// The sign-in rules.
const (
	FailureWindow = 15 * time.Minute
	// CaptchaAfter failures of one account (from anywhere) ask that account for a captcha.
	CaptchaAfter = 3
	// AddressCaptchaAfter failures from one address, whatever the accounts, ask everyone there for a captcha:
	// many accounts tried from one place. It is well above CaptchaAfter so that one person's typos do not
	// put the colleagues who share an office's address behind a captcha.
	AddressCaptchaAfter = 20
	LockAfter           = 10
	LoginKeyTTL         = 5 * time.Minute
	CaptchaTTL          = 5 * time.Minute
	// touchEvery bounds how often a busy session's sliding expiry is written (a tenth of the TTL when
	// that is shorter, so that a short TTL still slides).
	touchEvery = time.Minute
	// checkWait is how long a sign-in waits for a free password-check slot before it is told to retry.
	checkWait = 3 * time.Second
)

// Service signs users in and out and resolves tokens.
type Service struct {
	db         *store.DB
	sessionTTL time.Duration
	touchEvery time.Duration
	captcha    *base64Captcha.DriverDigit
	// dummyHash is checked when the account does not exist, so that timing does not tell accounts apart.
	dummyHash string
	// checks holds one token per password check running: each argon2id check takes 19 MiB, so a burst
	// of sign-ins waits here rather than taking the memory of the machine.
	checks    chan struct{}
	checkWait time.Duration
}

// NewService makes a Service whose sessions expire after ttl without use.
func NewService(db *store.DB, ttl time.Duration) *Service {
	h, _ := HashPassword("irgas-timing-equalizer")
	return &Service{db: db, sessionTTL: ttl, touchEvery: min(touchEvery, ttl/10),
		captcha: base64Captcha.NewDriverDigit(60, 200, 4, 0.6, 60), dummyHash: h,
		checks: make(chan struct{}, max(1, runtime.GOMAXPROCS(0))), checkWait: checkWait}
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

// subjects are what sign-in failures are counted against: the account (captcha and lock) and the client
// address (captcha, at the higher AddressCaptchaAfter).
func subjects(account, ip string) (string, string) { return "account:" + account, "ip:" + ip }

// Login checks a sign-in and opens a session. Every refusal is an *apperr.Error that says what to do next.
func (s *Service) Login(ctx context.Context, in LoginInput, ip, userAgent string) (LoginResult, error) {
	info := httpx.InfoFrom(ctx)
	info.Account = in.Account
	now := time.Now()
	accSubject, ipSubject := subjects(in.Account, ip)

	// The attempt is noted as a failure before anything is checked, and the captcha and the lock are decided
	// on counts that include it: concurrent attempts (on any instance) then count one another, and no
	// burst checks more passwords than the rules allow. The note is taken back unless a wrong password
	// ends the attempt.
	ids, counts, err := s.db.AddLoginAttempt(ctx, now.UnixMilli(), now.Add(-FailureWindow).UnixMilli(), accSubject, ipSubject)
	if err != nil {
		return LoginResult{}, err
	}
	wrongPassword := false
	defer func() {
		if !wrongPassword {
			s.takeBack(ctx, ids)
		}
	}()
	accFails, ipFails := counts[0]-1, counts[1]-1 // before this attempt
	if accFails >= LockAfter {
		return LoginResult{}, locked()
	}
	captchaRequired := captchaAfter(accFails, ipFails)

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
	ok, err := s.checkPassword(ctx, hash, password)
	if err != nil {
		return LoginResult{}, err
	}
	if !found || !ok {
		wrongPassword = true
		if accFails+1 >= LockAfter {
			return LoginResult{}, locked()
		}
		required := captchaAfter(accFails+1, ipFails+1)
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

// captchaAfter says whether a sign-in after these failures of its account and of its address must carry a captcha.
func captchaAfter(accountFails, addressFails int) bool {
	return accountFails >= CaptchaAfter || addressFails >= AddressCaptchaAfter
}

// takeBack removes the failure notes of an attempt that did not end on a wrong password, even when its
// caller has gone.
func (s *Service) takeBack(ctx context.Context, ids []int64) {
	c, cancel := store.Bounded(context.WithoutCancel(ctx))
	defer cancel()
	if err := s.db.DeleteLoginFailures(c, ids); err != nil {
		slog.Warn("sign-in: an attempt stays counted as a failure", "err", err)
	}
}

// checkPassword runs one password check once a slot is free; a sign-in that finds none within checkWait is
// told to try again (503) rather than queue without end.
func (s *Service) checkPassword(ctx context.Context, hash, password string) (bool, error) {
	select {
	case s.checks <- struct{}{}:
	default:
		wait := time.NewTimer(s.checkWait)
		defer wait.Stop()
		select {
		case s.checks <- struct{}{}:
		case <-ctx.Done():
			return false, ctx.Err()
		case <-wait.C:
			return false, apperr.New(http.StatusServiceUnavailable, apperr.CodeUnavailable, "auth.busy")
		}
	}
	defer func() { <-s.checks }()
	return CheckPassword(hash, password)
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
	if now.UnixMilli()-sess.LastSeenAt > s.touchEvery.Milliseconds() {
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
	case model.IsSuperAdmin(h.Account, h.CompanyID):
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
