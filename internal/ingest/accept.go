package ingest

import (
	"context"
	"time"

	"irgas/internal/store"
)

// Accepted says what a message brought.
type Accepted struct {
	Stored, Duplicates, Calibrations int64
}

// Accept checks every reading and calibration report of a device's message (one bad one refuses the
// whole message), then stores them all; it returns only once they are committed, so that the sender can be
// acknowledged. Both transports, MQTT and HTTP, take messages in through it.
func Accept(ctx context.Context, db *store.DB, w *Writer, dev Device, msgs []Message, now time.Time) (Accepted, error) {
	readingMsgs, calibrationMsgs := Split(msgs)
	readings, err := Readings(readingMsgs, dev.ID, dev.CompanyID, now)
	if err != nil {
		return Accepted{}, err
	}
	cals, err := Calibrations(calibrationMsgs, dev.ID, dev.CompanyID, now)
	if err != nil {
		return Accepted{}, err
	}
	if err := db.InsertCalibrations(ctx, cals); err != nil {
		return Accepted{}, err
	}
	stored, err := w.Write(ctx, readings)
	if err != nil {
		return Accepted{}, err
	}
	return Accepted{Stored: stored, Duplicates: int64(len(readings)) - stored, Calibrations: int64(len(cals))}, nil
}
