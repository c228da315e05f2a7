package api

import (
	"net/http"

	"irgas/internal/config"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/permission"
)

// Settings is the answer of GET /api/settings: what the console shows before and around sign-in.
type Settings struct {
	Title   string `json:"title"`
	TitleEn string `json:"titleEn"`
	config.Footer
}

func (a *API) metaRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/settings", Summary: "Public console settings (product title, footer texts)", Public: true,
			Endpoint: httpx.NoBody(a.settings)},
		{Method: "GET", Path: "/permission", Summary: "The catalogue of permission codes as a tree",
			Endpoint: httpx.NoBody(a.permissionTree)},
	}
}

func (a *API) settings(*http.Request) (Settings, error) {
	return Settings{Title: "红外气体检测平台", TitleEn: "Infrared Gas Detection Platform", Footer: a.Config.Footer}, nil
}

func (a *API) permissionTree(r *http.Request) ([]permission.Node, error) {
	return permission.Tree(i18n.FromRequest(r)), nil
}
