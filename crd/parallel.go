package crd

import (
	"runtime"
	"sync"
)

// parallel runs job(0..n-1) on GOMAXPROCS goroutines and returns the
// results by index: the CRDs of a run are independent, and their order in
// the output must not depend on which finishes first.
func parallel[T any](n int, job func(int) T) []T {
	out := make([]T, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = job(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
