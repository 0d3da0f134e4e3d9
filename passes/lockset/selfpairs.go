// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"go/token"
	"slices"
)

// This file decides, in the default reading, whether an inferred entry
// (a method of a type that holds a lock; nothing declares that its
// callers share it) races with another call of itself.
//
// That one of the two accesses is made under a lock of the object shows
// that the code expects the location to be shared, but not with whom. A
// method that writes a field under the mutex for the readers of other
// entry points, and reads or writes it without the mutex, is the field's
// one writer, and its owner calls it once at a time:
//
//	func (s *Proxy) Start() {
//		s.mu.Lock()
//		s.nodes = append(s.nodes, n) // for the handlers, which lock
//		s.mu.Unlock()
//		log.Printf("%d nodes", len(s.nodes)) // the writer's own read
//	}
//
// So a pair of two calls of one inferred entry needs more evidence:
//
//   - a read lock of the object held by one of them: read locks exist to
//     admit several holders at once, so the method runs beside itself
//     (nats-server's Varz, which updates its cache under s.mu.RLock);
//   - no other entry point touching the location: the lock can then only
//     be there for other calls of the method (a counter that Add
//     increments under the lock and returns without it);
//   - or an access made without any lock that is a read in the condition
//     of an if or switch, against a write: the method tests, unlocked,
//     what another call of it writes, as a Close that returns early if
//     already closed expects to be called again.
//
// What it trades: a method that callers do call concurrently with itself,
// that writes under a lock a field other entry points read and uses it
// unlocked outside a test (the strict reading reports it).

// selfRule holds what the rule needs to know about the package: where
// its conditions are, indexed on first use (few packages pair a method
// with itself).
type selfRule struct {
	files []*ast.File
	conds []span // sorted by start; nil until indexed
}

// A span is the source range [start, end) of an expression.
type span struct{ start, end token.Pos }

// newSelfRule returns the rule for the package of files.
func newSelfRule(files []*ast.File) *selfRule { return &selfRule{files: files} }

// index records the conditions of the if and switch statements.
func (r *selfRule) index() {
	r.conds = []span{}
	for _, f := range r.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				r.conds = append(r.conds, span{n.Cond.Pos(), n.Cond.End()})
			case *ast.SwitchStmt:
				if n.Tag != nil {
					r.conds = append(r.conds, span{n.Tag.Pos(), n.Tag.End()})
				}
			}
			return true
		})
	}
	slices.SortFunc(r.conds, func(a, b span) int { return int(a.start) - int(b.start) })
}

// inCondition reports whether pos lies in a condition.
func (r *selfRule) inCondition(pos token.Pos) bool {
	if !pos.IsValid() {
		return false // an access in another package
	}
	if r.conds == nil {
		r.index()
	}
	// The spans that start at or before pos; nested ones start later
	// than those enclosing them, so every candidate is looked at.
	n, _ := slices.BinarySearchFunc(r.conds, pos, func(s span, p token.Pos) int {
		if s.start <= p {
			return -1
		}
		return 1
	})
	for _, s := range r.conds[:n] {
		if pos < s.end {
			return true
		}
	}
	return false
}

// evidence reports whether the accesses a and b of one location, made by
// two calls of the inferred entry e, are evidence of a race; refs are the
// accesses of the location by all entries. A nil rule (the strict
// reading) has every pair as evidence.
func (r *selfRule) evidence(refs []ref, e int, a, b *epAccess) bool {
	if r == nil {
		return true
	}
	readLocked := func(x *epAccess) bool {
		return slices.ContainsFunc(x.locks, func(l lockRef) bool { return l.read && !l.closeGuard && ownLock(l, keyRoot(x.key)) })
	}
	if readLocked(a) || readLocked(b) {
		return true
	}
	if !slices.ContainsFunc(refs, func(x ref) bool { return x.e != e }) {
		return true
	}
	tests := func(x, y *epAccess) bool {
		return !x.write && len(x.locks) == 0 && y.write && r.inCondition(x.pos)
	}
	return tests(a, b) || tests(b, a)
}
