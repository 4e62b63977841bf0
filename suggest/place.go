package suggest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/declval/validation-gen/validationtest"
)

// Placement is a candidate on its Go field: what a proof copies a
// package to add, and what it learns doing so.
type Placement struct {
	Candidate
	// Root is the Go type of the objects whose paths the errors have.
	Root reflect.Type
	// PkgPath, GoType and GoField name the field the tag goes on, or, for
	// a tag on a type (+k8s:enum), the field whose error it was inferred
	// from.
	PkgPath, GoType, GoField string
	// EnumType is the field's string type, where +k8s:enum goes: the tag
	// then holds for every field of that type.
	EnumType reflect.Type
	// File (the base name) and Line are where the field is declared in
	// its package, once CopyWithTags has copied it.
	File string
	Line int
	// CopyAt is where the tag line is in the copy, as the generator's
	// messages name it ("<dir>/types.go:120").
	CopyAt string
	// Support are the markers Kubernetes' lint asked for on the way to
	// the field ("Spec.Items: +k8s:optional"): a field whose type gains
	// validation must say whether it may be unset.
	Support []string
}

// Place finds the Go field a candidate's path names in objects of type
// root. It refuses what the tag cannot go on.
func Place(c Candidate, root reflect.Type) (*Placement, error) {
	st, goField, err := Owner(root, c.Field)
	if err != nil {
		return nil, err
	}
	f, _ := st.FieldByName(goField)
	if c.Tag == "+k8s:required" && f.Type.Kind() == reflect.Struct {
		return nil, fmt.Errorf("a non-pointer struct field (%s): +k8s:required does not fit it", f.Type)
	}
	p := &Placement{Candidate: c, Root: root, PkgPath: st.PkgPath(), GoType: st.Name(), GoField: goField}
	if c.Tag == "+k8s:enum" {
		et := elem(f.Type)
		switch {
		case et.Kind() != reflect.String || et.Name() == "" || et.PkgPath() == "":
			return nil, fmt.Errorf("the field's type (%s) is not a named string type: +k8s:enum goes on such a type, with a constant per value", f.Type)
		case et.PkgPath() != st.PkgPath():
			return nil, fmt.Errorf("the field's type %s is declared in another package than the field (%s)", et, st.PkgPath())
		}
		p.EnumType = et
	}
	return p, nil
}

// target names where the tag line goes: a field, or a type.
func (p *Placement) target() string {
	if p.EnumType != nil {
		return "type " + p.EnumType.Name()
	}
	return p.GoType + "." + p.GoField
}

// Declares reports whether the field at path (of Root) is the
// placement's Go field, wherever its type is used.
func (p *Placement) Declares(path string) bool {
	st, goField, err := Owner(p.Root, validationtest.FoldPath(path))
	if err != nil {
		return false
	}
	if p.EnumType != nil {
		f, _ := st.FieldByName(goField)
		return elem(f.Type) == p.EnumType
	}
	return st.PkgPath() == p.PkgPath && st.Name() == p.GoType && goField == p.GoField
}

// Variants are the values a proof puts in the field: both sides of the
// bound and the extremes; for +k8s:required, none (nil: unset).
func Variants(c Candidate) []any {
	b := c.Bound
	switch c.Origin {
	case "minimum", "maximum":
		return []any{b - 2, b - 1, b, b + 1, b + 2, int64(0), int64(-1 << 31), int64(1<<31 - 1)}
	case "maxLength":
		var out []any
		for _, n := range []int64{0, 1, b - 1, b, b + 1, 2*b + 1} {
			if n >= 0 {
				out = append(out, strings.Repeat("a", int(n)))
			}
		}
		return out
	case "maxItems":
		var out []any
		for _, n := range []int64{0, 1, b - 1, b, b + 1} {
			if n >= 0 {
				out = append(out, ListOfLen(n))
			}
		}
		return out
	}
	switch c.Tag {
	case "+k8s:enum":
		out := []any{"", Unsupported}
		for _, v := range c.Values {
			out = append(out, v)
		}
		return out
	case "+k8s:required":
		return []any{nil}
	case "+k8s:immutable":
		return []any{Changed{}}
	}
	return nil
}

