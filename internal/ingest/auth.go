package ingest

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/store"
)

// Device is an authenticated device.
type Device struct {
	ID, CompanyID int64
	IMEI          string
}

// Authenticate checks a device's IMEI and secret, and that it and its company are enabled. An unknown IMEI
// and a wrong secret get the same answer.
func Authenticate(ctx context.Context, db *store.DB, imei, secret string) (Device, error) {
	c, err := db.DeviceCredentialsByIMEI(ctx, imei)
	if errors.Is(err, store.ErrNotFound) || (err == nil && subtle.ConstantTimeCompare([]byte(c.SecretHash), []byte(auth.HashToken(secret))) != 1) {
		return Device{}, apperr.New(http.StatusUnauthorized, apperr.CodeUnauthorized, "ingest.bad_device")
	}
	if err != nil {
		return Device{}, err
	}
	if !c.Enabled {
		return Device{}, apperr.New(http.StatusForbidden, apperr.CodeDisabled, "ingest.device_disabled")
	}
	return Device{ID: c.ID, CompanyID: c.CompanyID, IMEI: imei}, nil
}
