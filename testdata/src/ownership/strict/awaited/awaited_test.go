// Package awaited is the strict side of testify's Awaits rows: a failed
// Eventually returns (assert) or ends the test (require) while the last
// run of its condition may still go on, so the strict reading keeps the
// condition given up to that run.
package awaited

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAssertEventually(t *testing.T) {
	var seen []int
	assert.Eventually(t, func() bool {
		seen = append(seen, 1)
		return len(seen) > 2
	}, time.Second, time.Millisecond)
	seen = seen[:0] // want `seen is read after it was given up by assert.Eventually`
}

func TestRequireEventually(t *testing.T) {
	var seen []int
	require.Eventually(t, func() bool {
		seen = append(seen, 1)
		return true
	}, time.Second, time.Millisecond)
	seen = seen[:0] // want `seen is read after it was given up by require.Eventually`
}
