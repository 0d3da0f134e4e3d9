// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file treats the code that runs after winning a one-shot
// compare-and-swap (or swap) as mutually exclusive with itself:
//
//	func (tx *Tx) Commit() error {
//		if !tx.done.CompareAndSwap(false, true) {
//			return ErrTxDone
//		}
//		… tx.close(err) // tx.dc = nil
//	}
//	func (tx *Tx) rollback(discardConn bool) error { // also from awaitDone's goroutine
//		if !tx.done.CompareAndSwap(false, true) {
//			return ErrTxDone
//		}
//		… tx.close(err)
//
// When every write of a flag in the package moves it from one constant
// to another (a CompareAndSwap from old to new, or a Store or Swap of
// new) and nothing else can write it, the flag leaves old at most once
// per object, so at most one CompareAndSwap(old, new) on it ever
// succeeds: the branches that follow a success never run concurrently
// with each other. A flag that only swaps and stores write, all of one
// constant, leaves its zero value at most once the same way, and the
// branch where a swap returned the zero value is the winner's
// (os/exec's Cmd.Start: if atomic.SwapInt32(&c.startCalled, 1) != 0
// { return … }). They hold a pseudo-lock named after the flag
// (casPrefix), from the success edge on, never released. Only a field
// qualifies: unexported (no other package writes it), whose address is
// used only by sync/atomic calls, loads, and stores into an object its
// function is making; a store of a whole struct holding the field
// disqualifies it. The pseudo-lock is no evidence that a location is
// shared (expectsShared): it only orders. Both readings: the
// compare-and-swap's own semantics, given the writes the scan sees.

// casPrefix marks the pseudo-lock of a won one-shot compare-and-swap,
// swapPrefix that of a won one-shot swap.
const (
	casPrefix  = "cas "
	swapPrefix = "swap "
)

// casPair is the one transition of a one-shot flag.
type casPair struct{ old, new constant.Value }

// oneShotFlags returns the package's one-shot flag fields: those every
// write of which, in funcs, is a compare-and-swap of one pair of
// constants or a store of its new value (see above), with that pair.
func (c *checker) oneShotFlags(funcs []*ssa.Function) map[*types.Var]casPair {
	pairs := make(map[*types.Var]casPair)
	stored := make(map[*types.Var][]constant.Value)
	bad := make(map[*types.Var]bool)
	structs := make(map[*types.Named]bool) // stored whole
	swapped := make(map[*types.Var]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					if _, local := instr.Addr.(*ssa.Alloc); !local {
						if n, ok := types.Unalias(instr.Val.Type()).(*types.Named); ok {
							structs[n] = true
						}
					}
				case *ssa.FieldAddr:
					f := ssaops.FieldVar(instr)
					if f == nil || f.Exported() || f.Pkg() != c.pkg {
						continue
					}
					for _, ref := range *instr.Referrers() {
						if !c.flagUse(instr, ref, f, pairs, stored) {
							bad[f] = true
						}
						if call, ok := ref.(*ssa.Call); ok && strings.HasPrefix(atomicOp(call.Common()), "Swap") {
							swapped[f] = true
						}
					}
				}
			}
		}
	}
	out := make(map[*types.Var]casPair)
	for f, p := range pairs {
		if p.old == nil && swapped[f] && len(stored[f]) > 0 {
			// Written only by swaps and stores of one constant: it
			// leaves its zero value at most once, and the swap that
			// returns the zero value is the one that moved it.
			p = casPair{zeroOf(f.Type()), stored[f][0]}
		}
		if bad[f] || p.old == nil || constant.Compare(p.old, token.EQL, p.new) {
			continue
		}
		if owner := fieldOwner(f); owner != nil && structs[owner] {
			continue
		}
		ok := true
		for _, v := range stored[f] {
			if !constant.Compare(v, token.EQL, p.new) {
				ok = false
			}
		}
		if ok {
			out[f] = p
		}
	}
	return out
}

