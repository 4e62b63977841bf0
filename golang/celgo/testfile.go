package celgo

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/gosource"
)

// TestCase is a type whose rules were compiled: celAt_<Type>'s name, and
// the interpreter's Rules for the same schema.
type TestCase struct {
	Type     *types.Type
	Func     string
	Oracle   jen.Code
	Compiled *Compiled
}

// TestFile is a package's differential test of its compiled CEL rules:
// for each type, validationtest.CELAgree against the API server's CEL
// validator on the schema the rules were compiled from, drawing the
// rules' own literals (and their neighbours) besides the default pools.
func TestFile(pkgPath, pkgName string, header []string, compiled []TestCase) ([]byte, error) {
	f := jen.NewFilePathName(pkgPath, pkgName)
	f.ImportAlias(pkgRT, "vgruntime")
	for _, h := range header {
		f.HeaderComment(h)
	}
	const vt = "github.com/declval/validation-gen/validationtest"
	var runs, benches []jen.Code
	for _, c := range compiled {
		strs := map[string]bool{}
		ints := map[int64]bool{}
		for _, s := range c.Compiled.Strings {
			strs[s], strs[s+"x"], strs[strings.ToUpper(s)] = true, true, true
		}
		for _, n := range c.Compiled.Ints {
			ints[n-1], ints[n], ints[n+1] = true, true, true
		}
		var sl, il []jen.Code
		for _, s := range sortedKeys(strs) {
			sl = append(sl, jen.Lit(s))
		}
		for _, n := range sortedKeys(ints) {
			il = append(il, jen.Lit(n))
		}
		pool := func(def string, lits []jen.Code) jen.Code {
			if len(lits) == 0 {
				return jen.Qual(vt, def)
			}
			return jen.Append(append([]jen.Code{jen.Qual("slices", "Clone").Call(jen.Qual(vt, def))}, lits...)...)
		}
		cfg := jen.Qual(vt, "Config").Values(jen.Dict{
			jen.Id("Objects"): jen.Lit(400),
			jen.Id("Strings"): pool("DefaultStrings", sl),
			jen.Id("Ints"):    pool("DefaultInts", il),
		})
		oracle := "celOracle_" + strings.TrimPrefix(c.Func, "celAt_")
		f.Commentf("%s is the API server's CEL validator for the rules %s compiles.", oracle, c.Func)
		f.Var().Id(oracle).Op("=").Add(c.Oracle)
		compiled := jen.Qual(vt, "CompiledCEL").Types(jen.Qual(c.Type.Name.Package, c.Type.Name.Name)).Call(jen.Id(c.Func))
		runs = append(runs, jen.Id("t").Dot("Run").Call(jen.Lit(c.Type.Name.Name), jen.Func().Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
			jen.Qual(vt, "CELAgree").Call(jen.Id("t"), cfg, jen.Id(oracle), compiled),
		)))
		benches = append(benches, jen.Qual(vt, "BenchCEL").Call(jen.Id("b"), jen.Lit(c.Type.Name.Name), cfg, jen.Id(oracle), compiled))
	}
	f.Comment("TestCompiledCELRules checks that the CEL rules compiled to Go give the API")
	f.Comment("server's CEL validator's errors, error for error, on random values.")
	f.Func().Id("TestCompiledCELRules").Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(runs...)
	f.Line()
	f.Comment("BenchmarkCompiledCELRules times the CEL rules compiled to Go against the API")
	f.Comment("server's CEL validator, on a random value it accepts and on one it rejects.")
	f.Func().Id("BenchmarkCompiledCELRules").Params(jen.Id("b").Op("*").Qual("testing", "B")).Block(benches...)
	src, err := gosource.Render(f)
	if err != nil {
		return nil, fmt.Errorf("rendering the CEL test of %s: %w", pkgPath, err)
	}
	return src, nil
}

// sortedKeys are m's keys in order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Declare writes celAt_<Type> (fn), the compiled rules of a type (typ),
// and the schema its ratcheting asks the server's correlation about.
func Declare(f *jen.File, fn string, typ *jen.Statement, t Type, c *Compiled) {
	if c.UsesRatchetVar {
		f.Commentf("%s is the schema of %s's rules, on which the API server's correlation tells a changed value from an unchanged one when a compiled rule fails.", t.RatchetVar, t.Go.Name.Name)
		f.Var().Id(t.RatchetVar).Op("=").Add(Rules(t.Plain, t.Item, t.IsRoot))
	}
	for _, d := range RegexpDecls(t.RegexpVar, fn, c.Regexps) {
		f.Add(d)
	}
	f.Commentf("%s evaluates the CEL rules of its type, compiled to Go: the API server's", fn)
	f.Comment("CEL validator's verdicts, messages, reasons and paths, on the Go value.")
	f.Func().Id(fn).Params(jen.Id("op").Qual("k8s.io/apimachinery/pkg/api/operation", "Operation"), jen.Id("p").Op("*").Qual(pkgRT, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(typ)).Params(jen.Id("errs").Qual("k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")).Block(c.Body...)
	f.Line()
}

// RegexpDecls declares v, the compiled patterns of fn's matches() (none
// when there are none).
func RegexpDecls(v, fn string, patterns []string) []jen.Code {
	if len(patterns) == 0 {
		return nil
	}
	return []jen.Code{
		jen.Commentf("%s are the patterns of %s's matches(), compiled once.", v, fn),
		jen.Var().Id(v).Op("=").Index(jen.Op("...")).Op("*").Qual("regexp", "Regexp").ValuesFunc(func(g *jen.Group) {
			for _, p := range patterns {
				g.Qual("regexp", "MustCompile").Call(jen.Lit(p))
			}
		}),
		jen.Line(),
	}
}

// PkgCELRules is the interpreter the rules outside the subset run on.
const PkgCELRules = "github.com/declval/validation-gen/runtime/celrules"

// Rules is the expression of the interpreter's rules (runtime/celrules)
// for a type's rule schema, and its schema below list items and map
// values (item, nil when it is never there).
func Rules(plain, item *apiextv1.JSONSchemaProps, isRoot bool) jen.Code {
	if item != nil {
		return jen.Qual(PkgCELRules, "NewWithItemSchema").Call(schemaLit(plain), schemaLit(item), jen.Lit(isRoot))
	}
	return jen.Qual(PkgCELRules, "New").Call(schemaLit(plain), jen.Lit(isRoot))
}

// schemaLit is a schema as a Go string literal.
func schemaLit(s *apiextv1.JSONSchemaProps) jen.Code {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(fmt.Sprintf("validation-gen: marshaling a CEL rule schema: %v", err)) // the schema types always marshal
	}
	if !strings.Contains(buf.String(), "`") {
		return jen.Id("`" + strings.TrimSpace(buf.String()) + "`") // readable in the generated file
	}
	return jen.Lit(strings.TrimSpace(buf.String()))
}
