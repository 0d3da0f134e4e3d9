package strict

import "maps"

// maps.Clone makes a new map holding the old one's keys and values (the
// model's Copies row): the runtime's copy, which the analysis cannot see,
// does not link the copy to the original.

type store struct {
	counts map[string]int
	items  map[string]*item
	out    chan *snapshot
	items2 chan map[string]*item
}

type item struct{ n int }

type snapshot struct {
	counts map[string]int
}

// SnapCounts sends a copy of a map of numbers and keeps counting in the
// original: quiet.
func (s *store) SnapCounts(k string) {
	s.out <- &snapshot{counts: maps.Clone(s.counts)}
	s.counts[k]++
}

// SnapItems sends a copy of a map of pointers: the copy is new, the items
// it holds are not, and one of them is written after the send.
func (s *store) SnapItems(k string) {
	s.items2 <- maps.Clone(s.items) // want `maps.Clone\(s.items\) is sent on s.items2 but stays reachable from s.items\[…\]`
	s.items[k].n++                  // want `s.items\[…\].n is read after maps.Clone\(s.items\), which shares memory with it, was sent on s.items2`
}

// SnapItemsInto writes the copy's items through the copy before sending
// it: they are the original's items, still reachable from s.items.
func (s *store) SnapItemsInto() {
	c := maps.Clone(s.items)
	for _, it := range c {
		it.n = 0
	}
	s.items2 <- c // want `c is sent on s.items2 but stays reachable from s.items\[…\]`
}
