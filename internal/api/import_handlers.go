package api

import (
	"errors"
	"mime/multipart"
	"net/http"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/device"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/permission"
	"irgas/internal/sheet"
)

// maxUpload bounds an import's request body, and with it the file (20,000 rows of devices is about 2 MB).
const maxUpload = sheet.MaxFileSize

func (a *API) importRoutes() []Route {
	const m = permission.DeviceManagement
	return []Route{
		{Method: "POST", Path: "/device/import", Summary: "Import devices from .xlsx (all rows or none)", Perm: m + ":import",
			Module: m, Action: "import", MaxBody: maxUpload, Multipart: true, Endpoint: importEndpoint(a.importDevices)},
		{Method: "POST", Path: "/device/param/import", Summary: "Import parameters from .xlsx (all rows or none)", Perm: m + ":param",
			Module: m, Action: "paramImport", MaxBody: maxUpload, Multipart: true, Endpoint: importEndpoint(a.importParams)},
		{Method: "GET", Path: "/device/import-template", Summary: "The device import template (.xlsx)", Perm: m + ":import",
			Produces: xlsx, Endpoint: httpx.Raw(template("device-import", "设备导入模板", device.ImportColumns))},
		{Method: "GET", Path: "/device/param/import-template", Summary: "The parameter import template (.xlsx)", Perm: m + ":param",
			Produces: xlsx, Endpoint: httpx.Raw(template("device-param-import", "设备参数导入模板", device.ParamImportColumns))},
	}
}

// importEndpoint is an import's handler: it reads the upload itself and answers the import's report, in the
// envelope (a file with a bad row: 422, each bad row in errors, the counts in data).
func importEndpoint(h http.HandlerFunc) httpx.Endpoint {
	return httpx.Endpoint{Handler: h, Out: typeOf[device.ImportResult]()}
}

func (a *API) importDevices(w http.ResponseWriter, r *http.Request) {
	rows, ok := readUpload(w, r, device.ImportColumns)
	if !ok {
		return
	}
	mode := r.FormValue("mode")
	if mode == "" {
		mode = device.ModeCreate
	}
	if mode != device.ModeCreate && mode != device.ModeUpsert {
		httpx.Fail(w, r, apperr.BadRequest("import.bad_mode"))
		return
	}
	res, err := a.Devices.Import(r.Context(), auth.ActorFrom(r.Context()), i18n.FromRequest(r), rows, mode)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

func (a *API) importParams(w http.ResponseWriter, r *http.Request) {
	rows, ok := readUpload(w, r, device.ParamImportColumns)
	if !ok {
		return
	}
	res, err := a.Devices.ImportParams(r.Context(), auth.ActorFrom(r.Context()), i18n.FromRequest(r), rows)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, res)
}

// readUpload reads the multipart field "file" as a sheet of cols, answering the failure itself.
func readUpload(w http.ResponseWriter, r *http.Request, cols []sheet.Column) ([]sheet.Row, bool) {
	// Parts above 8 MiB spill to temporary files; the route's body limit bounds the whole upload.
	err := r.ParseMultipartForm(8 << 20)
	var file multipart.File
	if err == nil {
		file, _, err = r.FormFile("file")
	}
	if err != nil {
		httpx.Fail(w, r, httpx.UploadError(err, maxUpload))
		return nil, false
	}
	defer file.Close()
	rows, missing, err := sheet.Read(r.Context(), file, cols, device.MaxImportRows)
	var refused *apperr.Error
	switch {
	case errors.As(err, &refused): // a file beyond the sheet limits, with its message
		httpx.Fail(w, r, refused)
		return nil, false
	case err != nil:
		httpx.Fail(w, r, apperr.BadRequest("import.bad_file", err.Error()))
		return nil, false
	}
	if len(missing) > 0 {
		lang := i18n.FromRequest(r)
		names := make([]string, len(missing))
		for i, c := range missing {
			names[i] = map[bool]string{true: c.En, false: c.Zh}[lang == i18n.EN]
		}
		httpx.Fail(w, r, apperr.BadRequest("import.missing_columns", strings.Join(names, ", ")))
		return nil, false
	}
	return rows, true
}

// template answers an import template in the request's language.
func template(nameEn, nameZh string, cols []sheet.Column) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lang := i18n.FromRequest(r)
		data, err := sheet.Template(cols, lang)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		name := nameZh
		if lang == i18n.EN {
			name = nameEn
		}
		w.Header().Set("Content-Type", export.ContentType)
		w.Header().Set("Content-Disposition", export.ContentDisposition(name+".xlsx", nameEn+".xlsx"))
		_, _ = w.Write(data)
	}
}
