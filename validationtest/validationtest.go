// Package validationtest checks, in an API repository's tests, that
// handwritten and generated validation of a type agree: it validates many
// random objects, deterministic from a seed and biased towards values
// that tags care about, on create and on update (with the old object
// reordered or slightly changed), and reports every object on which the
// two disagree with the differing errors and a shrunk object.
package validationtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// Func validates an object, and on update its old version (nil on
// create). Validate_<Type> fits once its path argument is bound:
//
//	func(ctx context.Context, op operation.Operation, obj, old *T) field.ErrorList {
//		return Validate_T(ctx, op, nil, obj, old)
//	}
type Func[T any] func(ctx context.Context, op operation.Operation, obj, oldObj *T) field.ErrorList

// Config tunes a run. The zero value is usable.
type Config struct {
	// Seed makes the run reproducible; 0 means 1.
	Seed int64
	// Objects is how many random objects are made; 0 means 1000. Each is
	// validated on create, and on update against a changed copy of itself,
	// against another random object and against an equal copy.
	Objects int
	// Options and Subresources go into every operation.Operation.
	Options      map[string]bool
	Subresources []string
	// NormalizationRules rewrite declarative field paths before comparing.
	NormalizationRules []field.NormalizationRule
	// CoveredOnly compares only handwritten errors marked
	// CoveredByDeclarative, as vgruntime.Compare does in production. By
	// default every handwritten error takes part: the two must agree fully.
	CoveredOnly bool
	// Strings and Ints are the pools random strings and integers are drawn
	// from most of the time (the rest are random); nil means defaults
	// around DNS names, IPs and small bounds.
	Strings []string
	Ints    []int64
	// TypeStrings are pools for the strings of particular types (an
	// enum's constants, say), drawn from most of the time for values of
	// that type instead of Strings.
	TypeStrings map[reflect.Type][]string
	// MaxElements bounds random lists and maps; 0 means 4.
	MaxElements int
	// Report caps the disagreements kept in full; 0 means 20.
	Report int
	// Compare, when set, replaces the comparison of the two results (for
	// validators whose errors differ in Type or Origin by design, such as
	// the API server's); it returns the differences.
	Compare func(handwritten, declarative field.ErrorList) []vgruntime.Mismatch
}

// DefaultStrings are values around the checks of the tag contract.
var DefaultStrings = []string{
	"", "a", "abc", "valid-name", "my.example.com", "Bad_Name", "UPPER", "-dash", "dot.ted",
	"10.0.0.1", "010.001.002.003", "::1", "1.2.3", "primary", "TCP", "UDP", "Ready", "Failed",
	strings.Repeat("x", 64), strings.Repeat("y", 254), "日本語",
	// Domain-prefixed names, resource pools, UUIDs and path segments.
	"example.com/gpu", "dra.example.com/gpu_1", "kubernetes.io/gpu", "a/b/c", "pool/a.b", "Foo.Example.COM", "..", "a%b",
	"123e4567-e89b-12d3-a456-426614174000",
}

// DefaultInts are values around common minimums and limits.
var DefaultInts = []int64{-1, 0, 1, 2, 5, 10, 100, 1023, 1024, 65535, 65536, 1 << 31}

// Disagreement is one object on which the validators differ.
type Disagreement[T any] struct {
	// Index is the object's number in the run; Op the operation.
	Index int
	Op    operation.Type
	// Object and Old are shrunk: every field that could be zeroed while
	// the validators still disagree was zeroed.
	Object, Old *T
	// Mismatches are the errors found on one side only (missing in
	// declarative: only handwritten reported it).
	Mismatches []vgruntime.Mismatch
	// Handwritten and Declarative are both validators' whole error lists
	// on the shrunk objects.
	Handwritten, Declarative field.ErrorList
}

func (d Disagreement[T]) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "object %d (%s):\n", d.Index, opName(d.Op))
	for _, m := range d.Mismatches {
		fmt.Fprintf(&b, "  %s\n", m)
	}
	for _, side := range []struct {
		name string
		errs field.ErrorList
	}{{"handwritten", d.Handwritten}, {"declarative", d.Declarative}} {
		fmt.Fprintf(&b, "  %s (%d):\n", side.name, len(side.errs))
		for _, e := range side.errs {
			fmt.Fprintf(&b, "    %s %s origin=%q %s\n", e.Type, e.Field, e.Origin, vgruntime.StabilityLevel(e))
		}
	}
	fmt.Fprintf(&b, "  object: %s\n", toJSON(d.Object))
	if d.Old != nil {
		fmt.Fprintf(&b, "  old:    %s\n", toJSON(d.Old))
	}
	return b.String()
}

