// Package user holds the rules of user management: a company user manages only its company's users; a
// grant (roles of the user's own company, extra codes) stays within what the granter holds; nobody acts on
// a user who holds more than they do; nobody disables, deletes or demotes themselves; the platform's admin
// and a company's administrator are never disabled, deleted or demoted here.
package user

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/ident"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// Service applies the user rules over the store.
type Service struct{ db *store.DB }

// NewService makes a user service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Grant is what a user may do: roles and extra permission codes.
type Grant struct {
	RoleIDs     []int64  `json:"roleIds" validate:"max=50"`
	Permissions []string `json:"permissions" validate:"max=500,dive,max=64"`
}

// Profile is what a user is called and how to reach them.
type Profile struct {
	Name  string `json:"name" validate:"required,max=50"`
	Phone string `json:"phone" validate:"omitempty,phone"`
	Email string `json:"email" validate:"omitempty,email,max=100"`
}

// CreateInput is the body of POST /api/users.
type CreateInput struct {
	Account  string `json:"account" validate:"required,account"`
	Password string `json:"password" validate:"required,password"`
	// CompanyID is the user's company; platform users may leave it out for a platform user.
	CompanyID *int64 `json:"companyId,omitempty" validate:"omitempty,min=1"`
	Profile
	Grant
}

// StatusInput is the body of PUT /api/users/change-status/{id}.
type StatusInput struct {
	Status *int `json:"status" validate:"required,oneof=0 1"`
}

// AccountCheck answers GET /api/users/check-user-account.
type AccountCheck struct {
	Available bool `json:"available"`
	// Reason is "taken" or "invalid" when the account is not available.
	Reason string `json:"reason,omitempty"`
}

// List lists the users the actor may see.
func (s *Service) List(ctx context.Context, a *auth.Actor, q listq.Query) (model.Page[model.User], error) {
	return s.db.ListUsers(ctx, a.Scope(), q)
}

// Get reads one user the actor may see.
func (s *Service) Get(ctx context.Context, a *auth.Actor, id int64) (model.User, error) {
	return s.db.UserByID(ctx, a.Scope(), id)
}

// CheckAccount says whether an account could be created.
func (s *Service) CheckAccount(ctx context.Context, account string) (AccountCheck, error) {
	if !ident.ValidAccount(account) {
		return AccountCheck{Reason: "invalid"}, nil
	}
	taken, err := s.db.AccountTaken(ctx, account)
	if err != nil || taken {
		return AccountCheck{Reason: "taken"}, err
	}
	return AccountCheck{Available: true}, nil
}

// Create makes a user. A company user's users belong to its company.
func (s *Service) Create(ctx context.Context, a *auth.Actor, in CreateInput) (model.User, error) {
	companyID, bad, err := a.Owner(ctx, s.db.CompanyExists, in.CompanyID, auth.CompanyOrPlatform)
	if err != nil {
		return model.User{}, err
	}
	if bad != nil {
		return model.User{}, apperr.Validation(*bad)
	}
	codes, err := s.checkGrant(ctx, a, companyID, in.Grant)
	if err != nil {
		return model.User{}, err
	}
	taken, err := s.db.AccountTaken(ctx, in.Account)
	if err != nil {
		return model.User{}, err
	}
	if taken {
		return model.User{}, apperr.Conflict("user.account_taken")
	}
	hash, err := auth.HashPassword(in.Password)
	if err != nil {
		return model.User{}, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = s.db.CreateUser(ctx, tx, store.NewUser{Account: in.Account, Name: in.Name,
			Phone: in.Phone, Email: in.Email, CompanyID: companyID, PasswordHash: hash, ExtraCodes: codes, RoleIDs: dedupe(in.RoleIDs)})
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return model.User{}, apperr.Conflict("user.account_taken")
	} else if err != nil {
		return model.User{}, err
	}
	return s.db.UserByID(ctx, a.Scope(), id)
}

// Update changes a user's profile.
func (s *Service) Update(ctx context.Context, a *auth.Actor, id int64, in Profile) (model.User, error) {
	target, err := s.target(ctx, a, id, false)
	if err != nil {
		return model.User{}, err
	}
	if err := s.db.UpdateUserProfile(ctx, target.ID, in.Name, in.Phone, in.Email); err != nil {
		return model.User{}, err
	}
	return s.db.UserByID(ctx, a.Scope(), id)
}

// SetStatus enables or disables a user; a disabled user's sessions end at once.
func (s *Service) SetStatus(ctx context.Context, a *auth.Actor, id int64, status int) (model.User, error) {
	if _, err := s.target(ctx, a, id, true); err != nil {
		return model.User{}, err
	}
	if err := s.db.SetUserStatus(ctx, id, status); err != nil {
		return model.User{}, err
	}
	return s.db.UserByID(ctx, a.Scope(), id)
}

