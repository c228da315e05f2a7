package httpx

import (
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"irgas/internal/apperr"
)

// ErrBodyTimeout is what reading a body returns once its time is up.
var ErrBodyTimeout = errors.New("httpx: the request body was not sent in time")

// BodyDeadline gives a request d to send its body: a client that trickles it (a byte every few seconds)
// would otherwise hold a connection and a handler for as long as it likes, without credentials on the
// public calls. The deadline is lifted as soon as the body has been read, so that a long answer (an export,
// the live feed) is not cut. A body not sent in time answers 408.
func BodyDeadline(d time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d <= 0 || r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		if err := rc.SetReadDeadline(time.Now().Add(d)); err != nil {
			next.ServeHTTP(w, r) // a connection without deadlines (tests with a recorder)
			return
		}
		r.Body = &deadlineBody{ReadCloser: r.Body, lift: func() { _ = rc.SetReadDeadline(time.Time{}) }}
		next.ServeHTTP(w, r)
	})
}

type deadlineBody struct {
	io.ReadCloser
	once sync.Once
	lift func()
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case errors.Is(err, io.EOF):
		b.once.Do(b.lift)
	case errors.Is(err, os.ErrDeadlineExceeded):
		err = ErrBodyTimeout
	}
	return n, err
}

// bodyTimeout is the 408 of a body not sent in time.
func bodyTimeout() *apperr.Error {
	return apperr.New(http.StatusRequestTimeout, apperr.CodeBodyTimeout, "error.body_timeout")
}
