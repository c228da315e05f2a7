package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"path"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"

	"irgas/internal/alarm"
	"irgas/internal/auth"
	"irgas/internal/device"
	"irgas/internal/httpx"
	"irgas/internal/listq"
	"irgas/internal/model"
	"irgas/internal/notify"
	"irgas/internal/permission"
	"irgas/internal/store"
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

// pathParams types the path keys that are not integer ids (pathIMEI, fileID).
var pathParams = map[string]func() *openapi3.Schema{
	"imei":   func() *openapi3.Schema { return openapi3.NewStringSchema().WithPattern(`^\d{15}$`) },
	"fileId": openapi3.NewStringSchema,
}

// Named component schemas the document refers to.
const (
	// PermissionCode is every code of the catalogue, so that generated clients type codes as a union.
	PermissionCode = "PermissionCode"
	// CommandParams are a device command's parameters (json.RawMessage in Go).
	CommandParams = "CommandParams"
	// LiveEvent is the data of each live feed event (the stream itself is text).
	LiveEvent = "LiveEvent"
)

// OpenAPI describes every route of the table, with request and answer schemas made from the Go types
// the handlers use.
func (a *API) OpenAPI() (*openapi3.T, error) {
	routes := append(a.Routes(), Route{Method: "GET", Path: "/openapi.json", Summary: "This document", Public: true,
		Produces: []string{"application/json"}})
	b := &docBuilder{schemas: openapi3.Schemas{}, refs: map[*openapi3.Schema]string{}, vocabularies: vocabularies(routes)}
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "irgas — Infrared Gas Detection Platform API", Version: "1",
			Description: "Success: 200 with {code: 0, msg, data}. Failure: a real status with {code, msg, errors?, data?}. " +
				"Lists: page, pageSize (max 100), sort (-field for descending), repeated keys for arrays, " +
				"$gte:/$lte: epoch-ms ranges. Send Accept-Language: zh-CN or en."},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{
			Schemas: b.schemas,
			SecuritySchemes: openapi3.SecuritySchemes{
				"bearer": &openapi3.SecuritySchemeRef{Value: openapi3.NewSecurityScheme().WithType("http").WithScheme("bearer")},
			},
		},
	}
	if err := b.components(); err != nil {
		return nil, err
	}
	errorSchema, err := b.errorSchema()
	if err != nil {
		return nil, err
	}
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
			schema := openapi3.NewInt64Schema
			if s, ok := pathParams[m[1]]; ok {
				schema = s
			}
			op.AddParameter(openapi3.NewPathParameter(m[1]).WithSchema(schema()))
		}
		if rt.List != nil {
			addListParams(op, *rt.List)
		}
		if rt.Endpoint.In != nil {
			s, err := b.schemaOf(rt.Endpoint.In)
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
			op.AddResponse(http.StatusUnprocessableEntity, openapi3.NewResponse().WithJSONSchemaRef(errorSchema).WithDescription(
				"The file is refused: errors names each bad field (an import: each bad row, with its row number, and data "+
					"holds the counts; nothing was written)"))
		}
		ok, err := b.success(rt)
		if err != nil {
			return nil, fmt.Errorf("openapi: %s %s answer: %w", rt.Method, rt.Path, err)
		}
		op.AddResponse(http.StatusOK, ok)
		op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().
			WithDescription("Failure (see docs/api.md for codes)").WithJSONSchemaRef(errorSchema)})
		doc.AddOperation(DocPath(rt.Path), rt.Method, op)
	}
	for _, s := range b.schemas {
		b.resolve(s)
	}
	return doc, nil
}

// success is a route's 200: the JSON envelope around Endpoint.Out, Out as it is (Bare), or a file or a
// stream (Produces).
func (b *docBuilder) success(rt Route) (*openapi3.Response, error) {
	ok := openapi3.NewResponse().WithDescription("OK")
	if len(rt.Produces) > 0 {
		ok.Content = openapi3.Content{}
		for _, mt := range rt.Produces {
			var s *openapi3.Schema
			switch mt {
			case eventStream:
				s = openapi3.NewStringSchema()
				s.Description = "Server-sent events; the data of each is a " + LiveEvent +
					" (components), except feed.ready ({lastEventId}) and session.ended ({})"
			case "application/json":
				s = openapi3.NewObjectSchema()
				s.Description = "Free-form: an OpenAPI 3 document"
			default:
				s = openapi3.NewStringSchema().WithFormat("binary")
			}
			ok.Content[mt] = openapi3.NewMediaType().WithSchema(s)
		}
		return ok, nil
	}
	if rt.Endpoint.Out == nil {
		return nil, fmt.Errorf("neither Endpoint.Out nor Produces says what it answers")
	}
	data, err := b.schemaOf(rt.Endpoint.Out)
	if err != nil {
		return nil, err
	}
	if rt.Bare {
		return ok.WithJSONSchemaRef(data), nil
	}
	env := openapi3.NewObjectSchema().
		WithProperty("code", openapi3.NewIntegerSchema()).
		WithProperty("msg", openapi3.NewStringSchema()).
		WithPropertyRef("data", data)
	env.Required = []string{"code", "msg", "data"}
	return ok.WithJSONSchema(env), nil
}

