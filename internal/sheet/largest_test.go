//go:build !race

package sheet_test

// This test reads the largest legitimate import, many times slower under the race detector: it is built
// without -race only, and `make test-go` runs it so, beside the race run.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"irgas/internal/device"
	"irgas/internal/sheet"
	"irgas/internal/sheet/sheettest"
)

// The largest legitimate device import fits the limits: device.MaxImportRows rows of the template's
// columns, every text at its longest in Chinese. Written with inline strings it has the largest
// worksheet; written as Excel does, with every text a shared string of its own, the most markup.
func TestReadTakesTheLargestImport(t *testing.T) {
	// What it checks is that the size and markup limits let the file through; how long the read takes is
	// measured by BenchmarkDeviceImport (docs/benchmarks.md), not asserted here, so the backstop is lifted.
	limit := sheet.MaxReadTime
	sheet.MaxReadTime = 5 * time.Minute
	t.Cleanup(func() { sheet.MaxReadTime = limit })
	base := plain(t)
	long := func(n, row int) string { // varied enough to be real, repetitive enough to stay under MaxFileSize
		s := []rune(fmt.Sprintf("%d号", row) + strings.Repeat("浙江省杭州市西湖区文三路燃气调压站东侧", n/10+1))
		return string(s[:n])
	}
	row := func(i int) []string {
		return []string{fmt.Sprint(490154203237518 + i), long(50, i), long(50, i+1), long(100, i+2), "新疆维吾尔自治区",
			"克孜勒苏柯尔克孜自治州", "察布查尔锡伯自治县", long(200, i+3), "-89.12345678901234", "-179.1234567890123",
			fmt.Sprintf("898604%014d", i), "2026-01-15", long(500, i+4)}
	}
	header := make([]string, len(device.ImportColumns))
	for i, c := range device.ImportColumns {
		header[i] = c.Zh
	}

	inline := sheettest.Worksheet(t, header, func(w io.Writer) {
		for i := range device.MaxImportRows {
			sheettest.Row(w, row(i)...)
		}
	})
	if inline.Size < 60<<20 {
		t.Fatalf("the inline worksheet unpacks to only %d bytes", inline.Size)
	}

	var texts []string
	cells := func(w io.Writer, values []string, r int) { // as Excel writes a row
		fmt.Fprintf(w, `<row r="%d" spans="1:13" s="1" x14ac:dyDescent="0.25">`, r)
		for i, v := range values {
			fmt.Fprintf(w, `<c r="%c%d" s="1" t="s"><v>%d</v></c>`, 'A'+i, r, len(texts))
			texts = append(texts, v)
		}
		io.WriteString(w, "</row>")
	}
	shared := sheettest.Deflated(t, "xl/worksheets/sheet1.xml", func(w io.Writer) {
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet `+
			`xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `+
			`xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetData>`)
		cells(w, header, 1)
		for i := range device.MaxImportRows {
			cells(w, row(i), i+2)
		}
		io.WriteString(w, `</sheetData></worksheet>`)
	})
	sst := sheettest.Deflated(t, "xl/sharedStrings.xml", func(w io.Writer) {
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst `+
			`xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%[1]d">`, len(texts))
		for _, s := range texts {
			fmt.Fprintf(w, `<si><t>%s</t><phoneticPr fontId="1" type="noConversion"/></si>`, s)
		}
		io.WriteString(w, `</sst>`)
	})

	for name, parts := range map[string][]sheettest.Part{"inline": {inline}, "shared": {shared, sst}} {
		t.Run(name, func(t *testing.T) {
			file := sheettest.Repack(t, base, parts...)
			if len(file) > sheet.MaxFileSize {
				t.Fatalf("the file is %d bytes", len(file))
			}
			rows, missing, err := sheet.Read(context.Background(), bytes.NewReader(file), device.ImportColumns, device.MaxImportRows)
			if err != nil || len(missing) != 0 || len(rows) != device.MaxImportRows {
				t.Fatalf("%d rows, missing %v: %v", len(rows), missing, err)
			}
			if r := rows[len(rows)-1]; len([]rune(r.Get("remark"))) != 500 || r.Number != device.MaxImportRows+1 {
				t.Fatalf("last row: %d %q", r.Number, r.Get("remark"))
			}
		})
	}
}
