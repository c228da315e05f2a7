package auth

import (
	"context"

	"irgas/internal/permission"
	"irgas/internal/store"
)

// SuperAdmin is the account of the platform super-administrator, who passes every check.
const SuperAdmin = "admin"

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
