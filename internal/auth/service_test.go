package auth

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// When every password-check slot stays taken past the wait, a sign-in is told to retry (503) without its
// password being checked, and its attempt is not counted as a failure.
func TestSignInWithEveryCheckSlotTakenIsToldToRetry(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := NewService(db, time.Hour)
		s.checks = make(chan struct{}, 1)
		s.checks <- struct{}{} // a check that never ends
		s.checkWait = time.Millisecond

		k, err := s.NewLoginKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := EncryptPassword(k.Key, "whatever-1")
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Login(ctx, LoginInput{Account: "someone", Password: enc, KeyID: k.KeyID}, "203.0.113.1", "test")
		var e *apperr.Error
		if !errors.As(err, &e) || e.Status != http.StatusServiceUnavailable || e.Code != apperr.CodeUnavailable || e.Key != "auth.busy" {
			t.Fatalf("with no free slot: %v", err)
		}
		var n int
		if err := db.SQL.QueryRow("SELECT count(*) FROM login_failures").Scan(&n); err != nil || n != 0 {
			t.Fatalf("failures noted for an unchecked attempt: %d %v", n, err)
		}
		if len(s.checks) != 1 {
			t.Fatalf("the refused sign-in changed the slots: %d taken", len(s.checks))
		}
	})
}

// A session's expiry slides at most every minute, or every tenth of the TTL when that is shorter.
func TestSlidingExpiryIsWrittenAtMostEveryTenthOfTheTTL(t *testing.T) {
	for ttl, want := range map[time.Duration]time.Duration{time.Minute: 6 * time.Second, 12 * time.Hour: time.Minute} {
		if got := NewService(nil, ttl).touchEvery; got != want {
			t.Errorf("TTL %s: written every %s, want %s", ttl, got, want)
		}
	}
}
