package api

import (
	"io"
	"net/http"
	"time"

	"irgas/internal/httpx"
	"irgas/internal/ingest"
)

// IngestResult answers a device's HTTP message.
type IngestResult struct {
	Accepted   int64 `json:"accepted"`
	Duplicates int64 `json:"duplicates"`
}

func (a *API) ingestRoutes() []Route {
	return []Route{
		{Method: "POST", Path: "/ingest/{imei}", Summary: "A device's readings over HTTP (header X-Device-Secret; one reading or an array)",
			Public: true, NoRecord: true, MaxBody: 256 << 10, Endpoint: httpx.Endpoint{Handler: http.HandlerFunc(a.ingestHTTP),
				In: typeOf[[]ingest.Message](), Out: typeOf[IngestResult]()}},
	}
}

// ingestHTTP answers 200 only once every reading of the message is committed.
func (a *API) ingestHTTP(w http.ResponseWriter, r *http.Request) {
	dev, err := ingest.Authenticate(r.Context(), a.DB, r.PathValue("imei"), r.Header.Get("X-Device-Secret"))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		httpx.Fail(w, r, httpx.BodyError(err))
		return
	}
	msgs, err := ingest.Decode(body)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	readings, err := ingest.Readings(msgs, dev.ID, dev.CompanyID, time.Now())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	stored, err := a.Ingest.Write(r.Context(), readings)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, IngestResult{Accepted: stored, Duplicates: int64(len(readings)) - stored})
}
