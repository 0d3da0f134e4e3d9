// Package require is a hand-written stub of
// github.com/stretchr/testify/require with just what the tests use: the
// polling assertion, assert's, which ends the test when it fails, and
// Fail, which always does.
package require

import (
	"time"

	"github.com/stretchr/testify/assert"
)

// TestingT is the part of *testing.T the assertions use.
type TestingT interface {
	Errorf(format string, args ...any)
	FailNow()
}

// Eventually is assert.Eventually, ending the test if it fails.
func Eventually(t TestingT, condition func() bool, waitFor, tick time.Duration, msgAndArgs ...any) {
	if !assert.Eventually(t, condition, waitFor, tick, msgAndArgs...) {
		t.FailNow()
	}
}

// Fail reports a failure and ends the test.
func Fail(t TestingT, failureMessage string, msgAndArgs ...any) {
	t.Errorf("%s", failureMessage)
	t.FailNow()
}