// CopyWithTags copies the Go files of the package in src (tests left
// out) into dir, adding each placement's tag line, behind +k8s:alpha
// since that release, first in its field's comment (and dropping
// openapi's +optional above a field made +k8s:required), or last in its
// type's comment for a tag on a type. rel is dir as
// the generator names it in its messages. It records File, Line and
// CopyAt.
func CopyWithTags(src, dir, rel, since string, ps []*Placement) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	placed := map[*Placement]bool{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, b, parser.ParseComments)
		if err != nil {
			return err
		}
		inserts := map[int][]*Placement{} // line -> placements whose tags go above it
		drop := map[int]bool{}            // lines left out: +optional above a required field
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			for _, p := range ps {
				if p.EnumType != nil && p.EnumType.Name() == ts.Name.Name {
					line := fset.Position(ts.Pos()).Line
					if !slices.ContainsFunc(inserts[line], func(o *Placement) bool { return o.Tag == p.Tag }) {
						inserts[line] = append(inserts[line], p)
					}
					p.File, p.Line, placed[p] = name, line, true
				}
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return false
			}
			for _, fl := range st.Fields.List {
				for _, id := range fl.Names {
					for _, p := range ps {
						if p.EnumType != nil || ts.Name.Name != p.GoType || id.Name != p.GoField {
							continue
						}
						line := fset.Position(fl.Pos()).Line
						if fl.Doc != nil {
							line = fset.Position(fl.Doc.Pos()).Line
							for _, cm := range fl.Doc.List {
								if p.Tag == "+k8s:required" && strings.TrimSpace(cm.Text) == "// +optional" {
									drop[fset.Position(cm.Pos()).Line] = true
								}
							}
						}
						if !slices.ContainsFunc(inserts[line], func(o *Placement) bool { return o.Tag == p.Tag }) {
							inserts[line] = append(inserts[line], p)
						}
						p.File, p.Line, placed[p] = name, fset.Position(fl.Pos()).Line, true
					}
				}
			}
			return false
		})
		lines := strings.Split(string(b), "\n")
		var out []string
		for i, l := range lines {
			for _, p := range inserts[i+1] {
				indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
				out = append(out, indent+p.Candidate.Line(since))
				at := fmt.Sprintf("%s/%s:%d", rel, name, len(out))
				for _, o := range ps {
					if o.Tag == p.Tag && o.target() == p.target() {
						o.CopyAt = at
					}
				}
			}
			if !drop[i+1] {
				out = append(out, l)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(out, "\n")), 0o644); err != nil {
			return err
		}
	}
	for _, p := range ps {
		if !placed[p] {
			return fmt.Errorf("%s not found in %s", p.target(), src)
		}
	}
	return nil
}

// lintMsg is Kubernetes' lint, through validation-gen, asking a field
// to say whether it may be unset.
var lintMsg = regexp.MustCompile(`(\S+\.go):(\d+): .*?field (\w+)\.(\w+) has validation .* but says neither \+k8s:optional`)

