package subfields // want package:"lockset summaries"

// This package tests that a line reaching several fields of one object
// whose pointer is itself racy is reported once, for the pointer
// (reporter.flush in report.go).

import "sync"

type cache struct {
	buf []byte
	wp  int
}

// Block swaps its cache under mu.
type Block struct {
	mu sync.Mutex
	c  *cache
	n  int
}

// Reset replaces the cache and fills it, under the lock.
func (b *Block) Reset(size int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.c = &cache{}
	b.c.buf = make([]byte, size)
	b.c.wp = 0
	b.n++
}

// Pending reads the cache pointer and two of its fields without the
// lock: one report, at the pointer.
func (b *Block) Pending() int {
	return len(b.c.buf) - b.c.wp // want `b.c is read in \(\*Block\).Pending without a lock and written in \(\*Block\).Reset holding b.mu`
}

// Sizes reads two fields of the block itself without the lock: two
// locations, two reports.
func (b *Block) Sizes() (int, *cache) {
	return b.n, b.c // want `b.n is read in \(\*Block\).Sizes without a lock and written in \(\*Block\).Reset holding b.mu` `b.c is read in \(\*Block\).Sizes without a lock and written in \(\*Block\).Reset holding b.mu`
}
