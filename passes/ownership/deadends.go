// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/passes/taint"
)

// This file lets condition 1 ignore what outliving state holds only
// through a field that leads nowhere anyone could race on: a field no
// code ever reads (fieldwrites.Result.Unread: m.nodes[id].node, when the
// package only ever loads m.nodes[id].inbox), through which nothing kept
// is reachable, and an interface field that only ever holds boxed
// pointer-free values (fieldwrites.Result.HoldsImmutable: a timer's tick
// of type any, always a syncTick{}), which nobody can write. Both hold in
// either reading: they are facts of the package's code, not of the types
// alone.

// leadsNowhere returns the test, for findPath, of a heap edge from an
// object through key (a field, or fields of inline structs joined by
// dots) that leads nowhere: through a field of one of these two kinds.
func (c *checker) leadsNowhere(fl *taint.Flow) func(from taint.ObjID, key string) bool {
	return func(from taint.ObjID, key string) bool {
		t := fl.Object(from).Type
		for _, name := range strings.Split(key, ".") {
			if t == nil || !isStruct(t) {
				return false
			}
			st := pointee(t).(*types.Struct)
			i := fieldIndex(st, name)
			if i < 0 {
				return false
			}
			if c.fields.Unread(t, i) || c.fields.HoldsImmutable(t, i) {
				return true
			}
			t = st.Field(i).Type()
		}
		return false
	}
}

// immutableLoad reports whether v is a load of a field that only ever
// holds boxed pointer-free values (t.target <- t.tick): sending it, or
// keeping it after, shares nothing anyone can write.
func (c *checker) immutableLoad(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	return ok && c.fields.HoldsImmutable(fa.X.Type(), fa.Field)
}
