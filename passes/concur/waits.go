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
// them): a future's Error or Get, a request's Wait, a WaitGroup wrapper's
// Wait, a runner's method that returns once it is stopped. Ports number
// the parameters with the receiver first, then the free variables.
//
// Ports are the ports it waits on on some path; Must those it waits on on
// every path to a return. A call of a function that must wait on a value
// related to a goroutine, or to memory given up, is a join as a receive
// from its channel is (model.IsJoin). The ownership passes also count, by
// default, the ports waited on on some path (the future idiom: send a
// request, then call its Wait).
//
// Counted are its counted receive loops (model.CountedWait): a port's
// channel received from at least a number of times, an argument's or a
// constant, before it returns.
type Waits struct {
	Ports   []int
	Must    []int
	Counted []model.CountedWait
}

// AFact marks Waits as a fact.
func (*Waits) AFact() {}

func (w *Waits) String() string {
	s := fmt.Sprintf("waits%v", w.Ports)
	if len(w.Must) > 0 {
		s += fmt.Sprintf(" must%v", w.Must)
	}
	for _, c := range w.Counted {
		s += fmt.Sprintf(" counted(%d,%d,%d)", c.Chan, c.Count, c.Start)
	}
	return s
}

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
				if _, _, done := m.Waits(callee); done {
					continue
				}
				f := new(Waits)
				pass.ImportObjectFact(obj, f)
				m.SetWaits(callee, f.Ports, f.Must)
				if len(f.Counted) > 0 {
					m.SetCountedWaits(callee, f.Counted)
				}
			}
		}
	}
	// Both grow from nothing: a least fixpoint, so that a recursive
	// function is not taken to wait because it calls itself.
	for range maxWaitRounds {
		changed := false
		for _, fn := range funcs {
			ports := waitsOf(m, fn)
			var must []int
			if len(ports) > 0 { // what is waited on on every path is waited on on some
				must = mustWaitsOf(m, fn)
			}
			if old, oldMust, _ := m.Waits(fn); !slices.Equal(ports, old) || !slices.Equal(must, oldMust) {
				m.SetWaits(fn, ports, must)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for _, fn := range funcs {
		if cw := countedWaitsOf(fn); len(cw) > 0 {
			m.SetCountedWaits(fn, cw)
		}
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg || fn.Origin() != nil {
			continue
		}
		if ports, must, _ := m.Waits(fn); len(ports) > 0 {
			pass.ExportObjectFact(obj, &Waits{Ports: ports, Must: must, Counted: m.CountedWaits(fn)})
		}
	}
}

// mustWaitsOf computes the ports fn waits on on every path from its entry
// to a return: a must dataflow over its blocks (intersection at joins).
func mustWaitsOf(m *model.Model, fn *ssa.Function) []int {
	if len(fn.Blocks) == 0 {
		return nil
	}
	// gen[b] are the ports b itself waits on: its instructions.
	gen := make([][]int, len(fn.Blocks))
	for _, b := range fn.Blocks {
		var ports []int
		for _, instr := range b.Instrs {
			for _, p := range waitedAt(m, fn, instr, true) {
				if !slices.Contains(ports, p) {
					ports = append(ports, p)
				}
			}
		}
		gen[b.Index] = ports
	}
	// in[b] are the ports waited on on every path to b found so far.
	in := make([][]int, len(fn.Blocks))
	reached := make([]bool, len(fn.Blocks))
	reached[0] = true
	for changed, iter := true, 0; changed && iter < len(fn.Blocks)+8; iter++ {
		changed = false
		for _, b := range fn.Blocks {
			if !reached[b.Index] {
				continue
			}
			cur := slices.Clone(in[b.Index])
			for _, p := range gen[b.Index] {
				if !slices.Contains(cur, p) {
					cur = append(cur, p)
				}
			}
			for _, succ := range b.Succs {
				cur := cur
				if ch := model.CaseReceive(b, succ); ch != nil {
					// Entering the body of a select case that received.
					if p, ok := portOf(fn, ch); ok && !slices.Contains(cur, p) {
						cur = append(slices.Clone(cur), p)
					}
				}
				if !reached[succ.Index] {
					reached[succ.Index], in[succ.Index], changed = true, cur, true
					continue
				}
				next := slices.DeleteFunc(slices.Clone(in[succ.Index]), func(p int) bool { return !slices.Contains(cur, p) })
				if len(next) != len(in[succ.Index]) {
					in[succ.Index], changed = next, true
				}
			}
		}
	}
	// A return is the last instruction of its block.
	var must []int
	returned := false
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || !reached[b.Index] {
			continue
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ok {
			continue
		}
		cur := append(slices.Clone(in[b.Index]), gen[b.Index]...)
		if !returned {
			must, returned = cur, true
		} else {
			must = slices.DeleteFunc(must, func(p int) bool { return !slices.Contains(cur, p) })
		}
	}
	must = slices.Compact(slices.Sorted(slices.Values(must)))
	return must
}

// waitsOf computes the ports fn waits on on some path, given what m
// records of its callees.
func waitsOf(m *model.Model, fn *ssa.Function) []int {
	var ports []int
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, p := range waitedAt(m, fn, instr, false) {
				if !slices.Contains(ports, p) {
					ports = append(ports, p)
				}
			}
		}
	}
	slices.Sort(ports)
	return ports
}

// waitedAt returns the ports of fn that instr waits on: a receive from a
// port's channel, a select (with must, a blocking one all of whose cases
// receive from channels of one port), a call of a function that waits on
// an argument (on every path, with must), a join row on a port's group.
func waitedAt(m *model.Model, fn *ssa.Function, instr ssa.Instruction, must bool) []int {
	var ports []int
	add := func(v ssa.Value) {
		if p, ok := portOf(fn, v); ok && !slices.Contains(ports, p) {
			ports = append(ports, p)
		}
	}
	switch i := instr.(type) {
	case *ssa.UnOp:
		if i.Op == token.ARROW {
			add(i.X)
		}
	case *ssa.Select:
		if !must {
			for _, st := range i.States {
				if st.Dir == types.RecvOnly {
					add(st.Chan)
				}
			}
			break
		}
		port, all := -1, i.Blocking && len(i.States) > 0
		for _, st := range i.States {
			p, ok := portOf(fn, st.Chan)
			if st.Dir != types.RecvOnly || !ok || (port >= 0 && p != port) {
				all = false
				break
			}
			port = p
		}
		if all {
			ports = append(ports, port)
		}
	case ssa.CallInstruction:
		if _, isCall := i.(*ssa.Call); must && !isCall {
			break // go and defer do not wait where they stand
		}
		waited := m.WaitedOn
		if must {
			waited = m.MustWaitedOn
		}
		for _, v := range waited(i.Common()) {
			add(v)
		}
		// wg.Wait() on a group of a port: a wrapper's Wait.
		if call, ok := m.Resolve(i.Common()); ok && call.Joins() {
			add(call.Recv)
		}
	}
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
