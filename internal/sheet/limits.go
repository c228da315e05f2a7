package sheet

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"irgas/internal/apperr"
)

// Limits of an uploaded .xlsx. An .xlsx is a zip, and a small one can unpack to gigabytes or to markup
// that takes minutes to parse, so the limits are on the unpacked size and on the markup, and are checked
// before excelize reads anything.
//
// They are sized on the largest legitimate import: device.MaxImportRows rows of the device template's
// 13 columns, every text at its longest allowed length in Chinese (TestReadTakesTheLargestImport builds
// it both ways). With inline strings its worksheet unpacks to 63 MiB, with 1.1 million elements and
// attributes. Written as Excel writes it, every text a shared string of its own with its reading
// settings, it has a 12 MiB worksheet and 69 MiB of shared strings (260,013 of them): 2.7 million
// elements and attributes, and it reads in 1.5 to 3 s on two busy cores.
const (
	// MaxFileSize bounds the upload itself (compressed).
	MaxFileSize = 20 << 20
	// MaxParts bounds the zip's entries: the template has 10; a workbook saved by Excel or WPS with
	// several sheets, comments, images and a chart has some 40.
	MaxParts = 256
	// MaxDataPartSize bounds one worksheet or the shared strings, unpacked (69 MiB above).
	MaxDataPartSize = 96 << 20
	// MaxOtherPartSize bounds every other part unpacked (styles, theme, drawings, an image): the
	// template's are under 8 KiB.
	MaxOtherPartSize = 8 << 20
	// MaxUnpackedSize bounds all parts together, unpacked, which excelize holds in memory (81 MiB
	// above).
	MaxUnpackedSize = 128 << 20
	// MaxBlankRows is how many blank rows a sheet may have before they count toward the row limit:
	// Excel keeps rows that were formatted or emptied.
	MaxBlankRows = 1000
	// MaxMarkup bounds the elements and attributes of all parts together (2.7 million above). The
	// costliest file that fits, a row of 4 million empty cells, reads in about 2 s.
	MaxMarkup = 4_000_000
	// MaxDecodedMarkup bounds, within MaxMarkup, the elements and attributes of the parts excelize
	// decodes whole into memory, at up to 2.5 µs and 400 bytes each: all but the worksheets, which it
	// streams, and the shared strings (MaxSharedStrings). The template's are about 1,000; a workbook
	// with a thousand cell formats has some 15,000.
	MaxDecodedMarkup = 500_000
	// MaxSharedStrings bounds the shared strings, which excelize decodes all at once at up to 4 µs and
	// 300 bytes each (260,013 above: one a cell).
	MaxSharedStrings = 400_000
	// MaxSheets bounds the sheets of the workbook: excelize matches each against every relationship.
	MaxSheets = 256
	// MaxNumFmts bounds the custom number formats, which excelize searches one by one for every
	// formatted cell; Excel allows some 250.
	MaxNumFmts = 512
	// MaxNumFmtLength bounds a number format, which excelize parses for every cell that has it; Excel
	// allows 255 characters.
	MaxNumFmtLength = 255
	// MaxTagAttributes bounds the attributes of one element (a worksheet's root, with its namespaces,
	// has about 10); a decoder holds them all at once.
	MaxTagAttributes = 256
	// MaxDepth bounds how deeply elements nest (a chart nests about 12 deep); a decoder keeps a stack.
	MaxDepth = 64
	// MaxRun bounds one text, tag or attribute value: a cell holds at most 32,767 characters, about
	// 96 KiB in Chinese, more with escapes.
	MaxRun = 1 << 20
)

// MaxReadTime bounds a read, in case a file within the limits above is still slow. (A variable so that a
// test of another limit, run under the race detector on a loaded machine, is not cut short by this one.)
var MaxReadTime = 10 * time.Second

// What reads have done, over the process: the bytes checkParts unpacked and the rows Read walked. Tests
// watch them to show that a refused file was not read to its end.
var (
	Inflated atomic.Int64
	RowsRead atomic.Int64
)

var errReadTime = errors.New("sheet: read time limit")

// partPatterns are the parts an .xlsx may hold, matched in lower case with path.Match (so one folder
// level, and "_rels/" beside each part). They are what Excel, WPS, LibreOffice and Google Sheets write for
// sheets with formatting, comments, tables, images and charts. Anything else is refused: macros
// (vbaProject.bin), ActiveX, embedded OLE objects, Power Pivot data models, pivot caches and external
// links are nothing a list of devices needs, and a part nobody expects is the hiding place for a bomb.
var partPatterns = []string{
	`\[content_types\].xml`, "_rels/.rels",
	"docprops/*",                       // core, app and custom properties, a thumbnail
	"customxml/*", "customxml/_rels/*", // labels SharePoint and OneDrive attach
	"xl/workbook.xml", "xl/_rels/workbook.xml.rels",
	"xl/styles.xml", "xl/sharedstrings.xml", "xl/calcchain.xml", "xl/metadata.xml",
	"xl/comments*.xml",
	"xl/cellimages.xml", "xl/_rels/cellimages.xml.rels", // WPS pictures in cells
	"xl/worksheets/*", "xl/worksheets/_rels/*",
	"xl/theme/*", "xl/theme/_rels/*",
	"xl/drawings/*", "xl/drawings/_rels/*", // images, shapes, and the VML of comments
	"xl/media/*",
	"xl/charts/*", "xl/charts/_rels/*",
	"xl/tables/*", "xl/tables/_rels/*",
	"xl/printersettings/*",
	"xl/threadedcomments/*", "xl/persons/*",
}

