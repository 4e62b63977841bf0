package runtime

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// nameCheck pairs a byte-loop check of names.go with the apimachinery
// function it stands for, and its allocation-free validity test (nil:
// none).
type nameCheck struct {
	name  string
	ours  func(string) []string
	ref   func(string) []string
	valid func(string) bool
	// class are the characters the check's pattern allows, and those
	// next to them, which its random strings are mostly made of.
	class string
}

const (
	lowerAlnums = "abcdefghijklmnopqrstuvwxyz0123456789"
	upperAlpha  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

var nameChecks = []nameCheck{
	{"IsDNS1123Label", dns1123Label, validation.IsDNS1123Label, nil, lowerAlnums + "-"},
	{"util IsDNS1123Subdomain", func(s string) []string { return dns1123Subdomain(s, false) }, validation.IsDNS1123Subdomain, isSubdomain, lowerAlnums + "-."},
	{"content IsDNS1123Subdomain", func(s string) []string { return dns1123Subdomain(s, true) }, content.IsDNS1123Subdomain, isSubdomain, lowerAlnums + "-."},
	{"IsDNS1123SubdomainCaseless", dns1123SubdomainCaseless, content.IsDNS1123SubdomainCaseless, nil, lowerAlnums + upperAlpha + "-."},
	{"IsLabelValue", labelValue, content.IsLabelValue, nil, lowerAlnums + upperAlpha + "-_."},
	{"IsLabelKey", labelKey, content.IsLabelKey, isLabelKey, lowerAlnums + upperAlpha + "-_./"},
	{"IsCIdentifier", cIdentifier, content.IsCIdentifier, isCIdentifier, lowerAlnums + upperAlpha + "_"},
}

// compare compares check c on s; it returns a description of a
// disagreement, or "".
func (c nameCheck) compare(s string) string {
	got, want := c.ours(s), c.ref(s)
	if !slices.Equal(got, want) {
		return c.name + "(" + strconv.Quote(s) + "):\n  ours: " + strings.Join(got, " | ") + "\n  ref:  " + strings.Join(want, " | ")
	}
	if c.valid != nil && c.valid(s) != (len(want) == 0) {
		return c.name + "(" + strconv.Quote(s) + "): valid=" + strconv.FormatBool(c.valid(s)) + ", apimachinery: " + strings.Join(want, " | ")
	}
	return ""
}

// namesEnv sets how many random strings the format soaks draw
// (soakStrings).
const namesEnv = "VG_NAME_STRINGS"

// TestNamesMatchApimachinery draws random strings biased to each check's
// boundary classes (lengths at the limits, the characters its pattern
// allows and those next to them, dots, dashes and slashes at the ends,
// upper case, the Kelvin sign and the long s that Go's case folding
// matches, broken UTF-8) and requires the byte-loop check to give the
// very messages apimachinery's regular expressions give, and its validity
// test the same verdict. The strings are shared out among the checks,
// each drawing its own; -short draws 200,000.
func TestNamesMatchApimachinery(t *testing.T) {
	per := soakStrings(t) / len(nameChecks)
	for i, c := range nameChecks {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewSource(int64(i) + 1))
			invalid := 0
			var buf []byte
			for range per {
				buf = nameString(r, buf[:0], c.class)
				s := string(buf)
				if d := c.compare(s); d != "" {
					t.Fatal(d)
				}
				if c.valid != nil && !c.valid(s) || c.valid == nil && len(c.ours(s)) > 0 {
					invalid++
				}
			}
			// Both verdicts, often.
			if invalid < per/10 || invalid > per-per/10 {
				t.Errorf("%d of %d strings invalid: the strings do not exercise %s", invalid, per, c.name)
			}
			t.Logf("%d strings, %d invalid, all as apimachinery says", per, invalid)
		})
	}
}

