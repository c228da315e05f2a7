package notify_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"irgas/internal/config"
	"irgas/internal/notify"
)

var msg = notify.Message{ID: 7, Phone: "13800138000", Content: "【红外气体检测平台】报警：厨房1 甲烷高报",
	Params: map[string]string{"event": "报警", "device": "厨房1", "address": "浙江省杭州市西湖区文三路 1 号", "alarm": "甲烷高报",
		"value": "60.0%LEL", "time": "2026-11-22 16:00:00"}, Language: "zh-CN", AlarmID: 3, DeviceID: 2, EventType: "started"}

// rfc3986 encodes as the Alibaba Cloud signature documentation says: unreserved characters (A–Z a–z 0–9
// - _ . ~) stay, every other byte is %XY in upper case. Written here independently of the provider.
func rfc3986(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func aliyunSignature(secret, method string, form url.Values) string {
	var keys []string
	for k := range form {
		if k != "Signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var pairs []string
	for _, k := range keys {
		pairs = append(pairs, rfc3986(k)+"="+rfc3986(form.Get(k)))
	}
	toSign := method + "&" + rfc3986("/") + "&" + rfc3986(strings.Join(pairs, "&"))
	mac := hmac.New(sha1.New, []byte(secret+"&"))
	mac.Write([]byte(toSign))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// fakeAliyun answers SendSms like dysmsapi: it recomputes the signature with the secret it knows.
func fakeAliyun(t *testing.T, secret string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil || r.Method != http.MethodPost {
			t.Errorf("aliyun fake: %s %v", r.Method, err)
		}
		f := r.PostForm
		w.Header().Set("Content-Type", "application/json")
		if aliyunSignature(secret, "POST", f) != f.Get("Signature") {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"Code":"SignatureDoesNotMatch","Message":"Specified signature is not matched with our calculation.","RequestId":"r1"}`)
			return
		}
		for k, want := range map[string]string{"Action": "SendSms", "Version": "2017-05-25", "SignatureMethod": "HMAC-SHA1",
			"SignatureVersion": "1.0", "Format": "JSON", "AccessKeyId": "test-key",
			"SignName": "红外气体", "TemplateCode": "SMS_1234", "RegionId": "cn-hangzhou"} {
			if f.Get(k) != want {
				t.Errorf("aliyun fake: %s = %q, want %q", k, f.Get(k), want)
			}
		}
		if _, err := time.Parse("2006-01-02T15:04:05Z", f.Get("Timestamp")); err != nil || f.Get("SignatureNonce") == "" {
			t.Errorf("aliyun fake: timestamp %q, nonce %q", f.Get("Timestamp"), f.Get("SignatureNonce"))
		}
		var params map[string]string
		if err := json.Unmarshal([]byte(f.Get("TemplateParam")), &params); err != nil || params["device"] != "厨房1" {
			t.Errorf("aliyun fake: TemplateParam %q", f.Get("TemplateParam"))
		}
		if f.Get("PhoneNumbers") == "13900000000" {
			fmt.Fprint(w, `{"Code":"isv.MOBILE_NUMBER_ILLEGAL","Message":"invalid number","RequestId":"r2"}`)
			return
		}
		fmt.Fprint(w, `{"Code":"OK","Message":"OK","BizId":"900619746936498440^0","RequestId":"r3"}`)
	}))
}

func TestAliyunSignedAsDocumented(t *testing.T) {
	// The worked example of Alibaba Cloud's SMS signature documentation (GET, secret "testSecret").
	example := url.Values{}
	for k, v := range map[string]string{"AccessKeyId": "testId", "Action": "SendSms", "Format": "XML", "OutId": "123",
		"PhoneNumbers": "15300000001", "RegionId": "cn-hangzhou", "SignName": "阿里云短信测试专用", "SignatureMethod": "HMAC-SHA1",
		"SignatureNonce": "45e25e9b-0a6f-4070-8c85-2956eda1b466", "SignatureVersion": "1.0", "TemplateCode": "SMS_71390007",
		"TemplateParam": `{"customer":"test"}`, "Timestamp": "2017-07-12T02:42:19Z", "Version": "2017-05-25"} {
		example.Set(k, v)
	}
	if got := notify.AliyunSign("testSecret", notify.AliyunStringToSign("GET", example)); got != "zJDF+Lrzhj/ThnlvIToysFRq6t4=" {
		t.Errorf("documented example: signature %s", got)
	}
	if notify.AliyunPercentEncode("a b*c~d/é") != rfc3986("a b*c~d/é") {
		t.Errorf("percent encoding: %s", notify.AliyunPercentEncode("a b*c~d/é"))
	}

	srv := fakeAliyun(t, "test-secret")
	defer srv.Close()
	cfg := config.DefaultSMS()
	cfg.Provider = "aliyun"
	cfg.Aliyun.AccessKeyID, cfg.Aliyun.AccessKeySecret, cfg.Aliyun.SignName, cfg.Aliyun.TemplateCode, cfg.Aliyun.Endpoint =
		"test-key", "test-secret", "红外气体", "SMS_1234", srv.URL
	p, err := notify.NewProvider(cfg)
	if err != nil {
		t.Fatal(err)
	}
	id, err := p.Send(context.Background(), msg)
	if err != nil || id != "900619746936498440^0" {
		t.Fatalf("send: %q %v", id, err)
	}
	bad := msg
	bad.Phone = "13900000000"
	_, err = p.Send(context.Background(), bad)
	var perm *notify.PermanentError
	if !errors.As(err, &perm) || !strings.Contains(err.Error(), "isv.MOBILE_NUMBER_ILLEGAL") {
		t.Fatalf("refused number: %v", err)
	}
	cfg.Aliyun.AccessKeySecret = "wrong"
	p, _ = notify.NewProvider(cfg)
	if _, err := p.Send(context.Background(), msg); err == nil || !strings.Contains(err.Error(), "SignatureDoesNotMatch") {
		t.Fatalf("a wrong secret must fail the signature check: %v", err)
	}
}

var tc3Header = regexp.MustCompile(`^TC3-HMAC-SHA256 Credential=([^/]+)/(\d{4}-\d{2}-\d{2})/sms/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$`)

func hmacSHA256(key []byte, s string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(s))
	return m.Sum(nil)
}

// fakeTencent answers SendSms like sms.tencentcloudapi.com: it rebuilds the canonical request from what it
// received and checks the TC3-HMAC-SHA256 signature with the key it knows.
func fakeTencent(t *testing.T, secretKey string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		fail := func(code, text string) {
			fmt.Fprintf(w, `{"Response":{"Error":{"Code":%q,"Message":%q},"RequestId":"r1"}}`, code, text)
		}
		m := tc3Header.FindStringSubmatch(r.Header.Get("Authorization"))
		if m == nil {
			fail("AuthFailure.SignatureFailure", "bad Authorization header: "+r.Header.Get("Authorization"))
			return
		}
		ts, _ := strconv.ParseInt(r.Header.Get("X-TC-Timestamp"), 10, 64)
		date := time.Unix(ts, 0).UTC().Format("2006-01-02")
		var headers []string
		for _, h := range strings.Split(m[3], ";") {
			v := r.Header.Get(h)
			if h == "host" {
				v = r.Host
			}
			headers = append(headers, h+":"+strings.ToLower(strings.TrimSpace(v))+"\n")
		}
		sum := sha256.Sum256(body)
		canonical := r.Method + "\n" + r.URL.Path + "\n" + r.URL.RawQuery + "\n" + strings.Join(headers, "") + "\n" + m[3] + "\n" + hex.EncodeToString(sum[:])
		csum := sha256.Sum256([]byte(canonical))
		toSign := "TC3-HMAC-SHA256\n" + r.Header.Get("X-TC-Timestamp") + "\n" + date + "/sms/tc3_request\n" + hex.EncodeToString(csum[:])
		key := hmacSHA256(hmacSHA256(hmacSHA256([]byte("TC3"+secretKey), date), "sms"), "tc3_request")
		if m[2] != date || hex.EncodeToString(hmacSHA256(key, toSign)) != m[4] {
			fail("AuthFailure.SignatureFailure", "The provided credentials could not be validated.")
			return
		}
		if m[1] != "test-id" || r.Header.Get("X-TC-Action") != "SendSms" || r.Header.Get("X-TC-Version") != "2021-01-11" ||
			r.Header.Get("X-TC-Region") != "ap-guangzhou" || !strings.Contains(m[3], "content-type") || !strings.Contains(m[3], "host") {
			t.Errorf("tencent fake: headers %v", r.Header)
		}
		var req struct {
			PhoneNumberSet                    []string
			SmsSdkAppId, SignName, TemplateId string
			TemplateParamSet                  []string
		}
		if err := json.Unmarshal(body, &req); err != nil || req.SmsSdkAppId != "1400000000" || req.TemplateId != "449739" ||
			req.SignName != "红外气体" || len(req.TemplateParamSet) != 6 || req.TemplateParamSet[1] != "厨房1" {
			t.Errorf("tencent fake: body %s", body)
		}
		switch req.PhoneNumberSet[0] {
		case "+8613900000000":
			fmt.Fprint(w, `{"Response":{"SendStatusSet":[{"SerialNo":"","PhoneNumber":"+8613900000000","Code":"InvalidParameterValue.IncorrectPhoneNumber","Message":"bad number"}],"RequestId":"r2"}}`)
		case "+8613700000000":
			fail("LimitExceeded.PhoneNumberDailyLimit", "daily limit")
		default:
			fmt.Fprint(w, `{"Response":{"SendStatusSet":[{"SerialNo":"2019:-1234","PhoneNumber":"+8613800138000","Fee":1,"Code":"Ok","Message":"send success"}],"RequestId":"r3"}}`)
		}
	}))
}

func TestTencentSignedAsDocumented(t *testing.T) {
	srv := fakeTencent(t, "test-key")
	defer srv.Close()
	cfg := config.DefaultSMS()
	cfg.Provider = "tencent"
	cfg.Tencent.SecretID, cfg.Tencent.SecretKey, cfg.Tencent.SDKAppID, cfg.Tencent.SignName, cfg.Tencent.TemplateID, cfg.Tencent.Endpoint =
		"test-id", "test-key", "1400000000", "红外气体", "449739", srv.URL
	p, err := notify.NewProvider(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := p.Send(context.Background(), msg); err != nil || id != "2019:-1234" {
		t.Fatalf("send: %q %v", id, err)
	}
	var perm *notify.PermanentError
	bad := msg
	bad.Phone = "13900000000"
	if _, err := p.Send(context.Background(), bad); !errors.As(err, &perm) {
		t.Fatalf("a refused number is permanent: %v", err)
	}
	bad.Phone = "13700000000"
	if _, err := p.Send(context.Background(), bad); err == nil || errors.As(err, &perm) {
		t.Fatalf("a limit is retried: %v", err)
	}
	cfg.Tencent.SecretKey = "wrong"
	p, _ = notify.NewProvider(cfg)
	if _, err := p.Send(context.Background(), msg); err == nil || !strings.Contains(err.Error(), "AuthFailure.SignatureFailure") {
		t.Fatalf("a wrong key must fail the signature check: %v", err)
	}
}

// The webhook receiver checks the HMAC-SHA256 of timestamp + "." + body and the timestamp's freshness.
func TestWebhookSigned(t *testing.T) {
	var got notify.WebhookBody
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts := r.Header.Get("X-Irgas-Timestamp")
		sec, _ := strconv.ParseInt(ts, 10, 64)
		mac := hmac.New(sha256.New, []byte("hook-secret"))
		mac.Write([]byte(ts + "." + string(body)))
		if r.Header.Get("X-Irgas-Signature") != "sha256="+hex.EncodeToString(mac.Sum(nil)) || time.Since(time.Unix(sec, 0)).Abs() > 5*time.Minute {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		if status != http.StatusOK {
			http.Error(w, "busy", status)
			return
		}
		_ = json.Unmarshal(body, &got)
		fmt.Fprint(w, `{"id":"hook-1"}`)
	}))
	defer srv.Close()
	cfg := config.DefaultSMS()
	cfg.Provider, cfg.Webhook.URL, cfg.Webhook.Secret = "webhook", srv.URL, "hook-secret"
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	p, _ := notify.NewProvider(cfg)
	if id, err := p.Send(context.Background(), msg); err != nil || id != "hook-1" || got.Phone != msg.Phone || got.Content != msg.Content ||
		got.Params["value"] != "60.0%LEL" || got.AlarmID != 3 {
		t.Fatalf("send: %q %v %+v", id, err, got)
	}
	var perm *notify.PermanentError
	status = http.StatusServiceUnavailable
	if _, err := p.Send(context.Background(), msg); err == nil || errors.As(err, &perm) {
		t.Fatalf("503 is retried: %v", err)
	}
	cfg.Webhook.Secret = "wrong"
	p, _ = notify.NewProvider(cfg)
	if _, err := p.Send(context.Background(), msg); !errors.As(err, &perm) {
		t.Fatalf("401 is permanent: %v", err)
	}
}

func TestSettingsChecked(t *testing.T) {
	for _, edit := range []func(*config.SMS){
		func(c *config.SMS) { c.Provider = "carrier-pigeon" },
		func(c *config.SMS) { c.Provider = "aliyun" },
		func(c *config.SMS) { c.Provider = "tencent"; c.Tencent.SecretID = "x" },
		func(c *config.SMS) { c.Provider = "webhook"; c.Webhook.URL = "ftp://x" },
		func(c *config.SMS) { c.TimeZone = "Mars/Olympus" },
		func(c *config.SMS) { c.MaxAttempts = 0 },
		func(c *config.SMS) { c.TemplateEN = " " },
	} {
		c := config.DefaultSMS()
		edit(&c)
		if c.Validate() == nil {
			t.Errorf("accepted %+v", c)
		}
	}
	d := config.DefaultSMS()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
}
