// Package kubebuilder proves the generator against real, public
// kubebuilder projects: their API packages are copied into a temporary
// module, the generator writes CRDs for them, and those are compared
// (crddiff) with the CRDs controller-gen wrote, which the projects commit.
//
// Nothing of the projects is committed here: their modules come from the
// Go module proxy (go mod download). The tests run in the test command
// (-short skips them):
//
//	go test ./kubebuilder/ -run TestControllerGenCRDs -v
//
// and KUBEBUILDER_KEEP=1 keeps each temporary module (its directory is
// logged) to rerun the generator there by hand (./vg --crd-dir crds ./lws/v1).
package kubebuilder

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// Project is a kubebuilder project at one version.
type Project struct {
	// Name is short and names the directory of the API package in the
	// temporary module (<Name>/<last element of APIDir>).
	Name string
	// Module and Version are the project's Go module.
	Module, Version string
	// APIDirs are the directories of the API packages in the module.
	APIDirs []string
	// CRDDir is the directory in the module of the CRDs controller-gen
	// wrote for the API package.
	CRDDir string
	// CRDModule, when set, is the module (at Version) holding the CRD
	// directories, when it is not Module (cluster-api's API module holds
	// only the types); CRDDirs are more directories of CRDs.
	CRDModule string
	CRDDirs   []string
	// Flags are the generator's flags that say what the project's
	// controller-gen command line says (crd:generateEmbeddedObjectMeta).
	Flags []string
	// Warnings are the warnings the generator gives on the project, by
	// kind (the summary line of its run): what controller-gen passes over
	// in silence in its types or its dependencies'. docs/kubebuilder.md lists them.
	Warnings map[markers.WarningKind]int
	// OwnCRDGenerator, when set, says why the project's CRDs are not
	// controller-gen's alone (a generator of its own around
	// controller-tools, adding annotations, say): they are not compared
	// with ours, and the generator writes none; the Go validators are
	// still compared with the API server on the project's CRDs.
	OwnCRDGenerator string
	// NotCRDs are files of the CRD directories that hold other manifests.
	NotCRDs []string
	// Removed are the CRDs (by name) that the project's build deletes
	// after controller-gen writes them (keda's duck-typing kind).
	Removed []string
	// Toolchain, when set, is the Go toolchain the project's modules need
	// (their go line is newer than this machine's Go): every go command of
	// the project, the generator's build included, runs with
	// GOTOOLCHAIN set to it, which the go command takes from the module
	// proxy. The generator must be built with it too: its go/types reads
	// that toolchain's standard library.
	Toolchain string
	// NotCompared are kinds the differential leaves out, each with why:
	// their CRD says what the Go types do not (OwnCRDGenerator).
	NotCompared map[string]string
}

