// Package parallel runs a run's independent jobs (a package's files
// parsed, its Go file rendered, a kind's CRD built) on every core.
package parallel

import (
	"runtime"
	"sync"
)

// Map calls job(i) for every i in [0, n) on at most GOMAXPROCS goroutines
// and returns the results by index: what runs in parallel must not change
// a byte of the output, whichever job ends first.
func Map[T any](n int, job func(i int) T) []T {
	out := make([]T, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			out[i] = job(i)
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				out[i] = job(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
