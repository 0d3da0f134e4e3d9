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
