package sheet_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"irgas/internal/apperr"
	"irgas/internal/sheet"
	"irgas/internal/sheet/sheettest"
)

var cols = []sheet.Column{
	{Key: "imei", Zh: "IMEI", En: "IMEI", Required: true},
	{Key: "name", Zh: "设备名称", En: "Name"},
}

func read(data []byte, maxRows int) ([]sheet.Row, error) {
	rows, _, err := sheet.Read(context.Background(), bytes.NewReader(data), cols, maxRows)
	return rows, err
}

// refused checks that err is the 400 of key and returns its arguments.
func refused(t *testing.T, err error, key string) []any {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Status != 400 || e.Key != key {
		t.Fatalf("want a 400 %s, got %v", key, err)
	}
	return e.Args
}

// watch returns what Read unpacked and the rows it walked during fn.
func watch(fn func()) (inflated, rows int64) {
	i, r := sheet.Inflated.Load(), sheet.RowsRead.Load()
	fn()
	return sheet.Inflated.Load() - i, sheet.RowsRead.Load() - r
}

// plain is a good file of one row, to add hostile parts to.
func plain(t testing.TB) []byte {
	return sheettest.Book(t, [][]any{{"IMEI", "Name"}, {"490154203237518", "a"}})
}

// manyRows is a worksheet of the header and then n times the same row.
func manyRows(t *testing.T, header []string, n int, row string) sheettest.Part {
	return sheettest.Worksheet(t, header, func(w io.Writer) {
		for range n {
			io.WriteString(w, row)
		}
	})
}

func TestReadRefusesPartsBeyondTheLimits(t *testing.T) {
	base := plain(t)
	if rows, err := read(base, 10); err != nil || len(rows) != 1 {
		t.Fatalf("the plain file: %v %v", rows, err)
	}
	// 2.6 million rows of "x": about 100 MiB of XML in well under a MiB.
	bigSheet := manyRows(t, []string{"IMEI"}, 2_600_000, sheettest.RowXML("x"))
	if bigSheet.Size <= sheet.MaxDataPartSize {
		t.Fatalf("the big worksheet is only %d bytes", bigSheet.Size)
	}
	eightMiB := func(i int) sheettest.Part {
		return sheettest.Zeros(t, fmt.Sprintf("xl/media/image%d.png", i), sheet.MaxOtherPartSize)
	}
	var overTotal []sheettest.Part
	for i := range sheet.MaxUnpackedSize/sheet.MaxOtherPartSize + 1 {
		overTotal = append(overTotal, eightMiB(i))
	}

	for _, c := range []struct {
		name     string
		file     []byte
		key      string
		inflated int64 // the most Read may unpack of the hostile part before it refuses
	}{
		// Refused from the zip's directory: nothing is unpacked.
		{"a GiB of zeros", sheettest.Repack(t, base, sheettest.Zeros(t, "xl/media/image1.png", 1<<30)), "import.part_too_large", 0},
		{"a worksheet over the limit", sheettest.Repack(t, base, bigSheet), "import.part_too_large", 0},
		{"parts over the limit together", sheettest.Repack(t, base, overTotal...), "import.unpacked_too_large", 0},
		// Entries that understate their part: unpacking stops where the entry said the part ends.
		{"a GiB of zeros declared as 1,000 bytes", sheettest.Repack(t, base, sheettest.Zeros(t, "xl/media/image1.png", 1<<30).Declaring(1000)),
			"import.damaged_part", 1000},
		{"a worksheet declared as 1 MiB", sheettest.Repack(t, base, bigSheet.Declaring(1<<20)), "import.damaged_part", 1 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			if len(c.file) > sheet.MaxFileSize {
				t.Fatalf("the file is %d bytes, over the upload limit", len(c.file))
			}
			var err error
			inflated, _ := watch(func() { _, err = read(c.file, 10) })
			refused(t, err, c.key)
			if c.inflated > 0 {
				c.inflated += sheettest.Unpacked(t, base) // the good parts, which come first
			}
			if inflated > c.inflated {
				t.Fatalf("%d bytes unpacked before the refusal, want at most %d", inflated, c.inflated)
			}
		})
	}
}

// xmlPart is a part of the given XML, with a declaration and a root element.
func xmlPart(t *testing.T, name, root, body string) sheettest.Part {
	return sheettest.Deflated(t, name, func(w io.Writer) {
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><`+root+
			` xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+body+`</`+root+`>`)
	})
}