// ResetPassword sets a user's password (generated when none is given) and ends its sessions.
func (s *Service) ResetPassword(ctx context.Context, a *auth.Actor, id int64, password string) (auth.PasswordResult, error) {
	target, err := s.target(ctx, a, id, false)
	if err != nil {
		return auth.PasswordResult{}, err
	}
	if target.IsSuperAdmin && a.UserID != target.ID {
		return auth.PasswordResult{}, apperr.Conflict("user.protected_admin")
	}
	return auth.SetPassword(ctx, s.db, target.ID, target.Account, password)
}

// ChangePermission replaces a user's roles and extra codes; the user's next call sees them.
func (s *Service) ChangePermission(ctx context.Context, a *auth.Actor, id int64, in Grant) (model.User, error) {
	target, err := s.target(ctx, a, id, true)
	if err != nil {
		return model.User{}, err
	}
	codes, err := s.checkGrant(ctx, a, target.CompanyID, in)
	if err != nil {
		return model.User{}, err
	}
	if err := s.db.SetUserAccess(ctx, id, dedupe(in.RoleIDs), codes); err != nil {
		return model.User{}, err
	}
	return s.db.UserByID(ctx, a.Scope(), id)
}

// Delete removes a user.
func (s *Service) Delete(ctx context.Context, a *auth.Actor, id int64) error {
	if _, err := s.target(ctx, a, id, true); err != nil {
		return err
	}
	return s.db.DeleteUser(ctx, id)
}

// target reads a user the actor may act on. Nobody acts on a user who holds a code they do not hold;
// protected (disable, delete, demote) also refuses oneself, admin and a company's administrator.
func (s *Service) target(ctx context.Context, a *auth.Actor, id int64, protected bool) (model.User, error) {
	u, err := s.db.UserByID(ctx, a.Scope(), id)
	if err != nil {
		return u, err
	}
	if protected {
		switch {
		case u.ID == a.UserID:
			return u, apperr.Conflict("user.self")
		case u.IsSuperAdmin:
			return u, apperr.Conflict("user.protected_admin")
		case u.IsCompanyAdmin:
			return u, apperr.Conflict("user.protected_company_admin")
		}
	}
	if u.ID == a.UserID {
		return u, nil
	}
	held, err := auth.PermissionsOf(ctx, s.db, auth.Holder{ID: u.ID, Account: u.Account, CompanyID: u.CompanyID, CompanyAdmin: u.IsCompanyAdmin})
	if err != nil {
		return u, err
	}
	if held.IsAdmin() && !a.Perms.IsAdmin() {
		return u, apperr.New(http.StatusForbidden, apperr.CodeEscalation, "perm.escalation", auth.SuperAdmin)
	}
	if missing := a.Perms.Missing(held.Codes()); missing != "" {
		return u, apperr.New(http.StatusForbidden, apperr.CodeEscalation, "user.more_powerful", missing)
	}
	return u, nil
}

// checkGrant returns the extra codes deduplicated, or the error of the first rule the grant breaks: roles
// must exist and belong to the user's company (platform roles for platform users), codes must exist and
// suit the user's kind, and the granter must hold every code the grant gives.
func (s *Service) checkGrant(ctx context.Context, a *auth.Actor, companyID *int64, g Grant) ([]string, error) {
	codes := slices.Clone(g.Permissions)
	slices.Sort(codes)
	codes = slices.Compact(codes)
	all := slices.Clone(codes)
	for _, c := range codes {
		if !permission.Exists(c) {
			return nil, apperr.Validation(apperr.Field("permissions", "field.unknown_code", c))
		}
		if companyID != nil && permission.PlatformOnly(c) {
			return nil, apperr.Validation(apperr.Field("permissions", "field.platform_code", c))
		}
	}
	ids := dedupe(g.RoleIDs)
	roles, err := s.db.RolesOf(ctx, a.Scope(), ids)
	if err != nil {
		return nil, err
	}
	if len(roles) != len(ids) {
		return nil, apperr.Validation(apperr.Field("roleIds", "user.role_not_found"))
	}
	for _, r := range roles {
		if !sameCompany(r.CompanyID, companyID) {
			return nil, apperr.Validation(apperr.Field("roleIds", "user.role_other_company", r.Name))
		}
		all = append(all, r.Permissions...)
	}
	if missing := a.Perms.Missing(all); missing != "" {
		return nil, apperr.New(http.StatusForbidden, apperr.CodeEscalation, "perm.escalation", missing)
	}
	if codes == nil {
		codes = []string{}
	}
	return codes, nil
}

func sameCompany(a, b *int64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// dedupe returns ids sorted, each once.
func dedupe(ids []int64) []int64 { return slices.Compact(slices.Sorted(slices.Values(ids))) }
