package api

import (
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

func (a *API) operationLogRoutes() []Route {
	const m = permission.OperationLogManagement
	return []Route{
		{Method: "GET", Path: "/operationLog", Summary: "List operation records, newest first", Perm: m,
			List: &store.OperationLogList, Endpoint: httpx.NoBody(a.listOperationLogs)},
		{Method: "GET", Path: "/operationLog/{id}", Summary: "Read one operation record", Perm: m,
			Endpoint: httpx.NoBody(a.getOperationLog)},
	}
}

func (a *API) listOperationLogs(r *http.Request) (model.Page[model.OperationLog], error) {
	q, err := parseList(r, store.OperationLogList)
	if err != nil {
		return model.Page[model.OperationLog]{}, err
	}
	return a.DB.ListOperationLogs(r.Context(), auth.ActorFrom(r.Context()).Scope(), q)
}

func (a *API) getOperationLog(r *http.Request) (model.OperationLog, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.OperationLog, error) {
		return a.DB.GetOperationLog(r.Context(), actor.Scope(), id)
	})
}
