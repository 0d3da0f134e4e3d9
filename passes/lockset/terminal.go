// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is the terminal state of the default reading, pgx's PgConn:
//
//	func (c *PgConn) lock() error {
//		switch c.status {
//		case connStatusBusy, connStatusClosed, …:
//			return errLocked
//		}
//		c.status = connStatusBusy
//		return nil
//	}
//	func (c *PgConn) Exec(…) {
//		if err := c.lock(); err != nil { … return }
//		c.frontend.SendQuery(…) // made only where c.status was not closed
//	}
//	func (c *PgConn) asyncClose() {
//		if c.status == connStatusClosed { return }
//		c.status = connStatusClosed
//		go func() { c.frontend.Send(…) }() // started only once it is
//	}
//
// A constant K is terminal for a field (terminalValues) when every store
// of the package that sets the field to another value, on an object it
// did not just make, is made only where a test of the same object's field
// found it other than K (c.status = connStatusBusy after the switch, and
// connStatusIdle where it was busy): once set to K, the field keeps it.
// A test made holding no lock that finds the field other than K is an
// observation (notTerminalMark, in the state's Seen, through a callee's
// Seen and SeenIfNil too when its caller holds no lock either), and a
// store of K is the nonzero observation of the field at K, which the
// zero guard turns into its goroutines' spawnedMark (zeroguard.go). An access made after the first is ordered with the
// accesses of a goroutine whose spawner set the field to K before it
// started it (terminalOrdered): either the test ran before that store,
// and the goroutine after it, or the test found K and the access did not
// run. A test that ran beside the store races on the field itself, the
// report to look at, as with the zero guard; a test made under a lock
// orders nothing, for that race is then not there to report.
//
// What the rule trades: the field must not be reset by an importer (it
// is unexported) nor by a store of a whole struct; the tests are of the
// field against a constant only; and the strict reading has no terminal
// values.

// notTerminalMark ends the observation that a field was found other than
// the terminal value its location names (terminalLoc).
const notTerminalMark = "notterminal"

// terminalLoc returns the pseudo-location that stands for "the field at g
// holds k": the zero guard's observations of it say that it was set to k
// (nonZeroMark, spawnedMark), this file's that it was found other than k.
func terminalLoc(g string, k constant.Value) string { return g + "#" + k.ExactString() }

// terminalValues returns the fields of the package's types with their
// terminal constants (see above). The strict reading has none.
func (c *checker) terminalValues(ff *fieldFacts) map[*types.Var][]constant.Value {
	if c.model.Strict {
		return nil
	}
	var out map[*types.Var][]constant.Value
	for f, stores := range ff.stores {
		if f.Exported() || ff.escaped[f] {
			continue
		}
		var candidates []constant.Value // the constants stored on objects not just made
		for _, s := range stores {
			if k, ok := s.instr.Val.(*ssa.Const); ok && comparableConst(k) && !s.made &&
				!slices.ContainsFunc(candidates, func(v constant.Value) bool { return constant.Compare(v, token.EQL, k.Value) }) {
				candidates = append(candidates, k.Value)
			}
		}
		for _, k := range candidates {
			if slices.ContainsFunc(stores, func(s fieldStore) bool { return !keepsTerminal(s, k) }) {
				continue
			}
			if out == nil {
				out = make(map[*types.Var][]constant.Value)
			}
			out[f] = append(out[f], k)
		}
	}
	return out
}

// keepsTerminal reports whether the store s leaves a field that held k
// holding it: it is made on an object just made, stores k, or is made
// only where a test found the field other than k.
func keepsTerminal(s fieldStore, k constant.Value) bool {
	if s.made {
		return true
	}
	if v, ok := s.instr.Val.(*ssa.Const); ok && v.Value != nil && constant.Compare(v.Value, token.EQL, k) {
		return true
	}
	return foundOther(s.instr.Block(), s.fa.X, s.fa.Field, k)
}

