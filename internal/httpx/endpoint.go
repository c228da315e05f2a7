package httpx

import (
	"net/http"
	"reflect"
	"strconv"
)

// Endpoint is a route's handler together with the Go types of its request body and answer, so that the
// OpenAPI document is made from the very types the handler decodes and sends.
type Endpoint struct {
	Handler http.Handler
	In      reflect.Type // nil: no JSON body
	Out     reflect.Type // nil: not a JSON envelope (a file, a stream)
}

// recordIdentified is implemented by answers that name the record a call created.
type recordIdentified interface{ RecordID() int64 }

// JSON makes an endpoint that decodes and validates a body of type In and answers Out in the envelope.
func JSON[In any, Out any](fn func(r *http.Request, in *In) (Out, error)) Endpoint {
	h := func(w http.ResponseWriter, r *http.Request) {
		in := new(In)
		if !Decode(w, r, in) {
			return
		}
		out, err := fn(r, in)
		respond(w, r, out, err)
	}
	return Endpoint{Handler: http.HandlerFunc(h), In: reflect.TypeFor[In](), Out: reflect.TypeFor[Out]()}
}

// NoBody makes an endpoint without a request body that answers Out in the envelope.
func NoBody[Out any](fn func(r *http.Request) (Out, error)) Endpoint {
	h := func(w http.ResponseWriter, r *http.Request) {
		out, err := fn(r)
		respond(w, r, out, err)
	}
	return Endpoint{Handler: http.HandlerFunc(h), Out: reflect.TypeFor[Out]()}
}

// Raw makes an endpoint that writes its own answer (files, streams).
func Raw(h http.HandlerFunc) Endpoint { return Endpoint{Handler: h} }

func respond[Out any](w http.ResponseWriter, r *http.Request, out Out, err error) {
	if err != nil {
		Fail(w, r, err)
		return
	}
	if id, ok := any(out).(recordIdentified); ok {
		if info := InfoFrom(r.Context()); info.TargetID == "" {
			info.TargetID = strconv.FormatInt(id.RecordID(), 10)
		}
	}
	OK(w, r, out)
}

// Empty is the answer of calls that return no data (data: null).
type Empty *struct{}
