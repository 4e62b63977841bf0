package generators

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
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
// It returns the version the annotation names, the annotation's line, and
// the document without the annotation.
func controllerGenCRD(src []byte, name string) (version string, line int, doc map[string]any, ok bool) {
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(src)))
	var raw []byte
	for {
		d, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", 0, nil, false
		}
		var v map[string]any
		if err := yaml.Unmarshal(d, &v); err != nil {
			return "", 0, nil, false
		}
		if v == nil {
			continue // comments only, or nothing
		}
		if doc != nil {
			return "", 0, nil, false // more than the CRD: not controller-gen's
		}
		doc, raw = v, d
	}
	var m struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name        string            `json:"name"`
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if doc == nil || yaml.Unmarshal(raw, &m) != nil {
		return "", 0, nil, false
	}
	version, ok = m.Metadata.Annotations[controllerGenAnnotation]
	if !ok || m.Kind != "CustomResourceDefinition" || !strings.HasPrefix(m.APIVersion, "apiextensions.k8s.io/") || m.Metadata.Name != name {
		return "", 0, nil, false
	}
	meta, _ := doc["metadata"].(map[string]any) // as m.Metadata was read
	annotations, _ := meta["annotations"].(map[string]any)
	if annotations == nil {
		return "", 0, nil, false
	}
	delete(annotations, controllerGenAnnotation)
	if len(annotations) == 0 {
		delete(meta, "annotations")
	}
	line = 1 // written in another form (quoted): the file
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), controllerGenAnnotation+":") {
			line = i + 1
			break
		}
	}
	return version, line, doc, true
}

// sameCRD reports whether a manifest this run writes is the CRD of doc
// (controller-gen's, less its annotation): then the switch changes nothing
// in it, whichever version wrote it.
func sameCRD(doc map[string]any, manifest []byte) bool {
	var ours map[string]any
	return yaml.Unmarshal(manifest, &ours) == nil && reflect.DeepEqual(doc, ours)
}

// replacedCRD is a CRD controller-gen wrote that the run replaces.
type replacedCRD struct {
	path    string
	line    int // controller-gen's annotation
	version string
	// v1beta1: an apiextensions.k8s.io/v1beta1 CRD (crd:crdVersions=v1beta1
	// of an old controller-gen), which the run writes as a v1 CRD.
	v1beta1 bool
}