// Projects are the projects the tests prove the generator against.
var Projects = []Project{
	{Name: "lws", Module: "sigs.k8s.io/lws", Version: "v0.7.0", APIDirs: []string{"api/leaderworkerset/v1"}, CRDDir: "config/crd/bases", Flags: []string{"--crd-embedded-object-meta"}},
	// jobset writes +kubebuilder:validation:UniqueItems:true twice, which
	// controller-gen reads as an unknown marker and ignores (it splits an
	// argument off at a colon only before an =): its CRD does not check
	// what its types say, nor does ours, and the run says so.
	{Name: "jobset", Module: "sigs.k8s.io/jobset", Version: "v0.10.1", APIDirs: []string{"api/jobset/v1alpha2"}, CRDDir: "config/components/crd/bases", Flags: []string{"--crd-embedded-object-meta"},
		Warnings: map[markers.WarningKind]int{markers.ColonArgument: 2, markers.UnguardedField: 1}},
	// cluster-api: 13 group versions, the CRDs in another module, written
	// by controller-gen v0.21.0 without generateEmbeddedObjectMeta.
	{Name: "capi", Module: "sigs.k8s.io/cluster-api/api", Version: "v1.14.2", CRDModule: "sigs.k8s.io/cluster-api", Flags: []string{"--controller-gen-version=v0.21.0"},
		APIDirs: []string{"addons/v1beta1", "addons/v1beta2", "bootstrap/kubeadm/v1beta1", "bootstrap/kubeadm/v1beta2", "controlplane/kubeadm/v1beta1", "controlplane/kubeadm/v1beta2",
			"core/v1beta1", "core/v1beta2", "ipam/v1alpha1", "ipam/v1beta1", "ipam/v1beta2", "runtime/v1alpha1", "runtime/v1beta2"},
		CRDDirs: []string{"core/config/crd/bases", "bootstrap/kubeadm/config/crd/bases", "controlplane/kubeadm/config/crd/bases"}},
	// Gateway API: hundreds of CEL rules; its CRDs come from its own
	// generator around controller-tools, which adds the approval
	// annotation its group needs and writes a channel per CRD directory:
	// the standard channel, whose CRDs leave out the experimental fields
	// (the server prunes them) and read the markers of the Go types;
	// the experimental channel adds markers of its own
	// (<gateway:experimental:validation:Enum=...>), which only that
	// generator reads.
	{Name: "gwapi", Module: "sigs.k8s.io/gateway-api", Version: "v1.6.3", APIDirs: []string{"apis/v1"}, CRDDir: "config/crd/standard",
		OwnCRDGenerator: "gateway-api's own generator adds annotations (api-approved.kubernetes.io, its bundle version and channel), strips experimental fields per channel and adds oneOf/anyOf schemas",
		NotCRDs:         []string{"gateway.networking.k8s.io_vap_safeupgrades.yaml"},
		NotCompared:     map[string]string{"Gateway": "its generator adds a oneOf (IPv4 or IPv6 format when type is IPAddress) to spec.addresses and status.addresses, which no marker of the Go types says"}},
	// gateway-api v1.7.0 writes +k8s:immutable on GatewayClassSpec.ControllerName
	// among hundreds of +kubebuilder: markers (a package that mixes both,
	// read as controller-gen reads it). Its modules need Go 1.27.
	{Name: "gwapi17", Module: "sigs.k8s.io/gateway-api", Version: "v1.7.0", APIDirs: []string{"apis/v1"}, CRDDir: "config/crd/standard", Toolchain: "go1.27.3",
		OwnCRDGenerator: "gateway-api's own generator adds annotations (api-approved.kubernetes.io, its bundle version and channel), strips experimental fields per channel, applies its <gateway:standard:...> markers and adds oneOf/anyOf schemas",
		NotCRDs:         []string{"gateway.networking.k8s.io_vap_safeupgrades.yaml"},
		NotCompared: map[string]string{
			"Gateway":          "its generator adds a oneOf (IPv4 or IPv6 format when type is IPAddress) to spec.addresses and status.addresses, which no marker of the Go types says",
			"BackendTLSPolicy": "two of its CRD's CEL rules come from <gateway:standard:validation:XValidation:...> markers, which only gateway-api's generator reads",
		}},
	{Name: "kueue", Module: "sigs.k8s.io/kueue", Version: "v0.17.0", APIDirs: []string{"apis/kueue/v1alpha1", "apis/kueue/v1beta1", "apis/kueue/v1beta2"}, CRDDir: "config/components/crd/bases", Flags: []string{"--crd-embedded-object-meta", "--controller-gen-version=v0.20.1"},
		Warnings: map[markers.WarningKind]int{markers.UnguardedField: 2}},
	// Flux's source-controller: the API types are a module of their own,
	// the CRDs are in the controller's module (controller-gen v0.21.0);
	// the types embed github.com/fluxcd/pkg/apis/meta and acl types
	// (another module, with its own markers); v1beta1 and v1beta2 are
	// +kubebuilder:skipversion.
	{Name: "fluxsrc", Module: "github.com/fluxcd/source-controller/api", Version: "v1.9.6", CRDModule: "github.com/fluxcd/source-controller",
		APIDirs: []string{"v1", "v1beta1", "v1beta2"}, CRDDir: "config/crd/bases"},
	// Flux's kustomize-controller: types of github.com/fluxcd/pkg/apis/kustomize and meta.
	{Name: "fluxkust", Module: "github.com/fluxcd/kustomize-controller/api", Version: "v1.9.6", CRDModule: "github.com/fluxcd/kustomize-controller",
		APIDirs: []string{"v1", "v1beta1", "v1beta2"}, CRDDir: "config/crd/bases"},
	// cert-manager: controller-gen v0.21.0; the ACME solver refers to
	// gateway-api v1.6.0's ParentReference (another module).
	{Name: "certmanager", Module: "github.com/cert-manager/cert-manager", Version: "v1.21.2",
		APIDirs: []string{"pkg/apis/acme/v1", "pkg/apis/certmanager/v1", "pkg/apis/meta/v1"}, CRDDir: "deploy/crds"},
	// MetalLB: controller-gen v0.22.0; BGPPeer in v1beta1 and v1beta2.
	{Name: "metallb", Module: "go.universe.tf/metallb", Version: "v0.16.2", APIDirs: []string{"api/v1beta1", "api/v1beta2"}, CRDDir: "config/crd/bases"},
	// kro: RawExtension with PreserveUnknownFields and Schemaless, items:
	// markers, selectable fields, a package directory with dots.
	{Name: "kro", Module: "github.com/kubernetes-sigs/kro", Version: "v0.9.4", APIDirs: []string{"api/v1alpha1", "api/internal.kro.run/v1alpha1"}, CRDDir: "helm/crds"},
	// KEDA: job and pod templates (generateEmbeddedObjectMeta); writes
	// +optional on five types, which controller-gen reads on fields only;
	// its build deletes the CRD of its duck-typing kind WithTriggers.
	{Name: "keda", Module: "github.com/kedacore/keda/v2", Version: "v2.21.0", APIDirs: []string{"apis/keda/v1alpha1", "apis/eventing/v1alpha1"},
		CRDDir: "config/crd/bases", Flags: []string{"--crd-embedded-object-meta"}, Removed: []string{"withtriggers.keda.sh"},
		Warnings: map[markers.WarningKind]int{markers.MisplacedMarker: 5}},
	// kwok: 12 small CRDs (controller-gen v0.19.0, allowDangerousTypes: a
	// float64), kinds Logs and ClusterLogs whose plurals are logs and
	// clusterlogs.
	{Name: "kwok", Module: "sigs.k8s.io/kwok", Version: "v0.8.0", APIDirs: []string{"pkg/apis/v1alpha1"}, CRDDir: "kustomize/crd/bases"},
	// Kubeflow Trainer: embeds jobset v0.8.2's JobSetSpec (another
	// module), whose +kubebuilder:validation:UniqueItems:true controller-gen
	// ignores: a warning naming the dependency, never a refusal. Its
	// JobSetSpec's rule reads self.replicatedJobs without has(): not
	// trainer's to guard, so no unguarded-field warning.
	{Name: "trainer", Module: "github.com/kubeflow/trainer/v2", Version: "v2.0.0", APIDirs: []string{"pkg/apis/trainer/v1alpha1"},
		CRDDir: "manifests/base/crds", Flags: []string{"--crd-embedded-object-meta"}, NotCRDs: []string{"kustomization.yaml"},
		Warnings: map[markers.WarningKind]int{markers.OutsideTheRun: 1}},
	// frr-k8s: CRDs written by controller-gen v0.14.0.
	{Name: "frrk8s", Module: "github.com/metallb/frr-k8s", Version: "v0.0.21", APIDirs: []string{"api/v1beta1"}, CRDDir: "config/crd/bases"},
	// OpenKruise: controller-gen v0.14.0, which keeps the TODO lines and
	// what follows --- in descriptions (pod templates' probes, 8 of its 18
	// CRDs); the types are a module of their own, the CRDs in kruise's.
	{Name: "kruise", Module: "github.com/openkruise/kruise-api", Version: "v1.7.0", CRDModule: "github.com/openkruise/kruise",
		APIDirs: []string{"apps/pub", "apps/v1alpha1", "apps/v1beta1", "policy/v1alpha1"}, CRDDir: "config/crd/bases", Flags: []string{"--controller-gen-version=v0.14.0"},
	},
}

