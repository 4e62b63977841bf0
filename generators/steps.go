package generators

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// Steps records how long each step of a run took, for -v: where a run's
// time goes is the first thing to know of a slow make generate.
type Steps struct {
	mu         sync.Mutex // steps may run in parallel
	list       []Step
	start, end time.Time
}

// Step is one measured step of a run.
type Step struct {
	Name string
	Took time.Duration
}

// begin starts timing a step; the returned func ends it. A nil *Steps
// records nothing.
func (s *Steps) begin(name string) func() {
	if s == nil {
		return func() {}
	}
	t := time.Now()
	s.mu.Lock()
	if s.start.IsZero() {
		s.start = t
	}
	s.mu.Unlock()
	return func() { s.add(name, time.Since(t)) }
}

// add adds d to the step name (a step may be measured in parts).
func (s *Steps) add(name string, d time.Duration) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if now := time.Now(); now.After(s.end) {
		s.end = now
	}
	for i := range s.list {
		if s.list[i].Name == name {
			s.list[i].Took += d
			return
		}
	}
	s.list = append(s.list, Step{name, d})
}

// Begin starts timing a step done outside Run (writing, the cache).
func (s *Steps) Begin(name string) func() { return s.begin(name) }

// List is the steps in the order they first ran.
func (s *Steps) List() []Step {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Step(nil), s.list...)
}

// String is one line: each step's time, then the wall time from the
// first step's start to the last one's end (steps that ran in parallel
// overlap).
func (s *Steps) String() string {
	var parts []string
	for _, st := range s.List() {
		parts = append(parts, fmt.Sprintf("%s %s", st.Name, round(st.Took)))
	}
	var total time.Duration
	if s != nil {
		s.mu.Lock()
		total = s.end.Sub(s.start)
		s.mu.Unlock()
	}
	return fmt.Sprintf("%s; total %s", strings.Join(parts, ", "), round(total))
}

func round(d time.Duration) time.Duration {
	if d < 10*time.Millisecond {
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Millisecond)
}
