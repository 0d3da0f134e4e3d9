// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Waits lists, as a fact, the ports of a function whose channels it
// receives from, or whose groups it waits for (a join row of the model on
// them): a future's Error or Get, a request's Wait, a WaitGroup wrapper's
// Wait. Ports number
// the parameters with the receiver first, then the free variables.
//
// By default a call of such a function with memory that was given up is a
// join, as a receive from the memory's channel is: the future idiom
// (send a request, then call its Wait). It waits on some path only, so
// the strict reading does not count it.
type Waits struct {
	Ports []int
}

// AFact marks Waits as a fact.
func (*Waits) AFact() {}

func (w *Waits) String() string { return fmt.Sprintf("waits%v", w.Ports) }

// computeWaits finds the ports every function of the package receives
// from, directly or through the functions it calls, to a fixpoint.
func (r *Result) computeWaits(funcs []*ssa.Function) {
	r.importing = true
	defer func() { r.importing = false }()
	for range maxRounds {
		changed := false
		for _, fn := range funcs {
			ports := r.waitsOf(fn)
			if !slices.Equal(ports, r.waits[fn]) {
				r.waits[fn] = ports
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// waitsOf computes the ports fn receives from.
func (r *Result) waitsOf(fn *ssa.Function) []int {
	var ports []int
	add := func(v ssa.Value) {
		if p, ok := portOf(fn, v); ok && !slices.Contains(ports, p) {
			ports = append(ports, p)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.UnOp:
				if i.Op == token.ARROW {
					add(i.X)
				}
			case *ssa.Select:
				for _, st := range i.States {
					if st.Dir == types.RecvOnly {
						add(st.Chan)
					}
				}
			case ssa.CallInstruction:
				for _, v := range r.waitedOn(i.Common()) {
					add(v)
				}
				// wg.Wait() on a group of a port: a wrapper's Wait.
				if call, ok := r.Model.Resolve(i.Common()); ok && call.Recv != nil {
					if _, join := call.Row(model.Join); join {
						add(call.Recv)
					}
				}
			}
		}
	}
	slices.Sort(ports)
	return ports
}

// waitedOn returns the operands of a call whose channels its callee
// receives from.
func (r *Result) waitedOn(c *ssa.CallCommon) []ssa.Value {
	callee := c.StaticCallee()
	args := c.Args
	if c.IsInvoke() {
		return nil // an interface's implementations are not known here
	}
	if callee == nil {
		return nil
	}
	ports, ok := r.waits[callee]
	if !ok && r.importing {
		// A callee of another package: its fact, cached so that the
		// Result answers without the pass once the pass is over.
		if obj, isFunc := callee.Object().(*types.Func); isFunc && (callee.Pkg == nil || callee.Pkg.Pkg != r.pass.Pkg) {
			f := new(Waits)
			if r.pass.ImportObjectFact(obj.Origin(), f) {
				ports = f.Ports
			}
		}
		r.waits[callee] = ports
	}
	var out []ssa.Value
	for _, p := range ports {
		if p < len(args) {
			out = append(out, args[p])
		}
	}
	return out
}

// portOf returns the port whose memory v is loaded from: a parameter, a
// free variable, or a field or element reached from one.
func portOf(fn *ssa.Function, v ssa.Value) (port int, ok bool) {
	ssaops.WalkPath(v, 16, func(u ssa.Value) bool {
		switch x := u.(type) {
		case *ssa.Parameter:
			port, ok = slices.Index(fn.Params, x), true
		case *ssa.FreeVar:
			port, ok = len(fn.Params)+slices.Index(fn.FreeVars, x), true
		}
		return !ok
	})
	return port, ok
}
