package suggest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Local proves placements on a package of the caller's own module whose
// types carry their tags (an API package of Kubernetes' style or of
// kubebuilder's): the package is copied into a scratch directory of the
// module with the tags added, the generator generates the copy, and a
// program runs the copy's Validate_<Kind> and the package's on the
// objects; the errors the tags add must be the handwritten ones.
type Local struct {
	// ModuleDir is the module's root; Package the package's import path
	// and Dir its directory; Kind the type whose Validate_<Kind> runs.
	ModuleDir, Package, Dir, Kind string
	// Generator runs validation-gen in ModuleDir, with the copy's
	// pattern appended ("go", "run", ".../cmd/validation-gen").
	Generator []string
	// Since is the release the tags are written for, behind +k8s:alpha.
	Since string
}

// Object is an object of a proof: its JSON (and its old one's, for an
// update), the options it is validated with, and its handwritten errors.
type Object struct {
	JSON, Old   json.RawMessage
	Options     map[string]bool
	Handwritten field.ErrorList
}

// Prove proves the placements, which must not put different tags of one
// origin on one field, on objects. A placement the generator refuses has
// no objects and the generator's message as its disagreement.
func (l Local) Prove(ps []*Placement, objects []Object) ([]Verdict, error) {
	verdicts := make([]Verdict, len(ps))
	for i, p := range ps {
		verdicts[i].Candidate = p.Candidate
		for _, q := range ps[:i] {
			if q.Clashes(p) {
				return nil, fmt.Errorf("%s and %s on %s.%s: prove them apart", q.Tag, p.Tag, p.GoType, p.GoField)
			}
		}
	}
	list := exec.Command("go", "list", "-m")
	list.Dir = l.ModuleDir
	modPath, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m: %w", err)
	}
	// A directory whose name starts with _ is left out of ./... patterns:
	// a run of go vet or go test beside this one does not see it.
	scratch, err := os.MkdirTemp(l.ModuleDir, "_suggest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(scratch)
	rel := filepath.Base(scratch)
	copyRel := rel + "/tagged"
	live := slices.Clone(ps)
	cmd := append(slices.Clone(l.Generator), "./"+copyRel)
	for len(live) > 0 {
		if err := os.RemoveAll(filepath.Join(scratch, "tagged")); err != nil {
			return nil, err
		}
		if err := CopyWithTags(l.Dir, filepath.Join(l.ModuleDir, copyRel), copyRel, l.Since, live); err != nil {
			return nil, err
		}
		refused, err := Generate(l.ModuleDir, cmd, []string{copyRel}, live)
		if err != nil {
			return nil, err
		}
		if len(refused) == 0 {
			break
		}
		for i, p := range ps {
			if why, ok := refused[p]; ok {
				verdicts[i].Disagreements = []string{why}
			}
		}
		live = slices.DeleteFunc(live, func(p *Placement) bool { _, ok := refused[p]; return ok })
	}
	if len(live) == 0 {
		return verdicts, nil
	}

	imports := fmt.Sprintf("\torig %q\n\ttagged %q\n", l.Package, strings.TrimSpace(string(modPath))+"/"+copyRel)
	cases := Case(l.Kind, "tagged", "orig", l.Kind, "tagged", "orig")
	if err := WriteProgram(filepath.Join(scratch, "proof"), imports, cases); err != nil {
		return nil, err
	}
	items := make([]Item, len(objects))
	for i, o := range objects {
		items[i] = Item{Validator: l.Kind, Options: o.Options, Object: o.JSON, Old: o.Old}
	}
	got, err := RunProgram(l.ModuleDir, "./"+rel+"/proof", items)
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		if !slices.Contains(live, p) {
			continue
		}
		for j, o := range objects {
			var hw []Result
			for _, h := range o.Handwritten {
				hw = append(hw, Result{Type: string(h.Type), Field: h.Field, Origin: h.Origin})
			}
			verdicts[i].Agrees(fmt.Sprintf("object %d", j), p.Handwritten(hw), p.Added(got[j][0], got[j][1]))
		}
	}
	return verdicts, nil
}
