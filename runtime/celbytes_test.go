package runtime

import (
	"encoding/base64"
	"math/rand"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// serverBytesError is what the API server's CEL values make of a []byte
// field: its JSON (standard base64) read by strfmt.Base64, as
// k8s.io/apiserver's unstructured values do.
func serverBytesError(b []byte) string {
	s := base64.StdEncoding.EncodeToString(b)
	var v strfmt.Base64
	if err := v.UnmarshalText([]byte(s)); err != nil {
		return "Invalid byte formatted string " + s + ": " + err.Error()
	}
	return ""
}

// CELBytesError is the server's verdict and error on every value: all
// short values, random ones, and a fuzz corpus.
func TestCELBytesErrorAsTheServer(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		if got, want := CELBytesError(b), serverBytesError(b); got != want {
			t.Fatalf("%x: %q, the server %q", b, got, want)
		}
	}
	check(nil)
	for i := range 1 << 16 {
		check([]byte{byte(i >> 8), byte(i)})
		check([]byte{byte(i)})
	}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		b := make([]byte, r.Intn(40))
		r.Read(b)
		check(b)
	}
}

func FuzzCELBytesError(f *testing.F) {
	f.Add([]byte("abc"))
	f.Add([]byte{0xff, 0xfe})
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := CELBytesError(b), serverBytesError(b); got != want {
			t.Fatalf("%x: %q, the server %q", b, got, want)
		}
	})
}

func TestCELBytesErrorAllocatesNothingOnValid(t *testing.T) {
	b := []byte("abcdefghijklmnopqrstuvwxyz") // YWJj...: no + or /
	if n := testing.AllocsPerRun(100, func() { _ = CELBytesError(b) }); n != 0 || CELBytesError(b) != "" {
		t.Errorf("%v allocations on a valid value (error %q)", n, CELBytesError(b))
	}
}
