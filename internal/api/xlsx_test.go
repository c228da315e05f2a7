package api_test

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
)

// unzipSheet returns the raw XML of the first worksheet, to check what kind of cells were written.
func unzipSheet(t *testing.T, data []byte) []byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range z.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			b, _ := io.ReadAll(rc)
			return b
		}
	}
	t.Fatal("no sheet1.xml")
	return nil
}