// FuzzNames is the same comparison under go's fuzzer (the seeds run in
// every go test; go test -fuzz=FuzzNames ./runtime searches further).
func FuzzNames(f *testing.F) {
	for _, s := range []string{"", "a", "-", "a-", "-a", "a.b", "a..b", ".a", "a.", "A", "a_b", "_a", "a/b", "/a", "a/", "a/b/c",
		"example.com/MyName", "Example.COM", kelvinSign, "a" + longS, "\xe2\x84", "\xc5", "requests.a/b", strings.Repeat("a", 63),
		strings.Repeat("a", 64), strings.Repeat("a.", 126) + "a", strings.Repeat("a", 254), "1-2.3-4", "my_value", "MY_NAME"} {
		f.Add(s)
	}
	r := rand.New(rand.NewSource(1))
	for _, c := range nameChecks {
		for range 30 {
			f.Add(string(nameString(r, nil, c.class)))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range nameChecks {
			if d := c.compare(s); d != "" {
				t.Error(d)
			}
		}
	})
}

// nameString appends a random string shaped like a name: mostly of the
// characters of class, with separators, and now and then anything else;
// its length often at or next to a limit.
func nameString(r *rand.Rand, b []byte, class string) []byte {
	const others = "ABZaz09-_./ !#$%&'()*+,:;<=>?@[\\]^`{|}~\t\n\x00\x7f"
	limits := []int{0, 1, 2, 3, 31, 32, 33, 62, 63, 64, 65, 243, 244, 252, 253, 254, 255, 316, 317, 318}
	var length int
	if r.Intn(2) == 0 {
		length = limits[r.Intn(len(limits))]
	} else {
		length = r.Intn(20)
	}
	// How often a character comes from outside the class: never in a
	// third of the strings, rarely in another third.
	outside := []int{0, 200, 20}[r.Intn(3)]
	for len(b) < length {
		switch k := r.Intn(60); {
		case k == 0:
			b = append(b, '.')
		case k == 1:
			b = append(b, '-')
		case k == 2 && r.Intn(3) == 0:
			b = append(b, '/')
		case k == 3 && r.Intn(3) == 0:
			b = append(b, kelvinSign...)
		case k == 4 && r.Intn(3) == 0:
			b = append(b, longS...)
		case k == 5 && r.Intn(6) == 0:
			// Broken UTF-8: a lead byte, or a sequence cut short.
			b = append(b, []string{"\xe2", "\xe2\x84", "\xc5", "\xff", "\x80", "é"}[r.Intn(6)]...)
		case outside > 0 && r.Intn(outside) == 0:
			b = append(b, others[r.Intn(len(others))])
		default:
			b = append(b, class[r.Intn(len(class))])
		}
	}
	if len(b) > length && length > 0 && r.Intn(2) == 0 {
		b = b[:length] // cut, a multi-byte character too
	}
	// The ends, which the patterns treat apart.
	if len(b) > 0 && r.Intn(5) == 0 {
		b[0] = "-._/A"[r.Intn(5)]
	}
	if len(b) > 0 && r.Intn(5) == 0 {
		b[len(b)-1] = "-._/A"[r.Intn(5)]
	}
	return b
}

// soakStrings is how many random strings TestNamesMatchApimachinery
// draws: 10,000,000, 200,000 with -short, or $VG_NAME_STRINGS for a
// longer soak. TestIPAndUUIDMatchApimachinery draws a tenth of it for
// each of its two formats.
func soakStrings(t *testing.T) int {
	n := 10_000_000
	if testing.Short() {
		n = 200_000
	}
	if s := os.Getenv(namesEnv); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number", namesEnv, s)
		}
	}
	return n
}

// TestIPAndUUIDMatchApimachinery draws random strings shaped like IP
// addresses and UUIDs and requires IP's and UUID's errors (their fast
// paths' verdicts included) to be those of apimachinery's
// IsValidIPForLegacyField and validate.UUID: the same number, with the
// same details. Each format gets a tenth of soakStrings (1,000,000 by
// default), so that $VG_NAME_STRINGS lengthens this soak too.
func TestIPAndUUIDMatchApimachinery(t *testing.T) {
	n := max(soakStrings(t)/10, 1)
	var root Path
	ctx, op := context.Background(), operation.Operation{Type: operation.Create}
	compareRandom(t, "IP", 7, n, ipString,
		func(s string) field.ErrorList { p := root.Child("ip"); return IP(&p, s) },
		func(s string) field.ErrorList {
			return validation.IsValidIPForLegacyField(field.NewPath("ip"), s, false, nil)
		})
	compareRandom(t, "UUID", 8, n, uuidString,
		func(s string) field.ErrorList { p := root.Child("uid"); return UUID(&p, s) },
		func(s string) field.ErrorList { return validate.UUID(ctx, op, field.NewPath("uid"), &s, nil) })
}

