package generators

import (
	"runtime"
	"sync"
)

// parallel runs independent jobs on GOMAXPROCS goroutines and returns
// their results in the jobs' order: what runs in parallel must not change
// a byte of the output.
func parallel[T any](jobs []func() T) []T {
	out := make([]T, len(jobs))
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	if workers <= 1 {
		for i, j := range jobs {
			out[i] = j()
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = jobs[i]()
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
