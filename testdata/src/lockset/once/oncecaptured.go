package once

import "sync"

// A Once reached through a variable that the function passed to Do
// captures is the Once other frames name through the field: the teardown
// runs once, whichever of Close and the worker gets there first.

type teardown struct {
	mu   sync.Mutex
	done bool
	once sync.Once
}

type Worker struct {
	mu      sync.Mutex
	n       int
	td      *teardown
	refresh *int
	cache   *int
}

func (w *Worker) stopRefresh() {
	if w.refresh != nil {
		w.refresh = nil
	}
}

// stop runs the teardown once: quiet.
func (w *Worker) stop() {
	td := w.td
	if td == nil {
		return
	}
	body := func() {
		td.mu.Lock()
		td.done = true
		td.mu.Unlock()
		w.stopRefresh()
	}
	td.once.Do(body)
}

func (w *Worker) Start() {
	w.td = &teardown{}
	go func() {
		defer w.stop()
		w.Inc()
	}()
}

func (w *Worker) Close() { w.stop() }

func (w *Worker) Inc() {
	w.mu.Lock()
	w.n++
	w.mu.Unlock()
}

// Drop clears the cache inside the teardown's Once, which does not guard
// Reset's write: racy.
func (w *Worker) Drop() {
	td := w.td
	if td == nil {
		return
	}
	td.once.Do(func() { w.cache = nil })
}

func (w *Worker) Reset() {
	w.cache = new(int) // want `w.cache is written in \(\*Worker\).Reset without a lock and written in \(\*Worker\).Drop inside w.td.once.Do`
}