// DocPath is a route's path as the document names it.
func DocPath(path string) string { return "/api" + path }

func operationID(rt Route) string {
	p := strings.NewReplacer("/", "_", "{", "", "}", "", "-", "_", ".", "_").Replace(rt.Path)
	return strings.ToLower(rt.Method) + p
}

func addListParams(op *openapi3.Operation, spec listq.Spec) {
	if !spec.Unpaged {
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
	}
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
		for _, v := range slices.Sorted(maps.Keys(f.Cases)) {
			item.Enum = append(item.Enum, v)
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

// docBuilder makes the document's schemas from Go types into one components map. What a Go type cannot
// say is added by name: the permission codes of every body field named permission(s) or holding a tree
// node's code, the parameters of a command, the data of a failure.
type docBuilder struct {
	schemas openapi3.Schemas
	// refs are schemas to write as a reference to the named component (see resolve).
	refs map[*openapi3.Schema]string
	// vocabularies are the word lists an enum tag names with "@" (see enum).
	vocabularies map[string][]string
}

// vocabularies are the words the API sends that a person reads, each listed where it is decided; a field
// tagged enum:"@name" takes that list, and the schema names it (x-vocabulary), so that a client can check
// it translates every word. The operation records' modules and actions come from the route table.
func vocabularies(routes []Route) map[string][]string {
	v := map[string][]string{
		"alarm.kind": alarm.Kinds, "alarm.level": alarm.Levels, "alarm.status": alarm.Statuses,
		"alarm.stage": alarm.Stages, "alarm.state": alarm.Precedence, "sms.status": store.SMSStatuses,
		"sms.trigger": notify.Triggers,
		"event.type":  {store.EventAlarmStarted, store.EventAlarmRaised, store.EventAlarmEnded},
	}
	for _, rt := range routes {
		for key, word := range map[string]string{"oplog.module": rt.Module, "oplog.action": rt.Action} {
			if word != "" && !slices.Contains(v[key], word) {
				v[key] = append(v[key], word)
			}
		}
	}
	return v
}

// enum lists a string's values (a string, or a list's items): comma-separated, or "@name" for a vocabulary.
// A non-gas alarm has no level: "@name?" adds the empty word.
func (b *docBuilder) enum(s *openapi3.Schema, values string) error {
	if s.Type.Is(openapi3.TypeArray) && s.Items != nil && s.Items.Value != nil {
		s = s.Items.Value
	}
	if !s.Type.Is(openapi3.TypeString) {
		return fmt.Errorf("an enum tag on a %v", s.Type)
	}
	words := strings.Split(values, ",")
	if name, ok := strings.CutPrefix(values, "@"); ok {
		name, optional := strings.CutSuffix(name, "?")
		list, known := b.vocabularies[name]
		if !known {
			return fmt.Errorf("no vocabulary %q", name)
		}
		words = list
		if optional {
			words = append([]string{""}, list...)
		}
		s.Extensions = map[string]any{"x-vocabulary": name}
	}
	s.Enum = nil
	for _, w := range words {
		s.Enum = append(s.Enum, w)
	}
	return nil
}

var rawJSON = reflect.TypeFor[json.RawMessage]()

// schemaOf makes the schema of t. Its validate rules become bounds: required fields, lengths, counts,
// numeric bounds and oneof enums (rules after dive bound the elements); an enum tag lists a string's values.
func (b *docBuilder) schemaOf(t reflect.Type) (*openapi3.SchemaRef, error) {
	before := maps.Clone(b.schemas)
	ref, err := openapi3gen.NewSchemaRefForValue(reflect.New(t).Elem().Interface(), b.schemas,
		openapi3gen.SchemaCustomizer(b.customize))
	if err != nil {
		return nil, err
	}
	// The generator names a recursive type's component by its bare name, and the permission and region
	// trees are both a Node: the package qualifies it.
	for name, component := range b.schemas {
		if _, had := before[name]; had {
			continue
		}
		qualified := componentName(t, name)
		delete(b.schemas, name)
		b.schemas[qualified] = component
		for _, x := range []*openapi3.SchemaRef{ref, component} {
			eachRef(x, func(r *openapi3.SchemaRef) bool {
				if r.Ref == "#/components/schemas/"+name {
					r.Ref = "#/components/schemas/" + qualified
				}
				return r.Ref == ""
			})
		}
	}
	b.resolve(ref)
	return ref, nil
}

// componentName is the package and name of the type named name that t holds, e.g. PermissionNode.
func componentName(t reflect.Type, name string) string {
	found := named(t, name, map[reflect.Type]bool{})
	if found == nil {
		return name
	}
	pkg := path.Base(found.PkgPath())
	return strings.ToUpper(pkg[:1]) + pkg[1:] + name
}

func named(t reflect.Type, name string, seen map[reflect.Type]bool) reflect.Type {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return named(t.Elem(), name, seen)
	case reflect.Struct:
		if t.Name() == name {
			return t
		}
		for i := range t.NumField() {
			if found := named(t.Field(i).Type, name, seen); found != nil {
				return found
			}
		}
	}
	return nil
}

func (b *docBuilder) customize(name string, t reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
	if values := tag.Get("enum"); values != "" {
		if err := b.enum(s, values); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	switch {
	case t == rawJSON: // the only raw JSON the API carries is a command's parameters
		b.refs[s] = CommandParams
	case t.Kind() == reflect.String && (name == "permissions" || name == "permission"):
		b.refs[s] = PermissionCode
	case t.Kind() == reflect.Struct && t.NumField() == 0: // httpx.Empty
		s.Type, s.Nullable, s.Enum, s.Description = &openapi3.Types{openapi3.TypeObject}, true, []any{nil}, "always null"
	case t.Kind() == reflect.Struct:
		s.Required = append(s.Required, requiredFields(t)...)
		bound(t, s)
		switch t {
		case reflect.TypeFor[permission.Node]():
			b.refs[s.Properties["code"].Value] = PermissionCode
		case reflect.TypeFor[BrokerACLInput]():
			s.Properties["retain"] = openapi3.NewSchemaRef("", openapi3.NewOneOfSchema(openapi3.NewBoolSchema(),
				openapi3.NewStringSchema().WithEnum("true", "false")))
		}
	}
	return nil
}

// components adds the named schemas: the permission codes, a command's parameters, a live event.
func (b *docBuilder) components() error {
	codes := make([]any, 0, len(permission.All()))
	for _, c := range permission.All() {
		codes = append(codes, c)
	}
	b.schemas[PermissionCode] = openapi3.NewSchemaRef("", openapi3.NewStringSchema().WithEnum(codes...))

	params := openapi3.NewObjectSchema()
	params.Description = "What the command sets, by command (docs/device-protocol.md): setAlertParam alertLow and " +
		"alertHigh, setIntervalParam reportInterval and heartbeatInterval, setDataFlag dataFlag, setCustomParam " +
		"any custom parameter, muteAlarm minutes; restart, selfTest and zeroCalibration none"
	for _, t := range []reflect.Type{reflect.TypeFor[device.AlertInput](), reflect.TypeFor[device.IntervalInput](),
		reflect.TypeFor[device.DataFlagInput]()} {
		in, err := b.schemaOf(t)
		if err != nil {
			return err
		}
		for name, p := range in.Value.Properties {
			if name != "deviceIds" {
				p.Value.Nullable = false
				params.WithPropertyRef(name, p)
			}
		}
	}
	args := maps.Clone(device.CustomParams)
	for _, a := range device.Commands {
		maps.Copy(args, a)
	}
	for name, p := range args {
		s := openapi3.NewFloat64Schema()
		if p.Step == 1 {
			s = openapi3.NewIntegerSchema()
		}
		params.WithProperty(name, s.WithMin(p.Min).WithMax(p.Max))
	}
	b.schemas[CommandParams] = openapi3.NewSchemaRef("", params)

	event, err := b.schemaOf(reflect.TypeFor[model.Event]())
	b.schemas[LiveEvent] = event
	return err
}

// errorSchema is every failure's body; its data is a sign-in's captcha state or an import's counts.
func (b *docBuilder) errorSchema() (*openapi3.SchemaRef, error) {
	body, err := b.schemaOf(reflect.TypeFor[httpx.ErrorBody]())
	if err != nil {
		return nil, err
	}
	captcha, err := b.schemaOf(reflect.TypeFor[auth.CaptchaState]())
	if err != nil {
		return nil, err
	}
	counts, err := b.schemaOf(reflect.TypeFor[device.ImportResult]())
	if err != nil {
		return nil, err
	}
	data := &openapi3.Schema{OneOf: openapi3.SchemaRefs{captcha, counts}}
	body.Value.Properties["data"] = openapi3.NewSchemaRef("", data)
	return body, nil
}

// resolve writes the schemas of refs, under ref, as references to their component.
func (b *docBuilder) resolve(ref *openapi3.SchemaRef) {
	eachRef(ref, func(r *openapi3.SchemaRef) bool {
		if name, ok := b.refs[r.Value]; ok && r.Ref == "" {
			r.Ref = "#/components/schemas/" + name
		}
		return r.Ref == ""
	})
}

// eachRef calls fn for ref and each schema under it, outermost first; under a schema for which fn says
// false (a reference to a component, whose schema may hold this one), it goes no further.
func eachRef(ref *openapi3.SchemaRef, fn func(*openapi3.SchemaRef) bool) {
	if ref == nil || !fn(ref) || ref.Value == nil {
		return
	}
	s := ref.Value
	for _, p := range s.Properties {
		eachRef(p, fn)
	}
	eachRef(s.Items, fn)
	eachRef(s.AdditionalProperties.Schema, fn)
	for _, group := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf, s.AllOf} {
		for _, x := range group {
			eachRef(x, fn)
		}
	}
}

// bound turns the validate rules of t's fields into bounds of their schemas in s.
func bound(t reflect.Type, s *openapi3.Schema) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			bound(f.Type, s)
			continue
		}
		p := s.Properties[name]
		if p == nil || p.Value == nil {
			continue
		}
		rules := strings.Split(f.Tag.Get("validate"), ",")
		own, elem := rules, []string(nil)
		if i := slices.Index(rules, "dive"); i >= 0 {
			own, elem = rules[:i], rules[i+1:]
		}
		// omitempty lets a zero value (an empty text or list) pass the rules: they set no lower bound.
		zeroPasses := slices.Contains(own, "omitempty") && f.Type.Kind() != reflect.Pointer
		applyRules(p.Value, own, zeroPasses)
		if p.Value.Items != nil && p.Value.Items.Value != nil {
			applyRules(p.Value.Items.Value, elem, false)
		}
		if x := p.Value.AdditionalProperties.Schema; x != nil && x.Value != nil {
			applyRules(x.Value, elem, false)
		}
	}
}

