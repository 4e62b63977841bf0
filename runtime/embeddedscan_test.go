package runtime

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	k8sruntime "k8s.io/apimachinery/pkg/runtime"
)

// The fast path of EmbeddedRaw (embeddedRawValid) may say "valid" only
// where the full check reports nothing; where it is not sure, the full
// check runs. These tests hold the first to the second on hand-picked
// objects, on objects generated from the pieces the server's check looks
// at, and on their byte-level mutations; and they check that the fast
// path does take the common valid objects (else it would be true to the
// property and useless).

// embeddedCommon are valid embedded objects as they appear in the wild:
// the fast path must take every one.
var embeddedCommon = []string{
	`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"k":"v"}}`,
	`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"prod","labels":{"app":"web","app.kubernetes.io/name":"web"}},"spec":{"replicas":3,"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.27","args":["-v","{\"x\":[1]}"]}]}}}}`,
	`{"apiVersion":"batch/v1","kind":"Job","metadata":{"generateName":"job-","creationTimestamp":null,"annotations":{"example.com/note":"say \"hi\"\n","Example.com/Upper":"ü"}},"spec":{}}`,
	`{"apiVersion":"v1","kind":"Secret"}`,
	"{\n  \"kind\": \"Pod\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {\"labels\": null, \"annotations\": {}},\n  \"spec\": {\"x\": [true, false, null, -1.5e3]}\n}\n",
	`{"apiVersion":"example.com/v1alpha1","kind":"My-Kind2","metadata":{"name":"ünïcode.name"}}`,
}

