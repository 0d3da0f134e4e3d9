// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file applies the model's token channels (model.TokenOp: a
// channel of capacity 1 used as a lock, which concur finds) to the
// locksets:
//
//	type Limiter struct {
//		tok   chan struct{} // make(chan struct{}, 1)
//		count int
//	}
//
//	func (l *Limiter) Inc() {
//		l.tok <- struct{}{} // acquire
//		l.count++
//		<-l.tok // release
//	}
//
// A send or receive that takes the token is a Lock of the lock named as
// the field is (l.tok), the one that gives it back an Unlock; a select
// case that takes it (with a default, a TryLock) holds it on the edge
// into its body only. A type with such a field holds a lock, as one
// with a mutex does. Both readings use it: the memory model makes it a
// lock.

// tokenLock returns the lock that a send on (send) or a receive from the
// channel ch takes or gives back, named as a lock in the field is, and
// its kind; "" if ch is no token channel (model.TokenOp).
func (c *checker) tokenLock(ch ssa.Value, send bool) (string, model.Kind) {
	fa, kind := c.model.TokenOp(ch, send)
	if fa == nil {
		return "", 0
	}
	return c.tokenPath(fa), kind
}

// tokenPath names the lock of the token channel at fa: as a lock in the
// field or variable is named, or, for a local variable in the default
// reading, by the variable itself (cellRoot), one name in its maker's
// frame and in the literals that capture it, so that the maker's own
// critical sections and those of the goroutines it hands the token to
// exclude each other as entry points.
func (c *checker) tokenPath(fa ssa.Value) string {
	if cell := c.model.TokenCell(fa); cell != nil && !c.model.Strict {
		return cellRoot(cell)
	}
	return c.lockPath(fa)
}

// tokenOp applies to st a send on (send) or a receive from the channel
// ch, if it is a token channel.
func (c *checker) tokenOp(st *state, ch ssa.Value, send bool) {
	if lock, kind := c.tokenLock(ch, send); lock != "" {
		c.lockOp(st, kind, lock)
	}
}

// tokenCase applies to st the token operation of the select case whose
// body the edge from p to b enters, if any; st is cloned first.
func (c *checker) tokenCase(st *state, p, b *ssa.BasicBlock) *state {
	fa, kind := c.model.TokenCase(p, b)
	if fa == nil {
		return st
	}
	if lock := c.tokenPath(fa); lock != "" {
		st = st.clone()
		c.lockOp(st, kind, lock)
	}
	return st
}

// holdsToken reports whether the struct type n has a token channel field:
// it is a lock, so the type expects to be shared as one holding a mutex
// does.
func (c *checker) holdsToken(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if c.model.IsToken(f) {
			return true
		}
	}
	return false
}
