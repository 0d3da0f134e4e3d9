package selectcase

import (
	"fmt"
	"testing"
	"time"
)

// A helper of the package that never returns (every path ends in
// t.FailNow, t.Fatalf, a panic, or such a helper) ends its caller's path
// as t.Fatal does: a declared function by the SSA form (buildssa asks
// ctrlflow), a function literal by concur's noreturn.go.

// failf ends the test.
func failf(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Logf(format, args...)
	t.FailNow()
}

// mustNot panics.
func mustNot(what string) {
	panic(fmt.Sprint("unexpected ", what))
}

// failOrPanic ends the test or panics: it never returns either.
func failOrPanic(t *testing.T, fatal bool) {
	if fatal {
		failf(t, "failed")
	}
	mustNot("return")
}

// waitOrFailf waits for the goroutine or fails the test through a
// helper. Quiet.
func waitOrFailf(t *testing.T) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		failf(t, "timed out")
	}
	return got
}

// waitOrLiteral fails through a function literal, as a test's local
// helper does (go-redis's ef). Quiet; reported before noreturn.go.
func waitOrLiteral(t *testing.T) int {
	ef := func(format string) {
		t.Log(format)
		failOrPanic(t, true)
	}
	var got int
	done := make(chan struct{})
	go func() {
		got = 42
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		ef("timed out")
	}
	return got
}

// logf only logs: it returns.
func logf(t *testing.T, format string) {
	if t.Failed() {
		t.FailNow()
	}
	t.Log(format)
}

// waitOrLog goes on after the timeout through a helper that returns:
// racy.
func waitOrLog(t *testing.T) int {
	var got int
	done := make(chan struct{})
	go func() {
		got = 42 // want `got is written in the goroutine started in waitOrLog \(line \d+\) without a lock and read in waitOrLog after the go statement without a lock`
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		logf(t, "timed out")
	}
	return got
}
