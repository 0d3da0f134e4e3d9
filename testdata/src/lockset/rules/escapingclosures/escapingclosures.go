package escapingclosures // want package:"lockset summaries"

import "time"

// This package pins the function literals a spawner publishes
// (escapingclosures.go): they run after it returns, beside a goroutine of
// it that may still run, through the variables both capture.

// RetryLater's callback writes what the returned literal reads: reported.
func RetryLater(d time.Duration, f func() error) func() error {
	var lastErr error
	time.AfterFunc(d, func() {
		lastErr = f() // want `lastErr is written in the goroutine started in RetryLater \(line 12\) without a lock and read in the func literal RetryLater publishes \(line 15\) without a lock`
	})
	return func() error { return lastErr }
}

// Waited's literal waits for the goroutine's close: quiet.
func Waited(f func() error) func() error {
	var lastErr error
	done := make(chan struct{})
	go func() {
		lastErr = f()
		close(done)
	}()
	return func() error { <-done; return lastErr }
}

// H holds a literal.
type H struct{ get func() int }

// Stored stores the literal in a field: reported.
func Stored(h *H) {
	n := 0
	go func() { n++ }() // want `n is written in the goroutine started in Stored \(line 35\) without a lock and read in the func literal Stored publishes \(line 36\) without a lock`
	h.get = func() int { return n }
}

// Joined returns its literal after the goroutine is done: quiet.
func Joined() func() int {
	n := 0
	done := make(chan struct{})
	go func() { n++; close(done) }()
	<-done
	return func() int { return n }
}

// Called only calls its literal: its own code, quiet here (the dataflow
// compares the call with the goroutine as the spawner's code).
func Called() int {
	n := 0
	done := make(chan struct{})
	go func() { n++; close(done) }()
	read := func() int { return n }
	<-done
	return read()
}