// checkParts refuses, from the zip's directory and before unpacking anything, a file with too many
// parts, a part an .xlsx does not hold, or parts larger than the limits. Then it unpacks every part
// without keeping it, counting the bytes itself: a directory can understate a size, and a part larger
// than its directory says is refused rather than cut short.
func checkParts(ctx context.Context, data []byte) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if errors.Is(err, zip.ErrInsecurePath) {
		err = nil // a name such as ../x: z is whole, and the names are checked below
	}
	if err != nil {
		return fmt.Errorf("sheet: not an .xlsx file: %w", err)
	}
	if len(z.File) > MaxParts {
		return apperr.BadRequest("import.too_many_parts", MaxParts)
	}
	var total uint64
	for _, f := range z.File {
		name := partName(f)
		dir := strings.HasSuffix(name, "/") && f.UncompressedSize64 == 0
		if !dir && !allowed(name) {
			return apperr.BadRequest("import.unexpected_part", shown(f.Name))
		}
		if limit := partLimit(name); f.UncompressedSize64 > limit {
			return apperr.BadRequest("import.part_too_large", shown(f.Name), mib(int64(limit)))
		}
		if total += f.UncompressedSize64; total > MaxUnpackedSize {
			return apperr.BadRequest("import.unpacked_too_large", mib(MaxUnpackedSize))
		}
	}
	buf := make([]byte, 32<<10)
	left := newBudget()
	for _, f := range z.File {
		name := partName(f)
		m := &markup{left: left, sst: name == sharedStrings, decoded: name != sharedStrings && !worksheet(name)}
		if err := unpack(ctx, f, buf, m); err != nil {
			return err
		}
	}
	return nil
}

// sharedStrings is the one path excelize reads the shared strings from (in lower case, as partName).
const sharedStrings = "xl/sharedstrings.xml"

// partName is a part's name as excelize matches it (it takes \ for /), in lower case.
func partName(f *zip.File) string { return strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/")) }

func worksheet(name string) bool {
	ok, _ := path.Match("xl/worksheets/*", name)
	return ok
}

// unpack reads a part to its end, refusing it if it holds more than its directory entry says (the
// entry has been checked against the limits) or is damaged.
func unpack(ctx context.Context, f *zip.File, buf []byte, m *markup) error {
	damaged := apperr.BadRequest("import.damaged_part", shown(f.Name))
	rc, err := f.Open()
	if err != nil {
		return damaged
	}
	defer rc.Close()
	var n uint64
	for {
		if ctx.Err() != nil {
			return stopped(ctx)
		}
		k, err := rc.Read(buf)
		n += uint64(k)
		Inflated.Add(int64(k))
		if n > f.UncompressedSize64 {
			return damaged
		}
		if m.write(buf[:k]) != nil {
			return apperr.BadRequest("import.too_complex", shown(f.Name))
		}
		if err == io.EOF {
			return nil // archive/zip has checked the length and the checksum
		}
		if err != nil {
			return damaged
		}
	}
}

func allowed(name string) bool {
	for _, p := range partPatterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

// partLimit is the size a part may unpack to: the worksheets and the shared strings hold the rows.
func partLimit(name string) uint64 {
	if name == sharedStrings || worksheet(name) {
		return MaxDataPartSize
	}
	return MaxOtherPartSize
}

// checkStyles refuses number formats that would cost excelize work for every cell (the styles are
// decoded by now, within MaxDecodedMarkup, but not yet applied).
func checkStyles(f *excelize.File) error {
	if f.Styles == nil || f.Styles.NumFmts == nil {
		return nil
	}
	formats := f.Styles.NumFmts.NumFmt
	if len(formats) > MaxNumFmts {
		return apperr.BadRequest("import.too_complex", "xl/styles.xml")
	}
	for _, n := range formats {
		if utf8.RuneCountInString(n.FormatCode) > MaxNumFmtLength || utf8.RuneCountInString(n.FormatCode16) > MaxNumFmtLength {
			return apperr.BadRequest("import.too_complex", "xl/styles.xml")
		}
	}
	return nil
}

// stopped is the error of a read whose context ended: a 400 when the read's own time limit did it.
func stopped(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), errReadTime) {
		return apperr.BadRequest("import.too_slow", MaxReadTime.String())
	}
	return context.Cause(ctx)
}

// shown cuts a part's name, which the file chose, to a length a message can carry.
func shown(name string) string {
	if r := []rune(name); len(r) > 64 {
		return string(r[:64]) + "…"
	}
	return name
}

func mib(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }
