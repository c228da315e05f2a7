package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"irgas/internal/config"
)

// Message is one SMS for a provider.
type Message struct {
	ID       int64
	Phone    string
	Content  string
	Params   map[string]string
	Language string
	// What it is about (the webhook passes it on).
	AlarmID, DeviceID int64
	EventType         string
	CreatedAt         int64
}

// Provider sends an SMS and answers the provider's message id. An error is retried unless it is a
// *PermanentError.
type Provider interface {
	Name() string
	Send(ctx context.Context, m Message) (string, error)
}

// PermanentError is a failure that retrying cannot mend (a refused number, a wrong template).
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return &PermanentError{Err: err} }

// NewProvider makes the provider cfg names.
func NewProvider(cfg config.SMS) (Provider, error) {
	client := &http.Client{Timeout: sendTimeout}
	switch cfg.Provider {
	case "", "log":
		return LogProvider{}, nil
	case "webhook":
		return &Webhook{URL: cfg.Webhook.URL, Secret: []byte(cfg.Webhook.Secret), Client: client, Now: time.Now}, nil
	case "aliyun":
		a := cfg.Aliyun
		return &Aliyun{Endpoint: a.Endpoint, AccessKeyID: a.AccessKeyID, AccessKeySecret: a.AccessKeySecret, SignName: a.SignName,
			TemplateCode: a.TemplateCode, RegionID: a.RegionID, Client: client, Now: time.Now}, nil
	case "tencent":
		t := cfg.Tencent
		return &Tencent{Endpoint: t.Endpoint, SecretID: t.SecretID, SecretKey: t.SecretKey, SDKAppID: t.SDKAppID, SignName: t.SignName,
			TemplateID: t.TemplateID, Region: t.Region, Client: client, Now: time.Now}, nil
	}
	return nil, fmt.Errorf("notify: unknown SMS provider %q (log, webhook, aliyun, tencent)", cfg.Provider)
}

// LogProvider records messages in the server log without sending them: the default and the demo.
type LogProvider struct{}

// Name is "log".
func (LogProvider) Name() string { return "log" }

// Send logs the message.
func (LogProvider) Send(_ context.Context, m Message) (string, error) {
	slog.Info("SMS (log provider, not sent)", "id", m.ID, "phone", mask(m.Phone), "content", m.Content)
	return "log-" + strconv.FormatInt(m.ID, 10), nil
}

func mask(phone string) string {
	if len(phone) < 7 {
		return phone
	}
	return phone[:3] + "****" + phone[len(phone)-4:]
}

// Webhook POSTs each message as JSON to a URL. The receiver checks X-Irgas-Timestamp (Unix seconds) and
// X-Irgas-Signature: "sha256=" + hex HMAC-SHA256 under the shared secret of timestamp + "." + body.
type Webhook struct {
	URL    string
	Secret []byte
	Client *http.Client
	Now    func() time.Time
}

// WebhookBody is what the webhook receives.
type WebhookBody struct {
	ID        int64             `json:"id"`
	Phone     string            `json:"phone"`
	Content   string            `json:"content"`
	Params    map[string]string `json:"params"`
	Language  string            `json:"language"`
	AlarmID   int64             `json:"alarmId"`
	DeviceID  int64             `json:"deviceId"`
	EventType string            `json:"eventType"`
	CreatedAt int64             `json:"createdAt"`
}

// Name is "webhook".
func (w *Webhook) Name() string { return "webhook" }

// WebhookSignature is the signature of a body sent at timestamp ts.
func WebhookSignature(secret []byte, ts string, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// Send posts the message; a 2xx answer is success (its JSON "id", if any, is the message id), 408, 429 and
// 5xx are retried, other answers are permanent failures.
func (w *Webhook) Send(ctx context.Context, m Message) (string, error) {
	body, _ := json.Marshal(WebhookBody{ID: m.ID, Phone: m.Phone, Content: m.Content, Params: m.Params, Language: m.Language,
		AlarmID: m.AlarmID, DeviceID: m.DeviceID, EventType: m.EventType, CreatedAt: m.CreatedAt})
	ts := strconv.FormatInt(w.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return "", Permanent(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Irgas-Timestamp", ts)
	req.Header.Set("X-Irgas-Signature", WebhookSignature(w.Secret, ts, body))
	req.Header.Set("X-Irgas-Message-Id", strconv.FormatInt(m.ID, 10))
	resp, err := w.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err := httpStatusError(resp.StatusCode, raw); err != nil {
		return "", err
	}
	var answer struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(raw, &answer) == nil && answer.ID != nil {
		return fmt.Sprint(answer.ID), nil
	}
	return strconv.FormatInt(m.ID, 10), nil
}

// httpStatusError maps an HTTP answer: nil for 2xx, a retryable error for 408, 429 and 5xx, a permanent
// one otherwise.
func httpStatusError(status int, body []byte) error {
	if status >= 200 && status < 300 {
		return nil
	}
	if len(body) > 200 {
		body = body[:200]
	}
	err := fmt.Errorf("HTTP %d: %s", status, bytes.TrimSpace(body))
	if status == http.StatusRequestTimeout || status == http.StatusTooManyRequests || status >= 500 {
		return err
	}
	return Permanent(err)
}
