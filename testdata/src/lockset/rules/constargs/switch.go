package constargs

import "sync"

// A switch on a string parameter is a chain of comparisons with
// constants: a constant argument picks its case.

type Resolver struct {
	mu    sync.Mutex
	cache map[string]int
	hits  int
}

func (r *Resolver) lookup(network string) {
	switch network {
	case "tcp", "udp":
		return
	case "cached":
		r.hits++ // want `r.hits is read in \(\*Resolver\).LookupCached via \(\*Resolver\).lookup without a lock and written in \(\*Resolver\).Refresh holding r.mu`
	}
}

// LookupTCP never reaches the write of r.hits. Quiet.
func (r *Resolver) LookupTCP() { r.lookup("tcp") }

// LookupCached writes r.hits without r.mu. Reported.
func (r *Resolver) LookupCached() { r.lookup("cached") }

func (r *Resolver) Refresh() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hits = 0
	r.cache = nil
}

// bounded writes r.hits only above a limit: a constant below it is quiet.
func (r *Resolver) bounded(n int) {
	if n > 8 {
		r.hits = n // want `r.hits is written in \(\*Resolver\).Large via \(\*Resolver\).bounded without a lock and written in \(\*Resolver\).Refresh holding r.mu`
	}
}

// Small never writes r.hits. Quiet.
func (r *Resolver) Small() { r.bounded(2) }

// Large does. Reported.
func (r *Resolver) Large() { r.bounded(16) }

// debugHits is a compile-time switch, off.
const debugHits = false

// Trace writes r.hits only in debug builds: the branch never runs. Quiet.
func (r *Resolver) Trace() {
	if debugHits {
		r.hits++
	}
}

// Count writes r.hits whenever it is not in a debug build. Reported.
func (r *Resolver) Count() {
	if !debugHits {
		r.hits++ // want `r.hits is read in \(\*Resolver\).Count without a lock and written in \(\*Resolver\).Refresh holding r.mu`
	}
}
