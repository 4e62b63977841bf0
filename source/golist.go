package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// listedPackage is what go list -json says of a package: the fields the
// loader reads.
type listedPackage struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Imports    []string
	// ImportMap maps an import path as a file writes it to the package
	// it resolves to, where they differ (vendor/).
	ImportMap map[string]string
	Module    *listedModule
	Standard  bool
	// Match are the command-line patterns the package matched (none: a
	// dependency).
	Match []string
	// Export is the file of compiled export data (go list -export).
	Export string
	Error  *listedError
}

type listedModule struct {
	Path, Version, Dir string
	Main               bool
}

type listedError struct {
	Pos, Err string
}

// listFields are the fields goList asks for: go list computes less for a
// field list than for all of them.
const listFields = "ImportPath,Name,Dir,GoFiles,CgoFiles,Imports,ImportMap,Module,Standard,Match,Error"

// goList runs go list -e -json in dir on patterns with the extra flags,
// and returns the packages in its order (with -deps, every package after
// the packages it imports).
func goList(dir string, flags []string, patterns []string) ([]*listedPackage, error) {
	args := append([]string{"list", "-e"}, flags...)
	args = append(args, "--")
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	var out []*listedPackage
	dec := json.NewDecoder(&stdout)
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's output: %v", err)
		}
		out = append(out, p)
	}
	return out, nil
}

// tagsFlag is go list's -tags flag for build tags.
func tagsFlag(buildTags []string) string {
	return "-tags=" + strings.Join(buildTags, ",")
}

// workDir is the directory go list runs in: dir, or the process's.
func workDir(dir string) string {
	if dir != "" {
		return dir
	}
	wd, _ := os.Getwd()
	return wd
}
