package crd

import (
	"encoding/json"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
)

// Bodies the random inputs of the differential test reach too rarely: each
// is run through both sides like a random one, and both must reject it
// (or accept it) with the same error paths.
func TestDifferentialFixedBodies(t *testing.T) {
	cases := []struct {
		name, kind string
		body, old  string // old: "" for a create
		reject     bool
	}{{
		// A +k8s:rule on a type whose values are list items reads a
		// field with omitempty: below list items the CRD defaults it to
		// [], so has() is true on the server; the Go validator's CEL must
		// see the value with the same defaults.
		name: "rule below a list item sees the CRD's defaults", kind: "ScheduledJob", reject: true,
		body: `{"spec":{"schedule":"a b c d e","concurrencyPolicy":"Allow","jobTemplate":{"spec":{"podFailurePolicy":{"rules":[{"action":"Count","onExitCodes":{"operator":"In","values":[1]}}]}}}}}`,
	}, {
		name: "rule on a type that is not below an item sees its fields as sent", kind: "ScheduledJob",
		body: `{"spec":{"schedule":"a b c d e","concurrencyPolicy":"Allow","jobTemplate":{"spec":{"completionMode":"NonIndexed"}}}}`,
	}}
	crds := map[string]*differential{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := crds[c.kind]
			if d == nil {
				var k kindCase
				for _, x := range kinds {
					if x.name == c.kind {
						k = x
					}
				}
				crd := generateWithOptions(t, enabledOptions(k.options), k.stability, k.pattern)[k.crdFile]
				if crd == nil {
					t.Fatalf("no CRD %s", k.crdFile)
				}
				srv, err := newAPIServer(crd)
				if err != nil {
					t.Fatal(err)
				}
				d = newDifferential(t, k, crd, srv)
				crds[c.kind] = d
			}
			tc := testCase{op: operation.Create, label: "create"}
			if err := json.Unmarshal([]byte(c.body), &tc.body); err != nil {
				t.Fatal(err)
			}
			if c.old != "" {
				tc.op, tc.label = operation.Update, "update"
				if err := json.Unmarshal([]byte(c.old), &tc.old); err != nil {
					t.Fatal(err)
				}
			}
			out := d.check(tc)
			if out.err != nil {
				t.Fatal(out.err)
			}
			if len(out.mismatches) > 0 || (len(out.goErrs) > 0) != c.reject || (len(out.srvErrs) > 0) != c.reject {
				t.Errorf("want reject=%v on both sides:\n%s", c.reject, d.describe(tc))
			}
		})
	}
}
