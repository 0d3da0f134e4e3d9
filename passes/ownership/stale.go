// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/passes/taint"
)

// Memory allocated anew on a path after a transfer holds only what the
// path stored into it. The heap analysis gives every iteration's instance
// of an allocation one object, so a value built anew this iteration and
// an earlier iteration's value, carried over by a phi or loaded back from
// a field, look the same: storing the older one into the new memory
// (`if id == 0 { keys = last }; ch <- &Conf{Keys: keys}`) hands over again
// what an earlier iteration sent. staleStored finds those older values,
// so that the walker does not count their objects as made anew (renewed).

// maxStaleDepth bounds how deep staleStored follows new memory stored into
// new memory.
const maxStaleDepth = 4

// staleStored returns the locations of the values older than the path
// that the path may have stored into v's memory, v being memory made on
// the path. For memory the function allocated it looks at what the
// function stores into the allocation (its fields, elements, map entries,
// what appends and copies add), and into new memory stored there in turn.
// An allocation handed to a call other than at, the instruction being
// judged, may have had anything stored into it: then every value the walk
// found old counts. Memory made elsewhere (received, returned new by a
// call) is what the rule of made memory trusts, as before: nil.
func (w *walker) staleStored(v ssa.Value, cur fresh, at ssa.Instruction) taint.LocSet {
	s := &staleScan{w: w, cur: cur, at: at, seen: make(map[ssa.Value]bool), scanned: make(map[ssa.Value]bool)}
	s.value(v, 0, false)
	if s.unknown {
		var all taint.LocSet
		for u := range w.stale {
			all = append(all, w.fl.Locs(u)...)
		}
		return all
	}
	return s.locs
}

// A staleScan collects the older values stored into new memory.
type staleScan struct {
	w       *walker
	cur     fresh
	at      ssa.Instruction
	seen    map[ssa.Value]bool
	scanned map[ssa.Value]bool
	locs    taint.LocSet
	unknown bool
}

// value looks at what was stored into the memory of v, a value made on
// the path, or at v itself when it is older. vouched says v is an edge of
// a phi made on the path: a phi is new on a path only if the edge it took
// there was (merging paths keeps the oldest), so its edges hold new memory
// where the phi holds them, even those the merge of the paths forgot (a
// slice a loop appends to only under a condition).
func (s *staleScan) value(v ssa.Value, depth int, vouched bool) {
	if s.unknown || s.seen[v] {
		return
	}
	s.seen[v] = true
	if s.w.ageOf(v, s.cur) == oldMemory && !vouched {
		s.locs = append(s.locs, s.w.fl.Locs(v)...)
		return
	}
	if depth > maxStaleDepth {
		s.unknown = true
		return
	}
	switch x := v.(type) {
	case *ssa.Const:
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		s.storesInto(x, depth)
	case *ssa.Phi:
		for _, e := range x.Edges {
			s.value(e, depth+1, true)
		}
	case *ssa.MakeInterface:
		s.value(x.X, depth+1, false)
	case *ssa.ChangeType:
		s.value(x.X, depth+1, false)
	case *ssa.Slice:
		s.value(x.X, depth+1, false)
	case *ssa.FieldAddr:
		s.value(x.X, depth+1, false)
	case *ssa.IndexAddr:
		s.value(x.X, depth+1, false)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				s.value(a, depth+1, false)
			}
			s.storesInto(x, depth)
		}
		// Anything else made on the path (received, returned new by a
		// call) is trusted by the rule of made memory.
	}
}

// storesInto looks at what the function stores into the memory a denotes
// or addresses: through field and element addresses, map updates,
// appends and copies, and the values derived from it.
func (s *staleScan) storesInto(a ssa.Value, depth int) {
	refs := a.Referrers()
	if refs == nil || s.scanned[a] {
		return
	}
	s.scanned[a] = true
	for _, r := range *refs {
		if s.unknown {
			return
		}
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				s.value(r.Val, depth+1, false)
			}
		case *ssa.MapUpdate:
			if r.Map == a {
				s.value(r.Key, depth+1, false)
				s.value(r.Value, depth+1, false)
			}
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Phi:
			s.storesInto(r.(ssa.Value), depth)
		case *ssa.UnOp, *ssa.Lookup, *ssa.Range, *ssa.DebugRef, *ssa.Field, *ssa.Index,
			*ssa.BinOp, *ssa.TypeAssert, *ssa.Extract, *ssa.Next:
			// Reads: nothing is stored into it.
		case *ssa.Send:
			// Whoever receives it may store into it, unless this is
			// the access being judged.
			if r != s.at {
				s.unknown = true
			}
		case ssa.CallInstruction:
			s.call(r, a, depth)
		default:
			s.unknown = true
		}
	}
}

// call judges a call that is handed a, memory made on the path.
func (s *staleScan) call(r ssa.CallInstruction, a ssa.Value, depth int) {
	c := r.Common()
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append", "copy":
			if len(c.Args) == 2 && c.Args[0] == a {
				s.value(c.Args[1], depth+1, false)
			}
			if v := r.Value(); v != nil && b.Name() == "append" {
				s.storesInto(v, depth)
			}
			return
		case "len", "cap", "print", "println":
			return
		case "ssa:wrapnilchk":
			s.storesInto(r.Value(), depth)
			return
		}
	}
	if r == s.at {
		return // the access being judged: what it does comes after
	}
	s.unknown = true
}