func TestReadRefusesPartsThatCostMoreThanTheyWeigh(t *testing.T) {
	base := plain(t)
	sheetOf := func(body string) sheettest.Part { return xmlPart(t, "xl/worksheets/sheet1.xml", "worksheet", body) }
	styles := func(body string) sheettest.Part { return xmlPart(t, "xl/styles.xml", "styleSheet", body) }
	var numFmts strings.Builder
	for i := range sheet.MaxNumFmts + 1 {
		fmt.Fprintf(&numFmts, `<numFmt numFmtId="%d" formatCode="0.00"/>`, 164+i)
	}
	var sheets strings.Builder
	for i := range sheet.MaxSheets + 1 {
		fmt.Fprintf(&sheets, `<sheet name="S%d" sheetId="%d" r:id="rId%d"/>`, i, i+1, i+1)
	}
	for _, c := range []struct {
		name string
		part sheettest.Part
	}{
		{"a row of 8 million empty cells", sheetOf(`<sheetData><row>` + strings.Repeat("<c/>", 2*sheet.MaxMarkup) + `</row></sheetData>`)},
		{"cells of 8 million attributes", sheetOf(`<sheetData><row>` + strings.Repeat(`<c a="" b=""/>`, sheet.MaxMarkup) + `</row></sheetData>`)},
		{"an element of too many attributes", sheetOf(`<sheetData><row` + strings.Repeat(` a=""`, sheet.MaxTagAttributes+1) + `/></sheetData>`)},
		{"elements nested too deep", sheetOf(strings.Repeat("<a>", sheet.MaxDepth+1))},
		{"a text of 2 MiB", sheetOf(`<sheetData><row><c t="inlineStr"><is><t>` + strings.Repeat("x", 2*sheet.MaxRun) + `</t></is></c></row></sheetData>`)},
		{"an attribute value of 2 MiB", sheetOf(`<sheetData><row r="` + strings.Repeat("1", 2*sheet.MaxRun) + `"/></sheetData>`)},
		{"whitespace of 2 MiB", sheetOf(strings.Repeat(" ", 2*sheet.MaxRun))},
		{"too many shared strings", xmlPart(t, "xl/sharedStrings.xml", "sst", strings.Repeat("<si><t/></si>", 2*sheet.MaxSharedStrings))},
		{"too many cell formats", styles(`<cellXfs>` + strings.Repeat("<xf/>", 2*sheet.MaxDecodedMarkup) + `</cellXfs>`)},
		{"too many number formats", styles(`<numFmts>` + numFmts.String() + `</numFmts>`)},
		{"a number format too long", styles(`<numFmts><numFmt numFmtId="164" formatCode="` + strings.Repeat("0", sheet.MaxNumFmtLength+1) + `"/></numFmts>`)},
		{"too many sheets", xmlPart(t, "xl/workbook.xml", "workbook", `<sheets>`+sheets.String()+`</sheets>`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := sheettest.Repack(t, base, c.part)
			var err error
			inflated, rows := watch(func() { _, err = read(file, 10) })
			if args := refused(t, err, "import.too_complex"); !strings.EqualFold(args[0].(string), c.part.Name) {
				t.Errorf("the message names %v", args)
			}
			if rows != 0 {
				t.Fatalf("%d rows read", rows)
			}
			if c.part.Size > 1<<20 && uint64(inflated) >= c.part.Size { // twice over a limit: refused halfway
				t.Fatalf("the part was unpacked to its end (%d bytes)", inflated)
			}
		})
	}

	// Within the limits all of these are read. A picture ends the count at its first byte that XML does not
	// allow, however much looks like markup after it.
	png := sheettest.Deflated(t, "xl/media/image1.png", func(w io.Writer) {
		io.WriteString(w, "\x89PNG\r\n\x1a\n"+strings.Repeat("<a>", 2<<20))
	})
	fine := sheettest.Repack(t, base, png,
		xmlPart(t, "xl/media/image2.svg", "svg", strings.Repeat("<g>", sheet.MaxDepth-1)+strings.Repeat("</g>", sheet.MaxDepth-1)),
		xmlPart(t, "xl/drawings/drawing1.xml", "wsDr", `<a b="`+strings.Repeat("x", sheet.MaxRun-1)+`"/>`+strings.Repeat(" ", sheet.MaxRun-1)))
	if rows, err := read(fine, 10); err != nil || len(rows) != 1 {
		t.Fatalf("a file within the limits: %v %v", rows, err)
	}
}

