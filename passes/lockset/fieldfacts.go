// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// fieldFacts is what the package's functions do with the fields of its
// types, for the rules that trust a field's value to tell paths apart:
// the zero guard (zeroguard.go), fixed flags (fixedguard.go) and
// terminal states (terminal.go).
type fieldFacts struct {
	// zeroTested are the fields some branch tests against their zero
	// value (zeroTestLoad).
	zeroTested map[*types.Var]bool
	// escaped are the fields whose address is used other than to load
	// and store them, or over which a whole struct value is stored: no
	// store of the field itself says what they hold.
	escaped map[*types.Var]bool
	// stores are the stores into each field, in the order of funcs.
	stores map[*types.Var][]fieldStore
}

// A fieldStore is a store into a field at the address fa; made says the
// object is being made there (madeHere).
type fieldStore struct {
	instr *ssa.Store
	fa    *ssa.FieldAddr
	made  bool
}

// fieldFactsOf indexes the field tests, addresses and stores of funcs.
func fieldFactsOf(funcs []*ssa.Function) *fieldFacts {
	ff := &fieldFacts{
		zeroTested: make(map[*types.Var]bool),
		escaped:    make(map[*types.Var]bool),
		stores:     make(map[*types.Var][]fieldStore),
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.If:
					if load, _ := zeroTestLoad(instr); load != nil {
						if f := ssaops.FieldVar(load.X.(*ssa.FieldAddr)); f != nil {
							ff.zeroTested[f] = true
						}
					}
				case *ssa.FieldAddr:
					if f := ssaops.FieldVar(instr); f != nil && !ssaops.OnlyLoadedAndStored(instr) {
						ff.escaped[f] = true
					}
				case *ssa.Store:
					if st, ok := ssaops.CoreType(instr.Val.Type()).(*types.Struct); ok {
						for i := range st.NumFields() {
							ff.escaped[st.Field(i)] = true // a whole value stored sets them all
						}
					}
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok {
						if f := ssaops.FieldVar(fa); f != nil {
							ff.stores[f] = append(ff.stores[f], fieldStore{instr, fa, madeHere(fa.X)})
						}
					}
				}
			}
		}
	}
	return ff
}

// madeHere reports whether the object obj points to is being made where
// a field of it is set: allocated by the same function, or the only
// parameter of a function literal of type func(*T) that returns nothing
// (a functional option).
func madeHere(obj ssa.Value) bool {
	switch obj := obj.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.UnOp:
		// A local variable that closures capture: made here when all
		// that is stored into it is.
		cell, ok := obj.X.(*ssa.Alloc)
		if !ok || obj.Op != token.MUL {
			return false
		}
		stored := false
		for _, r := range *cell.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
				if _, fresh := st.Val.(*ssa.Alloc); !fresh {
					return false
				}
				stored = true
			}
		}
		return stored
	case *ssa.Parameter:
		fn := obj.Parent()
		sig := fn.Signature
		return fn.Parent() != nil && sig.Recv() == nil && sig.Params().Len() == 1 && sig.Results().Len() == 0
	}
	return false
}
