package runtime

import (
	"math"
	"math/rand/v2"
	"regexp"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestAppendDuration holds appendDuration to time.Duration's String on
// the edges of each unit and on random values of every magnitude.
func TestAppendDuration(t *testing.T) {
	ds := []time.Duration{0, 1, -1, 999, 1000, 1001, 1500, 999999, 1e6, 1500000, 1e9 - 1, 1e9, 1e9 + 1, 59e9, 60e9, 61e9, 3599e9, 3600e9, 3601e9,
		90 * time.Minute, 100 * time.Hour, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		ds = append(ds, time.Duration(r.Int64N(1<<r.IntN(63)+1)*int64(1-2*r.IntN(2))))
	}
	for _, d := range ds {
		if got, want := string(appendDuration(nil, d)), d.String(); got != want {
			t.Fatalf("appendDuration(%d) = %q, want %q", int64(d), got, want)
		}
	}
}

func FuzzAppendDuration(f *testing.F) {
	for _, d := range []int64{0, 1, -1, 1500, 1e9, 3601e9, math.MinInt64} {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, d int64) {
		if got, want := string(appendDuration(nil, time.Duration(d))), time.Duration(d).String(); got != want {
			t.Fatalf("appendDuration(%d) = %q, want %q", d, got, want)
		}
	})
}

// TestTextMatchesJSON: each Text is the string its JSON helper gives.
func TestTextMatchesJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		d := metav1.Duration{Duration: time.Duration(r.Int64N(1<<50) - 1<<49)}
		check(t, DurationText(&d), DurationJSON(&d))
		at := time.Unix(r.Int64N(1<<34), r.Int64N(1e9)).In(time.FixedZone("z", int(r.Int64N(50000))-25000))
		tm, mt := metav1.NewTime(at), metav1.NewMicroTime(at)
		check(t, TimeText(&tm), TimeJSON(&tm))
		check(t, MicroTimeText(&mt), MicroTimeJSON(&mt))
	}
}

func check(t *testing.T, txt *Text, want string) {
	t.Helper()
	if txt.View() != want || txt.String() != want {
		t.Fatalf("Text %q, %q, want %q", txt.View(), txt.String(), want)
	}
	txt.Release()
}

// TestTextAllocatesNothing: a pattern and a length checked on a
// Duration's text cost no allocation (the reason Text exists).
func TestTextAllocatesNothing(t *testing.T) {
	re := regexp.MustCompile(`^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$`)
	d := metav1.Duration{Duration: 90*time.Minute + 1500*time.Millisecond}
	if n := testing.AllocsPerRun(1000, func() {
		txt := DurationText(&d)
		if !re.MatchString(txt.View()) || len(txt.View()) > 16 {
			t.Fatal("no match")
		}
		txt.Release()
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
