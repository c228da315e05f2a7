package api

import (
	"crypto/rand"
	"io"
	"net/http"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/permission"
)

// maxImage bounds an uploaded image.
const maxImage = 5 << 20

// imageTypes are the types an upload may have, as sniffed from its bytes (never as the client says).
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// UploadResult answers an upload with the address the editor puts in <img src>.
type UploadResult struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

func (a *API) fileRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/upload/image", Summary: "Upload an image for the rich-text editor (png, jpeg, gif, webp; 5 MiB)",
			Perm:   permission.DeviceTypeManagement + ":create|" + permission.DeviceTypeManagement + ":update",
			Module: "Files", Action: "upload", MaxBody: maxImage + 64<<10, Multipart: true, Endpoint: httpx.Raw(a.uploadImage)},
		{Method: "GET", Path: "/files/{id}", Summary: "An uploaded image (public: its id is unguessable)", Public: true,
			Endpoint: httpx.Raw(a.serveFile)},
	}
}

func (a *API) uploadImage(w http.ResponseWriter, r *http.Request) {
	file, _, err := r.FormFile("file")
	if err != nil {
		httpx.Fail(w, r, httpx.UploadError(err, maxImage))
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, maxImage+1))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if len(data) > maxImage {
		httpx.Fail(w, r, apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeTooLarge, "error.too_large", "5 MiB"))
		return
	}
	contentType := http.DetectContentType(data)
	if !imageTypes[contentType] {
		httpx.Fail(w, r, apperr.Validation(apperr.Field("file", "file.not_image")))
		return
	}
	id := strings.ToLower(rand.Text())
	if err := a.DB.PutFile(r.Context(), id, contentType, data, auth.ActorFrom(r.Context()).UserID); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.InfoFrom(r.Context()).TargetID = id
	httpx.OK(w, r, UploadResult{ID: id, URL: "/api/files/" + id})
}

func (a *API) serveFile(w http.ResponseWriter, r *http.Request) {
	f, err := a.DB.GetFile(r.Context(), r.PathValue("id"))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", f.ContentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write(f.Data)
}