// versionWarnings warns, when the run follows its default controller-gen
// version (no --controller-gen-version), of the replaced CRDs of packages
// written for controller-gen that another version wrote, where the run
// writes them otherwise (versionMatters): the flag keeps that version's.
// One warning per version, at the annotation of its first file.
func versionWarnings(replaced []replacedCRD) []*markers.Warning {
	followed := kubebuilder.ControllerGenMinorFollowed()
	var versions []string
	byVersion := map[string][]replacedCRD{}
	for _, r := range replaced {
		minor, err := kubebuilder.ControllerGenMinor(r.version)
		var tooOld *kubebuilder.TooOldError
		var tooNew *kubebuilder.TooNewError
		if minor == followed || err != nil && !errors.As(err, &tooOld) && !errors.As(err, &tooNew) {
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
		these, them := "this CRD", "it"
		if len(rs) > 1 {
			these, them = fmt.Sprintf("this CRD and %d more in %s", len(rs)-1, filepath.Dir(first.path)), "them"
		}
		w := &markers.Warning{Kind: markers.ControllerGenVersion, Pos: token.Position{Filename: first.path, Line: first.line}}
		followed := kubebuilder.ControllerGenFollowed
		switch minor, _ := kubebuilder.ControllerGenMinor(v); {
		case minor < kubebuilder.ControllerGenOldest:
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, and the run writes %s otherwise: it writes controller-gen %s's CRDs, and %s is older than v0.%d.0, the oldest version whose CRDs validation-gen writes (%s)", v, these, them, followed, v, kubebuilder.ControllerGenOldest, kubebuilder.TooOldWhy)
			w.Fix = fmt.Sprintf("add --controller-gen-version=v0.%d.0 to the command for the oldest version's CRDs, or --controller-gen-version=%s to move to %s's", kubebuilder.ControllerGenOldest, followed, followed)
		case minor > kubebuilder.ControllerGenMinorFollowed():
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, and the run writes %s otherwise: it writes controller-gen %s's CRDs, the newest version this validation-gen follows, and %s may write otherwise", v, these, them, followed, v)
			w.Fix = fmt.Sprintf("update validation-gen to a release that follows controller-gen %s, or add --controller-gen-version=%s to the command to accept %s's CRDs", v, followed, followed)
		case v == buggyV016:
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s, and the run writes %s otherwise: it writes controller-gen %s's CRDs, and writes v0.16.0's as v0.16.1 does, since v0.16.0 wrote the default of a corev1.Protocol field twice and on fields without one (controller-tools issue 1034), which the API server rejects", v, these, them, followed)
			w.Fix = fmt.Sprintf("add --controller-gen-version=v0.16.1 to the command for v0.16's CRDs, or --controller-gen-version=%s to move to %s's", followed, followed)
		default:
			w.Msg = fmt.Sprintf("controller-gen %s wrote %s; the run writes controller-gen %s's CRDs, which differ from %s's for these types (docs/kubebuilder.md, \"Which controller-gen\", lists where versions differ)", v, these, followed, v)
			w.Fix = fmt.Sprintf("add --controller-gen-version=%s to the command to keep writing that version's CRDs, or --controller-gen-version=%s to move to %s's", v, followed, followed)
		}
		if slices.ContainsFunc(rs, func(r replacedCRD) bool { return r.v1beta1 }) {
			// volcano's config/crd/volcano/v1beta1, of v0.6.0.
			w.Msg += "; and an apiextensions.k8s.io/v1beta1 CRD among them becomes an apiextensions.k8s.io/v1 CRD (the API server serves v1beta1 CRDs no more since Kubernetes 1.22)"
		}
		ws = append(ws, w)
	}
	return ws
}

// buggyV016 is the version whose CRDs are written as v0.16.1's: it wrote
// the default of a corev1.Protocol field twice, under allOf, and also on
// fields without one (controller-tools issue 1034), which the API server
// rejects as not structural.
const buggyV016 = "v0.16.0"

// versionMatters keeps the replaced CRDs that the run writes otherwise
// than the version that wrote them would, when it follows a version this
// generator writes: the run is made again for that version. A CRD that
// differs from controller-gen's for another cause (types edited since, a
// package outside its paths) is not the version's to explain, and the flag
// would not mend it. Of a version whose CRDs cannot be written (too old,
// too new, v0.16.0), every replaced CRD that changes is kept.
func versionMatters(l *source.Loaded, kbPaths []string, cfg Config, replaced []replacedCRD, outs []Output) []replacedCRD {
	ours := map[string][]byte{}
	for _, o := range outs {
		ours[o.Path] = o.Content
	}
	theirs := map[string]map[string][]byte{} // version: path: content
	var kept []replacedCRD
	for _, r := range replaced {
		if _, err := kubebuilder.ControllerGenMinor(r.version); err != nil || r.version == buggyV016 {
			kept = append(kept, r)
			continue
		}
		written, done := theirs[r.version]
		if !done {
			written = map[string][]byte{}
			if km, err := kubebuilder.Build(l, kbPaths, kbOptions(cfg, r.version)); err == nil {
				if crds, _, err := crd.KubebuilderManifests(km, crd.Settings{MaxDescLen: cfg.CRDMaxDescLen}); err == nil {
					for _, c := range crds {
						written[filepath.Join(cfg.CRDDir, c.Name)] = c.Content
					}
				}
			}
			theirs[r.version] = written
		}
		if !bytes.Equal(written[r.path], ours[r.path]) {
			kept = append(kept, r)
		}
	}
	return kept
}

// otherCopies warns of each CRD the run writes (crdFiles: its file, by the
// CRD's name) that another file of --crd-dir holds too, a file this
// generator does not replace (a copy under another name, several CRDs in
// one file): the directory then holds the CRD twice. A document without
// versions (a kustomize patch) is no copy.
func otherCopies(files []manifest, crdFiles map[string]string) []*markers.Warning {
	var ws []*markers.Warning
	for _, f := range files {
		path := f.path
		if ownedCRD(f.content) {
			continue // this generator's: written now, or removed as stale
		}
		for _, d := range yamlDocuments(f.content) {
			var m struct {
				Kind     string `json:"kind"`
				Metadata struct {
					Name string `json:"name"`
				} `json:"metadata"`
				Spec struct {
					Versions []json.RawMessage `json:"versions"`
				} `json:"spec"`
			}
			if yaml.Unmarshal(d.text, &m) != nil || m.Kind != "CustomResourceDefinition" || len(m.Spec.Versions) == 0 {
				continue
			}
			ours, ok := crdFiles[m.Metadata.Name]
			if !ok || ours == path {
				continue
			}
			line := d.line
			for i, l := range strings.Split(string(d.text), "\n") {
				if strings.TrimSpace(l) == "name: "+m.Metadata.Name {
					line += i
					break
				}
			}
			ws = append(ws, &markers.Warning{Kind: markers.DuplicateCRD, Pos: token.Position{Filename: path, Line: line},
				Msg: fmt.Sprintf("CRD %s is in this file too, which validation-gen leaves as it is (it is not the CRD as controller-gen writes it, alone in %s): the directory holds the CRD twice (kubectl apply -f on it applies both; a kustomization applies the files it lists, which may need the new one instead)", m.Metadata.Name, filepath.Base(ours)),
				Fix: fmt.Sprintf("delete this copy (the CRD is %s now; list that file where a kustomization listed this one), or move the file out of --crd-dir", filepath.Base(ours))})
		}
	}
	return ws
}

// yamlDocument is one document of a YAML stream and the line it begins on.
type yamlDocument struct {
	text []byte
	line int
}

// yamlDocuments splits a YAML stream at its --- lines, as
// k8s.io/apimachinery's YAMLReader does, keeping each document's line.
func yamlDocuments(b []byte) []yamlDocument {
	var docs []yamlDocument
	start, lineNo := 1, 0
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			docs = append(docs, yamlDocument{text: []byte(strings.Join(cur, "\n")), line: start})
		}
		cur = nil
	}
	for _, l := range strings.Split(string(b), "\n") {
		lineNo++
		if strings.TrimRight(l, " \t\r") == "---" || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "---\t") {
			flush()
			start = lineNo + 1
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return docs
}
