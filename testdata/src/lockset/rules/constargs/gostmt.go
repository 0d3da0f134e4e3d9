package constargs

import "sync"

// A go statement's constant arguments are followed into the goroutine's
// body as a call's are: a mode its arguments rule out does not run.

// Writer flushes on its own goroutine, or on a timer, a mode its loop
// sets under its lock when asked to.
type Writer struct {
	mu        sync.Mutex
	timerMode bool
	queued    int
}

func (w *Writer) run(delay int, useTimer bool) {
	if delay > 0 && useTimer {
		w.mu.Lock()
		w.timerMode = true
		w.mu.Unlock()
		return
	}
	w.mu.Lock()
	w.queued = 0
	w.mu.Unlock()
}

func (w *Writer) enqueue() bool {
	return w.timerMode // want `w.timerMode is read in StartTimed after the go statement via \(\*Writer\).enqueue without a lock and written in the goroutine started in StartTimed \(line \d+\) via \(\*Writer\).run holding w.mu`
}

// StartLoop starts the writer's loop, never in timer mode: quiet.
func StartLoop() bool {
	w := &Writer{}
	go w.run(0, false)
	return w.enqueue()
}

// StartTimed may start it in timer mode: a race.
func StartTimed(d int) bool {
	w := &Writer{}
	go w.run(d, true)
	return w.enqueue()
}
