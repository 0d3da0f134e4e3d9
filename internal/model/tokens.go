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

// IsToken reports whether the field f is a token channel.
func (m *Model) IsToken(f *types.Var) bool {
	_, ok := m.tokens[f]
	return ok
}

// TokenOp returns, for a send on (send) or a receive from the channel ch,
// the address of the token channel field it was loaded from and whether
// the operation takes the token (Lock) or gives it back (Unlock); nil if
// ch is not loaded from a token channel field.
func (m *Model) TokenOp(ch ssa.Value, send bool) (*ssa.FieldAddr, Kind) {
	if len(m.tokens) == 0 {
		return nil, 0
	}
	load, ok := ssaops.Unconverted(ch).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, 0
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, 0
	}
	dir, ok := m.tokens[ssaops.FieldVar(fa)]
	if !ok {
		return nil, 0
	}
	if send == (dir == SendAcquires) {
		return fa, Lock
	}
	return fa, Unlock
}

// TokenCase returns the token operation of the select case whose body
// the edge from block p to block b enters, as TokenOp does.
func (m *Model) TokenCase(p, b *ssa.BasicBlock) (*ssa.FieldAddr, Kind) {
	if len(m.tokens) == 0 {
		return nil, 0
	}
	sel, j, ok := SelectCaseTest(p)
	if !ok || p.Succs[0] != b {
		return nil, 0
	}
	s := sel.States[j]
	return m.TokenOp(s.Chan, s.Dir == types.SendOnly)
}
