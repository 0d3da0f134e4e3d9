// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A channel of capacity 1 can be a lock: the Go memory model orders the
// k-th receive from a channel of capacity C before the completion of its
// (k+C)-th send, so with C = 1 what a holder does between taking the
// token and giving it back happens before what the next holder does after
// taking it. concur finds the package's token channels (fields the
// package makes with capacity 1 and only sends on and receives from) and
// records them here (SetTokens); TokenOp says what an operation on one
// does.

// A TokenDir says which operation on a token channel takes the token.
type TokenDir int

const (
	// SendAcquires marks a channel empty when made: a send takes the
	// token, a receive gives it back.
	SendAcquires TokenDir = iota + 1
	// RecvAcquires marks a channel its maker fills with the token: a
	// receive takes it, a send gives it back.
	RecvAcquires
)

// SetTokens records the package's token channel fields.
func (m *Model) SetTokens(tokens map[*types.Var]TokenDir) { m.tokens = tokens }

// SetTokenVars records the package's local token channel variables: the
// Alloc of each, and the FreeVar of each closure that captures it, each
// with the variable's Alloc.
func (m *Model) SetTokenVars(vars map[ssa.Value]TokenDir, cells map[ssa.Value]*ssa.Alloc) {
	m.tokenVars, m.tokenCells = vars, cells
}

// TokenCell returns the variable of the local token channel whose Alloc
// or captured FreeVar v is, or nil: the maker's variable and the
// closures' FreeVars are one channel.
func (m *Model) TokenCell(v ssa.Value) *ssa.Alloc { return m.tokenCells[v] }

// IsToken reports whether the field f is a token channel.
func (m *Model) IsToken(f *types.Var) bool {
	_, ok := m.tokens[f]
	return ok
}

// TokenOp returns, for a send on (send) or a receive from the channel ch,
// the address of the token channel it was loaded from (a field's address,
// or a local variable a closure captures) and whether the operation takes
// the token (Lock) or gives it back (Unlock); nil if ch is not loaded
// from a token channel.
func (m *Model) TokenOp(ch ssa.Value, send bool) (ssa.Value, Kind) {
	if len(m.tokens) == 0 && len(m.tokenVars) == 0 {
		return nil, 0
	}
	load, ok := ssaops.Unconverted(ch).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, 0
	}
	var dir TokenDir
	switch x := load.X.(type) {
	case *ssa.FieldAddr:
		dir, ok = m.tokens[ssaops.FieldVar(x)]
	case *ssa.Alloc, *ssa.FreeVar:
		dir, ok = m.tokenVars[x]
	default:
		ok = false
	}
	if !ok {
		return nil, 0
	}
	if send == (dir == SendAcquires) {
		return load.X, Lock
	}
	return load.X, Unlock
}

// TokenCase returns the token operation of the select case whose body
// the edge from block p to block b enters, as TokenOp does.
func (m *Model) TokenCase(p, b *ssa.BasicBlock) (ssa.Value, Kind) {
	if len(m.tokens) == 0 && len(m.tokenVars) == 0 {
		return nil, 0
	}
	sel, j, ok := SelectCaseTest(p)
	if !ok || p.Succs[0] != b {
		return nil, 0
	}
	s := sel.States[j]
	return m.TokenOp(s.Chan, s.Dir == types.SendOnly)
}
