package main

import (
	"context"
	"encoding/json"
	"io"

	"irgas/internal/api"
)

// openAPICmd prints the API's OpenAPI 3 document (the one GET /api/openapi.json serves), indented, with no
// server and no database: the document is made from the route table and the Go types alone. The console's
// types are generated from it (web/src/types/openapi.json, `make web/src/types/openapi.json`).
func openAPICmd(_ context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("openapi", "openapi > web/src/types/openapi.json", stdout)
	if err := fs.Parse(args); err != nil {
		return err
	}
	doc, err := openAPIDocument()
	if err != nil {
		return err
	}
	_, err = stdout.Write(doc)
	return err
}

// openAPIDocument is the document as `irgas openapi` prints it: two-space indentation and a final newline,
// so the committed copy diffs line by line.
func openAPIDocument() ([]byte, error) {
	doc, err := (&api.API{}).OpenAPI()
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
