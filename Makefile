# irgas — the two commands the README promises are `make run` and `make test`.
GO       ?= go
NPM      ?= npm
BIN      := bin/irgas
WEB_OUT  := web/dist/app/index.html
GO_SRC   := $(shell find cmd internal web/embed.go -name '*.go' -o -name '*.sql' 2>/dev/null)
WEB_SRC  := $(shell find web/src web/index.html web/public web/vite.config.ts web/tsconfig.json web/package.json -type f 2>/dev/null)
# The API's contract and the console's types made from it (docs/console.md "API types"); both committed.
API_JSON := web/src/types/openapi.json
API_TS   := web/src/types/api.gen.ts

.PHONY: all build run test test-go test-web e2e lint bench clean api-types

all: build

## build: the console, then the binary that embeds it
build: $(BIN)

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund

## api-types: regenerate the committed OpenAPI document from the Go sources, and the console's types from it
api-types: $(API_TS)

# Rewritten only when the document changes, so a Go change that leaves the API alone rebuilds no console.
$(API_JSON): $(GO_SRC) go.mod go.sum
	$(GO) run ./cmd/irgas openapi > $@.tmp || { rm -f $@.tmp; exit 1; }
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; echo "$@ updated"; fi

$(API_TS): $(API_JSON) web/node_modules/.package-lock.json
	cd web && $(NPM) run gen:api

$(WEB_OUT): web/node_modules/.package-lock.json $(API_TS) $(WEB_SRC)
	cd web && $(NPM) run build

$(BIN): $(WEB_OUT) $(GO_SRC) go.mod go.sum
	$(GO) build -o $(BIN) ./cmd/irgas

## run: build everything and run the platform with demo data and simulated detectors on the embedded SQLite default (./data/irgas.db)
run: build
	$(BIN) serve --demo

## test: every test — Go (SQLite, and PostgreSQL when IRGAS_TEST_POSTGRES_URL is set), console unit tests, browser tests
test: lint test-go test-web e2e

lint:
	@unformatted="$$(gofmt -l cmd internal web/embed.go)"; if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

test-go:
	@if [ -z "$$IRGAS_TEST_POSTGRES_URL" ]; then echo "note: IRGAS_TEST_POSTGRES_URL is not set, so Go tests run on SQLite only (CI sets it)"; fi
	$(GO) test -race -count=1 -timeout 30m $$($(GO) list ./... | grep -v /internal/cluster)
	$(GO) test -count=1 -run TestReadTakesTheLargestImport ./internal/sheet/
	@# The cluster test runs irgas as processes (built without the race detector); -v prints its counts.
	$(GO) test -count=1 -timeout 15m -v ./internal/cluster/

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) run typecheck && $(NPM) test

e2e: build
	@test -x /usr/bin/chromium || { echo "browser tests need Debian's chromium: apt-get install -y chromium"; exit 1; }
	cd web && $(NPM) run e2e

## bench: the benchmarks whose figures docs/benchmarks.md records
bench:
	bench/run

clean:
	rm -rf bin web/dist/app
