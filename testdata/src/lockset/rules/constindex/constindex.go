package constindex // want package:"lockset summaries"

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

func fill0(e []error) { e[0] = work() }

func fill1(e []error) { e[1] = work() }

// Each goroutine gets the slice as an argument and writes its own slot:
// quiet.
func twoSlotsByArgument() []error {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func(e []error) { defer wg.Done(); e[0] = work() }(errs)
	go func(e []error) { defer wg.Done(); e[1] = work() }(errs)
	wg.Wait()
	return errs
}

// The same through named functions: quiet.
func twoSlotsByCallee() []error {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); fill0(errs) }()
	go func() { defer wg.Done(); fill1(errs) }()
	wg.Wait()
	return errs
}

func first(e []error) { e[0] = work() } // want `errs\[\*\] is written in the goroutine started in resliced \(line \d+\) via first without a lock and written in the goroutine started in resliced \(line \d+\) via second without a lock`

func second(e []error) { e[1] = work() }

// A reslice moves the indices: e[0] of errs[1:] is errs[1], which the
// other goroutine writes. A race.
func resliced() []error {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); first(errs[1:]) }()
	go func() { defer wg.Done(); second(errs) }()
	wg.Wait()
	return errs
}
