// Package role holds the rules of roles: codes must exist, a company role holds no platform code, nobody
// grants a code they do not hold, names are unique within a company, and a role in use is not deleted.
package role

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// Service applies the role rules over the store.
type Service struct{ db *store.DB }

// NewService makes a role service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// CreateInput is the body of POST /api/role.
type CreateInput struct {
	Name        string   `json:"name" validate:"required,max=32"`
	Remark      string   `json:"remark" validate:"max=200"`
	CompanyID   *int64   `json:"companyId,omitempty" validate:"omitempty,min=1"`
	Permissions []string `json:"permissions" validate:"max=500,dive,max=64"`
}

// UpdateInput is the body of PUT /api/role/{id}; a role's company never changes.
type UpdateInput struct {
	Name        string   `json:"name" validate:"required,max=32"`
	Remark      string   `json:"remark" validate:"max=200"`
	Permissions []string `json:"permissions" validate:"max=500,dive,max=64"`
}

// List lists the roles the actor may see.
func (s *Service) List(ctx context.Context, a *auth.Actor, q listq.Query) (model.Page[model.Role], error) {
	return s.db.ListRoles(ctx, a.Scope(), q)
}

// Get reads one role the actor may see.
func (s *Service) Get(ctx context.Context, a *auth.Actor, id int64) (model.Role, error) {
	return s.db.GetRole(ctx, a.Scope(), id)
}

// Create makes a role. A company user's role is always of its own company.
func (s *Service) Create(ctx context.Context, a *auth.Actor, in CreateInput) (model.Role, error) {
	company, bad, err := a.Owner(ctx, s.db.CompanyExists, in.CompanyID, auth.CompanyOrPlatform)
	if err != nil {
		return model.Role{}, err
	}
	if bad != nil {
		return model.Role{}, apperr.Validation(*bad)
	}
	codes, err := checkCodes(a, company, in.Permissions)
	if err != nil {
		return model.Role{}, err
	}
	id, err := s.db.CreateRole(ctx, store.RoleInput{Name: strings.TrimSpace(in.Name), Remark: in.Remark, CompanyID: company, Permissions: codes})
	if err != nil {
		return model.Role{}, conflictName(err)
	}
	return s.db.GetRole(ctx, a.Scope(), id)
}

// Update changes a role the actor may see. A change of its codes changes the codes of its holders, so it
// is refused when one of them is more powerful than the actor.
func (s *Service) Update(ctx context.Context, a *auth.Actor, id int64, in UpdateInput) (model.Role, error) {
	current, err := s.db.GetRole(ctx, a.Scope(), id)
	if err != nil {
		return model.Role{}, err
	}
	codes, err := checkCodes(a, current.CompanyID, in.Permissions)
	if err != nil {
		return model.Role{}, err
	}
	was := slices.Clone(current.Permissions)
	slices.Sort(was)
	if !slices.Equal(codes, was) {
		if err := s.checkHolders(ctx, a, id); err != nil {
			return model.Role{}, err
		}
	}
	err = s.db.UpdateRole(ctx, a.Scope(), id, store.RoleInput{Name: strings.TrimSpace(in.Name), Remark: in.Remark, Permissions: codes})
	if err != nil {
		return model.Role{}, conflictName(err)
	}
	return s.db.GetRole(ctx, a.Scope(), id)
}

// Delete removes a role no user holds; a role held by a user more powerful than the actor is refused as
// such first.
func (s *Service) Delete(ctx context.Context, a *auth.Actor, id int64) error {
	if _, err := s.db.GetRole(ctx, a.Scope(), id); err != nil {
		return err
	}
	if err := s.checkHolders(ctx, a, id); err != nil {
		return err
	}
	users, err := s.db.DeleteRole(ctx, a.Scope(), id)
	if errors.Is(err, store.ErrInUse) {
		return apperr.Conflict("role.in_use", users)
	}
	return err
}

// checkHolders refuses to act on a role held by a user who holds a code the actor does not: acting on the
// role acts on its holders, and nobody acts on a more powerful user.
func (s *Service) checkHolders(ctx context.Context, a *auth.Actor, id int64) error {
	if a.Perms.IsAdmin() {
		return nil
	}
	holders, err := s.db.RoleHolders(ctx, id)
	if err != nil {
		return err
	}
	for _, u := range holders {
		held, err := auth.PermissionsOf(ctx, s.db, auth.Holder{ID: u.ID, Account: u.Account, CompanyID: u.CompanyID,
			CompanyAdmin: u.IsCompanyAdmin})
		if err != nil {
			return err
		}
		if held.IsAdmin() {
			return apperr.New(http.StatusForbidden, apperr.CodeEscalation, "role.more_powerful", auth.SuperAdmin)
		}
		if missing := a.Perms.Missing(held.Codes()); missing != "" {
			return apperr.New(http.StatusForbidden, apperr.CodeEscalation, "role.more_powerful", missing)
		}
	}
	return nil
}

// checkCodes returns the codes deduplicated and sorted, or the error of the first rule they break.
func checkCodes(a *auth.Actor, company *int64, codes []string) ([]string, error) {
	out := slices.Clone(codes)
	slices.Sort(out)
	out = slices.Compact(out)
	for _, c := range out {
		if !permission.Exists(c) {
			return nil, apperr.Validation(apperr.Field("permissions", "field.unknown_code", c))
		}
		if company != nil && permission.PlatformOnly(c) {
			if !a.IsPlatform() { // a company user asking for a power it cannot have: refused, not invalid
				return nil, apperr.New(http.StatusForbidden, apperr.CodeEscalation, "field.platform_code", c)
			}
			return nil, apperr.Validation(apperr.Field("permissions", "field.platform_code", c))
		}
	}
	if missing := a.Perms.Missing(out); missing != "" {
		return nil, apperr.New(http.StatusForbidden, apperr.CodeEscalation, "perm.escalation", missing)
	}
	if out == nil {
		out = []string{}
	}
	return out, nil
}

func conflictName(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return apperr.Conflict("role.name_taken")
	}
	return err
}
