// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// An ObjID names an abstract heap object of one function's analysis.
type ObjID int32

// ObjKind tells where an abstract object comes from.
type ObjKind uint8

const (
	// Alloc is memory allocated in the function: new, &T{}, make, a
	// closure, an escaping local variable.
	Alloc ObjKind = iota
	// Root is the object a port (parameter, receiver, free variable, or
	// the package-level variables) refers to on entry.
	Root
	// Lazy is an object reached from a root on entry through an access
	// path, materialised when the function first loads it.
	Lazy
	// Received is a value received from a channel: the receiver owns it.
	Received
	// CallResult is memory returned by a call that the callee allocated.
	CallResult
)

// GlobalPort is the port of package-level variables in summaries.
const GlobalPort = -1

// NoPort marks objects that did not exist on entry.
const NoPort = -2

// An Object is an abstract heap object.
type Object struct {
	Kind ObjKind
	// Type is the type of the object's memory (for a pointer, what it
	// points to), or nil if unknown.
	Type types.Type
	// Port is the port the object hangs from on entry, or NoPort.
	Port int
	// Name is an access path for messages: "s", "s.list", "new(T)".
	Name string
	// Single says the object stands for one concrete object, so that
	// stores to it may overwrite (strong update).
	Single bool
	// Site is the instruction that created it, for Alloc, Received and
	// Result objects.
	Site ssa.Instruction
	// Shared says the object's type may be shared between goroutines
	// without a transfer (model.Model.Shareable), or the object is a
	// method value bound to such memory (Flow.sharedBound).
	Shared bool

	// linker says the object stands for other objects, linked through
	// it by a call (Flow.merge), not for memory of its own.
	linker bool
	parent ObjID
	key    string
	depth  int
}

// A Loc is a place inside an object: the object and a field path such as
// "next", "hdr.buf", "[]" (elements) or "*" (somewhere unknown).
type Loc struct {
	Obj ObjID
	Key string
}

// A LocSet is a sorted set of locations.
type LocSet []Loc

// compareLocs orders locations by object, then key.
func compareLocs(a, b Loc) int {
	if a.Obj != b.Obj {
		return cmp.Compare(a.Obj, b.Obj)
	}
	return strings.Compare(a.Key, b.Key)
}

// locLess reports whether a sorts before b.
func locLess(a, b Loc) bool { return compareLocs(a, b) < 0 }

// union returns s ∪ t, sharing s when t adds nothing.
func union(s, t LocSet) LocSet {
	if len(t) == 0 {
		return s
	}
	if len(s) == 0 {
		return t
	}
	// Most unions of a fixpoint add nothing: answer those without
	// allocating.
	if subsumes(s, t) {
		return s
	}
	if subsumes(t, s) {
		return t
	}
	out := make(LocSet, 0, len(s)+len(t))
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		switch {
		case s[i] == t[j]:
			out = append(out, s[i])
			i++
			j++
		case locLess(s[i], t[j]):
			out = append(out, s[i])
			i++
		default:
			out = append(out, t[j])
			j++
		}
	}
	out = append(out, s[i:]...)
	out = append(out, t[j:]...)
	if len(out) == len(s) {
		return s
	}
	return canon(out)
}

// subsumes reports whether the canonical set s already holds every
// location of t: the same place, or the whole object ("*").
func subsumes(s, t LocSet) bool {
	return sharesPrefix(s, t) || subsumesByScan(s, t)
}

