// Package sheet reads uploaded .xlsx files for imports: the first sheet, a header row in zh-CN or en, and
// the data rows with the row numbers a spreadsheet shows (the header is row 1), so that every error can
// name its row. It also writes the matching templates.
package sheet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/xuri/excelize/v2"

	"irgas/internal/apperr"
	"irgas/internal/i18n"
)

// Column is one column of an import: its key and the headers it may have.
type Column struct {
	Key      string
	Zh, En   string
	Required bool
	// Example is a value for the template's example row.
	Example string
}

// Row is one data row: its number as a spreadsheet shows it, and its values by column key.
type Row struct {
	Number int
	Values map[string]string
}

// Get returns a value by column key, trimmed.
func (r Row) Get(key string) string { return strings.TrimSpace(r.Values[key]) }

// ErrNoHeader means the first row does not name the required columns.
var ErrNoHeader = errors.New("sheet: the header row lacks required columns")

// Read parses the first sheet of an .xlsx. Columns are matched by header (either language, case and
// spaces ignored, a trailing * allowed); unknown columns are ignored; blank rows are skipped. It returns
// the required columns missing from the header.
//
// A file beyond the limits (see limits.go) is refused with a 400 *apperr.Error before it is read to its
// end: the zip is checked before excelize sees it, and every row counts, so that a small upload cannot
// make the server unpack or walk far more than the largest legitimate import.
func Read(ctx context.Context, r io.Reader, cols []Column, maxRows int) ([]Row, []Column, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, MaxReadTime, errReadTime)
	defer cancel()
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > MaxFileSize {
		return nil, nil, apperr.New(http.StatusRequestEntityTooLarge, apperr.CodeTooLarge, "error.too_large", mib(MaxFileSize))
	}
	if err := checkParts(ctx, data); err != nil {
		return nil, nil, err
	}
	// Every part fits UnzipXMLSizeLimit, so excelize keeps the worksheets and the shared strings in memory
	// and writes no temporary file; both options bound what it unpacks by the sizes the zip declares,
	// which checkParts has verified.
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnpackedSize, UnzipXMLSizeLimit: MaxDataPartSize})
	if err != nil {
		return nil, nil, fmt.Errorf("sheet: not an .xlsx file: %w", err)
	}
	defer f.Close()
	if err := checkStyles(f); err != nil {
		return nil, nil, err
	}
	return readRows(ctx, f, cols, maxRows)
}

// readRows reads the first sheet of f, every row counting, until ctx ends.
func readRows(ctx context.Context, f *excelize.File, cols []Column, maxRows int) ([]Row, []Column, error) {
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil, errors.New("sheet: the file has no sheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var keys []string
	var out []Row
	// counted is the rows that count toward maxRows: data rows, rows with text only in unrecognised
	// columns, and blank rows beyond MaxBlankRows. excelize also yields the rows a sheet skips (a lone
	// <row r="1048576"> is a million blank rows), so those count too.
	number, counted, blank := 0, 0, 0
	for rows.Next() {
		number++
		RowsRead.Add(1)
		if err := ctx.Err(); err != nil {
			return nil, nil, stopped(ctx)
		}
		cells, err := rows.Columns()
		if err != nil {
			return nil, nil, err
		}
		if keys == nil {
			keys = matchHeader(cells, cols)
			continue
		}
		values := map[string]string{}
		empty, filled := true, false
		for i, c := range cells {
			if strings.TrimSpace(c) == "" {
				continue
			}
			filled = true
			if i < len(keys) && keys[i] != "" {
				values[keys[i]] = c
				empty = false
			}
		}
		if filled {
			counted++
		} else if blank++; blank > MaxBlankRows {
			counted++
		}
		if counted > maxRows {
			return nil, nil, apperr.BadRequest("import.too_many_rows", maxRows, MaxBlankRows)
		}
		if empty {
			continue
		}
		out = append(out, Row{Number: number, Values: values})
	}
	var missing []Column
	for _, c := range cols {
		if c.Required && !contains(keys, c.Key) {
			missing = append(missing, c)
		}
	}
	return out, missing, rows.Error()
}

func matchHeader(cells []string, cols []Column) []string {
	norm := func(s string) string {
		return strings.ToLower(strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(s), " ", ""), "*"))
	}
	keys := make([]string, len(cells))
	for i, h := range cells {
		for _, c := range cols {
			if n := norm(h); n == norm(c.Zh) || n == norm(c.En) || n == norm(c.Key) {
				keys[i] = c.Key
			}
		}
	}
	return keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Template writes an .xlsx with the header row in lang (required columns marked *) and one example row.
func Template(cols []Column, lang i18n.Lang) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	header := make([]any, len(cols))
	example := make([]any, len(cols))
	for i, c := range cols {
		h := c.Zh
		if lang == i18n.EN {
			h = c.En
		}
		if c.Required {
			h += "*"
		}
		header[i], example[i] = h, c.Example
		col, _ := excelize.ColumnNumberToName(i + 1)
		_ = f.SetColWidth("Sheet1", col, col, 18)
	}
	// Text format for every column, so that an IMEI is not turned into a number in scientific notation.
	style, err := f.NewStyle(&excelize.Style{NumFmt: 49})
	if err != nil {
		return nil, err
	}
	last, _ := excelize.ColumnNumberToName(len(cols))
	_ = f.SetColStyle("Sheet1", "A:"+last, style)
	if err := f.SetSheetRow("Sheet1", "A1", &header); err != nil {
		return nil, err
	}
	if err := f.SetSheetRow("Sheet1", "A2", &example); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	_, err = f.WriteTo(&buf)
	return buf.Bytes(), err
}
