// Package lifted holds machine loops that reset a field after sending
// what it held. With xsa (-ownership.xsa), the ownership pass follows what
// the fields of the machine hold on each path, as P#'s cross-state
// analysis does by lifting them to parameters: a load after the reset
// reads new memory.
package lifted

// Item is what the machines collect.
type Item struct{ V int }

type add struct{ it *Item }
type get struct{}

// Collector resets its list after sending it: the next add appends to a
// new list. Quiet.
type Collector struct {
	inbox chan any
	out   chan []*Item
	list  []*Item
}

func (c *Collector) run() {
	for ev := range c.inbox {
		switch e := ev.(type) {
		case add:
			c.list = append(c.list, e.it)
		case get:
			c.out <- c.list
			c.list = make([]*Item, 0, 8)
		}
	}
}

// Sloppy resets its list only when the receiver asked for it.
type Sloppy struct {
	inbox chan any
	out   chan []*Item
	list  []*Item
	reset bool
}

func (s *Sloppy) run() {
	for ev := range s.inbox {
		switch e := ev.(type) {
		case add:
			s.list = append(s.list, e.it) // want `s.list is written after it was sent on s.out`
		case get:
			s.out <- s.list
			if s.reset {
				s.list = nil
			}
		}
	}
}

// Helper resets the list through a method, which may store anything:
// the path forgets the reset, and the report stays.
type Helper struct {
	inbox chan any
	out   chan []*Item
	list  []*Item
}

func (h *Helper) run() {
	for ev := range h.inbox {
		switch e := ev.(type) {
		case add:
			h.list = append(h.list, e.it) // want `h.list is written after it was sent on h.out`
		case get:
			h.out <- h.list
			h.list = nil
			h.touch()
		}
	}
}

func (h *Helper) touch() {}

// Start runs the machines.
func Start() {
	go (&Collector{inbox: make(chan any), out: make(chan []*Item)}).run()
	go (&Sloppy{inbox: make(chan any), out: make(chan []*Item)}).run()
	go (&Helper{inbox: make(chan any), out: make(chan []*Item)}).run()
}
