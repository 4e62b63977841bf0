package generators

import (
	"context"
	"fmt"
	"go/token"
	"regexp"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/declval/validation-gen/markers"
)

// The API server validates a CRD when it is created: a structural schema,
// every CEL rule compiled with the server's environment, and the estimated
// cost of each rule and of the whole schema within the server's limits.
// Generation runs the same validation (k8s.io/apiextensions-apiserver's
// own), so that a CRD that is written is one a cluster takes; its errors
// name the Go field whose schema they are about.

var crdScheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// schemaPos records, by schema path below openAPIV3Schema (as the
// server's errors write it: "properties[spec].items.properties[name]"),
// the Go field that a schema node was built for.
type schemaPos map[string]token.Position

// checkCRD validates crd as POST /customresourcedefinitions does. pos maps
// the schema paths of each version; root is the fallback position.
func checkCRD(crd *apiextv1.CustomResourceDefinition, pos []schemaPos, root token.Position) []error {
	v1 := crd.DeepCopy()
	crdScheme.Default(v1)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := crdScheme.Convert(v1, internal, nil); err != nil {
		return []error{err}
	}
	var errs []error
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), internal) {
		if e.Field == "status.storedVersions" {
			continue // the server's to set
		}
		p, where, userRule := root, "", false
		version, schemaPath, ok := splitSchemaPath(e.Field)
		if ok {
			where = " at the root of its schema"
			if schemaPath != "" {
				where = " at " + schemaPath
			}
			versions := pos
			if version >= 0 && version < len(pos) {
				versions = pos[version : version+1]
			}
			if q, key, found := lookupPos(versions, schemaPath); found {
				p = q
				// Only the rules of +k8s:rule are recorded by their index.
				userRule = strings.Contains(key, "x-kubernetes-validations[")
			}
		}
		cost := strings.Contains(e.Detail, "cost")
		var fix string
		switch {
		case userRule && cost:
			fix = "bound the lists and strings the rule reads with +k8s:maxItems and +k8s:maxLength, or make the rule cheaper"
		case userRule && strings.HasSuffix(e.Field, ".fieldPath"):
			fix = "fieldPath names a field below the value by JSON names, e.g. .spec.replicas"
		case userRule:
			fix = "correct the rule (the API server's CEL compiler says what is wrong)"
		case cost:
			fix = "bound the lists on the way to this field with +k8s:maxItems and its strings with +k8s:maxLength, so that the server can bound what its CEL rules cost"
		default:
			fix = "this CRD is validation-gen's mistake: please report it with the type"
		}
		detail := e.Detail
		if v, ok := e.BadValue.(string); ok && v != "" {
			detail = fmt.Sprintf("%q: %s", v, detail)
		}
		errs = append(errs, &markers.Error{Pos: p,
			Msg: fmt.Sprintf("the API server would reject CRD %s%s: %s: %s", crd.Name, where, e.Type, detail), Fix: fix})
	}
	return errs
}

var versionPathRE = regexp.MustCompile(`^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema\.?`)

// splitSchemaPath splits an error path of ValidateCustomResourceDefinition
// into the version (-1: the top-level schema, which all versions share)
// and the path below openAPIV3Schema.
func splitSchemaPath(p string) (int, string, bool) {
	if rest, ok := strings.CutPrefix(p, "spec.validation.openAPIV3Schema"); ok {
		return -1, strings.TrimPrefix(rest, "."), true
	}
	if m := versionPathRE.FindStringSubmatch(p); m != nil {
		var v int
		fmt.Sscan(m[1], &v)
		return v, p[len(m[0]):], true
	}
	return 0, "", false
}

// lookupPos finds the position of the longest recorded prefix of path,
// and that prefix.
func lookupPos(versions []schemaPos, path string) (token.Position, string, bool) {
	for {
		for _, m := range versions {
			if p, ok := m[path]; ok {
				return p, path, true
			}
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return token.Position{}, "", false
		}
		path = path[:i]
	}
}
