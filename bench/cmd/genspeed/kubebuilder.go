package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// kbProject is a real kubebuilder project, measured against the
// controller-gen version that wrote its committed CRDs (their
// controller-gen.kubebuilder.io/version annotation), on the same API
// packages in the same module: controller-gen writes the CRDs only,
// validation-gen the CRDs and the Go validators.
type kbProject struct {
	module, version string
	apiDirs         []string
	// controllerGen is the version of controller-tools that wrote the
	// project's CRDs; cgCRD its crd generator's options, ours the flags
	// that say the same.
	controllerGen string
	cgCRD         string
	ours          []string
}

var kbProjects = map[string]kbProject{
	"kueue": {module: "sigs.k8s.io/kueue", version: "v0.17.0", apiDirs: []string{"apis/kueue/v1alpha1", "apis/kueue/v1beta1", "apis/kueue/v1beta2"},
		controllerGen: "v0.20.1", cgCRD: "crd:generateEmbeddedObjectMeta=true", ours: []string{"--crd-embedded-object-meta"}},
	"jobset": {module: "sigs.k8s.io/jobset", version: "v0.10.1", apiDirs: []string{"api/jobset/v1alpha2"},
		controllerGen: "v0.17.2", cgCRD: "crd:generateEmbeddedObjectMeta=true", ours: []string{"--crd-embedded-object-meta"}},
	"capi": {module: "sigs.k8s.io/cluster-api/api", version: "v1.14.2", apiDirs: []string{"addons/v1beta1", "addons/v1beta2", "bootstrap/kubeadm/v1beta1", "bootstrap/kubeadm/v1beta2",
		"controlplane/kubeadm/v1beta1", "controlplane/kubeadm/v1beta2", "core/v1beta1", "core/v1beta2", "ipam/v1alpha1", "ipam/v1beta1", "ipam/v1beta2", "runtime/v1alpha1", "runtime/v1beta2"},
		controllerGen: "v0.21.0", cgCRD: "crd"},
}

// setup copies the project's API packages into a module of their own
// that requires the project (so every dependency is at the project's
// version), builds its controller-gen, and returns the jobs: controller-gen
// (CRDs), validation-gen without its run cache (CRDs and validators), and
// validation-gen again with nothing changed (the cache's answer).
func (p kbProject) setup(tmp, ours, _ string) ([]job, string, int, error) {
	src, err := download(p.module + "@" + p.version)
	if err != nil {
		return nil, "", 0, err
	}
	mod := filepath.Join(tmp, "mod")
	var imports strings.Builder
	for _, d := range p.apiDirs {
		entries, err := os.ReadDir(filepath.Join(src, d))
		if err != nil {
			return nil, "", 0, err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "zz_generated.validations") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(src, d, name))
			if err != nil {
				return nil, "", 0, err
			}
			if err := os.MkdirAll(filepath.Join(mod, "api", d), 0o755); err != nil {
				return nil, "", 0, err
			}
			if err := os.WriteFile(filepath.Join(mod, "api", d, name), b, 0o644); err != nil {
				return nil, "", 0, err
			}
		}
		fmt.Fprintf(&imports, "import _ %q\n", p.module+"/"+d)
	}
	files := map[string]string{
		"go.mod":   fmt.Sprintf("module kbspeed\n\ngo 1.26\n\nrequire %s %s\n", p.module, p.version),
		"tools.go": "//go:build tools\n\n// Keeps the project's requirement, and with it its versions.\npackage kbspeed\n\n" + imports.String(),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(content), 0o644); err != nil {
			return nil, "", 0, err
		}
	}
	if err := goCmd(mod, "mod", "tidy"); err != nil {
		return nil, "", 0, err
	}
	cg := filepath.Join(tmp, "controller-gen-"+p.controllerGen)
	install := exec.Command("go", "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@"+p.controllerGen)
	install.Env = append(os.Environ(), "GOBIN="+tmp, "GOFLAGS=")
	install.Stdout, install.Stderr = os.Stdout, os.Stderr
	if err := install.Run(); err != nil {
		return nil, "", 0, fmt.Errorf("go install controller-gen@%s: %w", p.controllerGen, err)
	}
	if err := os.Rename(filepath.Join(tmp, "controller-gen"), cg); err != nil {
		return nil, "", 0, err
	}
	cgOut, oursOut := filepath.Join(tmp, "cg-crds"), filepath.Join(tmp, "vg-crds")
	clean := func() error {
		for _, d := range []string{cgOut, oursOut} {
			if err := os.RemoveAll(d); err != nil {
				return err
			}
		}
		// Only validation-gen's files: the project's deepcopy files are
		// input.
		return filepath.WalkDir(filepath.Join(mod, "api"), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "zz_generated.validations") {
				return err
			}
			return os.Remove(p)
		})
	}
	oursArgs := append(append([]string{"--crd-dir", oursOut}, p.ours...), "./api/...")
	return []job{
		{"validation-gen", ours, mod, append([]string{"--no-cache"}, oursArgs...), clean},
		{"validation-gen, cached", ours, mod, oursArgs, keep},
		{"controller-gen " + p.controllerGen, cg, mod, []string{p.cgCRD, "paths=./api/...", "output:crd:dir=" + cgOut}, func() error { return os.RemoveAll(cgOut) }},
	}, p.module + "@" + p.version, len(p.apiDirs), nil
}

// download fetches a module into the module cache and returns its
// directory.
func download(modVersion string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", modVersion)
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil || info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v %s", modVersion, err, info.Error)
	}
	return info.Dir, nil
}
