// Package plain holds plain-Go machines (goroutines and channels) for the
// xsa pass: memory sent from a field, with and without the reset that
// P#'s cross-state analysis needs to see (PLDI'15 Example 5.5).
package plain

// Item is what the list managers collect.
type Item struct{ V int }

type add struct{ it *Item }
type get struct{}

// ListManager is Example 5.5, repaired: it builds a list over several
// messages and sends it on get, then resets the field, so the next add
// appends to a new list. Quiet with xsa; -xsa=false reports it.
type ListManager struct {
	inbox chan any
	out   chan []*Item
	list  []*Item
}

func (m *ListManager) run() {
	for ev := range m.inbox {
		switch e := ev.(type) {
		case add:
			m.list = append(m.list, e.it)
		case get:
			m.out <- m.list
			m.list = nil
		}
	}
}

// LeakyManager is Example 4.2 unrepaired: the next add appends to the
// list the receiver now owns.
type LeakyManager struct {
	inbox chan any
	out   chan []*Item
	list  []*Item
}

func (m *LeakyManager) run() {
	for ev := range m.inbox {
		switch e := ev.(type) {
		case add:
			m.list = append(m.list, e.it)
		case get:
			m.out <- m.list // want `m.list is sent on m.out but stays reachable from m.list`
		}
	}
}

// Start runs the managers.
func Start() {
	go (&ListManager{inbox: make(chan any), out: make(chan []*Item)}).run()
	go (&LeakyManager{inbox: make(chan any), out: make(chan []*Item)}).run()
}
