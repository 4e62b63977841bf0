// Package dialect decides how a package of the run is read, and holds the
// table of what a marker of one dialect means in the other (table.go):
//
//   - Kubernetes: as Kubernetes' validation-gen reads it; +k8s: tags,
//     built into the model (package model). controller-gen's schema
//     markers are errors there, with the +k8s: tag that says the same,
//     but for +kubebuilder:validation:XValidation, read as a CEL rule.
//   - ControllerGen: as controller-gen reads it; its markers, and the
//     +k8s: tags it reads itself with the meaning it gives them, built
//     into controller-gen's schema (package kubebuilder). The other +k8s:
//     validation tags are applied as the controller-gen marker that says
//     the same, where there is one, else warned about (table.go).
//
// The decision follows the package's intent, not the first tag seen, so
// that a controller-gen project that starts writing +k8s: tags
// (gateway-api's +k8s:immutable) keeps its CRDs.
package dialect

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// Dialect is how a package's comments are read.
type Dialect int

const (
	// Kubernetes is Kubernetes' validation-gen's reading.
	Kubernetes Dialect = iota
	// ControllerGen is controller-gen's reading.
	ControllerGen
)

func (d Dialect) String() string {
	if d == ControllerGen {
		return "controller-gen"
	}
	return "Kubernetes"
}

// Of decides how a package of the run is read, in this order:
//
//  1. a +k8s:validation-gen package tag (the way Kubernetes' packages opt
//     in): Kubernetes;
//  2. +groupName: controller-gen, +k8s: tags included;
//  3. a +k8s: tag of validation-gen's anywhere in the package (shared
//     types written in tags, with no group of their own): Kubernetes;
//  4. otherwise controller-gen (types only reached from kinds, or no
//     markers at all: controller-gen's reading of them is the one a
//     controller-gen project relies on).
//
// Why says which rule decided, for -v and for error messages.
func Of(l *source.Loaded, path string) (d Dialect, why string) {
	group := false
	for _, line := range l.PackageLines(path) {
		text := strings.TrimSpace(line.Text)
		if strings.HasPrefix(text, markers.Prefix+"validation-gen") {
			return Kubernetes, "its package comment has +" + strings.TrimPrefix(firstField(text), "+") + " (" + position(line) + ")"
		}
		if strings.HasPrefix(text, "+groupName") {
			group = true
		}
	}
	if group {
		return ControllerGen, "it has +groupName and no +k8s:validation-gen package tag"
	}
	if line, ok := firstK8sTag(l, path); ok {
		return Kubernetes, "it has no +groupName and a +k8s: tag (" + position(line) + ")"
	}
	return ControllerGen, "it has neither +k8s:validation-gen nor a +k8s: tag"
}

// firstK8sTag finds a +k8s: tag of validation-gen's on a type, field or
// constant of the package.
func firstK8sTag(l *source.Loaded, path string) (markers.Line, bool) {
	pkg := l.Universe.Package(path)
	for _, n := range slices.Sorted(maps.Keys(pkg.Types)) {
		lines, _ := l.TypeLines(path, n)
		if line, ok := k8sTag(lines); ok {
			return line, true
		}
		for _, m := range pkg.Types[n].Members {
			if fl, _ := l.FieldLines(path, n, m.Name); len(fl) > 0 {
				if line, ok := k8sTag(fl); ok {
					return line, true
				}
			}
		}
	}
	for _, c := range l.ConstNames(path) {
		if line, ok := k8sTag(l.ConstLines(path, c)); ok {
			return line, true
		}
	}
	return markers.Line{}, false
}

func k8sTag(lines []markers.Line) (markers.Line, bool) {
	for _, line := range lines {
		if IsK8sTag(strings.TrimSpace(line.Text)) {
			return line, true
		}
	}
	return markers.Line{}, false
}

// IsK8sTag reports whether a comment line is a +k8s: tag of
// validation-gen's, not another generator's (+k8s:openapi-gen).
func IsK8sTag(text string) bool {
	name, ok := strings.CutPrefix(text, markers.Prefix)
	return ok && !markers.ForeignTag(name)
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

func position(line markers.Line) string {
	return line.Pos.Filename + ":" + strconv.Itoa(line.Pos.Line)
}
