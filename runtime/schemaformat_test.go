package runtime

import (
	"testing"

	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// validFormat takes only values strfmt takes (the server's check): on
// common valid values, which it must take without allocating, and on
// every one-byte change of them, valid or not.
func TestValidFormat(t *testing.T) {
	seeds := map[string][]string{
		"date-time": {"2024-01-02T03:04:05Z", "2024-02-29t23:59:59.123456+05:30", "1999-12-31T00:00:00-00:00", "2024-01-02T03:04:05.5z"},
		"datetime":  {"2024-01-02T03:04:05Z"},
		"email":     {"a@example.com", "first.last+tag@sub.example.org", "x!#$%&'*+-/=?^_`{|}~@y"},
		"hostname":  {"example.com", "a", "my-host.example.io", "a1.b2.cc"},
		"ipv4":      {"10.0.0.1", "255.255.255.255", "0.0.0.0", "010.001.1.1"},
		"cidr":      {"10.0.0.0/8", "192.168.1.0/24", "0.0.0.0/0", "1.2.3.4/32"},
	}
	alphabet := []byte("09aTtzZ.:-+/@ \x00\xe2<")
	for format, values := range seeds {
		for _, v := range values {
			if !validFormat(format, v) || !strfmt.Default.Validates(format, v) {
				t.Errorf("%s %q: validFormat %v, strfmt %v, want both true", format, v, validFormat(format, v), strfmt.Default.Validates(format, v))
			}
			var c Path
			if n := testing.AllocsPerRun(20, func() { _ = SchemaFormat(&c, v, format) }); n != 0 {
				t.Errorf("%s %q: %v allocations", format, v, n)
			}
			b := []byte(v)
			for i := range b {
				for _, x := range alphabet {
					m := append(append(append([]byte{}, b[:i]...), x), b[i+1:]...)
					for _, mv := range []string{string(m), string(b[:i]) + string(b[i+1:]), string(b[:i]) + string(x) + string(b[i:])} {
						if validFormat(format, mv) && !strfmt.Default.Validates(format, mv) {
							t.Errorf("%s %q: validFormat takes it, strfmt does not", format, mv)
						}
					}
				}
			}
		}
	}
	for _, v := range []string{"2024-02-30T00:00:00Z", "2024-01-02T24:00:00Z", "2024-01-02T03:04:05", "a@@b", ".a@b", "a@b.", "256.0.0.1", "1.2.3", "1.2.3.4/33", "-a.com"} {
		for format := range seeds {
			if validFormat(format, v) && !strfmt.Default.Validates(format, v) {
				t.Errorf("%s %q: validFormat takes it, strfmt does not", format, v)
			}
		}
	}
}
