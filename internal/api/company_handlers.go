package api

import (
	"context"
	"net/http"

	"irgas/internal/auth"
	"irgas/internal/company"
	"irgas/internal/export"
	"irgas/internal/httpx"
	"irgas/internal/i18n"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/region"
	"irgas/internal/store"
)

func (a *API) companyRoutes() []Route {
	const m = permission.CompanyManagement
	return []Route{
		{Method: "GET", Path: "/industry", Summary: "Industry sections (GB/T 4754-2017)", Endpoint: httpx.NoBody(a.industries)},
		{Method: "GET", Path: "/regional/tree", Summary: "Provinces, cities and counties with their six-digit codes",
			Endpoint: httpx.NoBody(a.regionTree)},
		{Method: "GET", Path: "/company", Summary: "List companies", Perm: m, List: &store.CompanyList,
			Endpoint: httpx.NoBody(a.listCompanies)},
		{Method: "POST", Path: "/company", Summary: "Create a company with its administrator", Perm: m + ":create",
			Module: m, Action: "create", Endpoint: httpx.JSON(a.createCompany)},
		{Method: "GET", Path: "/company/simple-list", Summary: "Every company's id and name, for selects (platform users)",
			Perm:         "UserManagement|RoleManagement|CompanyManagement|OperationLogManagement|DeviceManagement|SmsUserManagement",
			PlatformOnly: true, Endpoint: httpx.NoBody(a.companyRefs)},
		exportRoute("/company/export", "Export companies (.xlsx, same filters as the list)", m+":export", xlsxExport[model.Company]{
			list: store.CompanyList, sheet: export.Sheet{Zh: "企业列表", En: "companies"}, columns: a.companyColumns,
			each: a.Companies.Each}),
		{Method: "GET", Path: "/company/{id}", Summary: "Read a company", Perm: m, Endpoint: httpx.NoBody(a.getCompany)},
		{Method: "PUT", Path: "/company/{id}", Summary: "Update a company's register data", Perm: m + ":update",
			Module: m, Action: "update", Endpoint: httpx.JSON(a.updateCompany)},
		{Method: "PATCH", Path: "/company/{id}", Summary: "Enable or disable a company (disabling signs its users out)",
			Perm: m + ":status", Module: m, Action: "status", Endpoint: httpx.JSON(a.setCompanyStatus)},
		{Method: "DELETE", Path: "/company/{id}", Summary: "Delete a company and its administrator (409 while it has other users or devices)",
			Perm: m + ":delete", Module: m, Action: "delete", Endpoint: httpx.NoBody(a.deleteCompany)},
		{Method: "PUT", Path: "/company/reset-password/{id}", Summary: "Reset the company administrator's password",
			Perm: m + ":resetPassword", Module: m, Action: "resetPassword", Endpoint: httpx.JSON(a.resetCompanyPassword)},
	}
}

func (a *API) industries(r *http.Request) ([]model.Industry, error) {
	list, err := a.DB.Industries(r.Context())
	for i := range list {
		list[i].Name = list[i].NameZh
		if i18n.FromRequest(r) == i18n.EN {
			list[i].Name = list[i].NameEn
		}
	}
	return list, err
}

func (a *API) regionTree(*http.Request) ([]region.Node, error) { return region.Tree(), nil }

func (a *API) listCompanies(r *http.Request) (model.Page[model.Company], error) {
	q, err := parseList(r, store.CompanyList)
	if err != nil {
		return model.Page[model.Company]{}, err
	}
	return a.Companies.List(r.Context(), auth.ActorFrom(r.Context()), q)
}

func (a *API) getCompany(r *http.Request) (model.Company, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Company, error) {
		return a.Companies.Get(r.Context(), actor, id)
	})
}

func (a *API) createCompany(r *http.Request, in *company.CreateInput) (model.Company, error) {
	return a.Companies.Create(r.Context(), auth.ActorFrom(r.Context()), *in)
}

func (a *API) updateCompany(r *http.Request, in *company.Fields) (model.Company, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Company, error) {
		return a.Companies.Update(r.Context(), actor, id, *in)
	})
}

func (a *API) setCompanyStatus(r *http.Request, in *company.StatusInput) (model.Company, error) {
	return withID(r, func(actor *auth.Actor, id int64) (model.Company, error) {
		return a.Companies.SetStatus(r.Context(), actor, id, *in.Status)
	})
}

func (a *API) deleteCompany(r *http.Request) (httpx.Empty, error) {
	return withID(r, func(actor *auth.Actor, id int64) (httpx.Empty, error) {
		return nil, a.Companies.Delete(r.Context(), actor, id)
	})
}

func (a *API) resetCompanyPassword(r *http.Request, in *auth.PasswordInput) (auth.PasswordResult, error) {
	return withID(r, func(actor *auth.Actor, id int64) (auth.PasswordResult, error) {
		return a.Companies.ResetAdminPassword(r.Context(), actor, id, *in)
	})
}

func (a *API) companyRefs(r *http.Request) ([]model.CompanyRef, error) {
	return a.Companies.Refs(r.Context(), auth.ActorFrom(r.Context()))
}

// companyColumns name each company's industry in the caller's language.
func (a *API) companyColumns(ctx context.Context, lang i18n.Lang) ([]export.Column[model.Company], error) {
	industries, err := a.DB.Industries(ctx)
	if err != nil {
		return nil, err
	}
	industryName := map[string]string{}
	for _, i := range industries {
		industryName[i.Code] = map[bool]string{true: i.NameEn, false: i.NameZh}[lang == i18n.EN]
	}
	return []export.Column[model.Company]{
		{Zh: "企业名称", En: "Name", Value: func(c model.Company) any { return c.Name }},
		{Zh: "统一社会信用代码", En: "Credit code", Value: func(c model.Company) any { return c.CreditCode }},
		{Zh: "行业", En: "Industry", Value: func(c model.Company) any { return industryName[c.IndustryCode] }},
		{Zh: "所在地区", En: "Region", Value: func(c model.Company) any { return c.RegionName }},
		{Zh: "地址", En: "Address", Value: func(c model.Company) any { return c.Address }},
		{Zh: "联系人", En: "Contact person", Value: func(c model.Company) any { return c.ContactPerson }},
		{Zh: "联系电话", En: "Contact phone", Value: func(c model.Company) any { return c.ContactPhone }},
		{Zh: "管理员账号", En: "Administrator", Value: func(c model.Company) any { return c.AdminAccount }},
		{Zh: "状态", En: "Status", Value: func(c model.Company) any { return export.Status(lang, c.Status) }},
		{Zh: "备注", En: "Remark", Value: func(c model.Company) any { return c.Remark }},
		{Zh: "创建时间", En: "Created", Value: func(c model.Company) any { return export.Time(&c.CreatedAt) }},
	}, nil
}
