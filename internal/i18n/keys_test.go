package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "irgas/internal/"

// keyTypes are the structs whose Key field is a message key.
var keyTypes = []string{module + "apperr.Error", module + "apperr.FieldError"}

// TestKeysUsedInCodeExist reads the Go files under internal/ (tests too) and checks that every message key
// written as a string literal where a message key goes has its text in both languages. Where a key goes
// is found from the code itself: the key argument of T, the Key field of apperr.Error and
// apperr.FieldError, and then, repeatedly, any function whose parameter is passed on to one of those
// (apperr.New, apperr.Conflict, apperr.Field, the import's rowProblems.fail, …). Keys built at run time
// are not checked.
func TestKeysUsedInCodeExist(t *testing.T) {
	pkgs := parseInternal(t, "..")
	sinks := keySinks(pkgs)
	for _, want := range []string{module + "i18n.T", module + "apperr.New", module + "apperr.BadRequest",
		module + "apperr.Conflict", module + "apperr.Field", module + "device.method:fail"} {
		if _, ok := sinks[want]; !ok {
			t.Errorf("%s was not found to take a message key; the scan below misses its calls", want)
		}
	}
	uses := keyLiterals(pkgs, sinks)
	distinct := map[string]bool{}
	for _, u := range uses {
		distinct[u.key] = true
		m, ok := messages[u.key]
		switch {
		case !ok:
			t.Errorf("%s: message key %q (given to %s) is not in internal/i18n/messages.go", u.pos, u.key, u.sink)
		case m.zh == "":
			t.Errorf("%s: message key %q (given to %s) has no zh-CN text", u.pos, u.key, u.sink)
		case m.en == "":
			t.Errorf("%s: message key %q (given to %s) has no en text", u.pos, u.key, u.sink)
		}
	}
	if len(distinct) < 50 { // the scan found far fewer keys than the code has: it is broken, not the code
		t.Errorf("only %d distinct message keys found in the code", len(distinct))
	}
}

// goPackage is the parsed files of one package; id is its import path (with "_test" for an external test
// package, which shares the directory).
type goPackage struct {
	id    string
	fset  *token.FileSet
	files []*ast.File
}

func parseInternal(t *testing.T, root string) []*goPackage {
	t.Helper()
	fset := token.NewFileSet()
	byID := map[string]*goPackage{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && p != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		id := module + filepath.ToSlash(rel)
		if strings.HasSuffix(f.Name.Name, "_test") {
			id += "_test"
		}
		if byID[id] == nil {
			byID[id] = &goPackage{id: id, fset: fset}
		}
		byID[id].files = append(byID[id].files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []*goPackage
	for _, p := range byID {
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("only %d packages found under %s", len(pkgs), root)
	}
	return pkgs
}

// imports maps a file's names for internal packages to their import paths.
func imports(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if !strings.HasPrefix(p, module) {
			continue
		}
		name := path.Base(p) // internal packages are named after their directory
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = p
	}
	return m
}

// callee names what a call calls: "path.Func" for a function, "path.method:Name" for a method of the
// caller's own package (an unexported method can only be called there), "" otherwise.
func callee(pkg string, imps map[string]string, fun ast.Expr) string {
	switch f := unparen(fun).(type) {
	case *ast.IndexExpr: // an instantiated generic function
		return callee(pkg, imps, f.X)
	case *ast.IndexListExpr:
		return callee(pkg, imps, f.X)
	case *ast.Ident:
		return strings.TrimSuffix(pkg, "_test") + "." + f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			if p, ok := imps[x.Name]; ok {
				return p + "." + f.Sel.Name
			}
		}
		return pkg + ".method:" + f.Sel.Name
	}
	return ""
}

// typeName names a composite literal's type as "path.Type", or "" for one that is not a named type.
func typeName(pkg string, imps map[string]string, typ ast.Expr) string {
	switch ty := unparen(typ).(type) {
	case *ast.Ident:
		return strings.TrimSuffix(pkg, "_test") + "." + ty.Name
	case *ast.SelectorExpr:
		if x, ok := ty.X.(*ast.Ident); ok && imps[x.Name] != "" {
			return imps[x.Name] + "." + ty.Sel.Name
		}
	case *ast.StarExpr:
		return typeName(pkg, imps, ty.X)
	}
	return ""
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// keyArg is one expression in a message key's place.
type keyArg struct {
	expr ast.Expr
	sink string
}

// keyArgs calls fn with every expression in n that stands where sinks (and keyTypes) take a message key.
func keyArgs(pkg string, imps map[string]string, n ast.Node, sinks map[string]int, fn func(keyArg)) {
	keyFields := func(lit *ast.CompositeLit, name string) {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Key" {
					fn(keyArg{kv.Value, name + "{Key}"})
				}
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			name := callee(pkg, imps, x.Fun)
			if i, ok := sinks[name]; ok && i < len(x.Args) {
				fn(keyArg{x.Args[i], name})
			}
		case *ast.CompositeLit:
			if x.Type == nil {
				return true // an element of an outer literal, handled there
			}
			if name := typeName(pkg, imps, x.Type); slices.Contains(keyTypes, name) {
				keyFields(x, name)
			}
			// []apperr.FieldError{{Key: …}}: the elements' type is left out.
			if arr, ok := x.Type.(*ast.ArrayType); ok {
				if name := typeName(pkg, imps, arr.Elt); slices.Contains(keyTypes, name) {
					for _, el := range x.Elts {
						if inner, ok := el.(*ast.CompositeLit); ok && inner.Type == nil {
							keyFields(inner, name)
						}
					}
				}
			}
		}
		return true
	})
}

// keySinks finds every function that takes a message key, with the index of that parameter.
func keySinks(pkgs []*goPackage) map[string]int {
	sinks := map[string]int{module + "i18n.T": 1}
	for grew := true; grew; {
		grew = false
		for _, p := range pkgs {
			for _, f := range p.files {
				imps := imports(f)
				for _, decl := range f.Decls {
					fd, ok := decl.(*ast.FuncDecl)
					if !ok || fd.Body == nil {
						continue
					}
					name := strings.TrimSuffix(p.id, "_test") + "." + fd.Name.Name
					if fd.Recv != nil {
						name = p.id + ".method:" + fd.Name.Name
					}
					if _, ok := sinks[name]; ok {
						continue
					}
					params := map[string]int{}
					i := 0
					for _, field := range fd.Type.Params.List {
						for _, n := range field.Names {
							params[n.Name] = i
							i++
						}
						if len(field.Names) == 0 {
							i++
						}
					}
					keyArgs(p.id, imps, fd.Body, sinks, func(a keyArg) {
						if id, ok := a.expr.(*ast.Ident); ok {
							if idx, ok := params[id.Name]; ok {
								if _, known := sinks[name]; !known {
									sinks[name] = idx
									grew = true
								}
							}
						}
					})
				}
			}
		}
	}
	return sinks
}

// keyUse is a message key written as a literal.
type keyUse struct {
	key, sink string
	pos       token.Position
}

func keyLiterals(pkgs []*goPackage, sinks map[string]int) []keyUse {
	var uses []keyUse
	for _, p := range pkgs {
		for _, f := range p.files {
			keyArgs(p.id, imports(f), f, sinks, func(a keyArg) {
				lit, ok := unparen(a.expr).(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return
				}
				key, err := strconv.Unquote(lit.Value)
				if err != nil {
					return
				}
				uses = append(uses, keyUse{key: key, sink: a.sink, pos: p.fset.Position(lit.Pos())})
			})
		}
	}
	return uses
}