// embeddedTricky are objects near the edges of the checks; most must go
// to the full check.
var embeddedTricky = []string{
	``, `null`, `{}`, `[]`, `"x"`, `1`, `{`, `{"apiVersion":"v1"}`, `{"kind":"Pod"}`,
	`{"apiVersion":"","kind":"Pod"}`, `{"apiVersion":"a/b/c","kind":"Pod"}`, `{"apiVersion":"/","kind":"Pod"}`,
	`{"apiVersion":1,"kind":"Pod"}`, `{"apiVersion":"v1","kind":null}`, `{"apiVersion":"v1","kind":""}`,
	`{"apiVersion":"v1","kind":"1Pod"}`, `{"apiVersion":"v1","kind":"Pod-"}`, `{"apiVersion":"v1","kind":"Po_d"}`,
	`{"apiVersion":"v1","kind":"Po.d"}`, "{\"apiVersion\":\"v1\",\"kind\":\"\u212aind\"}", `{"apiVersion":"v1","kind":"\u212aind"}`,
	`{"apiVersion":"v1","kind":"` + strings.Repeat("a", 63) + `"}`, `{"apiVersion":"v1","kind":"` + strings.Repeat("a", 64) + `"}`,
	`{"api\u0056ersion":"a/b/c","apiVersion":"v1","kind":"Pod"}`, `{"apiVersion":"v1","kind":"Pod","kind":"1"}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":null}`, `{"apiVersion":"v1","kind":"Pod","metadata":[]}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"."}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":".."}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a/b"}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a%b"}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a\u002fb"}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"Name":"a/b"}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":5}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":null}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"generateName":"a/"}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"namespace":"Prod"}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"namespace":"a.b"}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"namespace":"a","namespace":""}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":"-"}}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"-":"a"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"Ex.com/a":"a"}}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":1}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":null}}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":"b","a":"-"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a b":"x"}}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a":"\xff"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a":"` + strings.Repeat("x", 256*1024-1) + `"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a":"` + strings.Repeat("x", 256*1024) + `"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a":"` + strings.Repeat(`\n`, 128*1024) + `"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"a":"` + strings.Repeat("\xff", 100*1024) + `"}}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"uid":"x"}}`, `{"apiVersion":"v1","kind":"Pod","metadata":{"finalizers":["a/b/c"]}}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"2020-01-01T00:00:00Z"}}`,
	`{"apiVersion":"v1","kind":"Pod"} x`, `{"apiVersion":"v1","kind":"Pod"}}`, `{"apiVersion":"v1","kind":"Pod",}`,
	`{"apiVersion":"v1","kind":"Pod","spec":{"a":"}"}}`, `{"apiVersion":"v1","kind":"Pod","spec":"\"}"}`,
	`{"apiVersion":"v1","kind":"Pod","spec":[{"metadata":{"name":"a/b"}}]}`, `{"apiVersion":"v1","kind":"Pod","spec":tru}`,
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},"metadata":{"name":"a/b"}}`,
}

// checkEmbeddedFast fails t when the fast path takes raw and the full
// check finds errors in it.
func checkEmbeddedFast(t testing.TB, raw string) bool {
	t.Helper()
	if !embeddedRawValid([]byte(raw)) {
		return false
	}
	var p Path
	if errs := embeddedRawChecked(&p, []byte(raw)); len(errs) != 0 {
		t.Errorf("fast path took %s; the full check reports %v", clip(raw), errs)
	}
	return true
}

func clip(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return strconv.Quote(s)
}

func TestEmbeddedRawFastPathAgrees(t *testing.T) {
	for _, raw := range embeddedCommon {
		if !checkEmbeddedFast(t, raw) {
			t.Errorf("the fast path does not take the common valid object %s", raw)
		}
	}
	for _, raw := range embeddedTricky {
		checkEmbeddedFast(t, raw)
	}

	rng := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	taken := 0
	for range n {
		raw := genEmbedded(rng)
		if checkEmbeddedFast(t, raw) {
			taken++
		}
		// Byte-level mutations reach what the grammar does not: broken
		// strings and brackets, escapes, stray bytes.
		b := []byte(raw)
		for range 1 + rng.Intn(3) {
			if len(b) == 0 {
				break
			}
			const mutations = "\"\\{}[]:,/%.-aZ9 u\xff"
			b[rng.Intn(len(b))] = mutations[rng.Intn(len(mutations))]
		}
		checkEmbeddedFast(t, string(b))
	}
	// The generator makes valid objects often enough that the fast path
	// must take a good share; a fast path that gave up on everything
	// would pass the rest of this test.
	t.Logf("taken %d of %d", taken, n)
	if taken < n/10 {
		t.Errorf("the fast path took %d of %d generated objects; want at least a tenth", taken, n)
	}
}

// Pieces the generator builds objects from: valid values of each thing
// the server's check reads, then invalid or doubtful ones, which the
// generator picks a fifth of the time.
type genPieces struct{ valid, other []string }

func (g genPieces) pick(rng *rand.Rand) string {
	if rng.Intn(5) == 0 {
		return pick(rng, g.other)
	}
	return pick(rng, g.valid)
}

var (
	genAPIVersions = genPieces{[]string{"v1", "apps/v1", "example.com/v1alpha1", "/"}, []string{"", "a/b/c", "v1/", `v\u0031`, "\xff"}}
	genKinds       = genPieces{[]string{"Pod", "ConfigMap", "my-kind", "K8s", strings.Repeat("a", 63)}, []string{"", "1Pod", "Pod-", "Po_d", "Po.d", "\u212aind", "p\u00f6d", strings.Repeat("a", 64), `P\u006fd`}}
	genNames       = genPieces{[]string{"a", "web-1", "a.b", "A_B", "ü", "", "...", strings.Repeat("n", 300)}, []string{".", "..", "a/b", "a%b", "%", `a\/b`, `a\u0025`, "\xff"}}
	genNamespaces  = genPieces{[]string{"", "prod", "a-1", strings.Repeat("a", 63)}, []string{"Prod", "a.b", "-a", strings.Repeat("a", 64)}}
	genKeys        = genPieces{[]string{"a", "app", "app.kubernetes.io/name", "Ex.com/a", "ex.com/A", "a_b", "a.b", strings.Repeat("k", 63)}, []string{"a b", "-a", "a-", "/a", "a/", "a/b/c", "_a", strings.Repeat("k", 64), strings.Repeat("p", 254) + "/a", `a\u0041`, "Ex\u212a.com/a"}}
	genLabelValues = genPieces{[]string{"", "a", "A.b-c_d", strings.Repeat("v", 63)}, []string{"-a", "a-", "a b", strings.Repeat("v", 64), `\u0061`}}
	genAnnValues   = genPieces{[]string{"", "anything at all", `{\"json\":\"inside\"}`, `line\nbreak`, "ü", strings.Repeat("x", 64*1024)}, []string{"\xff", `\ud800`, strings.Repeat("x", 128*1024), strings.Repeat(`\u00e9`, 45000), strings.Repeat("\xff", 100*1024)}}
	genOtherValues = []string{`null`, `1`, `-2.5e3`, `true`, `"s"`, `[]`, `{}`, `[1,{"a":"}"}]`, `{"metadata":{"name":"a/b"}}`, `"\"}"`}
)

