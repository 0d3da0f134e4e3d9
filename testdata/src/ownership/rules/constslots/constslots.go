// Package constslots pins the rule that goroutines each handed one
// results slice, each writing only its own constant slots, do not race
// with each other: a second go statement that hands the slice on after a
// first is no use of what the first goroutine writes.
package constslots

func work(i int) int { return i }

// TwoSlots starts two literals that capture res and fill slot 0 and slot
// 1: quiet.
func TwoSlots() int {
	res := make([]int, 2)
	done := make(chan bool)
	go func() { res[0] = work(0); done <- true }()
	go func() { res[1] = work(1); done <- true }()
	<-done
	<-done
	return 0
}

// TwoSlotsByArgument hands the slice as an argument: quiet.
func TwoSlotsByArgument() int {
	res := make([]int, 2)
	done := make(chan bool)
	go func(r []int, n int) { r[0] = work(n); done <- true }(res, len(res))
	go func(r []int) { r[1] = work(1); done <- true }(res)
	<-done
	<-done
	return 0
}

type client struct{ base int }

func (c *client) get(i int) int { return c.base + i }

// WithClient's goroutines also share a client, which neither writes: only
// the slots are in conflict. Quiet.
func WithClient(c *client) int {
	res := make([]int, 2)
	done := make(chan bool)
	go func() { res[0] = c.get(0); done <- true }()
	go func() { res[1] = c.get(1); done <- true }()
	<-done
	<-done
	return 0
}

// SameSlot has both goroutines write slot 0: reported.
func SameSlot() int {
	res := make([]int, 2)
	done := make(chan bool)
	go func() { res[0] = work(0); done <- true }()
	go func() { res[0] = work(1); done <- true }() // want `res is handed to another goroutine after it was handed to the goroutine started at line \d+`
	<-done
	<-done
	return 0
}

func first(r []int)  { r[0] = work(0) }
func second(r []int) { r[1] = work(1) }

// Resliced hands res[1:], whose slot 0 is res's slot 1: reported.
func Resliced() int {
	res := make([]int, 2)
	done := make(chan bool)
	go func(r []int) { r[0] = work(0); done <- true }(res[1:])
	go func(r []int) { r[1] = work(1); done <- true }(res) // want `res\[1:\] is handed to another goroutine after it was handed to the goroutine started at line \d+`
	<-done
	<-done
	return 0
}

// ThroughHelpers passes the slice on to functions, whose slots the rule
// does not read: reported.
func ThroughHelpers() int {
	res := make([]int, 2)
	done := make(chan bool)
	go func() { first(res); done <- true }()
	go func() { second(res); done <- true }() // want `res is handed to another goroutine after it was handed to the goroutine started at line \d+`
	<-done
	<-done
	return 0
}

// Counted also has both goroutines write a captured counter: reported.
func Counted() int {
	res := make([]int, 2)
	n := 0
	done := make(chan bool)
	go func() { res[0] = work(0); n++; done <- true }()
	go func() { res[1] = work(1); n++; done <- true }() // want `is handed to another goroutine after it was handed to the goroutine started at line \d+`
	<-done
	<-done
	return 0
}
