package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestMapKeepsOrder: results come by index whatever the order the jobs
// end in, at any GOMAXPROCS, and every job runs once.
func TestMapKeepsOrder(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		var calls atomic.Int64
		got := Map(100, func(i int) int {
			calls.Add(1)
			if i%7 == 0 {
				runtime.Gosched() // some end late
			}
			return i * i
		})
		runtime.GOMAXPROCS(prev)
		if calls.Load() != 100 {
			t.Fatalf("GOMAXPROCS %d: %d calls, want 100", procs, calls.Load())
		}
		for i, v := range got {
			if v != i*i {
				t.Fatalf("GOMAXPROCS %d: result %d is %d, want %d", procs, i, v, i*i)
			}
		}
	}
	if got := Map(0, func(int) int { t.Fatal("called"); return 0 }); len(got) != 0 {
		t.Fatalf("Map(0) = %v", got)
	}
}
