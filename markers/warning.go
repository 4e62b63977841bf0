package markers

import (
	"errors"
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Warning is a problem that controller-gen passes over in silence in a
// package written for it (an unknown, misplaced or misspelt marker, a
// form its parser does not read): the run does what controller-gen does
// with it, goes on and exits 0, and the warning says so. --strict makes
// the warnings of the run's own packages errors; those of packages
// outside the run never stop it (generators summarizes them by module).
type Warning struct {
	Pos token.Position
	Tag string
	Msg string
	// Does is what controller-gen does with it, which this run did too
	// ("ignores it: the CRD does not check it").
	Does string
	Fix  string
}

func (w *Warning) Error() string {
	var b strings.Builder
	if w.Pos.Filename != "" {
		fmt.Fprintf(&b, "%s:%d: ", w.Pos.Filename, w.Pos.Line)
	}
	if w.Tag != "" {
		fmt.Fprintf(&b, "+%s: ", w.Tag)
	}
	b.WriteString(w.Msg)
	if w.Does != "" {
		b.WriteString("; controller-gen ")
		b.WriteString(w.Does)
	}
	if w.Fix != "" {
		b.WriteString("; fix: ")
		b.WriteString(w.Fix)
	}
	return b.String()
}

// SplitWarnings separates the warnings from the errors of a list that
// holds both, each in file and line order without duplicates.
func SplitWarnings(all []error) (warnings []*Warning, errs []error) {
	seen := map[string]bool{}
	for _, e := range all {
		var w *Warning
		if errors.As(e, &w) {
			if !seen[w.Error()] {
				seen[w.Error()] = true
				warnings = append(warnings, w)
			}
			continue
		}
		errs = append(errs, e)
	}
	SortWarnings(warnings)
	return warnings, errs
}

// SortWarnings orders warnings by file, line and text.
func SortWarnings(ws []*Warning) {
	sort.SliceStable(ws, func(i, j int) bool {
		a, b := ws[i], ws[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Error() < b.Error()
	})
}
