// Package racy is the module the golangci-lint plugin's test lints: each
// analyzer of the suite reports at least once on it, and the test checks
// that golangci-lint reports what go vet -vettool=psharpvet does.
package racy

import "sync"

// Order is a message handed from a shop to its packer.
type Order struct {
	ID    int
	Items []string
}

// Shop sends orders to its packer and remembers the last one.
type Shop struct {
	orders chan *Order
	last   *Order
}

// Place sends an order and then writes it, while the packer that received
// it may be reading it (ownership), and keeps it in s.last, which Last
// reads (xsa).
func (s *Shop) Place(id int, items []string) {
	o := &Order{ID: id, Items: items}
	s.last = o
	s.orders <- o
	o.Items = append(o.Items, "receipt")
}

// Last returns the number of items of the last order placed, which
// Place writes after it sent the order (the ID, never written after
// construction, xsa would let Last read).
func (s *Shop) Last() int {
	return len(s.last.Items)
}

// Counter counts hits: Hits reads the count under mu, but the goroutine
// that Start runs writes it without the lock (lockset).
type Counter struct {
	mu   sync.Mutex
	hits int
}

// Start counts one hit on another goroutine.
func (c *Counter) Start() {
	go func() {
		c.hits++
	}()
}

// Hits returns the count.
func (c *Counter) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

// Forward hands a fresh order to the packer and never touches it again:
// the ignore comment below gives no reason and silences nothing
// (ignores).
func (s *Shop) Forward(id int) {
	//psharpvet:ignore
	s.orders <- &Order{ID: id}
}

// Audit is misdeclared: //psharpvet:shared belongs on a type (concur).
//
//psharpvet:shared
func Audit(s *Shop) int {
	return s.Last()
}
