package initmethods // want package:"lockset summaries"

// This package pins the Init convention (initmethods.go): an exported
// method named Init initialises its receiver before the owner shares it
// (internal/poll's FD.Init, container/list's List.Init), so by default
// it is no entry point of a type whose concurrency is only inferred. Its
// writes still race with the accesses of a goroutine it starts, and a
// Reset that writes the same fields is an entry point as before.

import (
	"sync"
	"sync/atomic"
)

// FD is internal/poll's: quiet.
type FD struct {
	mu       sync.Mutex
	sysfd    int
	blocking uint32
}

// Init sets the descriptor up before use.
func (fd *FD) Init(sysfd int, pollable bool) {
	fd.sysfd = sysfd
	if !pollable {
		fd.blocking = 1
	}
}

// SetBlocking marks the descriptor blocking.
func (fd *FD) SetBlocking() {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	atomic.StoreUint32(&fd.blocking, 1)
}

// Fd returns the descriptor.
func (fd *FD) Fd() int {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	return fd.sysfd
}

// Conn resets its state in Reset, which runs beside Read: racy.
type Conn struct {
	mu   sync.Mutex
	read int
}

// Reset clears the counter without the lock.
func (c *Conn) Reset() {
	c.read = 0 // want `c.read is written in \(\*Conn\).Reset without a lock and read in \(\*Conn\).Read holding c.mu`
}

// Read counts under the lock.
func (c *Conn) Read() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read++
	return c.read
}

// Worker starts its loop in Init: the loop's write races with Init's
// own later write.
type Worker struct {
	mu    sync.Mutex
	state int
}

// Init starts the loop, then sets the state.
func (w *Worker) Init() {
	go w.loop()
	w.state = 1 // want `w.state is written in \(\*Worker\).Init after the go statement without a lock and written in the goroutine started in \(\*Worker\).Init \(line \d+\) via \(\*Worker\).loop holding w.mu`
}

func (w *Worker) loop() {
	w.mu.Lock()
	w.state = 2
	w.mu.Unlock()
}
