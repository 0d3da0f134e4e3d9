// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file finds close guards: read-write locks held for reading by a
// type's operations and for writing only by its close, so that an
// operation in progress keeps the object open:
//
//	type Rows struct {
//		closemu sync.RWMutex // held for read during operations, exclusively during close
//		…
//	}
//
//	func (rs *Rows) Scan(…) { rs.closemu.RLock(); …; rs.raw = b; …; rs.closemu.RUnlock() }
//	func (rs *Rows) close() { rs.closemu.Lock(); …; rs.closemu.Unlock() }
//
// The read side excludes the close and admits every other holder: it
// says that the type expects Close beside its operations, not that the
// operations run beside each other. So, in the default reading, a read
// hold of a close guard is no evidence that a location is shared
// (expectsShared, selfRule.evidence): two operations holding only the
// guard's read side are the owner's sequence of calls, as two that hold
// no lock are. It still orders: a write under the guard's write side
// (the close) excludes every reader.
//
// A field (unexported, of the package's own type) qualifies when its
// address is used only as the receiver of the
// lock type's own methods (never stored, passed on or turned into a
// Locker whose Lock would be exclusive: RLocker's is a read lock), it is
// acquired for reading somewhere, and every exclusive acquisition (Lock,
// TryLock) is made in a function whose name starts with "close" in any
// case (Close, close, closeLocked), or in a literal inside one. A lock
// that any other function takes for writing (nats-server's Server.mu,
// go-redis's Conn.readerMu, taken exclusively by SetNetConn) guards data,
// and its read side is evidence as before.
//
// What it trades: operations of a type that callers do call concurrently
// (nothing declares so: a declared or documented concurrency-safe type is
// not an inferred entry and keeps every pair) and that write the same
// field holding only the close guard's read side. The strict reading
// reports them.

// closeGuardFields returns the package's close guards (see above), by
// field; nil in the strict reading. Only unexported fields of the
// package's own types qualify: another package could take an exported
// one for writing.
func (c *checker) closeGuardFields() map[*types.Var]bool {
	if c.model.Strict {
		return nil
	}
	read := make(map[*types.Var]bool)
	closing := make(map[*types.Var]bool)
	bad := make(map[*types.Var]bool)
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if bad[f] {
			return
		}
		for _, u := range *fa.Referrers() {
			switch c.guardUse(fa, u) {
			case lockUseRead:
				read[f] = true
			case lockUseWrite:
				if closeNamed(fa.Parent()) {
					closing[f] = true
				} else {
					bad[f] = true
				}
			case lockUseOther:
				bad[f] = true
			}
		}
	})
	var out map[*types.Var]bool
	for f := range closing {
		if read[f] && !bad[f] {
			if out == nil {
				out = make(map[*types.Var]bool)
			}
			out[f] = true
		}
	}
	return out
}

// A lockUseKind classifies a use of a lock field's address.
type lockUseKind int

const (
	lockUseNeutral lockUseKind = iota // a release, or RLocker
	lockUseRead                       // a read acquisition
	lockUseWrite                      // an exclusive acquisition
	lockUseOther                      // anything else: the address escapes
)

// guardUse classifies the use u of the field address fa: a call of a lock
// method on it, or anything else.
func (c *checker) guardUse(fa *ssa.FieldAddr, u ssa.Instruction) lockUseKind {
	call, ok := u.(ssa.CallInstruction)
	if !ok {
		return lockUseOther
	}
	com := call.Common()
	if com.IsInvoke() || len(com.Args) == 0 || com.Args[0] != fa || !onlyFirstArg(com, fa) {
		return lockUseOther
	}
	rc, ok := c.model.Resolve(com)
	if !ok {
		return lockUseOther
	}
	k := c.model.LockKindOf(rc)
	if readLock, acquires := k.Acquires(); acquires {
		if readLock {
			return lockUseRead
		}
		return lockUseWrite
	}
	if k.Releases() || rc.Func.Name() == "RLocker" && rc.Func.Pkg() != nil && rc.Func.Pkg().Path() == "sync" {
		return lockUseNeutral
	}
	return lockUseOther
}

// onlyFirstArg reports whether v is passed to the call com only as its
// first argument (the receiver).
func onlyFirstArg(com *ssa.CallCommon, v ssa.Value) bool {
	for _, a := range com.Args[1:] {
		if a == v {
			return false
		}
	}
	return true
}

// closeNamed reports whether fn, or the function it is a literal of, has
// a name that starts with "close" in any case.
func closeNamed(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return strings.HasPrefix(strings.ToLower(fn.Name()), "close")
}

// lockField returns the field a lock path of fn's frame ends in, or nil.
func (c *checker) lockField(fn *ssa.Function, lock string) *types.Var {
	_, lock = pseudoPrefix(lock)
	root, sel := splitPath(lock)
	t := c.rootType(fn, root)
	if t == nil {
		return nil
	}
	ss := selectors(sel)
	if len(ss) == 0 {
		return nil
	}
	for _, s := range ss[:len(ss)-1] {
		if t = selectedType(t, s); t == nil {
			return nil
		}
	}
	last := ss[len(ss)-1]
	if !strings.HasPrefix(last, ".") {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == last[1:] {
			return st.Field(i)
		}
	}
	return nil
}

// closeGuardHeld reports whether the lock lock, held for reading at an
// access of fn's frame, is a close guard's read side.
func (c *checker) closeGuardHeld(fn *ssa.Function, lock string, read bool) bool {
	if !read || len(c.closeGuards) == 0 {
		return false
	}
	f := c.lockField(fn, lock)
	return f != nil && c.closeGuards[f]
}
