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
	c, err := credentials(ctx, db, imei)
	if err == nil && subtle.ConstantTimeCompare([]byte(c.SecretHash), []byte(auth.HashToken(secret))) != 1 {
		err = unknownDevice()
	}
	if err != nil {
		return Device{}, err
	}
	return enabled(c, imei)
}

// Identify finds an enabled device (of an enabled company) by its IMEI alone: for messages from an external
// broker, which authenticated the device itself.
func Identify(ctx context.Context, db *store.DB, imei string) (Device, error) {
	c, err := credentials(ctx, db, imei)
	if err != nil {
		return Device{}, err
	}
	return enabled(c, imei)
}

func credentials(ctx context.Context, db *store.DB, imei string) (store.DeviceCredentials, error) {
	c, err := db.DeviceCredentialsByIMEI(ctx, imei)
	if errors.Is(err, store.ErrNotFound) {
		return c, unknownDevice()
	}
	return c, err
}

func unknownDevice() error {
	return apperr.New(http.StatusUnauthorized, apperr.CodeUnauthorized, "ingest.bad_device")
}

// enabled refuses a disabled device, or one of a disabled company.
func enabled(c store.DeviceCredentials, imei string) (Device, error) {
	if !c.Enabled {
		return Device{}, apperr.New(http.StatusForbidden, apperr.CodeDisabled, "ingest.device_disabled")
	}
	return Device{ID: c.ID, CompanyID: c.CompanyID, IMEI: imei}, nil
}
