// Command refgen prepares the Kubernetes reference generator's side of the
// benchmarks: it copies the example API types the benchmarks use into
// bench/internal/reference/<group>/v1 and runs k8s.io/code-generator's
// validation-gen (the version bench/go.mod pins as a tool) on the copies.
// Nothing it writes is committed (.gitignore); hack/bench.sh runs it first.
//
// The copies are the examples' files with three kinds of tag removed, each
// reported, because the reference (v0.37) does not implement them:
// +k8s:format=k8s-ip, +k8s:rule and +kubebuilder:validation:XValidation.
// And the embedded ObjectMeta is +k8s:opaqueType: validation-gen never
// validates apimachinery's types, while the reference would call the
// Validate_ObjectMeta of k8s.io/apimachinery/pkg/apis/meta/v1/validation
// (the alpha checks of v0.37), which would be work ours does not do.
// The copies' doc.go turns off the reference's lint
// (+k8s:validation-gen-nolint): it enforces Kubernetes' own API style
// (every validated field has +k8s:optional, +k8s:required or
// +k8s:forbidden; neq, forbidden and unionDiscriminator only behind
// +k8s:alpha/+k8s:beta), not what the tags mean, and the examples are not
// written to it.
//
// Usage, from bench/: go run ./cmd/refgen
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/declval/validation-gen/bench/internal/kubecodegen"
)

// group is an example API package whose kinds the benchmarks validate.
type group struct {
	name string // directory under the output: <name>/v1
	src  string // the example package, relative to bench/
}

var groups = []group{
	{"stable", "../examples/apis/stable/v1"},
	{"gadgets", "../examples/apis/gadgets/v1"},
}

// unsupported matches a tag line the reference generator does not implement.
var unsupported = regexp.MustCompile(`^\s*//\s*\+(k8s:rule\(|kubebuilder:validation:XValidation|k8s:.*format=k8s-ip\b)`)

// objectMeta matches the embedded ObjectMeta of a kind.
var objectMeta = regexp.MustCompile(`^\s*metav1\.ObjectMeta\s+` + "`" + `json:"metadata`)

func main() {
	out := flag.String("out", "internal/reference", "directory for the reference packages (relative to bench/)")
	flag.Parse()
	removed, err := prepare(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "refgen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(filepath.Join(*out, "REMOVED_TAGS.txt"), []byte(strings.Join(removed, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "refgen:", err)
		os.Exit(1)
	}
	args := append([]string{"tool", kubecodegen.Generator}, kubecodegen.Args("./"+filepath.ToSlash(*out)+"/...")...)
	cmd := exec.Command("go", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "refgen: %s: %v\n", strings.Join(cmd.Args, " "), err)
		os.Exit(1)
	}
	fmt.Printf("refgen: reference validators generated in %s (%d tags the reference lacks were left out; see REMOVED_TAGS.txt)\n", *out, len(removed))
}

// prepare writes the copies and returns the removed tags, as
// "<example file>:<line>: <tag>".
func prepare(out string) ([]string, error) {
	if err := os.RemoveAll(out); err != nil {
		return nil, err
	}
	var removed []string
	for _, g := range groups {
		dir := filepath.Join(out, g.name, "v1")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		group, err := groupName(filepath.Join(g.src, "doc.go"))
		if err != nil {
			return nil, err
		}
		// The group name is for cmd/genspeed, which also times
		// validation-gen writing CRDs from the copies.
		doc := "// Package v1 is a copy of the types of " + g.src + " for the reference generator, made by bench/cmd/refgen.\n" +
			"//\n// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil\n// +k8s:validation-gen-nolint\n// +groupName=" + group + "\npackage v1\n"
		if err := os.WriteFile(filepath.Join(dir, "doc.go"), []byte(doc), 0o644); err != nil {
			return nil, err
		}
		files, err := filepath.Glob(filepath.Join(g.src, "*.go"))
		if err != nil {
			return nil, err
		}
		slices.Sort(files)
		copied := 0
		for _, f := range files {
			base := filepath.Base(f)
			// The types only: not the examples' handwritten validation.
			if base != "types.go" && !strings.HasSuffix(base, "_types.go") {
				continue
			}
			content, rm, err := copyTypes(f)
			if err != nil {
				return nil, err
			}
			removed = append(removed, rm...)
			if err := os.WriteFile(filepath.Join(dir, base), content, 0o644); err != nil {
				return nil, err
			}
			copied++
		}
		if copied == 0 {
			return nil, fmt.Errorf("no type files in %s", g.src)
		}
	}
	return removed, nil
}

// groupName reads the +groupName= tag of a doc.go.
func groupName(doc string) (string, error) {
	data, err := os.ReadFile(doc)
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^//\s*\+groupName=(\S+)\s*$`).FindSubmatch(data)
	if m == nil {
		return "", fmt.Errorf("%s: no +groupName=", doc)
	}
	return string(m[1]), nil
}

// copyTypes returns file f as package v1, without the tags the
// reference does not implement.
func copyTypes(f string) ([]byte, []string, error) {
	data, err := os.ReadFile(f)
	if err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	var removed []string
	renamed := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !renamed && strings.HasPrefix(line, "package ") {
			line, renamed = "package v1", true
		}
		if objectMeta.MatchString(line) {
			removed = append(removed, fmt.Sprintf("%s:%d: metav1.ObjectMeta: +k8s:opaqueType added", filepath.ToSlash(f), n))
			b.WriteString("\t// +k8s:opaqueType\n")
		}
		if unsupported.MatchString(line) {
			removed = append(removed, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(f), n, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "//"))))
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if !renamed {
		return nil, nil, fmt.Errorf("%s: no package clause", f)
	}
	return b.Bytes(), removed, nil
}