// subsumesByScan is subsumes by a merge of the two sorted sets.
func subsumesByScan(s, t LocSet) bool {
	i := 0
	for _, l := range t {
		for i < len(s) && s[i].Obj < l.Obj {
			i++
		}
		found := false
		for k := i; k < len(s) && s[k].Obj == l.Obj; k++ {
			if s[k].Key == l.Key || s[k].Key == anyKey {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sharesPrefix reports whether t is a prefix of s in s's own array, so
// that s holds t's locations themselves: the fixpoint's unions and heap
// joins often meet a set with itself, and this answers them without
// comparing locations.
func sharesPrefix(s, t LocSet) bool {
	return len(t) > 0 && len(t) <= len(s) && &s[0] == &t[0]
}

// maxKeysPerObject bounds how many places in one object a set keeps apart;
// beyond it they fold into "somewhere in the object". Without the bound,
// loops over pointers into nested fields multiply the paths a value holds.
const maxKeysPerObject = 4

// canon folds, per object, places subsumed by "*" (and too many places)
// into "*". s must be sorted; it is rewritten in place.
func canon(s LocSet) LocSet {
	out := s[:0]
	for i := 0; i < len(s); {
		j := i
		hasAny := false
		for j < len(s) && s[j].Obj == s[i].Obj {
			hasAny = hasAny || s[j].Key == anyKey
			j++
		}
		if hasAny || j-i > maxKeysPerObject {
			out = append(out, Loc{s[i].Obj, anyKey})
		} else {
			out = append(out, s[i:j]...)
		}
		i = j
	}
	return out
}

func makeSet(locs ...Loc) LocSet {
	s := LocSet(locs)
	slices.SortFunc(s, compareLocs) // sort.Slice's order, without reflection
	out := s[:0]
	for i, l := range s {
		if i == 0 || l != s[i-1] {
			out = append(out, l)
		}
	}
	return canon(out)
}

func equalSets(s, t LocSet) bool {
	if len(s) != len(t) {
		return false
	}
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

// weak turns every location into "somewhere in the object": what a summary
// or an unknown callee links can no longer be overwritten precisely.
func weak(s LocSet) LocSet {
	if len(s) == 0 {
		return nil
	}
	out := make([]Loc, len(s))
	for i, l := range s {
		out[i] = Loc{l.Obj, anyKey}
	}
	return makeSet(out...)
}

const (
	anyKey  = "*"
	elemKey = "[]"
)

// maxKeyDepth bounds field paths; deeper paths fold into their prefix.
const maxKeyDepth = 4

// subKey extends a field path, folding paths that grow too deep.
func subKey(k, field string) string {
	switch {
	case k == anyKey:
		return anyKey
	case strings.HasSuffix(k, ".*"):
		return k
	case k == "":
		return field
	case strings.Count(k, ".") >= maxKeyDepth-1:
		return k + ".*"
	}
	return k + "." + field
}

// strongKey reports whether a store to key may overwrite what was there:
// element and unknown locations stand for many places.
func strongKey(k string) bool {
	return !strings.Contains(k, elemKey) && !strings.Contains(k, anyKey)
}

// related reports whether the memory at paths a and b may overlap: one is
// a prefix of the other, or either is unknown.
func related(a, b string) bool {
	if a == b || a == "" || b == "" || a == anyKey || b == anyKey {
		return true
	}
	if strings.HasSuffix(a, ".*") && strings.HasPrefix(b, a[:len(a)-1]) {
		return true
	}
	if strings.HasSuffix(b, ".*") && strings.HasPrefix(a, b[:len(b)-1]) {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(b, a) && b[len(a)] == '.'
}

// covers reports whether a store at path a determines the memory at b.
func covers(a, b string) bool {
	return a == "" || a == b || (strings.HasPrefix(b, a) && b[len(a)] == '.')
}

// An ObjSet is a set of abstract objects as a bitmap.
type ObjSet []uint64

// Add adds o to the set, growing it as needed.
func (s *ObjSet) Add(o ObjID) bool {
	w := int(o) / 64
	for len(*s) <= w {
		*s = append(*s, 0)
	}
	bit := uint64(1) << (uint(o) % 64)
	if (*s)[w]&bit != 0 {
		return false
	}
	(*s)[w] |= bit
	return true
}

// Has reports whether o is in the set.
func (s ObjSet) Has(o ObjID) bool {
	w := int(o) / 64
	return w < len(s) && s[w]&(1<<(uint(o)%64)) != 0
}

// Intersects reports whether s and t share an object.
func (s ObjSet) Intersects(t ObjSet) bool {
	for i := 0; i < len(s) && i < len(t); i++ {
		if s[i]&t[i] != 0 {
			return true
		}
	}
	return false
}

// IntersectsBesides reports whether s and t share an object other than o.
func (s ObjSet) IntersectsBesides(t ObjSet, o ObjID) bool {
	w, bit := int(o)/64, uint64(1)<<(uint(o)%64)
	for i := 0; i < len(s) && i < len(t); i++ {
		x := s[i] & t[i]
		if i == w {
			x &^= bit
		}
		if x != 0 {
			return true
		}
	}
	return false
}

// IsGlobals reports whether o is the object that stands for all
// package-level memory.
func (o *Object) IsGlobals() bool { return o.Kind == Root && o.Port == GlobalPort }

// Each calls f for each object in increasing order.
func (s ObjSet) Each(f func(ObjID)) {
	for w, word := range s {
		for word != 0 {
			b := 0
			for word&(1<<uint(b)) == 0 {
				b++
			}
			word &^= 1 << uint(b)
			f(ObjID(w*64 + b))
		}
	}
}
