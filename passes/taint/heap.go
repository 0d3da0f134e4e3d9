// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"maps"
	"sort"
)

// A field is what one path of an object may point to.
type field struct {
	key  string
	locs LocSet
}

// A Heap is the abstract heap at one program point: for each object, what
// each of its field paths may point to. Heaps share their field slices;
// every update copies what it changes, so a Heap handed out stays valid.
type Heap struct {
	m map[ObjID][]field
}

func newHeap() Heap { return Heap{m: make(map[ObjID][]field)} }

// clone returns a copy of h that shares its field lists, which writes
// replace rather than modify. maps.Clone copies the table wholesale.
func (h Heap) clone() Heap {
	m := maps.Clone(h.m)
	if m == nil {
		m = make(map[ObjID][]field)
	}
	return Heap{m: m}
}

// read returns what the memory at l may point to.
func (h Heap) read(l Loc) LocSet {
	var out LocSet
	for _, f := range h.m[l.Obj] {
		if related(f.key, l.Key) {
			out = union(out, f.locs)
		}
	}
	return out
}

// hasCover reports whether some field of o determines the memory at key,
// so that its initial content is already represented.
func (h Heap) hasCover(o ObjID, key string) bool {
	for _, f := range h.m[o] {
		if covers(f.key, key) || f.key == anyKey {
			return true
		}
	}
	return false
}

// write stores locs at l, replacing what was there if strong.
func (h Heap) write(l Loc, locs LocSet, strong bool) {
	old := h.m[l.Obj]
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
		sort.Slice(fs, func(i, j int) bool { return fs[i].key < fs[j].key })
	}
	h.m[l.Obj] = fs
}

// join merges other into h and reports whether h grew.
func (h Heap) join(other Heap) bool {
	changed := false
	for o, ofs := range other.m {
		fs, ok := h.m[o]
		if !ok {
			h.m[o] = ofs
			changed = true
			continue
		}
		if sameFields(fs, ofs) {
			continue
		}
		merged := mergeFields(fs, ofs)
		if !sameFields(fs, merged) {
			h.m[o] = merged
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
	if len(h.m) != len(other.m) {
		return false
	}
	for o, fs := range h.m {
		ofs, ok := other.m[o]
		if !ok || !sameFields(fs, ofs) {
			return false
		}
	}
	return true
}

// pointees calls f for every location o's fields may point to.
func (h Heap) pointees(o ObjID, f func(LocSet)) {
	for _, fl := range h.m[o] {
		f(fl.locs)
	}
}

// Fields calls f for each field path of o and what it may point to.
func (h Heap) Fields(o ObjID, f func(key string, locs LocSet)) {
	for _, fl := range h.m[o] {
		f(fl.key, fl.locs)
	}
}
