// Package testwait is the tests' one way to wait for something to happen: a condition polled until it holds
// or a deadline passes, never a fixed sleep standing in for it.
package testwait

import (
	"testing"
	"time"
)

// Every is how often Until looks again.
const Every = 20 * time.Millisecond

// Until polls cond until it holds; after within it fails the test, saying what it waited for.
func Until(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", within, what)
		}
		time.Sleep(Every)
	}
}
