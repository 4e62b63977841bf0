package refparity

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"testing"
)

// tempModule is a module in a temporary directory that requires this
// repository (replaced by the working tree) and the reference generator,
// with the go.sum entries both need; write adds files to it and goCmd
// runs the go command in it.
type tempModule struct {
	t   *testing.T
	dir string
}

func newTempModule(t *testing.T, name string) *tempModule {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	m := &tempModule{t: t, dir: t.TempDir()}
	m.write("go.mod", "module "+name+"\n\ngo 1.26\n\nrequire (\n\tgithub.com/declval/validation-gen v0.0.0\n\tk8s.io/code-generator "+referenceVersion+"\n)\n\nreplace github.com/declval/validation-gen => "+root+"\n")
	var sums []byte
	for _, s := range []string{filepath.Join(root, "go.sum"), "../go.sum"} {
		b, _ := os.ReadFile(s)
		sums = append(sums, b...)
	}
	m.write("go.sum", string(sums))
	// Keeps go mod tidy from dropping the reference generator's
	// requirement (no package imports it), which would let go run resolve
	// it to whatever version is latest.
	m.write("tools.go", "//go:build tools\n\npackage "+path.Base(name)+"\n\nimport _ \"k8s.io/code-generator/cmd/validation-gen\"\n")
	return m
}

func (m *tempModule) write(name, content string) {
	m.t.Helper()
	p := filepath.Join(m.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

func (m *tempModule) goCmd(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
