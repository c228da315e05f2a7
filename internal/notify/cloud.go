package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Aliyun sends through Alibaba Cloud SMS (dysmsapi, API version 2017-05-25, action SendSms), signed with the
// RPC signature version 1.0 (HMAC-SHA1): the parameters sorted by name, each name and value percent-encoded
// (RFC 3986), joined with & into the canonicalized query string; the string to sign is
// "POST&%2F&" + percentEncode(canonicalized); the signature is Base64(HMAC-SHA1(AccessKeySecret + "&",
// string to sign)). The template registered with Alibaba Cloud receives the values named in ParamOrder.
type Aliyun struct {
	Endpoint                     string // https://dysmsapi.aliyuncs.com
	AccessKeyID, AccessKeySecret string
	SignName, TemplateCode       string
	RegionID                     string
	Client                       *http.Client
	Now                          func() time.Time
}

// Name is "aliyun".
func (a *Aliyun) Name() string { return "aliyun" }

// AliyunPercentEncode encodes as Alibaba Cloud's signature wants: RFC 3986, space as %20, * as %2A, ~ kept.
func AliyunPercentEncode(s string) string {
	e := url.QueryEscape(s)
	return strings.NewReplacer("+", "%20", "*", "%2A", "%7E", "~").Replace(e)
}

// AliyunStringToSign is the string to sign of a request with the given method and parameters (without
// Signature).
func AliyunStringToSign(method string, params url.Values) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		if k != "Signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	pairs := make([]string, 0, len(keys))
	for _, k := range keys {
		pairs = append(pairs, AliyunPercentEncode(k)+"="+AliyunPercentEncode(params.Get(k)))
	}
	return method + "&" + AliyunPercentEncode("/") + "&" + AliyunPercentEncode(strings.Join(pairs, "&"))
}

// AliyunSign is the signature of a string to sign under an AccessKey secret.
func AliyunSign(secret, stringToSign string) string {
	mac := hmac.New(sha1.New, []byte(secret+"&"))
	mac.Write([]byte(stringToSign))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Send calls SendSms; the answer's BizId is the message id. Code OK is success; throttling and
// Alibaba Cloud's own faults (isp.*) are retried, other codes are permanent.
func (a *Aliyun) Send(ctx context.Context, m Message) (string, error) {
	tp, _ := json.Marshal(m.Params)
	p := url.Values{}
	for k, v := range map[string]string{
		"AccessKeyId": a.AccessKeyID, "Action": "SendSms", "Format": "JSON", "RegionId": a.RegionID,
		"SignatureMethod": "HMAC-SHA1", "SignatureNonce": rand.Text(), "SignatureVersion": "1.0",
		"Timestamp": a.Now().UTC().Format("2006-01-02T15:04:05Z"), "Version": "2017-05-25",
		"PhoneNumbers": m.Phone, "SignName": a.SignName, "TemplateCode": a.TemplateCode, "TemplateParam": string(tp),
		"OutId": fmt.Sprint(m.ID),
	} {
		p.Set(k, v)
	}
	p.Set("Signature", AliyunSign(a.AccessKeySecret, AliyunStringToSign(http.MethodPost, p)))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(a.Endpoint, "/")+"/", strings.NewReader(p.Encode()))
	if err != nil {
		return "", Permanent(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := a.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var answer struct{ Code, Message, BizId, RequestId string }
	if json.Unmarshal(raw, &answer) != nil || answer.Code == "" {
		if err := httpStatusError(resp.StatusCode, raw); err != nil {
			return "", err
		}
		return "", fmt.Errorf("aliyun: unreadable answer: %.200s", raw)
	}
	if answer.Code == "OK" {
		return answer.BizId, nil
	}
	err = fmt.Errorf("aliyun %s: %s (request %s)", answer.Code, answer.Message, answer.RequestId)
	if resp.StatusCode >= 500 || strings.HasPrefix(answer.Code, "isp.") || strings.Contains(answer.Code, "Throttling") ||
		strings.Contains(answer.Code, "LIMIT") {
		return "", err
	}
	return "", Permanent(err)
}

// Tencent sends through Tencent Cloud SMS (sms.tencentcloudapi.com, API version 2021-01-11, action
// SendSms), signed with TC3-HMAC-SHA256: the canonical request is
// "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:<host>\n\ncontent-type;host\n" + hex
// SHA-256 of the body; the string to sign is "TC3-HMAC-SHA256\n<timestamp>\n<date>/sms/tc3_request\n" + hex
// SHA-256 of the canonical request; the key is derived as HMAC("TC3"+SecretKey, date) → HMAC(·, "sms") →
// HMAC(·, "tc3_request"); the signature is hex HMAC-SHA256 of the string to sign under it. The template
// registered with Tencent Cloud receives the values in ParamOrder.
type Tencent struct {
	Endpoint            string // https://sms.tencentcloudapi.com
	SecretID, SecretKey string
	SDKAppID, SignName  string
	TemplateID, Region  string
	Client              *http.Client
	Now                 func() time.Time
}

// Name is "tencent".
func (t *Tencent) Name() string { return "tencent" }

// TencentContentType is the content type the request is sent and signed with.
const TencentContentType = "application/json; charset=utf-8"

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func hmac256(key []byte, msg string) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msg))
	return mac.Sum(nil)
}

