// Package api is the HTTP API: one route table that names, for every call, its permission code, its
// module and action for the operation record, and its typed endpoint; the router, the OpenAPI document
// and the permission check are all made from that table.
//
// A handler reads the store directly only for what the store answers as it is within the caller's company
// scope; every change, check or record, and every read a service offers, goes through the service
// (docs/api.md "Handlers, services and the store").
package api

import (
	"cmp"
	"context"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/httprate"

	"irgas/internal/apperr"
	"irgas/internal/auth"
	"irgas/internal/company"
	"irgas/internal/config"
	"irgas/internal/device"
	"irgas/internal/devicetype"
	"irgas/internal/httpx"
	"irgas/internal/ingest"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/oplog"
	"irgas/internal/role"
	"irgas/internal/store"
	"irgas/internal/user"
)

// Route is one call of the API.
type Route struct {
	Method  string
	Path    string // under /api, chi pattern: /role/{id}
	Summary string
	// Public calls need no token; all others need one, and Perm when it is not empty ("A|B": either).
	Public bool
	Perm   string
	// PlatformOnly calls answer 403 to company users whatever their codes.
	PlatformOnly bool
	// Module and Action name the call in operation records.
	Module, Action string
	// List documents the query parameters of a list or export call.
	List *listq.Spec
	// MaxBody limits the request body; 0 means httpx.MaxJSONBody.
	MaxBody int64
	// Multipart documents an upload body (a file field and a mode field).
	Multipart bool
	// NoRecord leaves the call out of the operation record (device traffic, not user operations).
	NoRecord bool
	// SignIn calls count against the sign-in rate of the caller's address (config.SignInRate).
	SignIn bool
	// Stream is a long-lived answer (server-sent events): no time limit, and the token may come as ?token=
	// because a browser's EventSource cannot send headers.
	Stream bool
	// Produces lists the media types of a success that is not the JSON envelope: a file or a stream.
	Produces []string
	// Bare calls answer Endpoint.Out as it is, without the envelope (the external broker's hooks).
	Bare     bool
	Endpoint httpx.Endpoint
}

// API holds what the handlers need.
type API struct {
	DB          *store.DB
	Auth        *auth.Service
	Roles       *role.Service
	Companies   *company.Service
	Users       *user.Service
	DeviceTypes *devicetype.Service
	Devices     *device.Service
	SMSUsers    *notify.Users
	Ingest      *ingest.Writer
	Recorder    *oplog.Recorder
	Config      config.Config
	// homeGroups caches the home page's device groupings per scope (see deviceGroups).
	homeGroups ttlCache[deviceGroups]
	// homeTop caches the home page's most alarming devices per scope (see homeStatistic).
	homeTop ttlCache[[]model.DeviceAlarms]
}

// Routes is the route table: every call of the API, in one place.
func (a *API) Routes() []Route {
	return slices.Concat(a.authRoutes(), a.metaRoutes(), a.roleRoutes(), a.operationLogRoutes(), a.companyRoutes(),
		a.userRoutes(), a.deviceTypeRoutes(), a.deviceRoutes(), a.importRoutes(),
		a.fileRoutes(), a.ingestRoutes(), a.brokerHookRoutes(), a.alarmRoutes(),
		a.readingRoutes(), a.calibrationRoutes(), a.eventRoutes(), a.homeRoutes(), a.smsRoutes())
}

// Handler builds the /api router from the route table. Paths are relative to /api.
func (a *API) Handler() http.Handler {
	r := chi.NewRouter()
	r.NotFound(func(w http.ResponseWriter, req *http.Request) {
		httpx.Fail(w, req, apperr.New(http.StatusNotFound, apperr.CodeRouteNotFound, "error.route_not_found"))
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		httpx.Fail(w, req, apperr.New(http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed, "error.method_not_allowed"))
	})
	signIn := a.signInLimit()
	for _, rt := range a.Routes() {
		h := a.chain(rt)
		if rt.SignIn {
			h = signIn(h)
		}
		r.Method(rt.Method, rt.Path, h)
	}
	r.Method(http.MethodGet, "/openapi.json", http.HandlerFunc(a.openAPI))
	return r
}

// signInLimit counts the sign-in calls of each client address in a sliding minute, in the database (so
// every instance on it counts together), and answers 429 past config.SignInRate (one limit for the three
// calls of a sign-in).
func (a *API) signInLimit() func(http.Handler) http.Handler {
	if a.Config.SignInRate <= 0 {
		return func(h http.Handler) http.Handler { return h }
	}
	return httprate.LimitBy(a.Config.SignInRate, time.Minute,
		func(r *http.Request) (string, error) { return "signin:" + httpx.ClientIP(r, a.Config.TrustProxy), nil },
		httprate.WithLimitCounter(a.DB.RateCounter()),
		httprate.WithLimitHandler(func(w http.ResponseWriter, r *http.Request) {
			httpx.Fail(w, r, apperr.New(http.StatusTooManyRequests, apperr.CodeRateLimited, "auth.rate_limited"))
		}))
}