const (
	// repoModule is this repository's module.
	repoModule = "github.com/declval/validation-gen"
	// generatorPkg is the generator's command.
	generatorPkg = repoModule + "/cmd/validation-gen"
	// keepEnv, set to 1, keeps the temporary modules and logs where they
	// are.
	keepEnv = "KUBEBUILDER_KEEP"
)

// WantDirs are the directories of the project's committed CRDs.
func (p Project) WantDirs(t testing.TB) []string {
	src := p.Download(t)
	if p.CRDModule != "" {
		q := p
		q.Module = p.CRDModule
		src = q.Download(t)
	}
	var out []string
	for _, d := range append([]string{p.CRDDir}, p.CRDDirs...) {
		if d != "" {
			out = append(out, filepath.Join(src, filepath.FromSlash(d)))
		}
	}
	return out
}

// Packages are the patterns of the copied API packages in the temporary
// module, relative to its root.
func (p Project) Packages() []string {
	var out []string
	for _, d := range p.APIDirs {
		out = append(out, "./"+p.Name+"/"+d)
	}
	return out
}

// String is module@version.
func (p Project) String() string {
	return p.Module + "@" + p.Version
}

// Download fetches the project's module (go mod download, from the module
// cache when it is there) and returns its directory, which is read-only.
func (p Project) Download(t testing.TB) string {
	t.Helper()
	downloaded.Lock()
	defer downloaded.Unlock()
	if dir, ok := downloaded.dirs[p.String()]; ok {
		return dir
	}
	start := time.Now()
	cmd := exec.Command("go", "mod", "download", "-json", p.String())
	cmd.Dir = os.TempDir() // outside any module
	cmd.Env = p.env()
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil || info.Error != "" || info.Dir == "" {
		t.Fatalf("go mod download -json %s: %v %s\n%s%s", p, err, info.Error, out, stderr(err))
	}
	t.Logf("go mod download %s: %s (%s)", p, info.Dir, since(start))
	downloaded.dirs[p.String()] = info.Dir
	return info.Dir
}