// flagUse reports whether ref, a use of the address fa of field f, keeps
// f a candidate one-shot flag, recording the compare-and-swaps and stores
// it makes.
func (c *checker) flagUse(fa *ssa.FieldAddr, ref ssa.Instruction, f *types.Var, pairs map[*types.Var]casPair, stored map[*types.Var][]constant.Value) bool {
	switch ref := ref.(type) {
	case *ssa.UnOp:
		return true // a plain read
	case *ssa.Store:
		if ref.Addr != fa {
			return false // the address stored somewhere
		}
		_, making := fa.X.(*ssa.Alloc)
		return making
	case ssa.CallInstruction:
		call := ref.Common()
		op := atomicOp(call)
		if op == "" || len(call.Args) == 0 || call.Args[0] != fa {
			return false
		}
		switch {
		case strings.HasPrefix(op, "Load"):
			return true
		case strings.HasPrefix(op, "CompareAndSwap"):
			if len(call.Args) != 3 {
				return false
			}
			old, nw := constValue(call.Args[1]), constValue(call.Args[2])
			if old == nil || nw == nil {
				return false
			}
			p := pairs[f]
			if p.old == nil { // the first compare-and-swap seen
				pairs[f] = casPair{old, nw}
				return true
			}
			return constant.Compare(p.old, token.EQL, old) && constant.Compare(p.new, token.EQL, nw)
		case strings.HasPrefix(op, "Store"), strings.HasPrefix(op, "Swap"):
			if len(call.Args) != 2 {
				return false
			}
			v := constValue(call.Args[1])
			if v == nil {
				return false
			}
			stored[f] = append(stored[f], v)
			if _, seen := pairs[f]; !seen {
				pairs[f] = casPair{} // known only once a compare-and-swap is seen
			}
			return true
		}
	}
	return false
}

// casWon returns the pseudo-lock that the success of the compare-and-swap
// call holds, if it is one of a one-shot flag with its pair; "" if not.
func (c *checker) casWon(call *ssa.Call) string {
	if !strings.HasPrefix(atomicOp(&call.Call), "CompareAndSwap") || len(call.Call.Args) != 3 {
		return ""
	}
	return c.wonFlag(casPrefix, call.Call.Args[0], call.Call.Args[1], call.Call.Args[2])
}

// wonFlag returns the pseudo-lock, with prefix, of winning the one-shot
// flag at addr by moving it from old to nw, if addr is such a flag and
// old and nw are its pair; "" if not.
func (c *checker) wonFlag(prefix string, addr, old, nw ssa.Value) string {
	fa, ok := addr.(*ssa.FieldAddr)
	if len(c.oneShot) == 0 || !ok {
		return ""
	}
	p, ok := c.oneShot[ssaops.FieldVar(fa)]
	if !ok {
		return ""
	}
	o, n := constValue(old), constValue(nw)
	if o == nil || n == nil || !constant.Compare(o, token.EQL, p.old) || !constant.Compare(n, token.EQL, p.new) {
		return ""
	}
	if path := c.pathOf(fa); path != "" {
		return prefix + path
	}
	return ""
}

// swapWon returns the pseudo-lock held on edge i of the If ifi when its
// condition compares a swap of a one-shot flag with the flag's old value
// and edge i is the one where the swap returned it (if
// atomic.SwapInt32(&c.started, 1) != 0 { return errStarted }), else "".
func (c *checker) swapWon(ifi *ssa.If, i int) string {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || (cmp.Op == token.EQL) != (i == 0) {
		return "" // not a test of a swap, or the edge where it found the flag moved
	}
	call, ok := cmp.X.(*ssa.Call)
	if !ok || !strings.HasPrefix(atomicOp(&call.Call), "Swap") || len(call.Call.Args) != 2 {
		return ""
	}
	return c.wonFlag(swapPrefix, call.Call.Args[0], cmp.Y, call.Call.Args[1])
}

// zeroOf returns the zero value of a boolean or integer type, or nil.
func zeroOf(t types.Type) constant.Value {
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case !ok:
		return nil
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0)
	}
	return nil
}

// atomicOp returns the name of the sync/atomic function or method call
// statically calls ("CompareAndSwapInt32", "CompareAndSwap"), or "".
func atomicOp(call *ssa.CallCommon) string {
	callee := call.StaticCallee()
	if callee == nil {
		return ""
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != "sync/atomic" {
		return ""
	}
	return obj.Name()
}

// constValue returns the boolean or integer constant v is, or nil.
func constValue(v ssa.Value) constant.Value {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil {
		return nil
	}
	switch k.Value.Kind() {
	case constant.Bool, constant.Int:
		return k.Value
	}
	return nil
}

// fieldOwner returns the named struct type of the package that declares
// the field f, or nil.
func fieldOwner(f *types.Var) *types.Named {
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		n, ok := types.Unalias(tn.Type()).(*types.Named)
		if !ok {
			continue
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if st.Field(i) == f {
				return n
			}
		}
	}
	return nil
}