// LintFixes answers the lint's requests in the generator's output out
// for the files of copies (the rel directories given to CopyWithTags),
// relative to moduleDir: a +k8s:optional (+k8s:required where openapi's
// +required says so) above each field named, recorded as Support of the
// placements the field leads to. It reports whether it changed a file.
func LintFixes(moduleDir string, copies []string, out string, ps []*Placement) (bool, error) {
	type fix struct {
		line            int
		goType, goField string
	}
	byFile := map[string][]fix{}
	for _, m := range lintMsg.FindAllStringSubmatch(out, -1) {
		if !slices.ContainsFunc(copies, func(c string) bool { return strings.HasPrefix(m[1], c+"/") }) {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		f := fix{n, m[3], m[4]}
		if !slices.Contains(byFile[m[1]], f) {
			byFile[m[1]] = append(byFile[m[1]], f)
		}
	}
	for file, fixes := range byFile {
		b, err := os.ReadFile(filepath.Join(moduleDir, file))
		if err != nil {
			return false, err
		}
		lines := strings.Split(string(b), "\n")
		// Bottom up, so that the line numbers above stay right.
		sort.Slice(fixes, func(i, j int) bool { return fixes[i].line > fixes[j].line })
		for _, f := range fixes {
			if f.line < 1 || f.line > len(lines) {
				return false, fmt.Errorf("%s:%d: no such line", file, f.line)
			}
			// The lint names the field's line; its comment is above.
			marker := "+k8s:optional"
			for i := f.line - 2; i >= 0 && strings.HasPrefix(strings.TrimSpace(lines[i]), "//"); i-- {
				if strings.TrimSpace(lines[i]) == "// +required" {
					marker = "+k8s:required"
				}
			}
			l := lines[f.line-1]
			indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			lines = slices.Insert(lines, f.line-1, indent+"// "+marker)
			for _, p := range ps {
				if p.LeadsTo(f.goType, f.goField) {
					p.Support = append(p.Support, f.goType+"."+f.goField+": "+marker)
				}
				// The lines below moved down by one.
				if at, ok := strings.CutPrefix(p.CopyAt, file+":"); ok {
					if n, _ := strconv.Atoi(at); n >= f.line {
						p.CopyAt = fmt.Sprintf("%s:%d", file, n+1)
					}
				}
			}
		}
		if err := os.WriteFile(filepath.Join(moduleDir, file), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			return false, err
		}
	}
	return len(byFile) > 0, nil
}

// Clashes reports whether p and q put different tags of one origin on
// one field: a proof cannot tell their errors apart.
func (p *Placement) Clashes(q *Placement) bool {
	return p.PkgPath == q.PkgPath && p.target() == q.target() && p.Origin == q.Origin && p.Tag != q.Tag
}

// Generate runs the generator (cmd, in moduleDir) on the copies made by
// CopyWithTags for ps (copies: their directories as the generator names
// them). It answers Kubernetes' lint (LintFixes) and runs it again, as
// long as that helps. When the generator still fails, refused says why
// of each placement whose tag it refuses; when it refuses none, the
// failure is an error.
func Generate(moduleDir string, cmd []string, copies []string, ps []*Placement) (refused map[*Placement]string, err error) {
	for fix := 0; ; fix++ {
		gen := exec.Command(cmd[0], cmd[1:]...)
		gen.Dir = moduleDir
		out, err := gen.CombinedOutput()
		if err == nil {
			return nil, nil
		}
		fixed, ferr := LintFixes(moduleDir, copies, string(out), ps)
		if ferr != nil {
			return nil, ferr
		}
		if fixed && fix < 20 {
			continue
		}
		refused := map[*Placement]string{}
		for _, line := range strings.Split(string(out), "\n") {
			for _, p := range ps {
				if p.NamedIn(line) {
					refused[p] = "validation-gen refuses the tag: " + strings.TrimSpace(line[strings.LastIndex(line, ".go:")+4:])
				}
			}
		}
		if len(refused) == 0 {
			return nil, fmt.Errorf("validation-gen on the copies: %v\n%s", err, out)
		}
		return refused, nil
	}
}

// NamedIn reports whether a line of the generator's output is about the
// placement's tag line: it names the line, or names another line of the
// same file with the tag line as the one it conflicts with ("(line N)").
func (p *Placement) NamedIn(line string) bool {
	if p.CopyAt == "" {
		return false
	}
	if strings.Contains(line, p.CopyAt+":") {
		return true
	}
	i := strings.LastIndexByte(p.CopyAt, ':')
	return strings.Contains(line, p.CopyAt[:i+1]) && strings.Contains(line, "(line "+p.CopyAt[i+1:]+")")
}

// LeadsTo reports whether the field goType.goField of the placement's
// package is the placement's field or holds it, through its type (for a
// tag on a type: is or holds a field of that type).
func (p *Placement) LeadsTo(goType, goField string) bool {
	if p.EnumType == nil && goType == p.GoType && goField == p.GoField {
		return true
	}
	types := map[string]reflect.Type{}
	var collect func(t reflect.Type)
	collect = func(t reflect.Type) {
		t = elem(t)
		if t.Kind() != reflect.Struct || t.PkgPath() != p.PkgPath || types[t.Name()] != nil {
			return
		}
		types[t.Name()] = t
		for i := 0; i < t.NumField(); i++ {
			collect(t.Field(i).Type)
		}
	}
	collect(p.Root)
	st := types[goType]
	if st == nil {
		return false
	}
	f, ok := st.FieldByName(goField)
	if !ok {
		return false
	}
	if p.EnumType != nil && elem(f.Type) == p.EnumType {
		return true
	}
	seen := map[reflect.Type]bool{}
	var reaches func(t reflect.Type) bool
	reaches = func(t reflect.Type) bool {
		t = elem(t)
		if t.Kind() != reflect.Struct || t.PkgPath() != p.PkgPath || seen[t] {
			return false
		}
		seen[t] = true
		if p.EnumType == nil && t.Name() == p.GoType {
			return true
		}
		for i := 0; i < t.NumField(); i++ {
			if p.EnumType != nil && elem(t.Field(i).Type) == p.EnumType || reaches(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return reaches(f.Type)
}

func elem(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	return t
}

// Result is an error as a proof program reports it.
type Result struct{ Type, Field, Origin, Level string }

// Added are the paths at which the tag added an error of the placement's
// Type and Origin on its field: the errors of the validator with the tag
// (tagged), less those of the validator without it (base).
func (p *Placement) Added(base, tagged []Result) []string {
	left := map[Result]int{}
	for _, e := range base {
		left[e]++
	}
	var out []string
	for _, e := range tagged {
		if left[e] > 0 {
			left[e]--
			continue
		}
		if e.Type == string(p.Type) && e.Origin == p.Origin && p.Declares(e.Field) {
			out = append(out, e.Field)
		}
	}
	return out
}

// Handwritten are the paths at which the handwritten errors report the
// placement's kind of error (Type and origin) on its field.
func (p *Placement) Handwritten(errs []Result) []string {
	var out []string
	for _, e := range errs {
		if e.Type == string(p.Type) && e.Origin == p.HandwrittenOrigin && p.Declares(e.Field) {
			out = append(out, e.Field)
		}
	}
	return out
}

// WriteProgram writes a proof program, dir/main.go: it reads
// [{validator, options, object, old}] on stdin and writes, for each
// object, the errors of the validator without the tags and with them,
// on create, or on update when there is an old object. imports are its
// import lines; cases the cases of a switch on it.Validator, each
// decoding it.Object and it.Old (decode, old) into the types without
// and with the tags and setting base and errs (ctx and op are in scope).
// Case writes such a case.
func WriteProgram(dir, imports, cases string) error {
	src := fmt.Sprintf(`// Code written by a proof of tag suggestions (package suggest). DO NOT EDIT.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

%s)

type item struct {
	Validator string          `+"`json:\"validator\"`"+`
	Options   map[string]bool `+"`json:\"options\"`"+`
	Object    json.RawMessage `+"`json:\"object\"`"+`
	Old       json.RawMessage `+"`json:\"old\"`"+`
}

type result struct {
	Type, Field, Origin, Level string
}

func results(errs field.ErrorList) []result {
	out := []result{}
	for _, e := range errs {
		level := "stable"
		if e.IsAlpha() {
			level = "alpha"
		} else if e.IsBeta() {
			level = "beta"
		}
		out = append(out, result{string(e.Type), e.Field, e.Origin, level})
	}
	return out
}

// old decodes b into o, or returns nil when there is no old object.
func old[T any](b []byte) *T {
	if len(b) == 0 {
		return nil
	}
	o := new(T)
	decode(b, o)
	return o
}

func decode(b []byte, o any) {
	if err := json.Unmarshal(b, o); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var items []item
	decode(in, &items)
	// For each object: the errors without the tags, then with them.
	out := make([][2][]result, len(items))
	ctx := context.Background()
	for i, it := range items {
		op := operation.Operation{Type: operation.Create, Options: it.Options}
		if len(it.Old) > 0 {
			op.Type = operation.Update
		}
		var errs, base field.ErrorList
		switch it.Validator {
%s		default:
			fmt.Fprintln(os.Stderr, "no validator", it.Validator)
			os.Exit(1)
		}
		out[i] = [2][]result{results(base), results(errs)}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`, imports, cases)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
}

// Item is one object of a proof: the validator (a case of the program),
// the options, the object's JSON.
type Item struct {
	Validator string          `json:"validator"`
	Options   map[string]bool `json:"options,omitempty"`
	Object    json.RawMessage `json:"object"`
	Old       json.RawMessage `json:"old,omitempty"`
}

// Case is a case of a proof program's switch: validator run with the
// tags (tagged.Validate_<kind> on tagged.<kind>) and without them.
func Case(validator, tagged, base, kind, taggedTypes, baseTypes string) string {
	return fmt.Sprintf("\t\tcase %q:\n\t\t\to, b := new(%s.%s), new(%s.%s)\n\t\t\tdecode(it.Object, o)\n\t\t\tdecode(it.Object, b)\n"+
		"\t\t\terrs = %s.Validate_%s(ctx, op, nil, o, old[%s.%s](it.Old))\n\t\t\tbase = %s.Validate_%s(ctx, op, nil, b, old[%s.%s](it.Old))\n",
		validator, taggedTypes, kind, baseTypes, kind, tagged, kind, taggedTypes, kind, base, kind, baseTypes, kind)
}

// RunProgram runs the proof program (WriteProgram) of package pattern
// (a directory relative to moduleDir, "./..."-style) on items, and
// returns, for each, the errors without the tags and with them.
func RunProgram(moduleDir, pattern string, items []Item) ([][2][]Result, error) {
	// Candidates of one kind validate the same objects: each once.
	var distinct []Item
	index := make([]int, len(items))
	seen := map[string]int{}
	for i, it := range items {
		key, err := json.Marshal(it)
		if err != nil {
			return nil, err
		}
		j, ok := seen[string(key)]
		if !ok {
			j = len(distinct)
			seen[string(key)] = j
			distinct = append(distinct, it)
		}
		index[i] = j
	}
	in, err := json.Marshal(distinct)
	if err != nil {
		return nil, err
	}
	run := exec.Command("go", "run", pattern)
	run.Dir, run.Stdin = moduleDir, bytes.NewReader(in)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		return nil, fmt.Errorf("the proof program: %v\n%s", err, stderr.String())
	}
	var got [][2][]Result
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(distinct) {
		return nil, fmt.Errorf("the proof program's output: %v (%d results for %d objects)", err, len(got), len(distinct))
	}
	results := make([][2][]Result, len(items))
	for i, j := range index {
		results[i] = got[j]
	}
	return results, nil
}
