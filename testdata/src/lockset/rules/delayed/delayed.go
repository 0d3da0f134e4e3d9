package delayed // want package:"lockset summaries"

import "time"

// This package pins the rule that a function time.AfterFunc runs later
// is not compared with its caller's store of the timer it returns (the
// function runs only after the delay), while the caller's other accesses
// after the call still are.

type batch struct {
	timer *time.Timer
	n     int
}

// expire stops the timer and resets the batch.
func (b *batch) expire() {
	b.timer.Stop()
	b.n = 0
}

// arm stores the timer the function reads: quiet.
func (b *batch) arm(d time.Duration) {
	b.timer = time.AfterFunc(d, b.expire)
}

// Arm arms a batch.
func Arm(d time.Duration) *batch {
	b := &batch{}
	b.arm(d)
	return b
}

type counted struct {
	timer *time.Timer
	n     int
}

// expire stops the timer and resets the count.
func (c *counted) expire() {
	c.timer.Stop()
	c.n = 0 // want `c.n is written in the goroutine started in \(\*counted\).arm \(line \d+\) via \(\*counted\).expire without a lock and read in \(\*counted\).arm after the go statement without a lock`
}

// arm stores the timer, then writes what the function writes: racy.
func (c *counted) arm(d time.Duration) {
	c.timer = time.AfterFunc(d, c.expire)
	c.n++
}

// ArmCounted arms a counted batch.
func ArmCounted(d time.Duration) *counted {
	c := &counted{}
	c.arm(d)
	return c
}