// applyRules sets what the validator's rules say of one value on its schema; noLower leaves out lower
// bounds.
func applyRules(s *openapi3.Schema, rules []string, noLower bool) {
	for _, rule := range rules {
		key, arg, _ := strings.Cut(rule, "=")
		n, numErr := strconv.ParseFloat(arg, 64)
		count := uint64(n)
		if noLower && key == "len" {
			key = "max"
		}
		if noLower && key != "max" && key != "lte" && key != "lt" && key != "oneof" {
			continue
		}
		switch {
		case key == "oneof":
			s.Enum = nil
			for _, v := range strings.Fields(arg) {
				if s.Type.Is(openapi3.TypeInteger) {
					i, _ := strconv.ParseInt(v, 10, 64)
					s.Enum = append(s.Enum, i)
				} else {
					s.Enum = append(s.Enum, v)
				}
			}
		case numErr != nil:
		case s.Type.Is(openapi3.TypeString):
			counts(key, count, &s.MinLength, &s.MaxLength)
		case s.Type.Is(openapi3.TypeArray):
			counts(key, count, &s.MinItems, &s.MaxItems)
		case s.Type.Is(openapi3.TypeObject):
			counts(key, count, &s.MinProps, &s.MaxProps)
		case s.Type.Is(openapi3.TypeInteger) || s.Type.Is(openapi3.TypeNumber):
			switch key {
			case "min", "gte":
				s.WithMin(n)
			case "max", "lte":
				s.WithMax(n)
			case "gt":
				s.WithMin(n).WithExclusiveMin(true)
			case "lt":
				s.WithMax(n).WithExclusiveMax(true)
			}
		}
	}
}

// counts sets what a rule says of a count: a text's length, a list's items, a map's keys.
func counts(key string, n uint64, lower *uint64, upper **uint64) {
	switch key {
	case "min":
		*lower = n
	case "max":
		*upper = &n
	case "len":
		*lower, *upper = n, &n
	}
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
