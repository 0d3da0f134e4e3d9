package handedtypes // want package:"lockset summaries"

import (
	"sync"
	"time"
)

// Worker starts a closure over itself, which outlives Start.
type Worker struct{ state int }

// Start starts it.
func (w *Worker) Start() {
	go func() {
		for {
			w.state++ // want `w.state is written in the goroutine started in \(\*Worker\).Start \(line \d+\) without a lock and read in \(\*Worker\).State without a lock`
			time.Sleep(time.Millisecond)
		}
	}()
}

// State reads what the goroutine writes.
func (w *Worker) State() int { return w.state }

// Debouncer's timer callback sets a flag.
type Debouncer struct{ fired bool }

// Arm arms the timer.
func (d *Debouncer) Arm() {
	time.AfterFunc(time.Millisecond, func() { d.fired = true }) // want `d.fired is written in the goroutine started in \(\*Debouncer\).Arm \(line \d+\) without a lock and read in \(\*Debouncer\).Fired without a lock`
}

// Fired reads the flag.
func (d *Debouncer) Fired() bool { return d.fired }

// Batch hands itself to a goroutine that Compute waits for: race-free.
type Batch struct{ sum int }

// Compute joins its goroutine before it returns.
func (b *Batch) Compute(xs []int) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, x := range xs {
			b.sum += x
		}
	}()
	wg.Wait()
}

// Sum reads after the join.
func (b *Batch) Sum() int { return b.sum }

// Ticker's goroutine writes under the lock its reader takes: race-free.
type Ticker struct {
	mu    sync.Mutex
	ticks int
}

// Start starts the goroutine.
func (t *Ticker) Start() {
	go func() {
		for range time.Tick(time.Millisecond) {
			t.mu.Lock()
			t.ticks++
			t.mu.Unlock()
		}
	}()
}

// Ticks reads under the lock.
func (t *Ticker) Ticks() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ticks
}
