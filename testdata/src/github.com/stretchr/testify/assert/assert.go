// Package assert is a hand-written stub of github.com/stretchr/testify/assert
// with just the polling assertions the tests use: each run of a condition
// is a goroutine, started only once the last one reported.
package assert

import "time"

// TestingT is the part of *testing.T the assertions use.
type TestingT interface {
	Errorf(format string, args ...any)
}

// poll runs condition every tick until a run returns true, and then
// returns true after that run; it returns false once waitFor has passed,
// whether or not a run is still going on.
func poll(condition func() bool, waitFor, tick time.Duration) bool {
	results := make(chan bool, 1)
	run := func() { results <- condition() }
	deadline := time.NewTimer(waitFor)
	defer deadline.Stop()
	ticker := time.NewTicker(tick)
	defer ticker.Stop()
	var next <-chan time.Time
	go run()
	for {
		select {
		case <-deadline.C:
			return false
		case <-next:
			next = nil
			go run()
		case ok := <-results:
			if ok {
				return true
			}
			next = ticker.C
		}
	}
}

// Eventually runs condition every tick until a run returns true, and
// returns true after that run; false once waitFor has passed.
func Eventually(t TestingT, condition func() bool, waitFor, tick time.Duration, msgAndArgs ...any) bool {
	if !poll(condition, waitFor, tick) {
		t.Errorf("condition never satisfied")
		return false
	}
	return true
}

// Never runs condition every tick until waitFor has passed, and fails
// if a run returns true. It returns when the time is up, whether or not a
// run is still going on.
func Never(t TestingT, condition func() bool, waitFor, tick time.Duration, msgAndArgs ...any) bool {
	if poll(condition, waitFor, tick) {
		t.Errorf("condition satisfied")
		return false
	}
	return true
}

// Assertions are the assertions of one test.
type Assertions struct{ t TestingT }

// New returns the assertions of t.
func New(t TestingT) *Assertions { return &Assertions{t: t} }

// Eventually is Eventually of a's test.
func (a *Assertions) Eventually(condition func() bool, waitFor, tick time.Duration, msgAndArgs ...any) bool {
	return Eventually(a.t, condition, waitFor, tick, msgAndArgs...)
}
