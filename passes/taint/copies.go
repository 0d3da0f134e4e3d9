// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file applies the model's Copies rows: a call that returns a shallow
// copy of a container (maps.Clone) makes a new container holding what the
// old one holds, its keys and values, and touches nothing else. maps.Clone
// hands its map to the runtime, which the analysis cannot see; the strict
// reading would otherwise link the copy to the original, so that a
// snapshot sent as `&State{Store: maps.Clone(s.store)}` stayed reachable
// from s.store.

// copiedArg returns the argument of c that a Copies row says c copies,
// or nil when c is not such a call.
func (sv *solver) copiedArg(c *ssa.CallCommon) ssa.Value {
	call, ok := sv.res.model.Resolve(c)
	if !ok {
		return nil
	}
	row, ok := call.Row(model.Copies)
	if !ok || len(row.Args) != 1 {
		return nil
	}
	return call.Arg(row.Args[0])
}

// shallowCopy applies a Copies row to the call instr: its result is an
// object of the call site whose entries hold what the copied container's
// entries hold. ok is false when the call has no such row.
func (f *Flow) shallowCopy(c *ssa.CallCommon, instr ssa.CallInstruction, h Heap) (result LocSet, ok bool) {
	src := f.sv.copiedArg(c)
	v := instr.Value()
	if src == nil || v == nil || !types.Identical(src.Type().Underlying(), v.Type().Underlying()) {
		return nil, false
	}
	if !f.sv.tracked(v.Type()) {
		return nil, true
	}
	fresh := f.site(instr, Alloc, v.Type(), "copy of "+src.Name())
	if entry := f.sv.entryType(v.Type()); entry != nil {
		entries := f.load(h, rekey(f.val(src), elemKey), entry)
		h.write(Loc{fresh, elemKey}, entries, false)
	}
	return LocSet{{fresh, ""}}, true
}

// entryType is the type of the references a container of type t holds
// in its entries (stored under elemKey): a map's values, or its keys when
// only they hold references; a slice's or array's elements. nil when the
// entries hold none, or t is no container.
func (sv *solver) entryType(t types.Type) types.Type {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Map:
		if sv.tracked(u.Elem()) {
			return u.Elem()
		}
		if sv.tracked(u.Key()) {
			return u.Key()
		}
	case *types.Slice:
		if sv.tracked(u.Elem()) {
			return u.Elem()
		}
	}
	return nil
}

// copySummary is the summary of a function with a Copies row, for the
// passes that ask what a call of it touches: it reads the entries of the
// copied port and writes nothing; its result is new memory (the links to
// what the entries reach are made at the call, by shallowCopy).
func copySummary(fn *ssa.Function, row model.Row) *Summary {
	if len(row.Args) != 1 {
		return nil
	}
	port := row.Args[0]
	if fn.Signature != nil && fn.Signature.Recv() != nil {
		port++
	}
	return &Summary{
		Returns:    []int{port},
		NewResults: true,
		ReadPaths:  []PortPaths{{port, []string{elemKey}}},
	}
}
