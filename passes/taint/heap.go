// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"maps"
	"slices"
	"strings"
)

// A field is what one path of an object may point to.
type field struct {
	key  string
	locs LocSet
}

// A Heap is the abstract heap at one program point: for each object, what
// each of its field paths may point to. Heaps share their field slices;
// every update copies what it changes, so a Heap handed out stays valid.
//
// Copies of a Heap value are the same heap, as with a map. clone makes a
// new heap that shares the table with its source until either is written
// (copy on write): the dataflow clones the heap at every block of every
// pass and every walk, and many blocks change nothing, or change it only
// after the fixpoint has settled.
type Heap struct {
	s *heapState
}

// heapState holds a heap's table. lent says the table may be shared with
// another heapState (clone): the first write to either copies it. A table
// whose state is not lent belongs to that state alone.
type heapState struct {
	m    map[ObjID][]field
	lent bool
}

func newHeap() Heap { return Heap{&heapState{m: make(map[ObjID][]field)}} }

// valid reports whether h is a heap, not the zero Heap of a block the
// dataflow has not reached.
func (h Heap) valid() bool { return h.s != nil }

// clone returns a copy of h that shares its field lists, which writes
// replace rather than modify, and its table until one of them is written.
func (h Heap) clone() Heap {
	if h.s == nil {
		return newHeap()
	}
	h.s.lent = true
	return Heap{&heapState{m: h.s.m, lent: true}}
}

// own returns h's table for writing, copying it first if it is lent.
func (h Heap) own() map[ObjID][]field {
	if h.s.lent {
		h.s.m = maps.Clone(h.s.m)
		h.s.lent = false
	}
	return h.s.m
}

// read returns what the memory at l may point to.
func (h Heap) read(l Loc) LocSet {
	var out LocSet
	for _, f := range h.s.m[l.Obj] {
		if related(f.key, l.Key) {
			out = union(out, f.locs)
		}
	}
	return out
}

// hasCover reports whether some field of o determines the memory at key,
// so that its initial content is already represented.
func (h Heap) hasCover(o ObjID, key string) bool {
	for _, f := range h.s.m[o] {
		if covers(f.key, key) || f.key == anyKey {
			return true
		}
	}
	return false
}

// write stores locs at l, replacing what was there if strong.
func (h Heap) write(l Loc, locs LocSet, strong bool) {
	old := h.s.m[l.Obj]
	// Most writes of a fixpoint's later passes store what the heap holds
	// already: those neither copy the fields nor take a lent table.
	if !writeChanges(old, l.Key, locs, strong) {
		return
	}
	fs := make([]field, 0, len(old)+1)
	done := false
	for _, f := range old {
		switch {
		case f.key == l.Key:
			if strong {
				fs = append(fs, field{f.key, locs})
			} else {
				fs = append(fs, field{f.key, union(f.locs, locs)})
			}
			done = true
		case strong && covers(l.Key, f.key):
			// overwritten by the store
		default:
			fs = append(fs, f)
		}
	}
	if !done {
		if len(locs) == 0 && !strong {
			return
		}
		fs = append(fs, field{l.Key, locs})
		// slices.SortFunc sorts as sort.Slice did (the same pdqsort)
		// without its reflection and allocation.
		slices.SortFunc(fs, func(a, b field) int { return strings.Compare(a.key, b.key) })
	}
	h.own()[l.Obj] = fs
}

// writeChanges reports whether write(Loc{o, key}, locs, strong) changes
// fs, the fields of o: it adds to or replaces the field at key, or a
// strong write drops a field below key.
func writeChanges(fs []field, key string, locs LocSet, strong bool) bool {
	found := false
	for _, f := range fs {
		switch {
		case f.key == key:
			if strong && !equalSets(f.locs, locs) || !strong && !subsumes(f.locs, locs) {
				return true
			}
			found = true
		case strong && covers(key, f.key):
			return true
		}
	}
	return !found && (strong || len(locs) > 0)
}

// join merges other into h and reports whether h grew.
func (h Heap) join(other Heap) bool {
	changed := false
	for o, ofs := range other.s.m {
		fs, ok := h.s.m[o]
		if !ok {
			h.own()[o] = ofs
			changed = true
			continue
		}
		if holdsFields(fs, ofs) {
			continue
		}
		merged := mergeFields(fs, ofs)
		if !sameFields(fs, merged) {
			h.own()[o] = merged
			changed = true
		}
	}
	return changed
}

func mergeFields(a, b []field) []field {
	out := make([]field, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].key == b[j].key:
			out = append(out, field{a[i].key, union(a[i].locs, b[j].locs)})
			i++
			j++
		case a[i].key < b[j].key:
			out = append(out, a[i])
			i++
		default:
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// holdsFields reports whether a already holds everything b does, so that
// mergeFields(a, b) would equal a: every key of b is a key of a whose set
// subsumes b's. Both are sorted by key.
func holdsFields(a, b []field) bool {
	if len(b) > len(a) {
		return false
	}
	i := 0
	for _, f := range b {
		for i < len(a) && a[i].key < f.key {
			i++
		}
		if i == len(a) || a[i].key != f.key || !subsumes(a[i].locs, f.locs) {
			return false
		}
		i++
	}
	return true
}

func sameFields(a, b []field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].key != b[i].key || !equalSets(a[i].locs, b[i].locs) {
			return false
		}
	}
	return true
}

func (h Heap) equal(other Heap) bool {
	if len(h.s.m) != len(other.s.m) {
		return false
	}
	for o, fs := range h.s.m {
		ofs, ok := other.s.m[o]
		if !ok || !sameFields(fs, ofs) {
			return false
		}
	}
	return true
}

// pointees calls f for every location o's fields may point to.
func (h Heap) pointees(o ObjID, f func(LocSet)) {
	for _, fl := range h.s.m[o] {
		f(fl.locs)
	}
}

// Fields calls f for each field path of o and what it may point to.
func (h Heap) Fields(o ObjID, f func(key string, locs LocSet)) {
	for _, fl := range h.s.m[o] {
		f(fl.key, fl.locs)
	}
}
