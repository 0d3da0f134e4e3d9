package testclients

import "testing"

// The test's goroutine and the test itself call Counter's methods at once,
// but both accesses lie in the package's code and nothing in the package
// shares a Counter: the test's schedule alone (go test -race checks it).
// Quiet by default, reported under -strict.
func TestCounter(t *testing.T) {
	c := &Counter{limit: 10}
	done := make(chan bool)
	go func() {
		c.Add()
		done <- true
	}()
	_ = c.Value()
	<-done
}

// Two instances of a test's goroutine, both in package code: quiet.
func TestCounters(t *testing.T) {
	c := &Counter{limit: 10}
	for i := 0; i < 4; i++ {
		go c.Add()
	}
}

// The test's goroutine writes the hook the test's call reads, without
// the hook's lock: the test's own access, reported.
func TestHook(t *testing.T) {
	c := &Counter{}
	go func() {
		Delay = 5 // want `Delay is written in the goroutine started in TestHook \(line \d+\) without a lock and read in TestHook after the go statement via \(\*Counter\)\.Slow holding hookMu`
	}()
	_ = c.Slow()
}

// The test's goroutine writes a variable of the test that the test reads:
// reported as any goroutine's.
func TestOwn(t *testing.T) {
	var got int
	go func() {
		got = 1 // want `got is written in the goroutine started in TestOwn \(line \d+\) without a lock and read in TestOwn after the go statement without a lock`
	}()
	_ = got
}

// The package's shared types and goroutines are reported through the
// package's own entry points, whatever the test does.
func TestQueue(t *testing.T) {
	q := &Queue{}
	go q.Push(1)
	_ = q.Last()
}

func TestWorker(t *testing.T) {
	w := Start()
	_ = w.Result()
}
