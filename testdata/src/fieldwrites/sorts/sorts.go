package sorts // want package:` written\(\[\]fieldwrites/sorts.Member, \[\]int, fieldwrites/sorts.Ring.ids\)}$`

// This package tests the calls that write a slice's elements in place
// (the model's writeselems rows): sorting or compacting a slice a method
// reaches writes its elements; doing it to a copy the method made does
// not.

import (
	"slices"
	"sort"
)

// Member is an element of a ring.
type Member struct {
	ID int
}

// Ring holds slices that its methods reorder, copy or only read.
type Ring struct {
	members []Member
	ids     []int
	names   []string
}

// Sort sorts the members in place: their array is written.
func (r *Ring) Sort() {
	sort.Slice(r.members, func(i, j int) bool { return r.members[i].ID < r.members[j].ID })
}

// Compact drops negative ids in place: their array is written.
func (r *Ring) Compact() {
	r.ids = slices.DeleteFunc(r.ids, func(id int) bool { return id < 0 })
}

// Sorted sorts a copy of the names it makes itself: quiet.
func (r *Ring) Sorted() []string {
	s := make([]string, len(r.names))
	copy(s, r.names)
	slices.Sort(s)
	return s
}
