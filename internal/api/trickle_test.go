package api_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"irgas/internal/apitest"
	"irgas/internal/config"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

// trickle opens a connection and sends a request whose body comes a byte every 100 ms; it returns the
// status the server answered with, or an error if the server still held the connection after 5 s.
func trickle(url, method, path string, extra string) (int, error) {
	host := strings.TrimPrefix(url, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n%s\r\n{", method, path, host, extra)
	done := make(chan struct{})
	defer close(done)
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if _, err := conn.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, fmt.Errorf("no answer: %w", err)
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// A client that trickles its body to the public calls (device ingest, sign-in) is answered 408 once the
// body time is up, instead of holding a connection and a handler for as long as it likes; a body sent in
// time is served as before.
func TestTricklingBodiesAreCutOff(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, db *store.DB) {
		e := apitest.NewWithConfig(t, db, config.Config{SessionTTL: time.Hour, ShutdownTimeout: time.Second,
			BodyTimeout: 400 * time.Millisecond})
		_, _, d := companyDevice(t, e, e.Admin())
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				path, extra := "/api/login", ""
				if i%2 == 0 {
					path, extra = "/api/ingest/"+d.IMEI, "X-Device-Secret: "+d.Secret+"\r\n"
				}
				status, err := trickle(e.URL, "POST", path, extra)
				if err == nil && status != http.StatusRequestTimeout {
					err = fmt.Errorf("%s answered %d", path, status)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", path, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := countReadings(t, db, d.ID); n != 0 {
			t.Fatalf("%d readings stored", n)
		}
		expect(t, ingest(e, d.IMEI, d.Secret, map[string]any{"ts": time.Now().UnixMilli(), "ch4": 1}), 200, 0)
	})
}
