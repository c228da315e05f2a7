package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"irgas/internal/api"
	"irgas/internal/apitest"
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