func pick(rng *rand.Rand, xs []string) string { return xs[rng.Intn(len(xs))] }

// genEmbedded writes a random object: mostly well formed, its members in
// any order, some repeated, some of the wrong type, some keys escaped or
// in the wrong case.
func genEmbedded(rng *rand.Rand) string {
	var b strings.Builder
	ws := func() {
		if rng.Intn(4) == 0 {
			b.WriteString(pick(rng, []string{" ", "\n", "\t", "\r\n  "}))
		}
	}
	str := func(s string) string { return `"` + s + `"` }
	// member writes key: value, sometimes a value of the wrong type.
	var first bool
	member := func(key, value string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		ws()
		b.WriteString(str(key))
		ws()
		b.WriteByte(':')
		ws()
		if rng.Intn(40) == 0 {
			value = pick(rng, genOtherValues)
		}
		b.WriteString(value)
		ws()
	}
	object := func(members func()) string {
		outer, saved := b.String(), first
		b.Reset()
		b.WriteByte('{')
		first = true
		members()
		b.WriteByte('}')
		inner := b.String()
		b.Reset()
		b.WriteString(outer)
		first = saved
		return inner
	}
	stringMap := func(values genPieces) string {
		if rng.Intn(10) == 0 {
			return "null"
		}
		return object(func() {
			for range rng.Intn(4) {
				member(genKeys.pick(rng), str(values.pick(rng)))
			}
		})
	}
	metadata := func() string {
		return object(func() {
			for range rng.Intn(5) {
				switch k := pick(rng, []string{"name", "name", "generateName", "namespace", "labels", "labels", "annotations", "annotations", "creationTimestamp", "uid", "Name", "na\\u006de"}); k {
				case "name", "generateName", "Name", "na\\u006de":
					member(k, str(genNames.pick(rng)))
				case "namespace":
					member(k, str(genNamespaces.pick(rng)))
				case "labels":
					member(k, stringMap(genLabelValues))
				case "annotations":
					member(k, stringMap(genAnnValues))
				case "creationTimestamp":
					member(k, pick(rng, []string{"null", `"2020-01-01T00:00:00Z"`}))
				default:
					member(k, `"x"`)
				}
			}
		})
	}
	ws()
	b.WriteString(object(func() {
		keys := []string{"apiVersion", "kind", "metadata", "spec"}
		rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		for _, k := range keys {
			switch r := rng.Intn(40); {
			case r == 0: // left out
				continue
			case r == 1: // escaped or recased
				k = map[string]string{"apiVersion": `api\u0056ersion`, "kind": "Kind", "metadata": `m\u0065tadata`, "spec": "Spec"}[k]
			case r == 2: // repeated
				defer member(k, `"v1"`)
			}
			switch strings.ToLower(k) {
			case "apiversion", `api\u0056ersion`:
				member(k, str(genAPIVersions.pick(rng)))
			case "kind":
				member(k, str(genKinds.pick(rng)))
			case "metadata", `m\u0065tadata`:
				member(k, metadata())
			default:
				member(k, pick(rng, genOtherValues))
			}
		}
	}))
	ws()
	return b.String()
}

// FuzzEmbeddedRawFastPath: what the fast path takes, the full check
// accepts.
func FuzzEmbeddedRawFastPath(f *testing.F) {
	for _, raw := range embeddedCommon {
		f.Add(raw)
	}
	for _, raw := range embeddedTricky {
		if len(raw) < 1024 {
			f.Add(raw)
		}
	}
	f.Fuzz(func(t *testing.T, raw string) { checkEmbeddedFast(t, raw) })
}

func TestEmbeddedRawValidAllocatesNothing(t *testing.T) {
	for _, raw := range embeddedCommon {
		ext := &k8sruntime.RawExtension{Raw: []byte(raw)}
		var p Path
		if n := testing.AllocsPerRun(100, func() { _ = EmbeddedRaw(&p, ext) }); n != 0 {
			t.Errorf("EmbeddedRaw(%s): %v allocations, want 0", raw, n)
		}
	}
}
