package api_test

import (
	"bytes"
	"image"
	"image/png"
	"mime/multipart"
	"testing"

	"irgas/internal/apitest"
	"irgas/internal/store"
	"irgas/internal/testdb"
)

func uploadFile(t *testing.T, e *apitest.Env, token string, name string, data []byte) *apitest.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", name)
	part.Write(data)
	w.Close()
	return e.Do(apitest.Req{Method: "POST", Path: "/api/upload/image", Token: token, Body: body.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}

func TestImageUpload(t *testing.T) {
	t.Parallel()
	testdb.Each(t, testImageUpload)
}

func testImageUpload(t *testing.T, db *store.DB) {
	e := apitest.New(t, db)
	admin := e.Admin()
	var img bytes.Buffer
	png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 4, 4)))

	r := uploadFile(t, e, admin, "dot.png", img.Bytes())
	expect(t, r, 200, 0)
	var up struct{ ID, URL string }
	r.Into(t, &up)
	if len(up.ID) < 20 || up.URL != "/api/files/"+up.ID {
		t.Fatalf("upload: %+v", up)
	}
	got := e.Get(up.URL, "") // public: an <img> sends no token
	if got.Status != 200 || got.Header.Get("Content-Type") != "image/png" || !bytes.Equal(got.Raw, img.Bytes()) ||
		got.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("served: %d %v", got.Status, got.Header)
	}
	// An HTML page named .png is refused: the type is sniffed from the bytes.
	expect(t, uploadFile(t, e, admin, "evil.png", []byte("<html><script>alert(1)</script></html>")), 422, 42200)
	expect(t, uploadFile(t, e, admin, "big.png", append(img.Bytes(), make([]byte, 6<<20)...)), 413, 41300)
	expect(t, e.Get("/api/files/nope", ""), 404, 40400)
	createCompany(t, e, admin, 1, "c-admin")
	expect(t, uploadFile(t, e, e.Login("c-admin", "Admin-Pass-1"), "dot.png", img.Bytes()), 403, 40300)
}
