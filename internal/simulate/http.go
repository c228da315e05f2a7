package simulate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// httpLink is a device posting to POST /api/ingest/{imei}: commands come back in the answer and are
// answered on /ack.
type httpLink struct {
	base   string
	cred   Credential
	client *http.Client
}

func newHTTPLink(base string, c Credential) *httpLink {
	return &httpLink{base: strings.TrimRight(base, "/"), cred: c, client: &http.Client{Timeout: 15 * time.Second}}
}

func (l *httpLink) wake(context.Context) error { return nil }
func (l *httpLink) sleep()                     {}
func (l *httpLink) close()                     { l.client.CloseIdleConnections() }

func (l *httpLink) send(ctx context.Context, msgs []Reading) ([]Command, error) {
	var out struct {
		Commands []Command `json:"commands"`
	}
	err := l.post(ctx, "/api/ingest/"+l.cred.IMEI, msgs, &out)
	return out.Commands, err
}

func (l *httpLink) answer(ctx context.Context, a Answer) error {
	return l.post(ctx, "/api/ingest/"+l.cred.IMEI+"/ack", a, nil)
}

func (l *httpLink) post(ctx context.Context, path string, body, into any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Device-Secret", l.cred.Secret)
	res, err := l.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var env struct {
		Code int             `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		return fmt.Errorf("%s: status %d, unreadable answer: %w", path, res.StatusCode, err)
	}
	if res.StatusCode != http.StatusOK || env.Code != 0 {
		return fmt.Errorf("%s: status %d: %s", path, res.StatusCode, env.Msg)
	}
	if into != nil && len(env.Data) > 0 {
		return json.Unmarshal(env.Data, into)
	}
	return nil
}
