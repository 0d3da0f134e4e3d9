package constindex

import "sync"

// This package pins the rule that elements of a slice or array at two
// different constant indices are different locations: goroutines that
// each fill their own slot of a results slice do not race. The same slot,
// or a constant and a variable index, still may.

func work() error { return nil }

// Each goroutine writes its own slot: quiet.
func twoSlots() (error, error) {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); errs[0] = work() }()
	go func() { defer wg.Done(); errs[1] = work() }()
	wg.Wait()
	return errs[0], errs[1]
}

// Both write slot 0: a race.
func oneSlot() error {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); errs[0] = work() }() // want `errs\[0\] is written in the goroutine started in oneSlot \(line \d+\) without a lock and written in the goroutine started in oneSlot \(line \d+\) without a lock`
	go func() { defer wg.Done(); errs[0] = work() }()
	wg.Wait()
	return errs[0]
}

// A variable index may be slot 0: a race.
func slotAndIndex(i int) error {
	var wg sync.WaitGroup
	var errs [2]error
	wg.Add(2)
	go func() { defer wg.Done(); errs[0] = work() }() // want `errs\[0\] is written in the goroutine started in slotAndIndex \(line \d+\) without a lock and written in the goroutine started in slotAndIndex \(line \d+\) without a lock`
	go func() { defer wg.Done(); errs[i] = work() }()
	wg.Wait()
	return errs[0]
}