// Report is the outcome of a run.
type Report[T any] struct {
	// Validations counts the comparisons made; Invalid those in which the
	// handwritten validator found errors (so the run did exercise them).
	Validations, Invalid int
	// Disagreeing counts every comparison that differed; Disagreements
	// holds the first Config.Report of them in full.
	Disagreeing   int
	Disagreements []Disagreement[T]
}

func (r Report[T]) String() string {
	return fmt.Sprintf("%d validations (%d with errors), %d disagreements", r.Validations, r.Invalid, r.Disagreeing)
}

// Run validates random objects with both validators and compares them.
func Run[T any](cfg Config, handwritten, declarative Func[T]) Report[T] {
	cfg = cfg.withDefaults()
	ctx := context.Background()
	var rep Report[T]
	for i := 0; i < cfg.Objects; i++ {
		seed := cfg.Seed*1_000_003 + int64(i)
		obj := random[T](cfg, seed)
		changed := random[T](cfg, seed) // the same seed makes an equal copy,
		mutate(cfg, rand.New(rand.NewSource(seed^0x5bd1e995)), changed)
		other := random[T](cfg, seed+cfg.Seed*7_919)
		cases := []struct {
			op       operation.Type
			obj, old *T
		}{
			{operation.Create, obj, nil},
			{operation.Update, changed, obj},
			{operation.Update, obj, other},
			{operation.Update, copyOf(obj), obj}, // unchanged
		}
		for _, c := range cases {
			op := operation.Operation{Type: c.op, Options: cfg.Options, Request: operation.Request{Subresources: cfg.Subresources}}
			mm, handErrs, _ := compare(cfg, ctx, op, c.obj, c.old, handwritten, declarative)
			rep.Validations++
			if len(handErrs) > 0 {
				rep.Invalid++
			}
			if len(mm) == 0 {
				continue
			}
			rep.Disagreeing++
			if len(rep.Disagreements) >= cfg.Report {
				continue
			}
			o, old := shrink(cfg, ctx, op, c.obj, c.old, handwritten, declarative)
			mm, hand, decl := compare(cfg, ctx, op, o, old, handwritten, declarative)
			rep.Disagreements = append(rep.Disagreements, Disagreement[T]{Index: i, Op: c.op, Object: o, Old: old, Mismatches: mm,
				Handwritten: hand, Declarative: decl})
		}
	}
	return rep
}

// Agree fails t with every disagreement of a run, and logs its counts.
func Agree[T any](t testing.TB, cfg Config, handwritten, declarative Func[T]) Report[T] {
	t.Helper()
	rep := Run(cfg, handwritten, declarative)
	t.Logf("validationtest: %s", rep)
	if rep.Disagreeing > 0 {
		t.Errorf("handwritten and declarative validation disagree on %d of %d validations; the first %d, shrunk:\n%s",
			rep.Disagreeing, rep.Validations, len(rep.Disagreements), rep.shrunk())
	}
	return rep
}

// shrunk is every disagreement kept in full, one after the other.
func (r Report[T]) shrunk() string {
	var b strings.Builder
	for _, d := range r.Disagreements {
		b.WriteString(d.String())
	}
	return b.String()
}

func (cfg Config) withDefaults() Config {
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Objects == 0 {
		cfg.Objects = 1000
	}
	if cfg.Strings == nil {
		cfg.Strings = DefaultStrings
	}
	if cfg.Ints == nil {
		cfg.Ints = DefaultInts
	}
	if cfg.MaxElements == 0 {
		cfg.MaxElements = 4
	}
	if cfg.Report == 0 {
		cfg.Report = 20
	}
	return cfg
}

// compare validates with both and returns their differences and both
// error lists.
func compare[T any](cfg Config, ctx context.Context, op operation.Operation, obj, old *T, handwritten, declarative Func[T]) ([]vgruntime.Mismatch, field.ErrorList, field.ErrorList) {
	hand := handwritten(ctx, op, obj, old)
	decl := declarative(ctx, op, obj, old)
	if cfg.Compare != nil {
		return cfg.Compare(hand, decl), hand, decl
	}
	compared := hand
	if !cfg.CoveredOnly {
		compared = make(field.ErrorList, len(hand))
		for i, e := range hand {
			c := *e
			c.CoveredByDeclarative = true
			compared[i] = &c
		}
	}
	return vgruntime.Compare(compared, decl, cfg.NormalizationRules), hand, decl
}

func opName(t operation.Type) string {
	if t == operation.Update {
		return "update"
	}
	return "create"
}

func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%+v", v)
	}
	return string(b)
}
