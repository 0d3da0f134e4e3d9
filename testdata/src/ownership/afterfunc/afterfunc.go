// Package afterfunc checks time.AfterFunc and context.AfterFunc, which run
// their function argument on another goroutine later: what the function
// captures is given up, as with a go statement.
package afterfunc

import (
	"context"
	"time"
)

type Job struct{ n int }

// TimerRacy writes j while the timer's goroutine may be incrementing it.
func TimerRacy() {
	j := &Job{}
	time.AfterFunc(time.Second, func() { j.n++ })
	j.n = 2 // want `j is (read|written) after it was passed to time.AfterFunc \(line \d+\); the goroutine may be using it concurrently`
}

// TimerJoined waits for the timer's function to close done, reachable
// from what it captured, before reading j: race-free.
func TimerJoined() int {
	j := &Job{}
	done := make(chan struct{})
	time.AfterFunc(time.Millisecond, func() {
		j.n = 1
		close(done)
	})
	<-done
	return j.n
}

// ContextRacy reads j while the function run when ctx is done may be
// writing it.
func ContextRacy(ctx context.Context) int {
	j := &Job{}
	context.AfterFunc(ctx, func() { j.n = 1 })
	return j.n // want `j is read after it was passed to context.AfterFunc \(line \d+\); the goroutine may be using it concurrently`
}

// ContextHandoff gives j to the function and never touches it again:
// race-free.
func ContextHandoff(ctx context.Context, out chan int) {
	j := &Job{n: 1}
	context.AfterFunc(ctx, func() { out <- j.n })
}

type Batch struct {
	timer *time.Timer
	n     int
}

// cleanup stops the batch's timer: it reads the field the timer was
// stored in.
func (b *Batch) cleanup() {
	b.timer.Stop()
	b.n = 0
}

// TimerStored stores the timer in the memory its function reads: the
// function runs only after the delay, so the store is not reported.
func TimerStored() *Batch {
	b := &Batch{}
	b.timer = time.AfterFunc(time.Minute, b.cleanup)
	return b
}

// TimerStoredThenWritten stores the timer, then writes what the function
// writes too: reported.
func TimerStoredThenWritten() *Batch {
	b := &Batch{}
	b.timer = time.AfterFunc(time.Minute, b.cleanup)
	b.n = 1 // want `b is written after it was passed to time.AfterFunc \(line \d+\); the goroutine may be using it concurrently`
	return b
}
