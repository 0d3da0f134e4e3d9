package testaccessors // want package:"lockset summaries"

// This package pins the rule that, by default, a method a _test.go file
// declares (the export_test.go idiom: an accessor for the package's own
// tests) is not an entry point of its type: tests call it on objects they
// own. The same accessor in the package itself races.

import "sync"

// A Pool counts under its mutex.
type Pool struct {
	mu   sync.Mutex
	n    int
	hits int
}

// Add counts under the lock.
func (p *Pool) Add() {
	p.mu.Lock()
	p.n++
	p.hits++
	p.mu.Unlock()
}

// Hits reads without the lock, in the package: racy.
func (p *Pool) Hits() int {
	return p.hits // want `p.hits is read in \(\*Pool\).Hits without a lock and written in \(\*Pool\).Add holding p.mu`
}
