package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"

	"irgas/internal/httpx"
	"irgas/internal/listq"
)

var (
	openAPIOnce sync.Once
	openAPIJSON []byte
	openAPIErr  error
)

// openAPI answers GET /api/openapi.json.
func (a *API) openAPI(w http.ResponseWriter, r *http.Request) {
	openAPIOnce.Do(func() {
		var doc *openapi3.T
		if doc, openAPIErr = a.OpenAPI(); openAPIErr == nil {
			openAPIJSON, openAPIErr = json.Marshal(doc)
		}
	})
	if openAPIErr != nil {
		httpx.Fail(w, r, openAPIErr)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(openAPIJSON)
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// OpenAPI describes every route of the table, with request and answer schemas made from the Go types
// the handlers use.
func (a *API) OpenAPI() (*openapi3.T, error) {
	schemas := openapi3.Schemas{}
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "irgas — Infrared Gas Detection Platform API", Version: "1",
			Description: "Success: 200 with {code: 0, msg, data}. Failure: a real status with {code, msg, errors?, data?}. " +
				"Lists: page, pageSize (max 100), sort (-field for descending), repeated keys for arrays, " +
				"$gte:/$lte: epoch-ms ranges. Send Accept-Language: zh-CN or en."},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{
			Schemas: schemas,
			SecuritySchemes: openapi3.SecuritySchemes{
				"bearer": &openapi3.SecuritySchemeRef{Value: openapi3.NewSecurityScheme().WithType("http").WithScheme("bearer")},
			},
		},
	}
	errorSchema, err := schemaOf(reflect.TypeFor[httpx.ErrorBody](), schemas)
	if err != nil {
		return nil, err
	}
	routes := append(a.Routes(), Route{Method: "GET", Path: "/openapi.json", Summary: "This document", Public: true,
		Endpoint: httpx.Endpoint{}})
	for _, rt := range routes {
		op := openapi3.NewOperation()
		op.Summary = rt.Summary
		op.OperationID = operationID(rt)
		if !rt.Public {
			op.Security = &openapi3.SecurityRequirements{{"bearer": {}}}
			if rt.Perm != "" {
				op.Description = "Permission: " + rt.Perm
				op.Extensions = map[string]any{"x-permission": rt.Perm}
			}
		}
		for _, m := range pathParam.FindAllStringSubmatch(rt.Path, -1) {
			op.AddParameter(openapi3.NewPathParameter(m[1]).WithSchema(openapi3.NewInt64Schema()))
		}
		if rt.List != nil {
			addListParams(op, *rt.List)
		}
		if rt.Endpoint.In != nil {
			s, err := schemaOf(rt.Endpoint.In, schemas)
			if err != nil {
				return nil, fmt.Errorf("openapi: %s %s body: %w", rt.Method, rt.Path, err)
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).WithJSONSchemaRef(s)}
		}
		if rt.Multipart {
			form := openapi3.NewObjectSchema().
				WithProperty("file", openapi3.NewStringSchema().WithFormat("binary")).
				WithProperty("mode", openapi3.NewStringSchema().WithEnum("create", "upsert"))
			form.Required = []string{"file"}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
				WithContent(openapi3.NewContentWithFormDataSchema(form))}
		}
		ok := openapi3.NewResponse().WithDescription("OK")
		if rt.Endpoint.Out != nil {
			data, err := schemaOf(rt.Endpoint.Out, schemas)
			if err != nil {
				return nil, fmt.Errorf("openapi: %s %s answer: %w", rt.Method, rt.Path, err)
			}
			env := openapi3.NewObjectSchema().
				WithProperty("code", openapi3.NewIntegerSchema()).
				WithProperty("msg", openapi3.NewStringSchema()).
				WithPropertyRef("data", data)
			env.Required = []string{"code", "msg", "data"}
			ok.WithJSONSchema(env)
		}
		op.AddResponse(200, ok)
		op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().
			WithDescription("Failure (see docs/api.md for codes)").WithJSONSchemaRef(errorSchema)})
		doc.AddOperation(DocPath(rt.Path), rt.Method, op)
	}
	return doc, nil
}

// DocPath is a route's path as the document names it.
func DocPath(path string) string { return "/api" + path }

func operationID(rt Route) string {
	p := strings.NewReplacer("/", "_", "{", "", "}", "", "-", "_", ".", "_").Replace(rt.Path)
	return strings.ToLower(rt.Method) + p
}

func addListParams(op *openapi3.Operation, spec listq.Spec) {
	op.AddParameter(openapi3.NewQueryParameter("page").WithSchema(openapi3.NewIntegerSchema().WithMin(1)).
		WithDescription("(page-1)×pageSize at most " + strconv.Itoa(listq.MaxOffset)))
	op.AddParameter(openapi3.NewQueryParameter("pageSize").WithSchema(openapi3.NewIntegerSchema().WithMin(1)).
		WithDescription("capped at " + strconv.Itoa(listq.MaxPageSize)))
	fields := make([]string, 0, len(spec.Sorts))
	for f := range spec.Sorts {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	op.AddParameter(openapi3.NewQueryParameter("sort").WithSchema(openapi3.NewStringSchema()).
		WithDescription("one of " + strings.Join(fields, ", ") + "; prefix - for descending; default " + spec.DefaultSort))
	for _, f := range spec.Filters {
		var item *openapi3.Schema
		switch f.Kind {
		case listq.Int:
			item = openapi3.NewInt64Schema()
		case listq.Range:
			item = openapi3.NewStringSchema().WithPattern(`^\$(gte|lte):\d+$`)
		default:
			item = openapi3.NewStringSchema()
		}
		if item.Type.Is(openapi3.TypeString) {
			item.WithMaxLength(listq.MaxValueLength)
		}
		p := openapi3.NewQueryParameter(f.Param).WithDescription(f.Doc)
		if f.Kind == listq.Contains {
			p.WithSchema(item)
		} else {
			p.WithSchema(openapi3.NewArraySchema().WithItems(item).WithMaxItems(listq.MaxValues))
			explode := true
			p.Explode = &explode
		}
		op.AddParameter(p)
	}
}

// schemaOf makes the schema of t; `validate:"required"` fields are listed as required and `max=N` on a
// string becomes maxLength.
func schemaOf(t reflect.Type, schemas openapi3.Schemas) (*openapi3.SchemaRef, error) {
	return openapi3gen.NewSchemaRefForValue(reflect.New(t).Elem().Interface(), schemas,
		openapi3gen.SchemaCustomizer(func(name string, ft reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
			for _, rule := range strings.Split(tag.Get("validate"), ",") {
				if n, ok := strings.CutPrefix(rule, "max="); ok && ft.Kind() == reflect.String {
					if v, err := strconv.ParseUint(n, 10, 64); err == nil {
						s.MaxLength = &v
					}
				}
			}
			if ft.Kind() == reflect.Struct {
				s.Required = append(s.Required, requiredFields(ft)...)
			}
			return nil
		}))
}

// requiredFields lists the JSON names of t's fields marked validate:"required", through embedded structs
// (whose fields JSON promotes), and of struct fields the validator dives into.
func requiredFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct && jsonName == "":
			out = append(out, requiredFields(f.Type)...)
		case jsonName == "" || jsonName == "-":
		case strings.Contains(","+f.Tag.Get("validate")+",", ",required,"),
			f.Type.Kind() == reflect.Struct && len(requiredFields(f.Type)) > 0 && !strings.Contains(f.Tag.Get("json"), "omitempty"):
			out = append(out, jsonName)
		}
	}
	return out
}
