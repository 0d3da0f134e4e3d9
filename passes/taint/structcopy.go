// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file copies a struct field by field. A struct value is one set of
// locations, the union of what its fields point to, so storing a copy
// `c := *l` whole would leave every field of c pointing to all that l's
// fields point to, and a later `c.Writers = append([]Write(nil),
// l.Writers...)` could not replace what c.Writers held: the copy a clone
// method returns would stay linked to the original's slice. Copied field
// by field into one object (a strong update), each field of the copy
// holds what the same field of the source holds, and a store to one
// field replaces it.

// copyStruct stores the struct that val loads (val = *src) into dst, a
// location of one object that the store overwrites, one field at a time,
// and reports whether it did; it does nothing for any other value.
func (f *Flow) copyStruct(h Heap, dst Loc, val ssa.Value) bool {
	load, ok := val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	st, ok := val.Type().Underlying().(*types.Struct)
	if !ok || !f.sv.tracked(val.Type()) {
		return false
	}
	ptr := types.NewPointer(val.Type())
	if st.NumFields() == 0 || fieldName(ptr, 0) == anyKey {
		return false // the fields cannot be named: the caller stores it whole
	}
	srcs := f.val(load.X)
	for k := range st.NumFields() {
		name := fieldName(ptr, k)
		var held LocSet
		if t := st.Field(k).Type(); f.sv.tracked(t) {
			held = f.load(h, rekey(srcs, name), t)
		}
		h.write(Loc{dst.Obj, subKey(dst.Key, name)}, held, true)
	}
	return true
}
