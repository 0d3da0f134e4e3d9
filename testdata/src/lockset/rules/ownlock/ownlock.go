package ownlock // want package:"lockset summaries"

import "sync"

// This package pins the evidence that two methods of a type that holds a
// mutex share a location: an access under a lock of the same object, in a
// once.Do or atomically; for a package-level location, under a
// package-level lock. A package-level lock held over a field of some
// object serialises something else.

var runLock sync.Mutex // serialises runs, not benchmarks' fields

type Bench struct {
	mu      sync.Mutex
	timerOn bool
	out     []string
}

// StartTimer is called by the benchmark that owns b.
func (b *Bench) StartTimer() { b.timerOn = true }

func (b *Bench) run() {
	runLock.Lock()
	defer runLock.Unlock()
	b.timerOn = false
}

// Run holds the package-level runLock over b.timerOn: no evidence that
// StartTimer runs concurrently with it. Quiet.
func (b *Bench) Run() { b.run() }

func (b *Bench) Log(s string) {
	b.mu.Lock()
	b.out = append(b.out, s)
	b.mu.Unlock()
}

// Output skips the lock Log takes on b.out: reported.
func (b *Bench) Output() []string {
	return b.out // want `b.out is read in \(\*Bench\).Output without a lock and written in \(\*Bench\).Log holding b.mu`
}

var total int

func (b *Bench) Add() {
	runLock.Lock()
	total++
	runLock.Unlock()
}

// Total skips the package-level lock over a package-level variable:
// reported.
func (b *Bench) Total() int {
	return total // want `total is read in \(\*Bench\).Total without a lock and written in \(\*Bench\).Add holding runLock`
}

// conn is the connection a response writes to; its mu guards its own
// fields.
type conn struct {
	mu       sync.Mutex
	hijacked bool
	bufw     []byte
}

// response holds a lock of its own, for other fields.
type response struct {
	mu      sync.Mutex
	conn    *conn
	w       []byte
	written int
}

// A handler gets its response as an interface, as net/http's handlers
// do: code outside the package calls the response's methods.
type ResponseWriter interface{ Write(p []byte) }

// Hijacker is the optional interface a handler asserts its
// ResponseWriter to, as net/http's: Hijack can be called from outside.
type Hijacker interface{ Hijack() []byte }

func newResponse(c *conn) ResponseWriter { return &response{conn: c} }

// Write is called by the handler that owns w.
func (w *response) Write(p []byte) {
	w.w = append(w.w, p...)
	w.conn.bufw = append(w.conn.bufw, p...) // want `w.conn.bufw is written in \(\*response\).Write without a lock and read in \(\*response\).Hijack holding w.conn.mu`
}

// Hijack holds the connection's lock, which guards the connection's
// fields, not the response's own w.w: no evidence that Write runs
// concurrently with it on w.w (quiet), but some on w.conn.bufw
// (reported).
func (w *response) Hijack() []byte {
	w.conn.mu.Lock()
	defer w.conn.mu.Unlock()
	w.conn.hijacked = true
	w.w = nil
	return w.conn.bufw
}
