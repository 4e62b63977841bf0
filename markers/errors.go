package markers

import (
	"errors"
	"sort"
)

// JoinSorted orders errors by file and line so output is deterministic.
func JoinSorted(errs []error) error {
	pos := func(e error) (string, int) {
		var me *Error
		if errors.As(e, &me) {
			return me.Pos.Filename, me.Pos.Line
		}
		return "", 0
	}
	sort.SliceStable(errs, func(i, j int) bool {
		fi, li := pos(errs[i])
		fj, lj := pos(errs[j])
		if fi != fj {
			return fi < fj
		}
		if li != lj {
			return li < lj
		}
		return errs[i].Error() < errs[j].Error()
	})
	var uniq []error
	for i, e := range errs {
		if i > 0 && e.Error() == errs[i-1].Error() {
			continue
		}
		uniq = append(uniq, e)
	}
	return errors.Join(uniq...)
}
