package runtime

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestFormatsMatchKubernetes compares every format check with Kubernetes'
// own (k8s.io/apimachinery/pkg/api/validate, which the reference
// generator's code calls) on strings built around each format's edges:
// the error lists must be equal, error for error and in order, in Type,
// Field, Origin, Detail and BadValue (its Go type included), for a string
// field and for a typedef of string.
func TestFormatsMatchKubernetes(t *testing.T) {
	inputs := formatInputs()
	for _, c := range formatPairs() {
		t.Run(c.name, func(t *testing.T) {
			fails, invalid := 0, 0
			for _, s := range inputs {
				for _, typed := range []bool{false, true} {
					got, want := c.ours(s, typed), c.ref(s, typed)
					if len(want) > 0 {
						invalid++
					}
					if d := diffErrors(got, want, c.normalize); d != "" {
						if fails++; fails <= 10 {
							t.Errorf("%s(%q, typed=%v):\n%s", c.name, s, typed, d)
						}
					}
				}
			}
			if fails > 10 {
				t.Errorf("... %d disagreements in all", fails)
			}
			// The inputs must land on both sides of the check.
			n := 2 * len(inputs)
			if invalid < n/20 || invalid > n-n/20 {
				t.Errorf("%d of %d inputs invalid: the inputs do not exercise %s", invalid, n, c.name)
			}
			t.Logf("%d inputs, %d invalid", n, invalid)
		})
	}
}

type formatPair struct {
	name      string
	ours, ref func(s string, typed bool) field.ErrorList
	// normalize rewrites our detail before comparing (nil: none).
	normalize func(string) string
}

type refFormat func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList
type refFormatTyped func(context.Context, operation.Operation, *field.Path, *myString, *myString) field.ErrorList

// pair binds our check and Kubernetes' for a string and for a typedef.
func pair(name string, ours func(*Path, string) field.ErrorList, oursTyped func(*Path, myString) field.ErrorList,
	ref refFormat, refTyped refFormatTyped) formatPair {
	path := field.NewPath("spec").Child("items").Index(2).Key("k")
	return formatPair{
		name: name,
		ours: func(s string, typed bool) field.ErrorList {
			var root Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(2)
			key := item.Key("k")
			if typed {
				return oursTyped(&key, myString(s))
			}
			return ours(&key, s)
		},
		ref: func(s string, typed bool) field.ErrorList {
			ctx, op := context.Background(), operation.Operation{Type: operation.Create}
			if typed {
				v := myString(s)
				return refTyped(ctx, op, path, &v, nil)
			}
			return ref(ctx, op, path, &s, nil)
		},
	}
}

func formatPairs() []formatPair {
	ps := []formatPair{
		pair("k8s-extended-resource-name", ExtendedResourceName[string], ExtendedResourceName[myString],
			validate.ExtendedResourceName[string], validate.ExtendedResourceName[myString]),
		pair("k8s-label-key", LabelKey[string], LabelKey[myString], validate.LabelKey[string], validate.LabelKey[myString]),
		pair("k8s-label-value", LabelValue[string], LabelValue[myString], validate.LabelValue[string], validate.LabelValue[myString]),
		pair("k8s-long-name-caseless", LongNameCaseless[string], LongNameCaseless[myString],
			validate.LongNameCaseless[string], validate.LongNameCaseless[myString]),
		pair("k8s-path-segment-name", PathSegmentName[string], PathSegmentName[myString],
			validate.PathSegmentName[string], validate.PathSegmentName[myString]),
		pair("k8s-prefixed-label-key", PrefixedLabelKey[string], PrefixedLabelKey[myString],
			validate.PrefixedLabelKey[string], validate.PrefixedLabelKey[myString]),
		pair("k8s-resource-fully-qualified-name", ResourceFullyQualifiedName[string], ResourceFullyQualifiedName[myString],
			validate.ResourceFullyQualifiedName[string], validate.ResourceFullyQualifiedName[myString]),
		pair("k8s-resource-pool-name", ResourcePoolName[string], ResourcePoolName[myString],
			validate.ResourcePoolName[string], validate.ResourcePoolName[myString]),
		pair("k8s-uuid", UUID[string], UUID[myString], validate.UUID[string], validate.UUID[myString]),
		pair("k8s-long-name", LongName[string], LongName[myString], validate.LongName[string], validate.LongName[myString]),
		pair("k8s-short-name", ShortName[string], ShortName[myString], validate.ShortName[string], validate.ShortName[myString]),
	}
	// ShortName and LongName report util/validation's length detail, as
	// handwritten Kubernetes validation does ("characters"); the reference
	// says "bytes". The limit is the same.
	for i := range ps {
		if ps[i].name == "k8s-long-name" || ps[i].name == "k8s-short-name" {
			ps[i].normalize = func(d string) string {
				if strings.HasPrefix(d, "must be no more than ") {
					return strings.Replace(d, " characters", " bytes", 1)
				}
				return d
			}
		}
	}
	return ps
}

