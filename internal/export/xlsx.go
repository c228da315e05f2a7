// Package export streams list results into .xlsx files, the one way every export call answers: the same
// filters as the list, localized headers, text cells that are never formulas, and a UTF-8 file name.
package export

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/xuri/excelize/v2"

	"irgas/internal/i18n"
)

// ContentType is the media type of every workbook the API answers (exports and import templates).
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Column is one column of an export: its header in each language and how a record fills it.
type Column[T any] struct {
	Zh, En string
	Value  func(T) any
}

// Sheet names an export: the file's base name in each language.
type Sheet struct {
	Zh, En string
}

// Write builds the workbook from the records iterate yields and sends it. A failure before the first
// byte is returned (and answered by the caller as an error); the file is only sent complete.
func Write[T any](w http.ResponseWriter, r *http.Request, sheet Sheet, cols []Column[T], iterate func(yield func(T) error) error) error {
	lang := i18n.FromRequest(r)
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = pick(lang, c.Zh, c.En)
		_ = sw.SetColWidth(i+1, i+1, 18)
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	row := 1
	values := make([]any, len(cols))
	err = iterate(func(rec T) error {
		row++
		for i, c := range cols {
			values[i] = cell(c.Value(rec))
		}
		cellRef, _ := excelize.CoordinatesToCellName(1, row)
		return sw.SetRow(cellRef, values)
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	name := pick(lang, sheet.Zh, sheet.En) + ".xlsx"
	w.Header().Set("Content-Type", ContentType)
	w.Header().Set("Content-Disposition", ContentDisposition(name, sheet.En+".xlsx"))
	w.Header().Set("Cache-Control", "no-store")
	_, err = f.WriteTo(w)
	return err
}

// ContentDisposition names a download for every browser: an ASCII fallback and the UTF-8 name (RFC 6266).
func ContentDisposition(name, asciiFallback string) string {
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, asciiFallback, url.PathEscape(name))
}

// cell turns a value into what the sheet stores. Text is always a string cell: a value that starts with
// = + - @ stays text and is never evaluated as a formula. Times (epoch ms) are formatted by the column.
func cell(v any) any {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case *int64:
		if x == nil {
			return ""
		}
		return *x
	default:
		return v
	}
}

// Time formats epoch milliseconds for a sheet in the server's time zone; zero or nil is empty.
func Time(ms *int64) string {
	if ms == nil || *ms == 0 {
		return ""
	}
	return time.UnixMilli(*ms).Format("2006-01-02 15:04:05")
}

// Status is the enabled/disabled word of a status value.
func Status(lang i18n.Lang, status int) string {
	if status == 1 {
		return pick(lang, "启用", "Enabled")
	}
	return pick(lang, "停用", "Disabled")
}

func pick(lang i18n.Lang, zh, en string) string {
	if lang == i18n.EN {
		return en
	}
	return zh
}

// Lang returns the request's language (columns that print words use it).
func Lang(r *http.Request) i18n.Lang { return i18n.FromRequest(r) }
