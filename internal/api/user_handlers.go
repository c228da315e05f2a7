package api

import (
	"net/http"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
	"irgas/internal/user"
)

func (a *API) userRoutes() []Route {
	const m = permission.UserManagement
	return []Route{
		{Method: "GET", Path: "/users", Summary: "List users", Perm: m, List: &store.UserList, Endpoint: httpx.NoBody(a.listUsers)},
		{Method: "POST", Path: "/users", Summary: "Create a user", Perm: m + ":create", Module: m, Action: "create",
			Endpoint: httpx.JSON(a.createUser)},
		{Method: "GET", Path: "/users/check-user-account", Summary: "Whether an account name is free (?account=NAME)",
			Perm: m + "|" + permission.CompanyManagement, Endpoint: httpx.NoBody(a.checkAccount)},
		{Method: "GET", Path: "/users/{id}", Summary: "Read a user", Perm: m, Endpoint: httpx.NoBody(a.getUser)},
		{Method: "PUT", Path: "/users/{id}", Summary: "Update a user's name, phone and email", Perm: m + ":update",
			Module: m, Action: "update", Endpoint: httpx.JSON(a.updateUser)},
		{Method: "DELETE", Path: "/users/{id}", Summary: "Delete a user", Perm: m + ":delete", Module: m, Action: "delete",
			Endpoint: httpx.NoBody(a.deleteUser)},
		{Method: "PUT", Path: "/users/change-status/{id}", Summary: "Enable or disable a user (disabling signs them out)",
			Perm: m + ":status", Module: m, Action: "status", Endpoint: httpx.JSON(a.setUserStatus)},
		{Method: "PUT", Path: "/users/reset-password/{id}", Summary: "Reset a user's password (signs them out)",
			Perm: m + ":resetPassword", Module: m, Action: "resetPassword", Endpoint: httpx.JSON(a.resetUserPassword)},
		{Method: "PUT", Path: "/users/change-permission/{id}", Summary: "Set a user's roles and extra permission codes",
			Perm: m + ":permission", Module: m, Action: "permission", Endpoint: httpx.JSON(a.changeUserPermission)},
	}
}

func (a *API) listUsers(r *http.Request) (model.Page[model.User], error) {
	q, err := parseList(r, store.UserList)
	if err != nil {
		return model.Page[model.User]{}, err
	}
	return a.Users.List(r.Context(), auth.ActorFrom(r.Context()), q)
}

func (a *API) getUser(r *http.Request) (model.User, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.User, error) {
		return a.Users.Get(r.Context(), actor, id)
	})
}

func (a *API) createUser(r *http.Request, in *user.CreateInput) (model.User, error) {
	return a.Users.Create(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) checkAccount(r *http.Request) (user.AccountCheck, error) {
	account := r.URL.Query().Get("account")
	if account == "" {
		return user.AccountCheck{}, apperr.BadRequest("query.required", "account")
	}
	return a.Users.CheckAccount(r.Context(), account)
}

func (a *API) updateUser(r *http.Request, in *user.Profile) (model.User, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.User, error) {
		return a.Users.Update(r.Context(), actor, id, *in)
	})
}

func (a *API) deleteUser(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(actor *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.Users.Delete(r.Context(), actor, id)
	})
}

func (a *API) setUserStatus(r *http.Request, in *user.StatusInput) (model.User, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.User, error) {
		return a.Users.SetStatus(r.Context(), actor, id, *in.Status)
	})
}

func (a *API) resetUserPassword(r *http.Request, in *auth.PasswordInput) (auth.PasswordResult, error) {
	return withID(r, func(actor *auth.Actor, id int64) (auth.PasswordResult, error) {
		return a.Users.ResetPassword(r.Context(), actor, id, in.Password)
	})
}

func (a *API) changeUserPermission(r *http.Request, in *user.Grant) (model.User, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.User, error) {
		return a.Users.ChangePermission(r.Context(), actor, id, *in)
	})
}