// TencentSignature computes the TC3-HMAC-SHA256 signature of a POST of body to host at ts.
func TencentSignature(secretKey, service, host string, ts int64, body []byte) string {
	canonical := "POST\n/\n\n" + "content-type:" + TencentContentType + "\nhost:" + host + "\n\n" + "content-type;host\n" + sha256Hex(body)
	date := time.Unix(ts, 0).UTC().Format("2006-01-02")
	scope := date + "/" + service + "/tc3_request"
	toSign := "TC3-HMAC-SHA256\n" + fmt.Sprint(ts) + "\n" + scope + "\n" + sha256Hex([]byte(canonical))
	key := hmac256(hmac256(hmac256([]byte("TC3"+secretKey), date), service), "tc3_request")
	return hex.EncodeToString(hmac256(key, toSign))
}

// Send calls SendSms; the answer's SerialNo is the message id. A send status "Ok" is success; limits and
// Tencent Cloud's internal errors are retried, other errors are permanent.
func (t *Tencent) Send(ctx context.Context, m Message) (string, error) {
	values := make([]string, len(ParamOrder))
	for i, k := range ParamOrder {
		values[i] = m.Params[k]
	}
	phone := m.Phone
	if !strings.HasPrefix(phone, "+") {
		phone = "+86" + phone
	}
	body, _ := json.Marshal(map[string]any{"PhoneNumberSet": []string{phone}, "SmsSdkAppId": t.SDKAppID, "SignName": t.SignName,
		"TemplateId": t.TemplateID, "TemplateParamSet": values, "SessionContext": fmt.Sprint(m.ID)})
	u, err := url.Parse(t.Endpoint)
	if err != nil {
		return "", Permanent(err)
	}
	ts := t.Now().Unix()
	date := time.Unix(ts, 0).UTC().Format("2006-01-02")
	sig := TencentSignature(t.SecretKey, "sms", u.Host, ts, body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(t.Endpoint, "/")+"/", bytes.NewReader(body))
	if err != nil {
		return "", Permanent(err)
	}
	req.Header.Set("Content-Type", TencentContentType)
	req.Header.Set("Authorization", fmt.Sprintf("TC3-HMAC-SHA256 Credential=%s/%s/sms/tc3_request, SignedHeaders=content-type;host, Signature=%s",
		t.SecretID, date, sig))
	req.Header.Set("X-TC-Action", "SendSms")
	req.Header.Set("X-TC-Version", "2021-01-11")
	req.Header.Set("X-TC-Timestamp", fmt.Sprint(ts))
	req.Header.Set("X-TC-Region", t.Region)
	resp, err := t.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var answer struct {
		Response struct {
			Error *struct{ Code, Message string }
			// SendStatusSet holds one status per number.
			SendStatusSet []struct{ SerialNo, PhoneNumber, Code, Message string }
			RequestID     string `json:"RequestId"`
		}
	}
	if json.Unmarshal(raw, &answer) != nil {
		if err := httpStatusError(resp.StatusCode, raw); err != nil {
			return "", err
		}
		return "", fmt.Errorf("tencent: unreadable answer: %.200s", raw)
	}
	r := answer.Response
	code, msg := "", ""
	switch {
	case r.Error != nil:
		code, msg = r.Error.Code, r.Error.Message
	case len(r.SendStatusSet) == 0:
		if err := httpStatusError(resp.StatusCode, raw); err != nil {
			return "", err
		}
		return "", fmt.Errorf("tencent: no send status in the answer (request %s)", r.RequestID)
	case r.SendStatusSet[0].Code == "Ok":
		return r.SendStatusSet[0].SerialNo, nil
	default:
		code, msg = r.SendStatusSet[0].Code, r.SendStatusSet[0].Message
	}
	err = fmt.Errorf("tencent %s: %s (request %s)", code, msg, r.RequestID)
	if resp.StatusCode >= 500 || strings.HasPrefix(code, "LimitExceeded") || strings.HasPrefix(code, "InternalError") ||
		strings.HasPrefix(code, "RequestLimitExceeded") {
		return "", err
	}
	return "", Permanent(err)
}
