package api

import (
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/httpx"
	"irgas/internal/model"
)

// Me is the answer of GET /api/user: the signed-in user with its effective permission codes.
type Me struct {
	ID         int64           `json:"id"`
	Account    string          `json:"account"`
	Name       string          `json:"name"`
	CompanyID  *int64          `json:"companyId"`
	IsAdmin    bool            `json:"isAdmin"`
	Permission []string        `json:"permission"`
	RolesList  []model.RoleRef `json:"rolesList"`
}

func (a *API) authRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/verification-code", Summary: "Issue an image captcha", Public: true, SignIn: true,
			Endpoint: httpx.NoBody(a.captcha)},
		{Method: "GET", Path: "/login-key", Summary: "Issue a single-use key that encrypts the sign-in password", Public: true, SignIn: true,
			Endpoint: httpx.NoBody(a.loginKey)},
		{Method: "POST", Path: "/login", Summary: "Sign in", Public: true, SignIn: true, Module: "Auth", Action: "login",
			Endpoint: httpx.JSON(a.login)},
		{Method: "GET", Path: "/user", Summary: "The signed-in user", Endpoint: httpx.NoBody(a.me)},
		{Method: "DELETE", Path: "/user/loginout", Summary: "Sign out (revokes the token)", Module: "Auth", Action: "logout",
			Endpoint: httpx.NoBody(a.logout)},
	}
}

func (a *API) captcha(r *http.Request) (auth.Captcha, error) { return a.Auth.NewCaptcha(r.Context()) }

func (a *API) loginKey(r *http.Request) (auth.LoginKey, error) {
	return a.Auth.NewLoginKey(r.Context())
}

func (a *API) login(r *http.Request, in *auth.LoginInput) (auth.LoginResult, error) {
	return a.Auth.Login(r.Context(), *in, httpx.ClientIP(r, a.Config.TrustProxy), r.UserAgent())
}

func (a *API) me(r *http.Request) (Me, error) {
	actor := auth.ActorFrom(r.Context())
	roles, err := a.DB.UserRoles(r.Context(), actor.UserID)
	if err != nil {
		return Me{}, err
	}
	return Me{ID: actor.UserID, Account: actor.Account, Name: actor.Name, CompanyID: actor.CompanyID,
		IsAdmin: actor.Perms.IsAdmin(), Permission: actor.Perms.Codes(), RolesList: roles}, nil
}

func (a *API) logout(r *http.Request) (httpx.Empty, error) {
	return nil, a.Auth.Logout(r.Context(), auth.ActorFrom(r.Context()))
}
