package source

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestBlankFuncBodies parses every Go file of the standard library with
// and without function bodies and requires the same declarations, doc
// comments and positions, so that the comment index of packages outside
// the run (which skips bodies) reads what a full parse reads.
func TestBlankFuncBodies(t *testing.T) {
	var files []string
	root := filepath.Join(build.Default.GOROOT, "src")
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) < 1000 {
		t.Fatalf("found %d Go files in %s", len(files), root)
	}
	// Every third file keeps the test near two seconds.
	var sample []string
	for i := 0; i < len(files); i += 3 {
		sample = append(sample, files[i])
	}
	files = sample
	blanked := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		full, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ParseComments)
		if err != nil {
			continue // the standard library's own bad files (tests of the parser)
		}
		b := blankFuncBodies(src)
		if len(b) != len(src) {
			t.Fatalf("%s: %d bytes blanked to %d", path, len(src), len(b))
		}
		fast, err := parser.ParseFile(token.NewFileSet(), path, b, parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: without bodies it does not parse: %v", path, err)
		}
		if got, want := declSummary(fast), declSummary(full); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: declarations differ without bodies:\n got %q\nwant %q", path, got, want)
		}
		if string(b) != string(src) {
			blanked++
		}
	}
	if blanked == 0 {
		t.Fatal("no function body was blanked")
	}
}

// declSummary lists a file's top-level declarations with their line and
// doc comment, the fields of its struct types with theirs, and its
// function declarations with whether they have a body.
func declSummary(f *ast.File) []string {
	var out []string
	line := func(n ast.Node) string { return " @" + strconv.Itoa(int(n.Pos())) + " " }
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			out = append(out, "func "+d.Name.Name+line(d)+d.Doc.Text()+map[bool]string{true: " body"}[d.Body != nil])
		case *ast.GenDecl:
			out = append(out, d.Tok.String()+line(d)+d.Doc.Text())
			for _, s := range d.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok {
					continue
				}
				out = append(out, "type "+ts.Name.Name+line(ts)+ts.Doc.Text())
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						out = append(out, "field"+line(fl)+fl.Doc.Text()+fl.Comment.Text())
					}
				}
			}
		}
	}
	return out
}
