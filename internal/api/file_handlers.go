package api

import (
	"io"
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/files"
	"irgas/internal/httpx"
	"irgas/internal/permission"
)

// UploadResult answers an upload with the address the editor puts in <img src>.
type UploadResult struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

func (a *API) fileRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/upload/image", Summary: "Upload an image for the rich-text editor (png, jpeg, gif, webp; 5 MiB)",
			Perm:   permission.DeviceTypeManagement + ":create|" + permission.DeviceTypeManagement + ":update",
			Module: "Files", Action: "upload", MaxBody: files.MaxImage + 64<<10, Multipart: true,
			Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.uploadImage), Out: typeOf[UploadResult]()}},
		{Method: "GET", Path: "/files/{fileId}", Summary: "An uploaded image (public: its id is unguessable)", Public: true,
			Produces: files.ImageTypes, Endpoint: httpx.Raw(a.serveFile)},
	}
}

func (a *API) uploadImage(w http.ResponseWriter, r *http.Request) {
	file, _, err := r.FormFile("file")
	if err != nil {
		httpx.Fail(w, r, httpx.UploadError(err, files.MaxImage))
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, files.MaxImage+1))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	id, err := files.SaveImage(r.Context(), a.DB, auth.ActorFrom(r.Context()).UserID, data)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.InfoFrom(r.Context()).TargetID = id
	httpx.OK(w, r, UploadResult{ID: id, URL: "/api/files/" + id})
}

func (a *API) serveFile(w http.ResponseWriter, r *http.Request) {
	f, err := a.DB.GetFile(r.Context(), fileID(r))
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
