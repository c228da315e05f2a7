// Package sheettest builds hostile .xlsx files for tests: parts that unpack to far more than they weigh,
// parts whose zip entry understates their size, and worksheets of a million rows, all streamed through
// deflate so that the files stay small and quick to make.
package sheettest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Part is a zip entry, already compressed, with the size its entry declares.
type Part struct {
	Name string
	Raw  []byte // deflate stream
	CRC  uint32
	Size uint64 // unpacked size as declared
}

// Declaring returns the part with its entry declaring size instead of its real size (the checksum then
// does not matter: a reader that trusts the entry stops, or fails, at size).
func (p Part) Declaring(size uint64) Part {
	p.Size = size
	return p
}

// Named returns the part under another name.
func (p Part) Named(name string) Part {
	p.Name = name
	return p
}

// Deflated compresses what write writes into a part named name.
func Deflated(t testing.TB, name string, write func(w io.Writer)) Part {
	t.Helper()
	var raw bytes.Buffer
	fw, err := flate.NewWriter(&raw, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	crc := crc32.NewIEEE()
	count := &counter{}
	bw := bufio.NewWriterSize(io.MultiWriter(fw, crc, count), 64<<10)
	write(bw)
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	return Part{Name: name, Raw: raw.Bytes(), CRC: crc.Sum32(), Size: count.n}
}

type counter struct{ n uint64 }

func (c *counter) Write(p []byte) (int, error) {
	c.n += uint64(len(p))
	return len(p), nil
}

var zeros sync.Map // size → Part: a GiB takes about a second to compress

// Zeros is a part of size zero bytes, honestly declared.
func Zeros(t testing.TB, name string, size int64) Part {
	t.Helper()
	if p, ok := zeros.Load(size); ok {
		return p.(Part).Named(name)
	}
	p := Deflated(t, name, func(w io.Writer) {
		block := make([]byte, 1<<20)
		for left := size; left > 0; left -= int64(len(block)) {
			_, _ = w.Write(block[:min(left, int64(len(block)))])
		}
	})
	zeros.Store(size, p)
	return p
}

// Worksheet is xl/worksheets/sheet1.xml with a header row of inline strings, then whatever rows writes
// (see Row).
func Worksheet(t testing.TB, header []string, rows func(w io.Writer)) Part {
	t.Helper()
	return Deflated(t, "xl/worksheets/sheet1.xml", func(w io.Writer) {
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+
			`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		Row(w, header...)
		rows(w)
		io.WriteString(w, `</sheetData></worksheet>`)
	})
}

// Row writes a row of inline strings from column A, with no row or cell references (excelize counts
// them, as Excel does).
func Row(w io.Writer, cells ...string) {
	io.WriteString(w, RowXML(cells...))
}

// RowXML is the XML of Row, to write many times.
func RowXML(cells ...string) string {
	var b strings.Builder
	b.WriteString("<row>")
	for _, c := range cells {
		b.WriteString(`<c t="inlineStr"><is><t>`)
		escape.WriteString(&b, c)
		b.WriteString(`</t></is></c>`)
	}
	b.WriteString("</row>")
	return b.String()
}

var escape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// Repack returns the .xlsx with parts added, each replacing the entry of its name if there is one.
func Repack(t testing.TB, xlsx []byte, parts ...Part) []byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	replaced := map[string]bool{}
	for _, p := range parts {
		replaced[p.Name] = true
	}
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, f := range z.File {
		if !replaced[f.Name] {
			if err := w.Copy(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, p := range parts {
		pw, err := w.CreateRaw(&zip.FileHeader{Name: p.Name, Method: zip.Deflate, CRC32: p.CRC,
			CompressedSize64: uint64(len(p.Raw)), UncompressedSize64: p.Size})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pw.Write(p.Raw); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// Small is a part holding a few bytes of text, for parts that are only there to be named.
func Small(t testing.TB, name string) Part {
	t.Helper()
	return Deflated(t, name, func(w io.Writer) { fmt.Fprintf(w, "<x>%s</x>", name) })
}

// Book builds a workbook of the rows (the first row is the header) as excelize writes it.
func Book(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Unpacked is the size a file's parts declare, unpacked.
func Unpacked(t testing.TB, file []byte) int64 {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, f := range z.File {
		n += int64(f.UncompressedSize64)
	}
	return n
}