// foundOther reports whether a test dominating block b found field of
// obj other than k.
func foundOther(b *ssa.BasicBlock, obj ssa.Value, field int, k constant.Value) bool {
	for _, t := range b.Parent().Blocks {
		fa, c, eq, ok := fieldConstTest(t)
		if !ok || fa.X != obj || fa.Field != field {
			continue
		}
		for i, s := range t.Succs {
			if len(s.Preds) == 1 && s.Dominates(b) && other(c, k, eq == (i == 0)) {
				return true
			}
		}
	}
	return false
}

// other reports whether a field found equal to c (eq) or not equal to it
// (!eq) is other than k.
func other(c, k constant.Value, eq bool) bool { return eq != constant.Compare(c, token.EQL, k) }

// fieldConstTest returns, for a block ending in a comparison of a loaded field
// with a constant, the field's address, the constant, and whether the
// comparison is ==.
func fieldConstTest(b *ssa.BasicBlock) (fa *ssa.FieldAddr, k constant.Value, eq, ok bool) {
	if len(b.Instrs) == 0 {
		return nil, nil, false, false
	}
	i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, nil, false, false
	}
	cmp, ok := i.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil, nil, false, false
	}
	x, y := cmp.X, cmp.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	kc, ok := y.(*ssa.Const)
	if !ok || !comparableConst(kc) {
		return nil, nil, false, false
	}
	load, ok := x.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, nil, false, false
	}
	if fa, ok = load.X.(*ssa.FieldAddr); !ok {
		return nil, nil, false, false
	}
	return fa, kc.Value, cmp.Op == token.EQL, true
}

// terminalEdge returns the observations the i'th successor of b makes
// when b tests a field that has terminal values, holding no lock: for
// each terminal value the test shows the field does not hold, that it
// was found other than it.
func (c *checker) terminalEdge(st *state, b *ssa.BasicBlock, i int) []string {
	if len(c.terminals) == 0 || len(st.held) > 0 {
		return nil
	}
	fa, k, eq, ok := fieldConstTest(b)
	if !ok {
		return nil
	}
	ks := c.terminals[ssaops.FieldVar(fa)]
	if len(ks) == 0 {
		return nil
	}
	g := c.locOf(fa)
	if g == "" || isLocal(g) {
		return nil
	}
	var out []string
	for _, t := range ks {
		if other(k, t, eq == (i == 0)) {
			out = append(out, observation(terminalLoc(g, t), "")+obsSep+notTerminalMark)
		}
	}
	return out
}

// terminalSet records in st that the store instr sets a field to one of
// its terminal values: the nonzero observation of the field at it.
func (c *checker) terminalSet(st *state, instr *ssa.Store) {
	if len(c.terminals) == 0 {
		return
	}
	fa, ok := instr.Addr.(*ssa.FieldAddr)
	k, isConst := instr.Val.(*ssa.Const)
	if !ok || !isConst || k.Value == nil {
		return
	}
	for _, t := range c.terminals[ssaops.FieldVar(fa)] {
		if constant.Compare(t, token.EQL, k.Value) {
			if g := c.locOf(fa); g != "" && !isLocal(g) {
				st.seen = union(st.seen, []string{nonZeroObservation(terminalLoc(g, t))})
			}
		}
	}
}

// withoutHeldTerminal returns obs, a callee's observations at a call
// made holding held, without its notTerminalMark observations when held
// is not empty: the callee's test was then made under those locks, and
// orders nothing (see above; expandCallerLock).
func withoutHeldTerminal(obs []string, held lockset) []string {
	isNot := func(o string) bool { return hasMark(o, notTerminalMark) }
	if len(held) == 0 || !slices.ContainsFunc(obs, isNot) {
		return obs
	}
	return slices.DeleteFunc(slices.Clone(obs), isNot)
}

// terminalOrdered reports whether a was made after a test found a field
// other than a terminal value that b's spawner set it to before it
// started b.
func terminalOrdered(a, b *epAccess) bool {
	for _, o := range a.seen {
		if !hasMark(o, notTerminalMark) {
			continue
		}
		g, _ := splitObservation(o)
		if slices.Contains(b.seen, spawnedObservation(g)) {
			return true
		}
	}
	return false
}
