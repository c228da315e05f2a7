// Package company holds the rules of companies: register data that checks out (credit code, industry,
// region, phone), unique names and credit codes, an administrator created with the company, status
// changes that end its users' sessions, and deletion only when nothing but the administrator is left.
package company

import (
	"context"
	"errors"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/region"
	"irgas/internal/store"
)

// Service applies the company rules over the store.
type Service struct{ db *store.DB }

// NewService makes a company service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Fields is a company's register data in a create or update call.
type Fields struct {
	Name          string `json:"name" validate:"required,max=100"`
	CreditCode    string `json:"creditCode" validate:"required,creditcode"`
	IndustryCode  string `json:"industryCode" validate:"required,max=8"`
	ProvinceCode  string `json:"provinceCode" validate:"required,len=6"`
	CityCode      string `json:"cityCode" validate:"omitempty,len=6"`
	CountyCode    string `json:"countyCode" validate:"omitempty,len=6"`
	Address       string `json:"address" validate:"max=200"`
	ContactPerson string `json:"contactPerson" validate:"required,max=50"`
	ContactPhone  string `json:"contactPhone" validate:"required,phone"`
	Remark        string `json:"remark" validate:"max=500"`
}

// AdminInput is the administrator account created with a company.
type AdminInput struct {
	Account  string `json:"account" validate:"required,account"`
	Name     string `json:"name" validate:"required,max=50"`
	Phone    string `json:"phone" validate:"omitempty,phone"`
	Password string `json:"password" validate:"required,password"`
}

// CreateInput is the body of POST /api/company.
type CreateInput struct {
	Fields
	Admin AdminInput `json:"admin"`
}

// StatusInput is the body of PATCH /api/company/{id}.
type StatusInput struct {
	Status *int `json:"status" validate:"required,oneof=0 1"`
}

// List lists companies.
func (s *Service) List(ctx context.Context, a *auth.Actor, q listq.Query) (model.Page[model.Company], error) {
	page, err := s.db.ListCompanies(ctx, a.Scope(), q)
	for i := range page.List {
		page.List[i].RegionName = RegionName(page.List[i])
	}
	return page, err
}

// Each calls fn for every company the query matches (exports).
func (s *Service) Each(ctx context.Context, a *auth.Actor, q listq.Query, fn func(model.Company) error) error {
	return s.db.EachCompany(ctx, a.Scope(), q, func(c model.Company) error {
		c.RegionName = RegionName(c)
		return fn(c)
	})
}

// Get reads one company.
func (s *Service) Get(ctx context.Context, a *auth.Actor, id int64) (model.Company, error) {
	c, err := s.db.GetCompany(ctx, a.Scope(), id)
	c.RegionName = RegionName(c)
	return c, err
}

// Create stores a company and its administrator.
func (s *Service) Create(ctx context.Context, a *auth.Actor, in CreateInput) (model.Company, error) {
	f, err := s.check(ctx, in.Fields)
	if err != nil {
		return model.Company{}, err
	}
	taken, err := s.db.AccountTaken(ctx, in.Admin.Account)
	if err != nil {
		return model.Company{}, err
	}
	if taken {
		return model.Company{}, apperr.Conflict("user.account_taken")
	}
	hash, err := auth.HashPassword(in.Admin.Password)
	if err != nil {
		return model.Company{}, err
	}
	id, err := s.db.CreateCompanyWithAdmin(ctx, f, store.NewUser{Account: in.Admin.Account, Name: in.Admin.Name,
		Phone: in.Admin.Phone, PasswordHash: hash})
	if err != nil {
		return model.Company{}, conflict(err)
	}
	return s.Get(ctx, a, id)
}

// Update replaces a company's register data.
func (s *Service) Update(ctx context.Context, a *auth.Actor, id int64, in Fields) (model.Company, error) {
	if _, err := s.db.GetCompany(ctx, a.Scope(), id); err != nil {
		return model.Company{}, err
	}
	f, err := s.check(ctx, in)
	if err != nil {
		return model.Company{}, err
	}
	if err := s.db.UpdateCompany(ctx, id, f); err != nil {
		return model.Company{}, conflict(err)
	}
	return s.Get(ctx, a, id)
}

