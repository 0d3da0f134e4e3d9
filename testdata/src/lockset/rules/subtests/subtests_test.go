package subtests

import (
	"sync"
	"testing"
)

// Instances of one parallel subtest write the captured total: reported.
func TestSum(t *testing.T) {
	total := 0
	for _, n := range []int{1, 2, 3} {
		t.Run("n", func(t *testing.T) {
			t.Parallel()
			total += n // want `total is read in the parallel subtest started in TestSum \(line 12\) without a lock and written in another instance of parallel subtest started in TestSum \(line 12\) without a lock`
		})
	}
}

// Two different parallel subtests write one object: reported.
func TestPair(t *testing.T) {
	tl := &Tally{}
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		tl.n = 1 // want `tl.n is written in the parallel subtest started in TestPair \(line 22\) without a lock and written in the parallel subtest started in TestPair \(line 26\) without a lock`
	})
	t.Run("b", func(t *testing.T) {
		t.Parallel()
		tl.n = 2
	})
}

// Sequential subtests: Run waits for each, quiet.
func TestSerial(t *testing.T) {
	total := 0
	for _, n := range []int{1, 2, 3} {
		t.Run("n", func(t *testing.T) {
			total += n
		})
	}
	_ = total
}

// The test function's own accesses come before its parallel subtests
// start: quiet.
func TestParentFirst(t *testing.T) {
	tl := &Tally{}
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		tl.n++
	})
	tl.n = 5
}

// Locked, or local to each instance: quiet.
func TestLocked(t *testing.T) {
	var mu sync.Mutex
	total := 0
	for _, n := range []int{1, 2, 3} {
		t.Run("n", func(t *testing.T) {
			t.Parallel()
			mine := 0
			mine += n
			mu.Lock()
			total += mine
			mu.Unlock()
		})
	}
}

// Each instance fills its own element of a shared slice: quiet, as
// goroutines started in a loop are (the fan-out idiom).
func TestOwnSlots(t *testing.T) {
	out := make([]int, 3)
	for i := range out {
		t.Run("slot", func(t *testing.T) {
			t.Parallel()
			out[i] = i * 2
		})
	}
}
