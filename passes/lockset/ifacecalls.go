// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A call through an interface applies the summary of its callee when the
// interface value has one concrete type the analysis can name
// (ssaops.ConcreteTypes: a value converted to the interface, a
// constructor's result, an unexported field of the package every store of
// which has that type), in both readings:
//
//	type Server struct {
//		mu    sync.Mutex
//		store Store // only ever a *memStore
//	}
//
//	func (s *Server) Lookup(k string) int { return s.store.Get(k) }
//
// reads the store's map without s.mu, which Set holds around its Put.
// Any other call through an interface stays unknown.

// concreteCallee returns the declared method that call, a call through
// an interface, reaches, or nil.
// The dataflow visits a call many times (loops, rounds, specialised
// analyses), so the answer is kept per call.
func (c *checker) concreteCallee(call *ssa.CallCommon) *ssa.Function {
	if fn, ok := c.ifaceCallees[call]; ok {
		return fn
	}
	fn := c.resolveConcrete(call)
	if c.ifaceCallees == nil {
		c.ifaceCallees = make(map[*ssa.CallCommon]*ssa.Function)
	}
	c.ifaceCallees[call] = fn
	return fn
}

func (c *checker) resolveConcrete(call *ssa.CallCommon) *ssa.Function {
	t := c.dynamicType(call.Value)
	if t == nil || ssaops.HasTypeParam(t) {
		return nil
	}
	fn := ssaops.MethodOf(c.prog, t, call.Method)
	if fn == nil || fn.Synthetic != "" || fn.Object() == nil {
		return nil // a wrapper: the method is promoted or of the value type
	}
	return fn
}

// dynamicType returns the one concrete type the interface value v holds,
// if the package names it (ssaops.ConcreteTypes), or nil.
func (c *checker) dynamicType(v ssa.Value) types.Type {
	if c.concrete == nil {
		c.concrete = ssaops.NewConcreteTypes(c.pkg, c.srcFuncs, nil)
		c.concrete.Cells = true
	}
	return c.concrete.Of(v).Type
}
