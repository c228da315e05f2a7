package bench

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/xuri/excelize/v2"

	"irgas/internal/apitest"
)

// deviceSheet makes an import file of n devices; run keeps IMEIs apart between runs.
func deviceSheet(b *testing.B, run, n int, company string) []byte {
	b.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, _ := f.NewStreamWriter("Sheet1")
	_ = sw.SetRow("A1", []any{"IMEI", "设备名称", "设备型号", "所属企业", "省", "市", "区县"})
	for i := 1; i <= n; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = sw.SetRow(cell, []any{apitest.IMEI(run*1_000_000 + i), fmt.Sprintf("井 %d", i), "GT-100", company, "浙江省", "杭州市", "西湖区"})
	}
	_ = sw.Flush()
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func upload(b *testing.B, e *apitest.Env, path, token string, file []byte) *apitest.Response {
	b.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "devices.xlsx")
	part.Write(file)
	w.Close()
	return e.Do(apitest.Req{Method: "POST", Path: path, Token: token, Body: body.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}

// timeGET times GET path through handler as the bearer of token, and reports ms/call.
func timeGET(b *testing.B, handler http.Handler, path, token string) {
	b.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	for b.Loop() {
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/call")
}
