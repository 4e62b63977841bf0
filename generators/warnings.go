package generators

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// Warnings settles a run's warnings: those of its own packages are kept,
// or with strict are the run's errors; those of packages outside the run
// (a dependency in the module cache, a readonly package) are the user's
// to read but not to fix, so they never stop the run and come as one
// warning per module, naming it, with the first of them and what was done.
// The files of crdDir (a CRD the run replaces, a copy of one) are the
// run's own. A dependency that does not parse (a newer Go's standard
// library) is one warning of its own, which strict leaves a warning.
func Warnings(l *source.Loaded, ws []*markers.Warning, crdDir string, strict bool) ([]*markers.Warning, error) {
	var own, apart []*markers.Warning
	outside := map[string][]*markers.Warning{}
	seen := map[string]bool{}
	for _, w := range ws {
		// One rule of a type two kinds use is one warning.
		text := w.Error()
		if seen[text] {
			continue
		}
		seen[text] = true
		if w.Kind == markers.UnparsedDependency {
			// Outside the run, and no marker problem: as it is.
			apart = append(apart, w)
			continue
		}
		// The files of --crd-dir are the run's own.
		if w.Pos.Filename == "" || l.InRun(w.Pos.Filename) || crdDir != "" && filepath.Dir(w.Pos.Filename) == filepath.Clean(crdDir) {
			own = append(own, w)
			continue
		}
		mod := source.ModuleOf(w.Pos.Filename)
		outside[mod] = append(outside[mod], w)
	}
	markers.SortWarnings(own)
	if strict && len(own) > 0 {
		errs := make([]error, len(own))
		for i, w := range own {
			msg := w.Msg
			if w.Does != "" {
				msg += "; controller-gen " + w.Does
			}
			errs[i] = &markers.Error{Pos: w.Pos, Tag: w.Tag, Msg: msg + " (--strict makes this warning an error)", Fix: w.Fix}
		}
		return nil, markers.JoinSorted(errs)
	}
	mods := make([]string, 0, len(outside))
	for m := range outside {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	for _, m := range mods {
		list := outside[m]
		markers.SortWarnings(list)
		what, first, they := "a marker problem", "", "it does"
		if len(list) > 1 {
			what, first, they = fmt.Sprintf("%d marker problems", len(list)), "the first: ", "they do"
		}
		own = append(own, &markers.Warning{Kind: markers.OutsideTheRun,
			Msg: fmt.Sprintf("%s in %s, in packages outside this run whose types it describes (%s%s); "+
				"%s not stop the run: what controller-gen passes over is passed over, and any other marker in question is left out of the schema, or out of the Go validator where the CRD keeps it",
				what, m, first, list[0].Error(), they),
			Fix: "none in this run, whose own packages these are not (validation-gen run on those packages lists every one)",
		})
	}
	return append(own, apart...), nil
}
