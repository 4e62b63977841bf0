package generators

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
)

// A kubebuilder project switches by pointing --crd-dir at the directory
// controller-gen wrote (config/crd/bases): its CRDs are there, committed,
// each in the file this generator writes the same CRD to. Such a file is
// controller-gen's output, not the user's, and is replaced in place, as
// controller-gen itself replaces it on every run; like Kubernetes'
// generator's Go files, it is never removed as stale, since it may be
// another run's.

// controllerGenAnnotation is the annotation controller-gen puts on every
// CRD it writes, with its version.
const controllerGenAnnotation = "controller-gen.kubebuilder.io/version"

// controllerGenCRD reads a manifest controller-gen wrote: one document, the
// CustomResourceDefinition named name, with controller-gen's annotation.
// It returns the version the annotation names and the annotation's line.
func controllerGenCRD(src []byte, name string) (version string, line int, ok bool) {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(src)))
	var doc []byte
	for {
		d, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", 0, false
		}
		var v any
		if err := yaml.Unmarshal(d, &v); err != nil {
			return "", 0, false
		}
		if v == nil {
			continue // comments only, or nothing
		}
		if doc != nil {
			return "", 0, false // more than the CRD: not controller-gen's
		}
		doc = d
	}
	var m struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name        string            `json:"name"`
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if doc == nil || yaml.Unmarshal(doc, &m) != nil {
		return "", 0, false
	}
	version, ok = m.Metadata.Annotations[controllerGenAnnotation]
	if !ok || m.Kind != "CustomResourceDefinition" || !strings.HasPrefix(m.APIVersion, "apiextensions.k8s.io/") || m.Metadata.Name != name {
		return "", 0, false
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), controllerGenAnnotation+":") {
			return version, i + 1, true
		}
	}
	return version, 1, true // written in another form (quoted): the file
}

// replacedCRD is a CRD controller-gen wrote that the run replaces.
type replacedCRD struct {
	path    string
	line    int // controller-gen's annotation
	version string
}

// versionWarnings warns, when the run follows its default controller-gen
// version (no --controller-gen-version), of the replaced CRDs of packages
// written for controller-gen that another version wrote: where versions
// write different CRDs from the same types, they change. One warning per
// version, at the annotation of its first file.
func versionWarnings(replaced []replacedCRD, flag string) []*markers.Warning {
	if flag != "" {
		return nil
	}
	followed, _ := kubebuilder.ControllerGenMinor("")
	var versions []string
	byVersion := map[string][]replacedCRD{}
	for _, r := range replaced {
		minor, err := kubebuilder.ControllerGenMinor(r.version)
		var tooOld *kubebuilder.TooOldError
		if minor == followed || err != nil && !errors.As(err, &tooOld) {
			continue // the same, or a version that is none ("(devel)")
		}
		if byVersion[r.version] == nil {
			versions = append(versions, r.version)
		}
		byVersion[r.version] = append(byVersion[r.version], r)
	}
	var ws []*markers.Warning
	for _, v := range versions {
		rs := byVersion[v]
		first := rs[0]
		for _, r := range rs {
			if r.path < first.path {
				first = r
			}
		}
		these := "this CRD"
		if len(rs) > 1 {
			these = fmt.Sprintf("this CRD and %d more in %s", len(rs)-1, filepath.Dir(first.path))
		}
		w := &markers.Warning{Kind: markers.ControllerGenVersion, Pos: token.Position{Filename: first.path, Line: first.line}}
		minor, err := kubebuilder.ControllerGenMinor(v)
		switch {
		case err != nil: // older than the oldest followed
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, which the run replaces with the CRDs controller-gen %s writes from the same types: %s is older than v0.%d.0, the oldest version whose CRDs validation-gen writes (before it, descriptions kept the lines after --- and those starting with TODO, and +default was not read)", v, these, kubebuilder.ControllerGenFollowed, v, kubebuilder.ControllerGenOldest)
			w.Fix = fmt.Sprintf("add --controller-gen-version=v0.%d.0 to the command for the oldest version's CRDs, or --controller-gen-version=%s to move to %s's", kubebuilder.ControllerGenOldest, kubebuilder.ControllerGenFollowed, kubebuilder.ControllerGenFollowed)
		case minor > followed:
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, which the run replaces with the CRDs controller-gen %s writes from the same types, the newest version this validation-gen follows: where %s writes otherwise, they change", v, these, kubebuilder.ControllerGenFollowed, v)
			w.Fix = fmt.Sprintf("update validation-gen to a release that follows controller-gen %s, or add --controller-gen-version=%s to the command to accept %s's CRDs", v, kubebuilder.ControllerGenFollowed, kubebuilder.ControllerGenFollowed)
		default:
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, which the run replaces with the CRDs controller-gen %s writes from the same types: where the two versions differ (docs/kubebuilder.md, \"Which controller-gen\"), the CRDs change", v, these, kubebuilder.ControllerGenFollowed)
			w.Fix = fmt.Sprintf("add --controller-gen-version=%s to the command to keep writing that version's CRDs, or --controller-gen-version=%s to move to %s's", v, kubebuilder.ControllerGenFollowed, kubebuilder.ControllerGenFollowed)
		}
		ws = append(ws, w)
	}
	return ws
}
