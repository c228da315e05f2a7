package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// committedOpenAPI is the copy of the document the console's types are generated from.
const committedOpenAPI = "../../web/src/types/openapi.json"

// The committed document must be what `irgas openapi` prints now: a change to a route or to a Go type the
// API sends or reads changes the console's types too (web/src/types/api.gen.ts, made from this file).
func TestCommittedOpenAPIIsCurrent(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"openapi"}, &out, &errOut); code != 0 {
		t.Fatalf("irgas openapi: exit %d: %s", code, errOut.String())
	}
	if !json.Valid(out.Bytes()) {
		t.Fatal("irgas openapi printed invalid JSON")
	}
	committed, err := os.ReadFile(committedOpenAPI)
	if err != nil {
		t.Fatalf("%v\n%s", err, regenerate)
	}
	if !bytes.Equal(committed, out.Bytes()) {
		t.Fatalf("web/src/types/openapi.json differs from the document the server makes now (first difference at line %d).\n%s",
			firstDifferentLine(committed, out.Bytes()), regenerate)
	}
}

const regenerate = `Regenerate it and the console's types from the repository root with
	make api-types
(which runs: go run ./cmd/irgas openapi > web/src/types/openapi.json && cd web && npm run gen:api)
and commit both files.`

func firstDifferentLine(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