// SetStatus enables or disables a company; disabling ends every session of its users at once.
func (s *Service) SetStatus(ctx context.Context, a *auth.Actor, id int64, status int) (model.Company, error) {
	if _, err := s.db.GetCompany(ctx, a.Scope(), id); err != nil {
		return model.Company{}, err
	}
	if err := s.db.SetCompanyStatus(ctx, id, status); err != nil {
		return model.Company{}, err
	}
	return s.Get(ctx, a, id)
}

// Delete removes a company and its administrator, unless it still has other users.
func (s *Service) Delete(ctx context.Context, a *auth.Actor, id int64) error {
	if _, err := s.db.GetCompany(ctx, a.Scope(), id); err != nil {
		return err
	}
	usage, err := s.db.DeleteCompany(ctx, id)
	if errors.Is(err, store.ErrInUse) {
		if usage.Devices > 0 {
			return apperr.Conflict("company.has_devices", usage.Devices)
		}
		return apperr.Conflict("company.in_use", usage.Users)
	}
	return err
}

// ResetAdminPassword sets the administrator's password (generated when none is given) and ends its sessions.
func (s *Service) ResetAdminPassword(ctx context.Context, a *auth.Actor, id int64, in auth.PasswordInput) (auth.PasswordResult, error) {
	c, err := s.db.GetCompany(ctx, a.Scope(), id)
	if err != nil {
		return auth.PasswordResult{}, err
	}
	if c.AdminUserID == nil {
		return auth.PasswordResult{}, apperr.Conflict("company.no_admin")
	}
	return auth.SetPassword(ctx, s.db, *c.AdminUserID, c.AdminAccount, in.Password)
}

// Refs lists every company for selects.
func (s *Service) Refs(ctx context.Context, a *auth.Actor) ([]model.CompanyRef, error) {
	return s.db.CompanyRefs(ctx, a.Scope())
}

// check verifies what the store cannot: the industry and the region exist and fit together.
func (s *Service) check(ctx context.Context, in Fields) (store.CompanyFields, error) {
	f := store.CompanyFields{Name: in.Name, CreditCode: in.CreditCode, IndustryCode: in.IndustryCode,
		ProvinceCode: in.ProvinceCode, CityCode: in.CityCode, CountyCode: in.CountyCode, Address: in.Address,
		ContactPerson: in.ContactPerson, ContactPhone: in.ContactPhone, Remark: in.Remark}
	var fields []apperr.FieldError
	industries, err := s.db.Industries(ctx)
	if err != nil {
		return f, err
	}
	known := false
	for _, i := range industries {
		known = known || i.Code == in.IndustryCode
	}
	if !known {
		fields = append(fields, apperr.Field("industryCode", "company.unknown_industry"))
	}
	if !region.Check(in.ProvinceCode, in.CityCode, in.CountyCode) {
		fields = append(fields, apperr.Field("provinceCode", "company.bad_region"))
	}
	if len(fields) > 0 {
		return f, apperr.Validation(fields...)
	}
	return f, nil
}

// conflict names which unique value a refused write collided with.
func conflict(err error) error {
	if !errors.Is(err, store.ErrConflict) {
		return err
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "credit_code"):
		return apperr.Conflict("company.credit_code_taken")
	case strings.Contains(msg, "account"):
		return apperr.Conflict("user.account_taken")
	case strings.Contains(msg, "name"):
		return apperr.Conflict("company.name_taken")
	}
	return apperr.Conflict("error.conflict")
}

// RegionName is the company's region as people write it: province, city and county names.
func RegionName(c model.Company) string {
	return strings.Join(region.Names(c.ProvinceCode, c.CityCode, c.CountyCode), " ")
}
