package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"irgas/internal/api"
	"irgas/internal/apitest"
	"irgas/internal/permission"
	"irgas/internal/testdb"
)

// Every route the router serves must be in the OpenAPI document, with its answer schema.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	t.Parallel()
	e := apitest.New(t, testdb.SQLite(t))
	r := e.Get("/api/openapi.json", "")
	if r.Status != 200 {
		t.Fatalf("openapi.json: %d", r.Status)
	}
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("not OpenAPI 3: %q", doc.OpenAPI)
	}
	a := &api.API{}
	router, ok := a.Handler().(chi.Routes)
	if !ok {
		t.Fatal("the API handler is not a chi router")
	}
	n := 0
	err := chi.Walk(router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		n++
		op, ok := doc.Paths[api.DocPath(route)][strings.ToLower(method)]
		if !ok {
			t.Errorf("%s %s is served but missing from openapi.json", method, route)
			return nil
		}
		if _, ok := op["responses"].(map[string]any)["200"]; !ok {
			t.Errorf("%s %s has no 200 answer in openapi.json", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("walked only %d routes", n)
	}
	// Required fields are listed, through embedded structs and nested objects.
	for path, want := range map[string][]string{
		"/api/company": {"name", "creditCode", "industryCode", "provinceCode", "contactPerson", "contactPhone", "admin"},
		"/api/users":   {"account", "password", "name"},
	} {
		body, _ := json.Marshal(doc.Paths[path]["post"]["requestBody"])
		for _, f := range want {
			if !strings.Contains(string(body), `"required":[`) || !strings.Contains(string(body), `"`+f+`"`) {
				t.Errorf("POST %s: %s not required in %s", path, f, body)
			}
		}
		var rb struct {
			Content map[string]struct {
				Schema struct {
					Required []string `json:"required"`
				} `json:"schema"`
			} `json:"content"`
		}
		json.Unmarshal(body, &rb)
		got := strings.Join(rb.Content["application/json"].Schema.Required, ",")
		for _, f := range want {
			if !strings.Contains(","+got+",", ","+f+",") {
				t.Errorf("POST %s: required is %q, lacks %s", path, got, f)
			}
		}
	}
	login := doc.Paths["/api/login"]["post"]
	body, _ := json.Marshal(login["requestBody"])
	for _, field := range []string{"account", "password", "keyId", "captchaId", "captchaCode"} {
		if !strings.Contains(string(body), `"`+field+`"`) {
			t.Errorf("POST /api/login body schema lacks %s: %s", field, body)
		}
	}
}

// openAPIDoc is the document as a client reads it.
func openAPIDoc(t *testing.T) map[string]any {
	t.Helper()
	doc, err := (&api.API{}).OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the document is not valid OpenAPI: %v", err)
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// dig follows keys through nested objects; nil when one is missing.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// Every route answers something described: a 200 with content and a failure, files as their media types.
func TestOpenAPIDescribesEveryAnswer(t *testing.T) {
	t.Parallel()
	doc := openAPIDoc(t)
	for _, rt := range (&api.API{}).Routes() {
		name := rt.Method + " " + rt.Path
		op := dig(doc, "paths", api.DocPath(rt.Path), strings.ToLower(rt.Method))
		responses, _ := dig(op, "responses").(map[string]any)
		if len(responses) == 0 {
			t.Errorf("%s: no responses", name)
			continue
		}
		for code, r := range responses {
			if content, _ := dig(r, "content").(map[string]any); len(content) == 0 {
				t.Errorf("%s: response %s has no content", name, code)
			}
		}
		if dig(responses, "default") == nil || dig(responses, "200") == nil {
			t.Errorf("%s: a 200 and a default answer are both described: %v", name, responses)
		}
		if strings.HasSuffix(rt.Path, "/export") || strings.HasSuffix(rt.Path, "import-template") {
			xlsx := dig(responses, "200", "content", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "schema")
			if dig(xlsx, "type") != "string" || dig(xlsx, "format") != "binary" {
				t.Errorf("%s answers a workbook, described as %v", name, dig(responses, "200", "content"))
			}
		}
	}
	for path, media := range map[string]string{"/api/files/{fileId}": "image/png", "/api/events": "text/event-stream"} {
		if dig(doc, "paths", path, "get", "responses", "200", "content", media, "schema", "type") != "string" {
			t.Errorf("GET %s: no %s answer", path, media)
		}
	}
	for _, path := range []string{"/api/device/import", "/api/device/param/import"} {
		if dig(doc, "paths", path, "post", "responses", "200", "content", "application/json", "schema", "properties", "data", "properties", "secrets") == nil {
			t.Errorf("POST %s: the import report is not described", path)
		}
		if dig(doc, "paths", path, "post", "responses", "422") == nil {
			t.Errorf("POST %s: the refusal of a bad file is not described", path)
		}
	}
}

// No schema leaves its values untyped: each has a type, a reference or a combination of typed schemas. (A
// free-form value is an object with a description, as the document's own answer is.)
func TestOpenAPISchemasAreTyped(t *testing.T) {
	t.Parallel()
	doc := openAPIDoc(t)
	var untyped []string
	var check func(s any, at string)
	check = func(s any, at string) {
		m, ok := s.(map[string]any)
		if !ok {
			return
		}
		if _, ref := m["$ref"]; ref {
			return
		}
		typed := false
		for _, k := range []string{"type", "oneOf", "anyOf", "allOf"} {
			_, has := m[k]
			typed = typed || has
		}
		if !typed {
			untyped = append(untyped, at)
		}
		props, _ := m["properties"].(map[string]any)
		for name, p := range props {
			check(p, at+"."+name)
		}
		check(m["items"], at+"[]")
		check(m["additionalProperties"], at+"{}")
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			list, _ := m[k].([]any)
			for i, x := range list {
				check(x, fmt.Sprintf("%s.%s[%d]", at, k, i))
			}
		}
	}
	paths, _ := doc["paths"].(map[string]any)
	for path, ops := range paths {
		for method, op := range ops.(map[string]any) {
			at := method + " " + path
			params, _ := dig(op, "parameters").([]any)
			for _, p := range params {
				check(dig(p, "schema"), at+" ?"+fmt.Sprint(dig(p, "name")))
			}
			body, _ := dig(op, "requestBody", "content").(map[string]any)
			for media, c := range body {
				check(dig(c, "schema"), at+" body "+media)
			}
			responses, _ := dig(op, "responses").(map[string]any)
			for code, r := range responses {
				content, _ := dig(r, "content").(map[string]any)
				for media, c := range content {
					check(dig(c, "schema"), at+" "+code+" "+media)
				}
			}
		}
	}
	components, _ := dig(doc, "components", "schemas").(map[string]any)
	for name, s := range components {
		check(s, "#/components/schemas/"+name)
	}
	sort.Strings(untyped)
	for _, at := range untyped {
		t.Errorf("untyped schema: %s", at)
	}
}

// Permission codes are one enum, the catalogue's, and every body that carries codes refers to it; a
// command's parameters are typed.
func TestOpenAPIPermissionCodes(t *testing.T) {
	t.Parallel()
	doc := openAPIDoc(t)
	enum, _ := dig(doc, "components", "schemas", api.PermissionCode, "enum").([]any)
	var got []string
	for _, c := range enum {
		got = append(got, fmt.Sprint(c))
	}
	if want := permission.All(); !slices.Equal(got, want) {
		t.Fatalf("PermissionCode lists %v, the catalogue %v", got, want)
	}
	const codeRef = "#/components/schemas/" + api.PermissionCode
	data := func(path, method string) any {
		return dig(doc, "paths", path, method, "responses", "200", "content", "application/json", "schema", "properties", "data")
	}
	body := func(path, method string) any {
		return dig(doc, "paths", path, method, "requestBody", "content", "application/json", "schema")
	}
	for where, s := range map[string]any{
		"GET /api/user permission":                   dig(data("/api/user", "get"), "properties", "permission", "items"),
		"GET /api/role/{id} permissions":             dig(data("/api/role/{id}", "get"), "properties", "permissions", "items"),
		"POST /api/role body":                        dig(body("/api/role", "post"), "properties", "permissions", "items"),
		"PUT /api/role/{id} body":                    dig(body("/api/role/{id}", "put"), "properties", "permissions", "items"),
		"GET /api/users/{id} permissions":            dig(data("/api/users/{id}", "get"), "properties", "permissions", "items"),
		"POST /api/users body":                       dig(body("/api/users", "post"), "properties", "permissions", "items"),
		"PUT /api/users/change-permission/{id} body": dig(body("/api/users/change-permission/{id}", "put"), "properties", "permissions", "items"),
		"GET /api/permission code":                   dig(data("/api/permission", "get"), "items", "properties", "code"),
		"the tree's children":                        dig(doc, "components", "schemas", "PermissionNode", "properties", "code"),
	} {
		if dig(s, "$ref") != codeRef {
			t.Errorf("%s is %v, not a %s", where, s, api.PermissionCode)
		}
	}
	params := dig(data("/api/device/{id}/commands", "get"), "items", "properties", "params", "$ref")
	if params != "#/components/schemas/"+api.CommandParams {
		t.Errorf("a command's params: %v", params)
	}
	if dig(doc, "components", "schemas", api.CommandParams, "properties", "alertLow", "type") != "number" {
		t.Errorf("CommandParams: %v", dig(doc, "components", "schemas", api.CommandParams))
	}
}

// The API answers and reads the types of internal/model and of the services, never the store's own rows.
func TestRoutesSendNoStoreTypes(t *testing.T) {
	t.Parallel()
	var visit func(ty reflect.Type, seen map[reflect.Type]bool) string
	visit = func(ty reflect.Type, seen map[reflect.Type]bool) string {
		if ty == nil || seen[ty] {
			return ""
		}
		seen[ty] = true
		if ty.PkgPath() == "irgas/internal/store" {
			return ty.String()
		}
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return visit(ty.Elem(), seen)
		case reflect.Struct:
			for i := range ty.NumField() {
				if found := visit(ty.Field(i).Type, seen); found != "" {
					return found
				}
			}
		}
		return ""
	}
	for _, rt := range (&api.API{}).Routes() {
		for _, ty := range []reflect.Type{rt.Endpoint.In, rt.Endpoint.Out} {
			if found := visit(ty, map[reflect.Type]bool{}); found != "" {
				t.Errorf("%s %s carries %s: API types live in internal/model", rt.Method, rt.Path, found)
			}
		}
	}
}
