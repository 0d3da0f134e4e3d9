// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Handlers tells which methods of one package are actor message handlers:
// methods implementing an Actor row's interface method (Receive), methods
// declared so (//psharpvet:handler), and the methods a Become row installs
// as an actor's next handler (ctx.Become(a.busy)). A function literal
// passed to Become is not a method of the actor and is not one.
type Handlers struct {
	m       *Model
	pkg     *types.Package
	ifaces  []*types.Func
	becomes map[*types.Func]bool
	memo    map[*types.Func]bool
}

// Handlers returns the handlers of pkg. Note every call of the package
// before asking IsMethod, so that the Become targets are known.
func (m *Model) Handlers(pkg *types.Package) *Handlers {
	return &Handlers{
		m: m, pkg: pkg,
		ifaces:  m.InterfaceMethods(pkg, Actor),
		becomes: make(map[*types.Func]bool),
		memo:    make(map[*types.Func]bool),
	}
}

// BecomeTarget returns the method of the package that a call of a Become
// row installs, or nil.
func (h *Handlers) BecomeTarget(c Call) *types.Func {
	row, ok := c.Row(Become)
	if !ok || len(row.Args) == 0 {
		return nil
	}
	fn, _ := ssaops.FuncValue(c.Arg(row.Args[0]))
	if fn == nil || !ssaops.IsBoundMethod(fn) {
		return nil
	}
	m, _ := fn.Object().(*types.Func)
	if m == nil || m.Pkg() != h.pkg {
		return nil
	}
	return m.Origin()
}

// Note records the Become target of call, if any.
func (h *Handlers) Note(call Call) {
	if m := h.BecomeTarget(call); m != nil {
		h.becomes[m] = true
		delete(h.memo, m.Origin()) // asked before this call was seen
	}
}

// IsMethod reports whether fn is an actor's message handler.
func (h *Handlers) IsMethod(fn *types.Func) bool {
	fn = fn.Origin()
	is, ok := h.memo[fn]
	if !ok {
		_, declared := h.m.Find(fn, Actor)
		is = declared || h.becomes[fn] ||
			slices.ContainsFunc(h.ifaces, func(im *types.Func) bool { return ImplementsMethod(fn, im) })
		h.memo[fn] = is
	}
	return is
}

// IsFunc reports whether fn is (or wraps, as a method value) an actor's
// message handler.
func (h *Handlers) IsFunc(fn *ssa.Function) bool {
	obj, _ := fn.Object().(*types.Func)
	return obj != nil && h.IsMethod(obj)
}
