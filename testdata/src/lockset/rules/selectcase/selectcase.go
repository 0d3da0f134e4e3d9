package selectcase // want package:"lockset summaries"

import (
	"log"
	"testing"
	"time"
)

// This package pins the cases of a select as joins: the block that runs
// a case receiving from a channel the goroutine closes is after the
// goroutine, even when other cases are not; and a case that ends in a
// call that never returns (t.Fatal, log.Fatal) does not reach what
// follows the select.

// waitOrFatal waits for the goroutine or fails the test: after the
// select the goroutine has finished. Quiet.
func waitOrFatal(t *testing.T) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("timed out")
	}
	return got
}

// waitOrExit is the same with log.Fatalf. Quiet.
func waitOrExit() int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 7
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		log.Fatalf("timed out")
	}
	return got
}

// drain stops selecting a channel once the goroutine has closed it; the
// goroutine read the variable when it deferred the close. Quiet.
func drain(wait func(), timeout time.Duration) bool {
	batches := make(chan struct{})
	go func() {
		defer close(batches)
		wait()
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for batches != nil {
		select {
		case <-batches:
			batches = nil // a closed channel is always ready
		case <-timer.C:
			return false
		}
	}
	return true
}

// waitOrGiveUp gives up after a timeout and reads anyway: racy.
func waitOrGiveUp() int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42 // want `got is written in the goroutine started in waitOrGiveUp \(line \d+\) without a lock and read in waitOrGiveUp after the go statement without a lock`
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		log.Print("timed out")
	}
	return got
}

// wrongCase writes in the case of another channel: racy.
func wrongCase(tick <-chan time.Time) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 1 // want `got is written in the goroutine started in wrongCase \(line \d+\) without a lock and written in wrongCase after the go statement without a lock`
		close(done)
	}()
	select {
	case <-done:
		return got
	case <-tick:
		got = 2
	}
	return 0
}

var wait = time.Second

func waitFor() time.Duration { return wait } // want `wait is read in the goroutine started in restoreOnFatal \(line \d+\) via waitFor without a lock and written in restoreOnFatal after the go statement without a lock`

// restoreOnFatal restores a package variable in a deferred call, which
// t.Fatal runs on its way out while the goroutine may still read the
// variable: racy, though the select is a join on every path that returns
// normally.
func restoreOnFatal(t *testing.T) {
	orig := wait
	wait = 0
	defer func() { wait = orig }()
	done := make(chan time.Duration, 1)
	go func() {
		done <- waitFor()
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("timed out")
	}
}

// waitOrCancel waits for the goroutine in both cases: the case that
// received has an empty body, so its edge leads straight to where the
// cases meet. Quiet.
func waitOrCancel(cancel <-chan struct{}) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42
		close(done)
	}()
	select {
	case <-cancel:
		<-done
	case <-done:
	}
	return got
}

// cancelOnly waits only on the cancel path; the other case's body is
// empty too, but it received from a channel the goroutine does not
// close: racy.
func cancelOnly(cancel, tick <-chan struct{}) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42 // want `got is written in the goroutine started in cancelOnly \(line \d+\) without a lock and read in cancelOnly after the go statement without a lock`
		close(done)
	}()
	select {
	case <-cancel:
		<-done
	case <-tick:
	}
	return got
}
