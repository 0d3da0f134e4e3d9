package testclients // want package:"lockset summaries"

// This package pins that a test's goroutines are clients: a race between
// two accesses of the package's own code that only a test's schedule
// makes concurrent is left to the package's entry points by default
// (testclients_test.go); what the test touches itself is compared as
// anywhere, and so are the package's own goroutines and shared types.

import "sync"

// Counter holds no lock and starts no goroutine: nothing in the package
// says callers share it.
type Counter struct {
	n, limit int
}

// Add counts up to the limit.
func (c *Counter) Add() {
	if c.n < c.limit {
		c.n++
	}
}

// Value returns the count.
func (c *Counter) Value() int { return c.n }

// Delay is a hook the tests set, under hookMu.
var (
	hookMu sync.Mutex
	Delay  int
)

// Slow reads the hook.
func (c *Counter) Slow() int {
	hookMu.Lock()
	defer hookMu.Unlock()
	return Delay
}

// Queue holds a lock: its exported methods are the package's own entry
// points, whoever calls them.
type Queue struct {
	mu    sync.Mutex
	items []int
	last  int
}

// Push appends v and forgets to keep last under the lock.
func (q *Queue) Push(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.last = v // want `q.last is written in \(\*Queue\)\.Push without a lock and read in \(\*Queue\)\.Last holding q.mu`
}

// Last returns the last value pushed.
func (q *Queue) Last() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.last
}

// Worker runs a goroutine of its own, which the package starts.
type Worker struct {
	result int
}

// Start starts a worker.
func Start() *Worker {
	w := &Worker{}
	go w.run()
	return w
}

func (w *Worker) run() { w.result = 42 } // want `w.result is written in the goroutine started in Start \(line \d+\) via \(\*Worker\)\.run without a lock and read in \(\*Worker\)\.Result without a lock`

// Result reads what the worker wrote.
func (w *Worker) Result() int { return w.result }
