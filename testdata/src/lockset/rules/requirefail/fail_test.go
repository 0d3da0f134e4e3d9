package requirefail // want package:"lockset summaries"

// This package pins require.Fail, which ends the test as t.Fatal does.

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// require.Fail ends the test: a select whose timeout case fails goes on
// only after the goroutine's close. Quiet.
func TestFailOnTimeout(t *testing.T) {
	done := make(chan struct{})
	go func() {
		close(done)
	}()
	select {
	case <-time.After(time.Second):
		require.Fail(t, "timeout")
	case <-done:
	}
	done = make(chan struct{})
	_ = done
}

// A timeout case that only logs goes on beside the goroutine. Racy.
func TestLogOnTimeout(t *testing.T) {
	done := make(chan struct{})
	go func() {
		close(done) // want `done is read in the goroutine started in TestLogOnTimeout \(line 31\) without a lock and written in TestLogOnTimeout after the go statement without a lock`
	}()
	select {
	case <-time.After(time.Second):
		t.Log("timeout")
	case <-done:
	}
	done = make(chan struct{})
	_ = done
}

// Two rounds reuse the variable: the first goroutine's close is received
// before the second round starts, or the test ended, so only the second
// goroutine can complete the second select. Quiet.
func TestFailTwoRounds(t *testing.T) {
	done := make(chan struct{})
	go func() {
		close(done)
	}()
	select {
	case <-time.After(time.Second):
		require.Fail(t, "timeout 1")
	case <-done:
	}
	done = make(chan struct{})
	go func() {
		close(done)
	}()
	select {
	case <-time.After(time.Second):
		require.Fail(t, "timeout 2")
	case <-done:
	}
	done = make(chan struct{})
	_ = done
}

// A first round whose timeout only logs may leave its goroutine running:
// it may close the second round's channel. Racy.
func TestLogTwoRounds(t *testing.T) {
	done := make(chan struct{})
	go func() {
		close(done) // want `done is read in the goroutine started in TestLogTwoRounds \(line 73\) without a lock and written in TestLogTwoRounds after the go statement without a lock`
	}()
	select {
	case <-time.After(time.Second):
		t.Log("timeout 1")
	case <-done:
	}
	done = make(chan struct{})
	go func() {
		close(done)
	}()
	select {
	case <-time.After(time.Second):
		require.Fail(t, "timeout 2")
	case <-done:
	}
	done = make(chan struct{})
	_ = done
}
