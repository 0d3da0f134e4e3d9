// Package awaited pins the Awaits rows of testify's polling assertions
// in lockset: Eventually runs its condition on goroutines it waits for,
// so the condition's accesses are the test's own, compared with the
// goroutines the test started.
package awaited

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPollUnlocked(t *testing.T) {
	ready := false
	go func() {
		ready = true // want `ready is written in the goroutine started in TestPollUnlocked \(line 17\) without a lock and read in TestPollUnlocked after the go statement without a lock`
	}()
	require.Eventually(t, func() bool { return ready }, time.Second, time.Millisecond)
}

func TestPollLocked(t *testing.T) {
	var mu sync.Mutex
	ready := false
	go func() {
		mu.Lock()
		ready = true // quiet: the condition reads it under mu
		mu.Unlock()
	}()
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return ready
	}, time.Second, time.Millisecond)
}

func TestPollThenUse(t *testing.T) {
	var got []int
	require.Eventually(t, func() bool {
		got = append(got, 1) // quiet: the test's own goroutine, as far as the race goes
		return len(got) > 1
	}, time.Second, time.Millisecond)
	got = got[:0]
}