// compareRandom compares ours with ref, apimachinery's, on n strings
// draw makes, in a parallel subtest; both verdicts must be common.
func compareRandom(t *testing.T, name string, seed int64, n int, draw func(*rand.Rand) string, ours, ref func(string) field.ErrorList) {
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		r := rand.New(rand.NewSource(seed))
		invalid := 0
		for range n {
			s := draw(r)
			want := ref(s)
			if d := sameDetails(ours(s), want); d != "" {
				t.Fatalf("%s(%q): %s", name, s, d)
			}
			if len(want) > 0 {
				invalid++
			}
		}
		if invalid < n/10 || invalid > n-n/10 {
			t.Errorf("%d of %d strings invalid: they do not exercise %s", invalid, n, name)
		}
	})
}

func sameDetails(got, want field.ErrorList) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d errors, apimachinery %d: %v / %v", len(got), len(want), got, want)
	}
	for i := range got {
		if got[i].Detail != want[i].Detail || got[i].Type != want[i].Type {
			return fmt.Sprintf("error %d: %v, apimachinery %v", i, got[i], want[i])
		}
	}
	return ""
}

// ipString is a random string shaped like an IPv4 or IPv6 address: octets
// with leading zeros and out of range, groups of hex, '::', zones, a
// mapped IPv4 tail, a character too many or too few.
func ipString(r *rand.Rand) string {
	var b strings.Builder
	if r.Intn(2) == 0 {
		parts := 4 + r.Intn(3) - 1
		if r.Intn(3) > 0 {
			parts = 4
		}
		for i := range parts {
			if i > 0 {
				b.WriteByte('.')
			}
			switch r.Intn(8) {
			case 0:
				b.WriteString("0" + strconv.Itoa(r.Intn(300)))
			case 1:
				b.WriteString(strconv.Itoa(250 + r.Intn(10)))
			case 2:
				if r.Intn(4) == 0 {
					b.WriteString([]string{"", "a", "-1", "1a", " 1", "0x1"}[r.Intn(6)])
					break
				}
				fallthrough
			default:
				b.WriteString(strconv.Itoa(r.Intn(256)))
			}
		}
	} else {
		groups := 8
		if r.Intn(2) == 0 {
			groups = r.Intn(8)
		}
		for i := range groups {
			if i > 0 {
				b.WriteByte(':')
			}
			if r.Intn(6) == 0 && !strings.Contains(b.String(), "::") {
				b.WriteByte(':')
			}
			g := strconv.FormatInt(int64(r.Intn(0x1ffff)), 16)
			b.WriteString(g[:min(len(g), 1+r.Intn(4))])
		}
		if groups < 8 && r.Intn(2) == 0 && !strings.Contains(b.String(), "::") {
			b.WriteString("::")
		}
		switch r.Intn(8) {
		case 0:
			b.WriteString("%eth0")
		case 1:
			b.WriteString(":1.2.3.4")
		case 2:
			b.WriteString("G")
		}
	}
	s := b.String()
	if len(s) > 0 && r.Intn(10) == 0 {
		s = s[:r.Intn(len(s))]
	}
	return s
}

// uuidString is a random string shaped like a UUID: hex digits in
// 8-4-4-4-12 groups, now and then in upper case, with a dash moved, a
// digit too many or too few, or another character.
func uuidString(r *rand.Rand) string {
	const hex = "0123456789abcdef"
	b := []byte("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
	for i := range b {
		if b[i] == 'x' {
			b[i] = hex[r.Intn(len(hex))]
		}
	}
	switch r.Intn(6) {
	case 0:
		b[r.Intn(len(b))] = "ABCDEFgz-_ "[r.Intn(11)]
	case 1:
		b = append(b, hex[r.Intn(16)])
	case 2:
		b = b[:len(b)-1]
	case 3:
		i, j := r.Intn(len(b)), r.Intn(len(b))
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
