// Package files keeps the images the rich-text editor uploads: what an upload may be, and its id.
package files

import (
	"context"
	"crypto/rand"
	"net/http"
	"slices"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/store"
)

// MaxImage bounds an uploaded image.
const MaxImage = 5 << 20

// ImageTypes are the types an image may have, as sniffed from its bytes (never as the client says), and so
// the types an image is served with.
var ImageTypes = []string{"image/gif", "image/jpeg", "image/png", "image/webp"}

// SaveImage checks an upload and stores it under a new id: 128 random bits, so that the image can be served
// without a token.
func SaveImage(ctx context.Context, db *store.DB, by int64, data []byte) (string, error) {
	if len(data) > MaxImage {
		return "", apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeTooLarge, "error.too_large", "5 MiB")
	}
	contentType := http.DetectContentType(data)
	if !slices.Contains(ImageTypes, contentType) {
		return "", apperr.Validation(apperr.Field("file", "file.not_image"))
	}
	id := strings.ToLower(rand.Text())
	return id, db.PutFile(ctx, id, contentType, data, by)
}