// downloaded holds the directories Download found, by module@version.
var downloaded = struct {
	sync.Mutex
	dirs map[string]string
}{dirs: map[string]string{}}

// Prepare makes a module, kbproof, that requires the project at its
// version, with a copy of the project's API package at p.Package() (its
// .go files but tests and generated validations), tidies it, and builds
// the generator from this repository's working tree at dir/vg; it returns
// the module's directory. The directory is removed when the test ends
// unless KUBEBUILDER_KEEP=1.
//
// The module does not require this repository: if it did, minimal version
// selection would raise k8s.io/api and k8s.io/apimachinery to the
// generator's versions, and the schemas of the Kubernetes types the
// project embeds (a PodTemplateSpec, a JobTemplateSpec) would then differ
// from those controller-gen wrote from the project's own versions. The
// project's requirement, and with it its versions of every module, is kept
// by a tools.go that imports the original API package. A test that
// compiles the generated validators calls RequireGenerator.
func Prepare(t testing.TB, p Project) (dir string) {
	t.Helper()
	src := p.Download(t)
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	if os.Getenv(keepEnv) == "1" {
		dir, err = os.MkdirTemp("", "kbproof-"+p.Name+"-")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s=1: keeping %s", keepEnv, dir)
	} else {
		dir = t.TempDir()
	}
	toolchains.Store(dir, p.Toolchain)
	t.Cleanup(func() { toolchains.Delete(dir) })
	writeFile(t, filepath.Join(dir, "go.mod"), fmt.Sprintf("module kbproof\n\ngo 1.26\n\nrequire %s %s\n", p.Module, p.Version))
	var imports strings.Builder
	for _, d := range p.APIDirs {
		fmt.Fprintf(&imports, "import _ %q\n", p.Module+"/"+d)
	}
	writeFile(t, filepath.Join(dir, "tools.go"), fmt.Sprintf("//go:build tools\n\n// Keeps go mod tidy from dropping the requirement of %s, whose\n// versions of the modules the API packages import are those its CRDs were\n// written from.\npackage kbproof\n\n%s", p, imports.String()))

	for i, apiDir := range p.APIDirs {
		pkgDir := filepath.Join(dir, filepath.FromSlash(p.Packages()[i]))
		entries, err := os.ReadDir(filepath.Join(src, filepath.FromSlash(apiDir)))
		if err != nil {
			t.Fatal(err)
		}
		var copied []string
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "zz_generated.validations.go" {
				continue
			}
			b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(apiDir), name))
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(pkgDir, name), string(b))
			copied = append(copied, name)
		}
		if len(copied) == 0 {
			t.Fatalf("%s: no Go files in %s", p, apiDir)
		}
		t.Logf("module %s: %s/%s copied to %s (%s) (%s)", dir, p, apiDir, p.Packages()[i], strings.Join(copied, ", "), since(start))
	}

	start = time.Now()
	if out, err := goIn(dir, "mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy in %s: %v\n%s", dir, err, LastLines(out, 100))
	}
	versions, err := goIn(dir, "list", "-m", "-f", "{{.Path}} {{.Version}}", "k8s.io/api", "k8s.io/apimachinery")
	if err != nil {
		t.Fatalf("go list -m in %s: %v\n%s", dir, err, versions)
	}
	t.Logf("go mod tidy: %s (%s)", strings.Join(strings.Fields(versions), " "), since(start))

	start = time.Now()
	// In this repository's module, as it is: -mod=readonly leaves its
	// go.mod and go.sum alone.
	build := exec.Command("go", "build", "-mod=readonly", "-o", filepath.Join(dir, "vg"), "./cmd/validation-gen")
	build.Dir = root
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if p.Toolchain != "" {
		build.Env = append(build.Env, "GOTOOLCHAIN="+p.Toolchain)
	}
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/validation-gen in %s: %v\n%s", root, err, LastLines(string(out), 100))
	}
	t.Logf("go build %s (%s)", generatorPkg, since(start))
	return dir
}