// chain wraps a route's endpoint, outermost first: body limit, storable path, query and headers, operation
// record, authentication, permission check.
func (a *API) chain(rt Route) http.Handler {
	h := rt.Endpoint.Handler
	if !rt.Public {
		h = a.requirePermission(rt.Perm, rt.PlatformOnly, h)
		h = a.authenticate(h, rt.Stream)
	}
	if !rt.NoRecord {
		h = a.Recorder.Middleware(oplog.Meta{Module: rt.Module, Action: rt.Action}, a.Config.TrustProxy)(h)
	}
	h = storableText(h)
	h = httpx.BodyDeadline(a.bodyTimeout(rt), limitBody(rt.MaxBody, h))
	if rt.Stream {
		return h // each of its queries has its own limit
	}
	return withDeadline(a.timeout(rt), h)
}

// bodyTimeout is how long a call's body may take to arrive: longer for a file upload.
func (a *API) bodyTimeout(rt Route) time.Duration {
	d := cmp.Or(a.Config.BodyTimeout, config.DefaultBodyTimeout)
	if rt.Multipart {
		return d * config.UploadBodyFactor
	}
	return d
}

// timeout is a call's time limit: longer for one that streams a file (an export, an import, an image).
func (a *API) timeout(rt Route) time.Duration {
	if len(rt.Produces) > 0 || rt.Multipart {
		return cmp.Or(a.Config.ExportTimeout, config.DefaultExportTimeout)
	}
	return cmp.Or(a.Config.QueryTimeout, config.DefaultQueryTimeout)
}

// withDeadline gives the call's context a deadline, so that every query it runs carries a timeout (the
// drivers cancel a query whose context ends; the call answers 503).
func withDeadline(d time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// storableText answers 400 to a path, query or header holding text no database can store, before the
// operation record (which stores the path and headers) and any handler sees it.
func storableText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := httpx.CheckRequest(r); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func limitBody(limit int64, next http.Handler) http.Handler {
	if limit == 0 {
		limit = httpx.MaxJSONBody
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate resolves the bearer token (or, for a stream, the ?token= query) to an actor, or answers 401.
func (a *API) authenticate(next http.Handler, queryToken bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := bearer(r)
		if queryToken {
			token = tokenOf(r)
		}
		actor, err := a.Auth.Authenticate(r.Context(), token)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		info := httpx.InfoFrom(r.Context())
		info.UserID, info.Account, info.CompanyID = &actor.UserID, actor.Account, actor.CompanyID
		next.ServeHTTP(w, r.WithContext(auth.WithActor(r.Context(), actor)))
	})
}

// requirePermission answers 403 unless the actor holds one of the codes (admin holds every code) and,
// for platform-only calls, is a platform user.
func (a *API) requirePermission(codes string, platformOnly bool, next http.Handler) http.Handler {
	alternatives := strings.Split(codes, "|")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allowed(auth.ActorFrom(r.Context()), alternatives, platformOnly) {
			httpx.Fail(w, r, apperr.Forbidden())
			return
		}
		next.ServeHTTP(w, r)
	})
}

// allowed reports whether actor holds one of the alternative codes and, for platform-only calls, is a
// platform user.
func allowed(actor *auth.Actor, alternatives []string, platformOnly bool) bool {
	return (!platformOnly || actor.IsPlatform()) && slices.ContainsFunc(alternatives, actor.Perms.Has)
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	const prefix = "Bearer "
	if len(h) > len(prefix) && (h[:len(prefix)] == prefix || h[:len(prefix)] == "bearer ") {
		return h[len(prefix):]
	}
	return ""
}

// pathID reads the {id} of a path; a value that is not a positive integer is a 400. Handlers take it
// through withID.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, apperr.BadRequest("query.bad_int", "id")
	}
	return id, nil
}

// withID runs fn with the path's {id} and the actor: the one way a handler reads a record's id.
func withID[Out any](r *http.Request, fn func(a *auth.Actor, id int64) (Out, error)) (Out, error) {
	id, err := pathID(r)
	if err != nil {
		var zero Out
		return zero, err
	}
	return fn(auth.ActorFrom(r.Context()), id)
}

// The two paths whose key is not an integer id have a reader each (openapi.go types them by name).

// fileID is the {fileId} of an uploaded file: random base32 text, looked up as it is (unknown: 404).
func fileID(r *http.Request) string { return r.PathValue("fileId") }

// pathIMEI is the {imei} of a device's ingestion path, checked with the device's secret.
func pathIMEI(r *http.Request) string { return r.PathValue("imei") }

// parseList reads a list query against spec.
func parseList(r *http.Request, spec listq.Spec) (listq.Query, error) {
	return listq.Parse(r.URL.Query(), spec)
}

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }
