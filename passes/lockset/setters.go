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

// This file holds the setter rule of the default reading: an inferred
// entry point (a method entered only because its type holds a lock or
// runs goroutines) that takes no lock of its own object, in itself or in
// what it calls, and makes no atomic access or once.Do there, is a setter
// when it writes a field an importer can set directly: an exported field
// of an exported struct type. Such a field is configuration: its owner
// writes it with a plain assignment before sharing the value, which no
// mutex of the type can guard, so the type cannot expect its methods to
// write it concurrently either (tls.Config's BuildNameToCertificate, which
// fills NameToCertificate). The setter's writes of such a field are not
// paired with other methods, even one that reads the field under a lock
// (tls.Config's Clone holds its mutex over every field it copies). The
// field stays a candidate when some function of the package writes it
// under a lock, atomically or in once.Do: then it is shared after
// configuration. Unexported fields are not configuration by this rule: a
// Reset that zeroes a counter other methods read under the lock is
// reported.

// setterRule holds what the rule needs to know about the package.
type setterRule struct {
	// fieldAt maps the position of each store of the package to a field
	// an importer can set directly (settable) to the field.
	fieldAt map[token.Pos]*types.Var
	// guarded holds the fields written somewhere under synchronisation.
	guarded map[*types.Var]bool
	// setters memoises synchronizesNothing by entry.
	setters map[*entry]bool
}

// newSetterRule indexes the field stores of funcs and finds, in their
// summaries, the fields written under a lock, in once.Do or atomically.
func (c *checker) newSetterRule(funcs []*ssa.Function) *setterRule {
	r := &setterRule{
		fieldAt: make(map[token.Pos]*types.Var),
		guarded: make(map[*types.Var]bool),
		setters: make(map[*entry]bool),
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if f := ssaops.FieldVar(fa); settable(fa, f) {
					r.fieldAt[accessPos(fa, st)] = f
				}
			}
		}
	}
	for _, fn := range funcs {
		fi := c.info(fn)
		if fi == nil {
			continue
		}
		for _, a := range fi.sum.Accesses {
			if a.Write && (a.Atomic || len(a.Held) > 0) {
				if f := r.fieldAt[a.Pos]; f != nil {
					r.guarded[f] = true
				}
			}
		}
	}
	return r
}

// settable reports whether f, the field fa addresses, is one an importer
// can set directly: exported, of an exported named struct type.
func settable(fa *ssa.FieldAddr, f *types.Var) bool {
	if f == nil {
		return false // an operand of a type parameter's type
	}
	n, ok := types.Unalias(fa.X.Type().Underlying().(*types.Pointer).Elem()).(*types.Named)
	return ok && f.Exported() && n.Obj().Exported()
}

// exempt reports whether a, an access of entry e, is a setter's write
// that the default reading does not pair with other methods: e is an
// inferred entry that synchronises nothing of its own, and a is a store
// to a settable field that no function of the package writes under
// synchronisation. A nil rule (the strict reading) exempts nothing.
func (r *setterRule) exempt(e *entry, a *epAccess) bool {
	if r == nil || !e.inferred || !a.write || synchronized(a) {
		return false
	}
	f := r.fieldAt[a.pos]
	if f == nil || r.guarded[f] {
		return false
	}
	is, ok := r.setters[e]
	if !ok {
		is = synchronizesNothing(e)
		r.setters[e] = is
	}
	return is
}

// synchronizesNothing reports whether no access of e is made under a lock
// of the object it lies in, inside once.Do or atomically (expectsShared):
// a lock of another object (the Clone of a *tls.Config the value points
// to) serialises that object, not this one.
func synchronizesNothing(e *entry) bool {
	for _, a := range e.accs {
		if expectsShared(a) {
			return false
		}
	}
	return true
}
