// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Waits lists, as a fact, the ports of a function whose channels it
// receives from, or whose groups it waits for (a join row of the model on
// them), on some path: a future's Error or Get, a request's Wait, a
// WaitGroup wrapper's Wait, a runner's method that returns once it is
// stopped. Ports number the parameters with the receiver first, then the
// free variables.
//
// By default a call of such a function on something related to a
// goroutine or to memory given up is a join (model.IsJoin), as a receive
// from its channel is. It waits on some path only, so the strict reading
// does not count it.
type Waits struct {
	Ports []int
}

// AFact marks Waits as a fact.
func (*Waits) AFact() {}

func (w *Waits) String() string { return fmt.Sprintf("waits%v", w.Ports) }

// maxWaitRounds bounds the fixpoint over the package's call graph.
const maxWaitRounds = 8

// computeWaits records in m the ports every function of funcs waits on,
// directly or through the functions it calls, to a fixpoint, and those
// of the callees of other packages they call, from facts. It exports the
// facts of the package's own functions.
func computeWaits(pass *analysis.Pass, m *model.Model, funcs []*ssa.Function) {
	// Callees of other packages: their facts, recorded once.
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if o := callee.Origin(); o != nil {
					callee = o
				}
				obj, ok := callee.Object().(*types.Func)
				if !ok || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
					continue
				}
				if _, done := m.Waits(callee); done {
					continue
				}
				f := new(Waits)
				pass.ImportObjectFact(obj, f)
				m.SetWaits(callee, f.Ports)
			}
		}
	}
	for range maxWaitRounds {
		changed := false
		for _, fn := range funcs {
			ports := waitsOf(m, fn)
			if old, _ := m.Waits(fn); !slices.Equal(ports, old) {
				m.SetWaits(fn, ports)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg || fn.Origin() != nil {
			continue
		}
		if ports, _ := m.Waits(fn); len(ports) > 0 {
			pass.ExportObjectFact(obj, &Waits{Ports: ports})
		}
	}
}

// waitsOf computes the ports fn waits on, given what m records of its
// callees.
func waitsOf(m *model.Model, fn *ssa.Function) []int {
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
				for _, v := range m.WaitedOn(i.Common()) {
					add(v)
				}
				// wg.Wait() on a group of a port: a wrapper's Wait.
				if call, ok := m.Resolve(i.Common()); ok && call.Recv != nil {
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

// portOf returns the port whose memory v is loaded from: a parameter, a
// free variable, or a field or element reached from one.
func portOf(fn *ssa.Function, v ssa.Value) (port int, ok bool) {
	ssaops.WalkPath(v, 16, func(u ssa.Value) bool {
		switch x := u.(type) {
		case *ssa.Parameter:
			port, ok = slices.Index(fn.Params, x), true
		case *ssa.FreeVar:
			port, ok = len(fn.Params)+slices.Index(fn.FreeVars, x), true
		case *ssa.Alloc:
			// A parameter a closure captures lives in a local.
			if prm := spilledParam(x); prm != nil {
				port, ok = slices.Index(fn.Params, prm), true
			}
		}
		return !ok
	})
	return port, ok
}

// spilledParam returns the parameter whose variable a is, if a is the
// local that holds a parameter captured by a closure: its only store is
// of the parameter itself.
func spilledParam(a *ssa.Alloc) *ssa.Parameter {
	var prm *ssa.Parameter
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		p, ok := st.Val.(*ssa.Parameter)
		if !ok || prm != nil || p.Parent() != a.Parent() {
			return nil
		}
		prm = p
	}
	return prm
}
