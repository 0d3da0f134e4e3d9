// Package awaitedcallbacks pins the Awaits rows of testify's polling
// assertions: Eventually runs its condition on goroutines, but returns
// only after the run that reported success, so what the condition wrote
// is the test's again when the call returns. Never returns when its time
// is up, while a run may still go on, and a condition also handed to a
// goroutine of the test's own is given up by that go statement.
package awaitedcallbacks

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type result struct{ n int }

func fetch() *result { return &result{n: 1} }

func TestRequireEventually(t *testing.T) {
	var res *result
	var seen []int
	require.Eventually(t, func() bool {
		res = fetch()
		seen = append(seen, res.n)
		return res.n > 0
	}, time.Second, time.Millisecond)
	res.n++ // quiet: written by the run that reported success
	seen = seen[:0]
}

func TestAssertEventually(t *testing.T) {
	var seen []int
	if !assert.Eventually(t, func() bool {
		seen = append(seen, 1)
		return len(seen) > 2
	}, time.Second, time.Millisecond) {
		return
	}
	seen = append(seen, 0) // quiet
}

func TestAssertionsEventually(t *testing.T) {
	is := assert.New(t)
	var seen []int
	is.Eventually(func() bool {
		seen = append(seen, 1)
		return true
	}, time.Second, time.Millisecond)
	seen = seen[:0] // quiet
}

func TestNever(t *testing.T) {
	var seen []int
	assert.Never(t, func() bool {
		seen = append(seen, 1)
		return false
	}, time.Second, time.Millisecond)
	seen = seen[:0] // want `seen is read after it was given up by assert.Never`
}

func TestEventuallyAndGo(t *testing.T) {
	var seen []int
	cond := func() bool {
		seen = append(seen, 1)
		return true
	}
	go cond()
	require.Eventually(t, cond, time.Second, time.Millisecond)
	seen = seen[:0] // want `seen is read after it was handed to the goroutine started at line`
}
