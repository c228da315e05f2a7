package api

import (
	"context"
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/listq"
	"irgas/internal/store"
)

// xlsx is what exports and import templates answer (Route.Produces).
var xlsx = []string{export.ContentType}

// xlsxExport is what differs between two export calls; exportRoute does the rest.
type xlsxExport[T any] struct {
	list  listq.Spec   // the list exported: the call takes its filters and sort
	sheet export.Sheet // the file's name
	// columns may depend on the caller's language, or on a lookup (the companies' industry names).
	columns func(ctx context.Context, lang i18n.Lang) ([]export.Column[T], error)
	// each yields the records the query matches, for the actor.
	each func(ctx context.Context, a *auth.Actor, q listq.Query, yield func(T) error) error
}

// exportRoute is the one shape of an export call: GET path with the list's query, answered with every
// matching record as an .xlsx file, or with the failure in the envelope before the first byte.
func exportRoute[T any](path, summary, perm string, x xlsxExport[T]) Route {
	return Route{Method: "GET", Path: path, Summary: summary, Perm: perm, List: &x.list, Produces: xlsx,
		Endpoint: httpx.Raw(func(w http.ResponseWriter, r *http.Request) {
			if err := x.write(w, r); err != nil {
				httpx.Fail(w, r, err)
			}
		})}
}

func (x xlsxExport[T]) write(w http.ResponseWriter, r *http.Request) error {
	q, err := parseList(r, x.list)
	if err != nil {
		return err
	}
	cols, err := x.columns(r.Context(), export.Lang(r))
	if err != nil {
		return err
	}
	actor := auth.ActorFrom(r.Context())
	return export.Write(w, r, x.sheet, cols, func(yield func(T) error) error { return x.each(r.Context(), actor, q, yield) })
}

// fixed is the columns of an export whose headers and cells need nothing but the record.
func fixed[T any](cols []export.Column[T]) func(context.Context, i18n.Lang) ([]export.Column[T], error) {
	return func(context.Context, i18n.Lang) ([]export.Column[T], error) { return cols, nil }
}

// scoped reads a store iterator within the actor's company scope.
func scoped[T any](each func(context.Context, store.Scope, listq.Query, func(T) error) error) func(context.Context, *auth.Actor, listq.Query, func(T) error) error {
	return func(ctx context.Context, a *auth.Actor, q listq.Query, yield func(T) error) error {
		return each(ctx, a.Scope(), q, yield)
	}
}
