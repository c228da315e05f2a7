package sheet

import (
	"context"
	"errors"
	"testing"

	"github.com/xuri/excelize/v2"

	"irgas/internal/apperr"
)

// The rows stop where the read's context ends, whatever is left of the sheet.
func TestReadRowsStopsWhenItsContextEnds(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	for i := range 100 {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		value := map[bool]string{true: "IMEI", false: "490154203237518"}[i == 0]
		if err := f.SetCellValue("Sheet1", cell, value); err != nil {
			t.Fatal(err)
		}
	}
	cols := []Column{{Key: "imei", Zh: "IMEI", En: "IMEI", Required: true}}
	ctx, cancel := context.WithTimeoutCause(context.Background(), MaxReadTime, errReadTime)
	defer cancel()
	if rows, _, err := readRows(ctx, f, cols, 1000); err != nil || len(rows) != 99 {
		t.Fatalf("before the end: %d rows, %v", len(rows), err)
	}

	ended, end := context.WithCancelCause(context.Background())
	end(errReadTime) // as the read's time limit does
	before := RowsRead.Load()
	_, _, err := readRows(ended, f, cols, 1000)
	var e *apperr.Error
	if !errors.As(err, &e) || e.Status != 400 || e.Key != "import.too_slow" || RowsRead.Load()-before != 1 {
		t.Fatalf("after the end: %v, %d rows", err, RowsRead.Load()-before)
	}
}
