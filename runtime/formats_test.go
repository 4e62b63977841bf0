package runtime

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	netutils "k8s.io/utils/net"
)

const (
	labelRegexDetail     = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`
	subdomainRegexDetail = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	noDotsDetail         = "must not contain dots"
	// The details are those of k8s.io/apimachinery/pkg/util/validation,
	// which handwritten Kubernetes validation reports too (the reference
	// generator's own copy says "bytes"; detail text is not part of the
	// contract).
	max63Detail  = "must be no more than 63 characters"
	max253Detail = "must be no more than 253 characters"
	ipDetail     = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
)

// formatPath is "spec.name" built lazily, as generated code builds it.
func withFormatPath(fn func(p *Path)) {
	var root Path
	spec := root.Child("spec")
	name := spec.Child("name")
	fn(&name)
}

// tname is a short subtest name for a possibly long value.
func tname(v string) string {
	if len(v) > 24 {
		return fmt.Sprintf("%s...(len=%d)", v[:12], len(v))
	}
	if v == "" {
		return "empty"
	}
	return v
}

func formatWants(value any, origin string, details ...string) []want {
	var ws []want
	for _, d := range details {
		ws = append(ws, want{field.ErrorTypeInvalid, "spec.name", value, d, origin, false})
	}
	return ws
}

func TestShortName(t *testing.T) {
	const origin = "format=k8s-short-name"
	cases := []struct {
		v       string
		details []string
	}{
		{"a", nil},
		{"abc", nil},
		{"my-name", nil},
		{"123-abc", nil},
		{"1234", nil},
		{"a1-b2-c3", nil},
		{strings.Repeat("a", 63), nil},
		{"", []string{labelRegexDetail}},
		{"A", []string{labelRegexDetail}},
		{"My-Name", []string{labelRegexDetail}},
		{"-a", []string{labelRegexDetail}},
		{"a-", []string{labelRegexDetail}},
		{"a_b", []string{labelRegexDetail}},
		{"a b", []string{labelRegexDetail}},
		{"日本", []string{labelRegexDetail}},
		{"a.b", []string{noDotsDetail}},
		{"foo.bar.baz", []string{noDotsDetail}},
		{"a..b", []string{labelRegexDetail}},
		{strings.Repeat("a", 64), []string{max63Detail}},
		{strings.Repeat("a", 300), []string{max63Detail}},
		// Too long and bad characters: two errors, length first.
		{strings.Repeat("A", 64), []string{max63Detail, labelRegexDetail}},
		{strings.Repeat("a", 63) + "_", []string{max63Detail, labelRegexDetail}},
		// Too long and dotted.
		{strings.Repeat("a", 32) + "." + strings.Repeat("b", 32), []string{max63Detail, noDotsDetail}},
	}
	for _, c := range cases {
		withFormatPath(func(p *Path) {
			t.Run(tname(c.v), func(t *testing.T) {
				checkErrors(t, ShortName(p, c.v), formatWants(c.v, origin, c.details...))
			})
		})
	}
	// A typedef keeps its type as the bad value.
	withFormatPath(func(p *Path) {
		checkErrors(t, ShortName(p, myString("Bad")), formatWants(myString("Bad"), origin, labelRegexDetail))
	})
	// At the zero root the field is "<nil>".
	var root Path
	errs := ShortName(&root, "A")
	checkErrors(t, errs, []want{{field.ErrorTypeInvalid, "<nil>", "A", labelRegexDetail, origin, false}})
}

func TestLongName(t *testing.T) {
	const origin = "format=k8s-long-name"
	label63 := strings.Repeat("a", 63)
	name253 := label63 + "." + label63 + "." + label63 + "." + strings.Repeat("b", 61)
	cases := []struct {
		v       string
		details []string
	}{
		{"a", nil},
		{"foo.bar", nil},
		{"1.2.3.4", nil},
		{"widgets.example.com", nil},
		{"my-name.x-y", nil},
		{name253, nil},
		{strings.Repeat("a", 253), nil},
		{"", []string{subdomainRegexDetail}},
		{"a..b", []string{subdomainRegexDetail}},
		{".a", []string{subdomainRegexDetail}},
		{"a.", []string{subdomainRegexDetail}},
		{"Foo", []string{subdomainRegexDetail}},
		{"foo.Bar", []string{subdomainRegexDetail}},
		{"a_b.c", []string{subdomainRegexDetail}},
		{"-a.b", []string{subdomainRegexDetail}},
		{strings.Repeat("a", 254), []string{max253Detail}},
		{name253 + "b", []string{max253Detail}},
		// Too long and bad characters: two errors, length first.
		{strings.Repeat("A", 254), []string{max253Detail, subdomainRegexDetail}},
		{strings.Repeat("a.", 127), []string{max253Detail, subdomainRegexDetail}},
	}
	for _, c := range cases {
		withFormatPath(func(p *Path) {
			t.Run(tname(c.v), func(t *testing.T) {
				checkErrors(t, LongName(p, c.v), formatWants(c.v, origin, c.details...))
			})
		})
	}
	withFormatPath(func(p *Path) {
		checkErrors(t, LongName(p, myString("A.b")), formatWants(myString("A.b"), origin, subdomainRegexDetail))
	})
}

func TestIP(t *testing.T) {
	const origin = "format=k8s-ip"
	valid := []string{
		"1.2.3.4",
		"0.0.0.0",
		"255.255.255.255",
		"10.0.0.1",
		"010.001.002.003", // leading zeros are accepted
		"001.002.003.004",
		"00.0.0.0",
		"::",
		"::1",
		"2001:db8::1",
		"2001:0db8:0000:0000:0000:0000:0000:0001",
		"fe80::1",
		"::ffff:1.2.3.4", // IPv4-mapped IPv6
		"::ffff:0102:0304",
		"1:2:3:4:5:6:7:8",
		"1:2:3:4:5:6:1.2.3.4",
		"2001:DB8::1",
	}
	for _, v := range valid {
		withFormatPath(func(p *Path) {
			if errs := IP(p, v); len(errs) != 0 {
				t.Errorf("IP(%q) = %v, want valid", v, errs)
			}
		})
	}
	invalid := []string{
		"",
		"1.2.3",
		"1.2.3.4.5",
		"256.1.1.1",
		"1.2.3.-4",
		"a.b.c.d",
		"abc",
		" 1.2.3.4",
		"1.2.3.4 ",
		"fe80::1%eth0", // zones are not IP addresses
		"fe80::1%1",
		"::ffff:1.2.3.4%eth0",
		"1.2.3.4/24",
		"2001:db8::/64",
		"1::2::3",
		":::",
		"[::1]",
		"1.2.3.4:80",
		"0x1.2.3.4",
		"日本",
	}
	for _, v := range invalid {
		withFormatPath(func(p *Path) {
			t.Run(tname(v), func(t *testing.T) {
				checkErrors(t, IP(p, v), formatWants(v, origin, ipDetail))
			})
		})
	}
	var root Path
	checkErrors(t, IP(&root, "x"), []want{{field.ErrorTypeInvalid, "<nil>", "x", ipDetail, origin, false}})
}

// TestFormatsDoNotAllocateOnValidValues: valid values cost nothing, which
// is what keeps validating a valid object allocation-free.
func TestFormatsDoNotAllocateOnValidValues(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	list := spec.Child("addresses")
	elem := list.Index(3)
	key := spec.Key("k")
	paths := map[string]*Path{"root": &root, "child": &spec, "index": &elem, "key": &key}
	a63 := strings.Repeat("a", 63)
	key63 := "example.com/" + a63
	checks := []struct {
		name string
		fn   func(p *Path) int
	}{
		{"ShortName my-name", func(p *Path) int { return len(ShortName(p, "my-name")) }},
		{"ShortName 63", func(p *Path) int { return len(ShortName(p, a63)) }},
		{"ShortName typed", func(p *Path) int { return len(ShortName(p, myString("x1"))) }},
		{"LongName", func(p *Path) int { return len(LongName(p, "widgets.example.com")) }},
		{"LongName ipv4 shaped", func(p *Path) int { return len(LongName(p, "1.2.3.4")) }},
		{"IP v4", func(p *Path) int { return len(IP(p, "10.0.0.1")) }},
		{"IP v6", func(p *Path) int { return len(IP(p, "2001:db8::1")) }},
		{"IP v4-mapped v6", func(p *Path) int { return len(IP(p, "::ffff:1.2.3.4")) }},
		{"LabelKey name", func(p *Path) int { return len(LabelKey(p, "app.kubernetes_io-Name")) }},
		{"LabelKey prefixed", func(p *Path) int { return len(LabelKey(p, key63)) }},
		{"LabelKey typed", func(p *Path) int { return len(LabelKey(p, myString("k8s.io/x"))) }},
		{"PrefixedLabelKey", func(p *Path) int { return len(PrefixedLabelKey(p, "example.com/My_Key")) }},
		{"LabelValue", func(p *Path) int { return len(LabelValue(p, "v1.2_beta-3")) }},
		{"LabelValue empty", func(p *Path) int { return len(LabelValue(p, "")) }},
		{"LongNameCaseless", func(p *Path) int { return len(LongNameCaseless(p, "Widgets.Example.COM")) }},
		{"PathSegmentName", func(p *Path) int { return len(PathSegmentName(p, "sha256:ABC@..x")) }},
		{"UUID", func(p *Path) int { return len(UUID(p, "123e4567-e89b-12d3-a456-426614174000")) }},
		{"ResourcePoolName", func(p *Path) int { return len(ResourcePoolName(p, "pool.example.com/rack-1/node.a")) }},
		{"ExtendedResourceName", func(p *Path) int { return len(ExtendedResourceName(p, "vendor.example.com/gpu_2.x")) }},
		{"ResourceFullyQualifiedName", func(p *Path) int { return len(ResourceFullyQualifiedName(p, "dra.example.com/gpu_1")) }},
		{"ResourceFullyQualifiedName unchecked", func(p *Path) int { return len(ResourceFullyQualifiedName(p, "a/b/c")) }},
	}
	for _, c := range checks {
		for pn, p := range paths {
			t.Run(c.name+"/"+pn, func(t *testing.T) {
				if n := c.fn(p); n != 0 {
					t.Fatalf("value is invalid: %d errors", n)
				}
				if a := testing.AllocsPerRun(200, func() { c.fn(p) }); a != 0 {
					t.Errorf("%s allocates %v times per valid value, want 0", c.name, a)
				}
			})
		}
	}
}

// TestIPLeadingZerosDoesNotAllocate: an IPv4 address with leading zeros is
// a valid k8s-ip value, so it must not allocate either (formats.go: "The
// format checks return nil for a valid value without allocating").
func TestIPLeadingZerosDoesNotAllocate(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	ip := spec.Child("clusterIP")
	if errs := IP(&ip, "010.001.002.003"); len(errs) != 0 {
		t.Fatalf("IP(010.001.002.003) = %v, want valid", errs)
	}
	if a := testing.AllocsPerRun(200, func() { IP(&ip, "010.001.002.003") }); a != 0 {
		t.Errorf("IP(%q) allocates %v times per call, want 0", "010.001.002.003", a)
	}
}

// TestIPMatchesParseIPSloppy compares IP's verdict with the parser behind
// Kubernetes' legacy IP fields, k8s.io/utils/net.ParseIPSloppy, on
// structured and random strings.
func TestIPMatchesParseIPSloppy(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var inputs []string
	octet := func() string {
		n := r.Intn(300)
		s := strconv.Itoa(n)
		return strings.Repeat("0", r.Intn(4)) + s
	}
	for i := 0; i < 3000; i++ {
		parts := make([]string, 2+r.Intn(4))
		for j := range parts {
			parts[j] = octet()
			if r.Intn(30) == 0 {
				parts[j] = ""
			}
		}
		inputs = append(inputs, strings.Join(parts, "."))
		inputs = append(inputs, "::ffff:"+strings.Join(parts, "."))
	}
	const alphabet = "0123456789.:abcdefABCDEF%x "
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.Intn(20))
		for j := range b {
			b[j] = alphabet[r.Intn(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	inputs = append(inputs, "1.2.3.4", "010.001.002.003", "0000000001.2.3.4", "1.2.3.4.", ".1.2.3.4", "1..2.3",
		"4294967296.1.1.1", "1.2.3.99999999999999999999", "::ffff:010.1.2.3", "1:2:3:4:5:6:7:8:9", "::1:2:3:4:5:6:7",
		"1::", "1:2:3:4:5:6:7::", "::0:0:0:0:0:0:0", "1.2.3.4\x00", "\u0661.2.3.4")
	var root Path
	for _, s := range inputs {
		want := netutils.ParseIPSloppy(s) != nil
		got := len(IP(&root, s)) == 0
		if got != want {
			t.Errorf("IP(%q) valid = %v, ParseIPSloppy valid = %v", s, got, want)
		}
	}
}

// TestFormatsKeepPathsOnTheStack: a format check must not let its Path
// escape, or the generated code's stack Paths (the field's and, through
// its parent links, every one above it) move to the heap on every call,
// valid values included. Each check is called directly on a Path made in
// the measured function, as generated code calls it; an escape shows as
// an allocation. (TestFormatsDoNotAllocateOnValidValues cannot see it:
// its Paths are made once, outside, and its checks are called through
// function values, which escape analysis treats as escaping anyway.)
func TestFormatsKeepPathsOnTheStack(t *testing.T) {
	var root Path
	checks := []struct {
		name string
		fn   func() int
	}{
		{"ShortName", func() int { p := root.Child("f"); return len(ShortName(&p, "my-name")) }},
		{"LongName", func() int { p := root.Child("f"); return len(LongName(&p, "widgets.example.com")) }},
		{"LongNameCaseless", func() int { p := root.Child("f"); return len(LongNameCaseless(&p, "Widgets.Example.COM")) }},
		{"IP", func() int { p := root.Child("f"); return len(IP(&p, "10.0.0.1")) }},
		{"LabelKey", func() int { p := root.Child("f"); return len(LabelKey(&p, "example.com/name")) }},
		{"PrefixedLabelKey", func() int { p := root.Child("f"); return len(PrefixedLabelKey(&p, "example.com/My_Key")) }},
		{"LabelValue", func() int { p := root.Child("f"); return len(LabelValue(&p, "v1.2_beta-3")) }},
		{"PathSegmentName", func() int { p := root.Child("f"); return len(PathSegmentName(&p, "sha256:ABC@..x")) }},
		{"UUID", func() int { p := root.Child("f"); return len(UUID(&p, "123e4567-e89b-12d3-a456-426614174000")) }},
		{"ResourcePoolName", func() int { p := root.Child("f"); return len(ResourcePoolName(&p, "pool.example.com/rack-1")) }},
		{"ExtendedResourceName", func() int { p := root.Child("f"); return len(ExtendedResourceName(&p, "example.com/gpu")) }},
		{"ResourceFullyQualifiedName", func() int {
			p := root.Child("f")
			return len(ResourceFullyQualifiedName(&p, "dra.example.com/gpu_1"))
		}},
	}
	for _, c := range checks {
		if n := c.fn(); n != 0 {
			t.Fatalf("%s: the value is invalid (%d errors)", c.name, n)
		}
		if a := testing.AllocsPerRun(100, func() { c.fn() }); a != 0 {
			t.Errorf("%s lets its Path escape: %v allocations per valid value, want 0", c.name, a)
		}
	}
}

// TestLowerHex8 checks the eight-byte test of isUUID against the bytes one
// by one, on every byte in every position.
func TestLowerHex8(t *testing.T) {
	lowerHex := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			b := []byte("0123abcd")
			b[pos] = byte(c)
			want := true
			for _, x := range b {
				want = want && lowerHex(x)
			}
			w := uint64(0)
			for i := 7; i >= 0; i-- {
				w = w<<8 | uint64(b[i])
			}
			if got := lowerHex8(w); got != want {
				t.Fatalf("lowerHex8(%q) = %v, want %v", b, got, want)
			}
		}
	}
}