// RequireGenerator makes the module Prepare made require this repository
// (replaced by its working tree), so that the validators the generator
// writes compile there, and tidies it. Minimal version selection may raise
// the versions of the modules the project requires to the generator's
// (see Prepare), so regenerate after calling it.
func RequireGenerator(t testing.TB, dir string) {
	t.Helper()
	start := time.Now()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := goIn(dir, "mod", "edit", "-require="+repoModule+"@v0.0.0", "-replace="+repoModule+"="+root); err != nil {
		t.Fatalf("go mod edit in %s: %v\n%s", dir, err, out)
	}
	writeFile(t, filepath.Join(dir, "generator.go"), "//go:build tools\n\n// Keeps go mod tidy from dropping the requirement of the generator's\n// runtime before the generated validators import it.\npackage kbproof\n\nimport _ \""+repoModule+"/runtime\"\n")
	// The checksums this repository's modules already have save look-ups;
	// go mod tidy adds the rest and drops the unused.
	sums, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(root, "go.sum"), filepath.Join(root, "test", "go.sum")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, b...)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), string(sums))
	if out, err := goIn(dir, "mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy in %s: %v\n%s", dir, err, LastLines(out, 100))
	}
	versions, err := goIn(dir, "list", "-m", "-f", "{{.Path}} {{.Version}}", "k8s.io/api", "k8s.io/apimachinery")
	if err != nil {
		t.Fatalf("go list -m in %s: %v\n%s", dir, err, versions)
	}
	t.Logf("%s required: %s (%s)", repoModule, strings.Join(strings.Fields(versions), " "), since(start))
}

// Generate runs the generator Prepare built in dir on the project's API
// package, writing CRDs into dir/crds (and the validators into the
// package), and returns its output (stdout then stderr).
func Generate(t testing.TB, dir string, p Project, flags ...string) (output string, err error) {
	t.Helper()
	start := time.Now()
	var args []string
	if p.OwnCRDGenerator == "" {
		args = []string{"--crd-dir", filepath.Join(dir, "crds")}
	}
	args = append(append(append(args, p.Flags...), flags...), p.Packages()...)
	cmd := exec.Command(filepath.Join(dir, "vg"), args...)
	cmd.Dir = dir
	cmd.Env = envIn(dir)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	t.Logf("validation-gen %s: %v (%s)", strings.Join(args, " "), errOrOK(err), since(start))
	return stdout.String() + stderr.String(), err
}

// RepoRoot is the directory of this repository's module: the first
// directory, from the working directory up, whose go.mod declares it.
func RepoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; {
		if source.ModulePath(filepath.Join(dir, "go.mod")) == repoModule {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s in %s or above", repoModule, wd)
		}
		dir = parent
	}
}

// goEnv is the environment of the go commands: outside any workspace,
// updating go.mod and go.sum as needed.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
}

// env is goEnv with the project's toolchain.
func (p Project) env() []string {
	if p.Toolchain == "" {
		return goEnv()
	}
	return append(goEnv(), "GOTOOLCHAIN="+p.Toolchain)
}

// toolchains maps the directory of each module Prepare made to its
// project's Toolchain.
var toolchains sync.Map

// envIn is goEnv for the go commands run in a module Prepare made, with
// its project's toolchain.
func envIn(dir string) []string {
	if tc, _ := toolchains.Load(dir); tc != nil && tc != "" {
		return append(goEnv(), "GOTOOLCHAIN="+tc.(string))
	}
	return goEnv()
}

// goIn runs the go command in dir and returns its combined output.
func goIn(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = envIn(dir)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func writeFile(t testing.TB, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// LastLines is the last n lines of s, after a line that counts those left
// out.
func LastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("... (%d lines before)", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

func stderr(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

func errOrOK(err error) string {
	if err != nil {
		return err.Error()
	}
	return "ok"
}

func since(t time.Time) time.Duration {
	return time.Since(t).Round(time.Millisecond)
}
