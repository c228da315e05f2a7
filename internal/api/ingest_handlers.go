package api

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/commands"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/ingest"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
	"irgas/internal/validate"
)

// IngestResult answers a device's HTTP message, with the commands that wait for it (noted as sent).
type IngestResult struct {
	Accepted     int64           `json:"accepted"`
	Duplicates   int64           `json:"duplicates"`
	Calibrations int64           `json:"calibrations"`
	Commands     []commands.Down `json:"commands"`
}

// AckResult answers a device's HTTP answers to commands.
type AckResult struct {
	Recorded int `json:"recorded"`
}

func (a *API) ingestRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/ingest/{imei}", Summary: "A device's readings over HTTP (header X-Device-Secret; one reading or an array)",
			Public: true, NoRecord: true, MaxBody: ingest.MaxMessageBytes, Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.ingestHTTP),
				In: typeOf[[]ingest.Message](), Out: typeOf[IngestResult]()}},
		{Method: "POST", Path: "/ingest/{imei}/ack", Summary: "A device's answers to commands over HTTP (header X-Device-Secret; one or an array)",
			Public: true, NoRecord: true, MaxBody: 64 << 10, Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.ingestAck),
				In: typeOf[[]commands.Up](), Out: typeOf[AckResult]()}},
	}
}

// deviceMessage authenticates the device a message over HTTP comes from and reads the message; on a
// failure it has answered.
func (a *API) deviceMessage(w http.ResponseWriter, r *http.Request) (ingest.Device, []byte, bool) {
	dev, err := ingest.Authenticate(r.Context(), a.DB, pathIMEI(r), r.Header.Get("X-Device-Secret"))
	if err != nil {
		httpx.Fail(w, r, err)
		return dev, nil, false
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		httpx.Fail(w, r, httpx.BodyError(err))
		return dev, nil, false
	}
	return dev, body, true
}

// ingestHTTP answers 200 only once every reading of the message is committed.
func (a *API) ingestHTTP(w http.ResponseWriter, r *http.Request) {
	dev, body, ok := a.deviceMessage(w, r)
	if !ok {
		return
	}
	msgs, err := ingest.Decode(body)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	got, err := ingest.Accept(r.Context(), a.DB, a.Ingest, dev, msgs, time.Now())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cmds, err := commands.Take(r.Context(), a.DB, dev.ID, commands.DefaultSettings)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, IngestResult{Accepted: got.Stored, Duplicates: got.Duplicates, Calibrations: got.Calibrations, Commands: cmds})
}

// ingestAck records a device's answers sent over HTTP.
func (a *API) ingestAck(w http.ResponseWriter, r *http.Request) {
	dev, body, ok := a.deviceMessage(w, r)
	if !ok {
		return
	}
	var ups []commands.Up
	if err := json.Unmarshal(body, &ups); err != nil {
		var one commands.Up
		if err := json.Unmarshal(body, &one); err != nil {
			httpx.Fail(w, r, apperr.New(http.StatusBadRequest, apperr.CodeBadJSON, "error.bad_json", err.Error()))
			return
		}
		ups = []commands.Up{one}
	}
	if err := validate.Err(i18n.FromRequest(r), &ups); err != nil { // msg is stored: the API's rule for text
		httpx.Fail(w, r, err)
		return
	}
	for i, up := range ups {
		if up.ID <= 0 {
			httpx.Fail(w, r, apperr.Validation(apperr.Field(fmt.Sprintf("[%d].id", i), "field.required")))
			return
		}
	}
	for _, up := range ups {
		if err := commands.Record(r.Context(), a.DB, dev.ID, dev.CompanyID, up); err != nil {
			httpx.Fail(w, r, err)
			return
		}
	}
	httpx.OK(w, r, AckResult{Recorded: len(ups)})
}

func (a *API) calibrationRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/calibrateLog", Summary: "List the calibrations devices reported, newest first",
			Perm: permission.DeviceManagement, List: &store.CalibrationList, Endpoint: httpx.NoBody(a.listCalibrations)},
	}
}

func (a *API) listCalibrations(r *http.Request) (model.Page[model.Calibration], error) {
	q, err := parseList(r, store.CalibrationList)
	if err != nil {
		return model.Page[model.Calibration]{}, err
	}
	return a.DB.ListCalibrations(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}
