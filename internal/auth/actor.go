package auth

import (
	"context"

	"irgas/internal/apperr"
	"irgas/internal/model"
	"irgas/internal/permission"
	"irgas/internal/store"
)

// SuperAdmin is the account of the platform super-administrator, who passes every check.
const SuperAdmin = model.SuperAdminAccount

// Actor is the signed-in user a request acts as.
type Actor struct {
	UserID    int64
	Account   string
	Name      string
	CompanyID *int64
	// CompanyAdmin is true for the administrator created with its company.
	CompanyAdmin bool
	Perms        permission.Set
	TokenHash    string
}

// Scope is what the actor may see: its own company, or every company for a platform user.
func (a *Actor) Scope() store.Scope { return store.Scope{CompanyID: a.CompanyID} }

// IsPlatform reports whether the actor is a platform user (no company).
func (a *Actor) IsPlatform() bool { return a.CompanyID == nil }

// Owning says whether a kind of record may belong to the platform rather than to a company.
type Owning int

const (
	// CompanyOrPlatform records (roles, users) of a platform user may have no company.
	CompanyOrPlatform Owning = iota
	// CompanyRequired records (devices, notification users) always belong to a company.
	CompanyRequired
)

// Owner is the one answer to "which company does the record an actor writes belong to", for every kind
// of record and for imported rows alike. A company user's records are its own company's, whatever the
// request names: naming another company is not an error, it is ignored. A platform user's are the
// company it names, which exists tells whether it exists; or none, where owning allows it. An update
// passes the record's current company when the request names none. The refusal comes back as a field
// error on companyId, for the caller to report with the other fields it checks.
func (a *Actor) Owner(ctx context.Context, exists func(context.Context, int64) (bool, error), requested *int64, owning Owning) (*int64, *apperr.FieldError, error) {
	if !a.IsPlatform() {
		return a.CompanyID, nil, nil
	}
	if requested == nil {
		if owning == CompanyRequired {
			return nil, fieldError("field.required"), nil
		}
		return nil, nil, nil
	}
	ok, err := exists(ctx, *requested)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, fieldError("role.company_not_found"), nil
	}
	return requested, nil, nil
}

func fieldError(key string) *apperr.FieldError {
	f := apperr.Field("companyId", key)
	return &f
}

type actorKey struct{}

// WithActor returns ctx carrying a.
func WithActor(ctx context.Context, a *Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the request's actor. Routes that need one are behind the auth middleware, so a
// missing actor is a wiring fault and panics rather than acting as nobody.
func ActorFrom(ctx context.Context) *Actor {
	a, ok := ctx.Value(actorKey{}).(*Actor)
	if !ok {
		panic("auth: no actor in context; is the route behind the auth middleware?")
	}
	return a
}
