// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file is the fixed flag of the default reading, rueidis' Lua:
//
//	func WithLoadSHA1(enabled bool) LuaOption {
//		return func(l *Lua) { l.loadSha1 = enabled }
//	}
//	func (s *Lua) Exec(…) {
//		if s.loadSha1 {
//			s.sha1Mu.Lock()
//			s.sha1 = … // made only on scripts that load their SHA-1
//			s.sha1Mu.Unlock()
//		} else {
//			scriptSha1 = s.sha1 // made only on scripts that do not
//		}
//
// A field is fixed (fixedFlagFields) when the package sets it only on an
// object the setting function has just allocated (a constructor, a
// composite literal) or through the parameter of a function literal of
// type func(*T) (a functional option, applied while the object is made),
// and never stores a whole value of its struct. An access made only
// where an unlocked or locked test of a fixed field of an object found it
// zero (fixedZeroMark in Access.Guards) and one made only where a test
// of the same field found it set (fixedSetMark) never run on one object:
// its field keeps the value it was made with. They are not paired
// (fixedExclusive) when both are fields of the object whose field was
// tested; a guard on another object says nothing of theirs.
//
// What the rule trades: an option applied to an object after it was
// shared, or a constructor's store made after it published the object,
// is taken as made before; an exported field, which importers may set at
// any time, is never fixed. The strict reading has no fixed fields.

// fixedZeroMark and fixedSetMark end the guard of an access made only
// where a fixed field was zero, and only where it was not.
const (
	fixedZeroMark = "fixed0"
	fixedSetMark  = "fixed1"
)

// fixedFlagFields returns the unexported fields of the package's types
// that its functions test against their zero value and set only while
// their object is made (see above). The strict reading has none.
func (c *checker) fixedFlagFields(ff *fieldFacts) map[*types.Var]bool {
	if c.model.Strict {
		return nil
	}
	var out map[*types.Var]bool
	for f := range ff.zeroTested {
		if f.Exported() || ff.escaped[f] || slices.ContainsFunc(ff.stores[f], func(s fieldStore) bool { return !s.made }) {
			continue
		}
		if out == nil {
			out = make(map[*types.Var]bool)
		}
		out[f] = true
	}
	return out
}

// fixedGuards returns, memoised, the guards of the accesses in each
// block of fn: the fixed fields that a test dominating the block found
// zero (fixedZeroMark) or set (fixedSetMark), on a branch that only that
// test leads to.
func (c *checker) fixedGuards(fn *ssa.Function) map[*ssa.BasicBlock][]string {
	if len(c.fixedFlags) == 0 {
		return nil
	}
	if m, ok := c.fixedIndex[fn]; ok {
		return m
	}
	branches := make(map[*ssa.BasicBlock][]string) // the first block of each branch
	for _, t := range fn.Blocks {
		g, zero, nonZero := c.fieldZeroTest(t, c.fixedFlags)
		if g == "" {
			continue
		}
		if len(zero.Preds) == 1 {
			branches[zero] = union(branches[zero], []string{observation(g, "") + obsSep + fixedZeroMark})
		}
		if len(nonZero.Preds) == 1 {
			branches[nonZero] = union(branches[nonZero], []string{observation(g, "") + obsSep + fixedSetMark})
		}
	}
	var m map[*ssa.BasicBlock][]string
	if len(branches) > 0 {
		m = make(map[*ssa.BasicBlock][]string)
		for _, b := range fn.Blocks {
			for first, gs := range branches {
				if first.Dominates(b) {
					m[b] = union(m[b], gs)
				}
			}
		}
	}
	if c.fixedIndex == nil {
		c.fixedIndex = make(map[*ssa.Function]map[*ssa.BasicBlock][]string)
	}
	c.fixedIndex[fn] = m
	return m
}

// fixedExclusive reports whether a was made only where a fixed field of
// its object had one value and b only where it had the other.
func fixedExclusive(a, b *epAccess) bool {
	if len(a.guards) == 0 || len(b.guards) == 0 {
		return false
	}
	object, ok := selectedObject(a.key)
	if !ok {
		return false
	}
	for _, o := range a.guards {
		var other string
		switch {
		case hasMark(o, fixedZeroMark):
			other = fixedSetMark
		case hasMark(o, fixedSetMark):
			other = fixedZeroMark
		default:
			continue
		}
		g, _ := splitObservation(o)
		if owner, ok := selectedObject(g); !ok || owner != object {
			continue // a test of another object's field
		}
		for _, p := range b.guards {
			if hasMark(p, other) {
				if h, _ := splitObservation(p); h == g {
					return true
				}
			}
		}
	}
	return false
}

// selectedObject returns the path of the object whose field p is, for a path
// that ends in a field selector.
func selectedObject(p string) (string, bool) {
	i := strings.LastIndexAny(p, ".|[*")
	if i < 0 || p[i] != '.' {
		return "", false
	}
	return p[:i], true
}