func TestReadRefusesPartsAnXlsxDoesNotHold(t *testing.T) {
	base := plain(t)
	for _, name := range []string{"payload.bin", "xl/vbaProject.bin", "xl/embeddings/oleObject1.bin", "xl/model/item.data",
		"xl/worksheets/deeper/sheet9.xml", "../xl/styles.xml", "/xl/evil.xml"} {
		_, err := read(sheettest.Repack(t, base, sheettest.Small(t, name)), 10)
		if args := refused(t, err, "import.unexpected_part"); args[0] != name {
			t.Errorf("%s: the message names %v", name, args)
		}
	}
	// What Excel, WPS and SharePoint add is read, in any case, and with directory entries.
	var extras []sheettest.Part
	for _, name := range []string{"customXml/item1.xml", "customXml/_rels/item1.xml.rels", "docProps/custom.xml",
		"xl/printerSettings/printerSettings1.bin", "xl/comments1.xml", "xl/drawings/vmlDrawing1.vml", "XL/Media/image1.png",
		"xl/cellimages.xml", "xl/theme/", "xl/media/"} {
		extras = append(extras, sheettest.Small(t, name))
	}
	extras[len(extras)-2].Raw, extras[len(extras)-2].Size = nil, 0
	extras[len(extras)-1].Raw, extras[len(extras)-1].Size = nil, 0
	if rows, err := read(sheettest.Repack(t, base, extras...), 10); err != nil || len(rows) != 1 {
		t.Fatalf("a file with the usual extras: %v %v", rows, err)
	}

	var parts []sheettest.Part
	for i := range sheet.MaxParts {
		parts = append(parts, sheettest.Small(t, fmt.Sprintf("xl/media/image%d.png", i)))
	}
	inflated, _ := watch(func() {
		_, err := read(sheettest.Repack(t, base, parts...), 10)
		if args := refused(t, err, "import.too_many_parts"); args[0] != sheet.MaxParts {
			t.Errorf("args %v", args)
		}
	})
	if inflated != 0 {
		t.Fatalf("%d bytes unpacked before the refusal", inflated)
	}
}

func TestReadCountsEveryRow(t *testing.T) {
	base := plain(t)
	const maxRows = 20000
	walked := maxRows + sheet.MaxBlankRows + 2 // the header, and the row over the limit
	header := []string{"Note", "IMEI"}         // column A is none of cols
	for _, c := range []struct {
		name string
		part sheettest.Part
	}{
		// A number in column A: little markup a row, so that only the row count stops it.
		{"a million rows with no recognised column", manyRows(t, header, 1_000_000, "<row><c><v>1</v></c></row>")},
		{"a million blank rows", manyRows(t, header, 1_000_000, "<row/>")},
		{"one row at the end of the sheet", sheettest.Worksheet(t, header, func(w io.Writer) {
			io.WriteString(w, `<row r="1048576"><c r="B1048576" t="inlineStr"><is><t>490154203237518</t></is></c></row>`)
		})},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			_, rows := watch(func() { _, err = read(sheettest.Repack(t, base, c.part), maxRows) })
			if args := refused(t, err, "import.too_many_rows"); args[0] != maxRows || args[1] != sheet.MaxBlankRows {
				t.Errorf("args %v", args)
			}
			if rows > int64(walked) {
				t.Fatalf("%d rows walked, want at most %d", rows, walked)
			}
		})
	}

	// Blank rows up to the allowance are free; one more, or a row of unrecognised text, counts.
	data := func(w io.Writer) {
		for i := range 10 {
			sheettest.Row(w, "", fmt.Sprint(490154203237518+i))
		}
	}
	blanks := func(n int) func(w io.Writer) {
		return func(w io.Writer) { io.WriteString(w, strings.Repeat("<row/>", n)) }
	}
	sheetOf := func(parts ...func(w io.Writer)) []byte {
		return sheettest.Repack(t, base, sheettest.Worksheet(t, header, func(w io.Writer) {
			for _, p := range parts {
				p(w)
			}
		}))
	}
	if rows, err := read(sheetOf(blanks(sheet.MaxBlankRows/2), data, blanks(sheet.MaxBlankRows/2)), 10); err != nil || len(rows) != 10 {
		t.Fatalf("10 rows and the allowed blank rows: %d %v", len(rows), err)
	} else if rows[0].Number != sheet.MaxBlankRows/2+2 || rows[0].Get("imei") != "490154203237518" {
		t.Fatalf("first row: %+v", rows[0])
	}
	_, err := read(sheetOf(data, blanks(sheet.MaxBlankRows+1)), 10)
	refused(t, err, "import.too_many_rows")
	_, err = read(sheetOf(data, func(w io.Writer) { sheettest.Row(w, "a note") }), 10)
	refused(t, err, "import.too_many_rows")
}

func TestReadStopsWhenItsContextEnds(t *testing.T) {
	base := plain(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var err error
	inflated, rows := watch(func() { _, _, err = sheet.Read(ctx, bytes.NewReader(base), cols, 10) })
	if !errors.Is(err, context.Canceled) || inflated != 0 || rows != 0 {
		t.Fatalf("err %v, %d bytes unpacked, %d rows", err, inflated, rows)
	}
}