// diffErrors describes how got differs from want, or is "".
func diffErrors(got, want field.ErrorList, normalize func(string) string) string {
	var b strings.Builder
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w *field.Error
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != nil && w != nil {
			gd := g.Detail
			if normalize != nil {
				gd = normalize(gd)
			}
			if g.Type == w.Type && g.Field == w.Field && g.Origin == w.Origin && gd == w.Detail &&
				reflect.TypeOf(g.BadValue) == reflect.TypeOf(w.BadValue) && reflect.DeepEqual(g.BadValue, w.BadValue) &&
				g.CoveredByDeclarative == w.CoveredByDeclarative && g.ShortCircuit == w.ShortCircuit {
				continue
			}
		}
		fmt.Fprintf(&b, "  [%d] ours: %s\n      ref:  %s\n", i, describe(g), describe(w))
	}
	return b.String()
}

func describe(e *field.Error) string {
	if e == nil {
		return "(none)"
	}
	return fmt.Sprintf("%s %s origin=%q bad=%#v detail=%q", e.Type, e.Field, e.Origin, e.BadValue, e.Detail)
}

// formatInputs are the strings every check is compared on: fixed edge
// cases, then random concatenations of the pieces the formats care about
// (separators, reserved prefixes, case, identifiers, lengths around every
// limit, UUID shapes), seeded so that failures repeat.
func formatInputs() []string {
	const uuid = "123e4567-e89b-12d3-a456-426614174000"
	fixed := []string{
		"", ".", "..", "...", "/", "//", "///", "%", "a", "A", "_", "-", "0", "a/b", "a/b/c", "a//b", "/a", "a/",
		"example.com/my-prop", "example.com/My_Prop.1", "kubernetes.io/x", "a.kubernetes.io/x", "x/kubernetes.io/y",
		"requests.cpu", "requests.example.com/x", "example.com/requests.x", "Example.com/x", "example.com/-x",
		"example.com/x-", "example.com/_x", "example.com/x_", "example.com/.x", "k8s.io/" + strings.Repeat("n", 63),
		"k8s.io/" + strings.Repeat("n", 64), strings.Repeat("p", 244) + "/x", strings.Repeat("p", 245) + "/x",
		strings.Repeat("a", 63) + "." + strings.Repeat("b", 63) + "/c", "dra.example.com/gpu", "dra.example.com/GPU_1",
		"dra.example.com/1gpu", "dra.example.com/" + strings.Repeat("g", 32), "dra.example.com/" + strings.Repeat("g", 33),
		strings.Repeat("d", 63) + "/n", strings.Repeat("d", 64) + "/n", strings.Repeat("d", 254) + "/n",
		"pool", "pool/a", "pool/a.b/c-d", "pool//a", "pool/", "/pool", "Pool/a", strings.Repeat("a", 253),
		strings.Repeat("a", 254), strings.Repeat("a/", 126) + "a", strings.Repeat("a/", 127),
		uuid, strings.ToUpper(uuid), strings.ReplaceAll(uuid, "-", ""), uuid + "0", uuid[:35], "{" + uuid + "}",
		strings.Replace(uuid, "-", "_", 1), strings.Replace(uuid, "4", "g", 1),
		"Foo.Bar", "foo.BAR.baz", "\u212a", "\u017f", "\u212aelvin.example", "a\u017f", "Ä", "日本", "foo%2f", "foo bar",
		"Iñtërnâtiônàlizætiøn", "sha256:ABCDEF012345@ABCDEF012345", "a.", ".a", "a..b", "-a", "a-", "a_b", "a.b",
		strings.Repeat("x", 63), strings.Repeat("x", 64), strings.Repeat("X", 64), strings.Repeat("a", 62) + "_",
		strings.Repeat("a.", 126) + "a", "my_name", "MY_NAME", "MyName", "1abc", "a b", "a\x00b", "\xff",
	}
	pieces := []string{
		"", "a", "b", "z", "A", "Z", "0", "9", "f", "g", "-", "_", ".", "..", "/", "%", " ", "kubernetes.io/",
		"kubernetes.io", "requests.", "requests", "example.com", "Example.COM", "my-name", "My_Name", "x.y",
		"\u212a", "\u017f", "é", "日", "123e4567", "e89b", "a456", "426614174000", "ABCD",
		strings.Repeat("a", 31), strings.Repeat("a", 32), strings.Repeat("a", 33),
		strings.Repeat("b", 62), strings.Repeat("b", 63), strings.Repeat("b", 64),
		strings.Repeat("c", 243), strings.Repeat("c", 244), strings.Repeat("c", 245),
		strings.Repeat("d", 252), strings.Repeat("d", 253), strings.Repeat("d", 254),
	}
	r := rand.New(rand.NewSource(37))
	out := append([]string(nil), fixed...)
	for i := 0; i < 6000; i++ {
		var b strings.Builder
		for n := 1 + r.Intn(5); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		out = append(out, b.String())
	}
	// Random UUIDs, and near-UUIDs: one character changed, dropped or added.
	const hex = "0123456789abcdefABCDEF-g_"
	for i := 0; i < 3000; i++ {
		b := []byte(uuid)
		for j := range b {
			if b[j] != '-' {
				b[j] = hex[r.Intn(16)]
			}
		}
		k := r.Intn(len(b))
		switch r.Intn(4) {
		case 0:
			b[k] = hex[r.Intn(len(hex))]
		case 1:
			b = append(b[:k], b[k+1:]...)
		case 2:
			b = append(b[:k], append([]byte{hex[r.Intn(len(hex))]}, b[k:]...)...)
		} // else unchanged: valid

		out = append(out, string(b))
	}
	// Structured names: prefix "/" name, each part drawn around its limits.
	labelish := func() string {
		n := []int{0, 1, 2, 31, 32, 33, 62, 63, 64}[r.Intn(9)]
		b := make([]byte, n)
		const chars = "abcxyzABC019-_."
		for j := range b {
			b[j] = chars[r.Intn(len(chars))]
			if r.Intn(3) > 0 {
				b[j] = "abcz019"[r.Intn(7)]
			}
		}
		return string(b)
	}
	for i := 0; i < 4000; i++ {
		parts := make([]string, 1+r.Intn(3))
		for j := range parts {
			parts[j] = labelish()
			if r.Intn(3) == 0 {
				parts[j] += "." + labelish()
			}
		}
		s := strings.Join(parts, "/")
		if r.Intn(2) == 0 {
			// A domain as extended resources and label keys have them.
			domains := []string{"example.com", "dra.example.com", "Example.com", "kubernetes.io", "a.kubernetes.io",
				"requests.example.com", "k8s.io", labelish(), strings.Repeat("d", 244), strings.Repeat("d", 245)}
			s = domains[r.Intn(len(domains))] + "/" + parts[0]
		}
		if r.Intn(6) == 0 {
			s = "requests." + s
		}
		out = append(out, s)
	}
	// Mostly well-formed domain-prefixed names, so that the formats that
	// need a domain see valid values too.
	for i := 0; i < 2000; i++ {
		domain := []string{"example.com", "dra.example.com", "gpu.vendor.io", "a.b.c", "x", "Example.com", "kubernetes.io"}[r.Intn(7)]
		out = append(out, domain+"/"+labelish())
	}
	return out
}
