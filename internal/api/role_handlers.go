package api

import (
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/role"
	"irgas/internal/store"
)

func (a *API) roleRoutes() []Route {
	const m = permission.RoleManagement
	return []Route{
		// User managers read roles too: they give them to users.
		{Method: "GET", Path: "/role", Summary: "List roles", Perm: m + "|" + permission.UserManagement, List: &store.RoleList,
			Endpoint: httpx.NoBody(a.listRoles)},
		{Method: "GET", Path: "/role/{id}", Summary: "Read a role", Perm: m, Endpoint: httpx.NoBody(a.getRole)},
		{Method: "POST", Path: "/role", Summary: "Create a role", Perm: m + ":create", Module: m, Action: "create",
			Endpoint: httpx.JSON(a.createRole)},
		{Method: "PUT", Path: "/role/{id}", Summary: "Update a role", Perm: m + ":update", Module: m, Action: "update",
			Endpoint: httpx.JSON(a.updateRole)},
		{Method: "DELETE", Path: "/role/{id}", Summary: "Delete a role no user holds", Perm: m + ":delete", Module: m, Action: "delete",
			Endpoint: httpx.NoBody(a.deleteRole)},
	}
}

func (a *API) listRoles(r *http.Request) (model.Page[model.Role], error) {
	q, err := parseList(r, store.RoleList)
	if err != nil {
		return model.Page[model.Role]{}, err
	}
	return a.Roles.List(r.Context(), auth.ActorFrom(r.Context()), q)
}

func (a *API) getRole(r *http.Request) (model.Role, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Role, error) {
		return a.Roles.Get(r.Context(), actor, id)
	})
}

func (a *API) createRole(r *http.Request, in *role.CreateInput) (model.Role, error) {
	return a.Roles.Create(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) updateRole(r *http.Request, in *role.UpdateInput) (model.Role, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Role, error) {
		return a.Roles.Update(r.Context(), actor, id, *in)
	})
}

func (a *API) deleteRole(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(actor *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.Roles.Delete(r.Context(), actor, id)
	})
}
