// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// SetWaits records the ports of fn whose channels it receives from, or
// whose groups it waits for: on some path (may), and on every path to a
// return (must). concur computes them for a package and its callees.
// Ports number the parameters, the receiver first, then the free
// variables.
func (m *Model) SetWaits(fn *ssa.Function, may, must []int) {
	if m.waits == nil {
		m.waits = make(map[*ssa.Function][2][]int)
	}
	m.waits[fn] = [2][]int{may, must}
}

// Waits returns the ports recorded for fn (or its generic origin), and
// whether anything is recorded.
func (m *Model) Waits(fn *ssa.Function) (may, must []int, ok bool) {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	w, ok := m.waits[fn]
	return w[0], w[1], ok
}

// WaitedOn returns the operands of a static call whose channels or
// groups its callee waits on on some path: a future's Get, a request's
// Wait, a runner's method that returns once another goroutine stops it
// (or for another reason).
func (m *Model) WaitedOn(c *ssa.CallCommon) []ssa.Value {
	return m.waitedOn(c, false)
}

// MustWaitedOn returns the operands of a static call whose channels or
// groups its callee waits on on every path to a return.
func (m *Model) MustWaitedOn(c *ssa.CallCommon) []ssa.Value {
	return m.waitedOn(c, true)
}

func (m *Model) waitedOn(c *ssa.CallCommon, must bool) []ssa.Value {
	if c.IsInvoke() {
		return nil // an interface's implementations are not known here
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil
	}
	ports, mustPorts, _ := m.Waits(callee)
	if must {
		ports = mustPorts
	}
	var out []ssa.Value
	for _, p := range ports {
		if p < len(c.Args) {
			out = append(out, c.Args[p])
		}
	}
	return out
}

// A CountedWait says that a function receives from the channel of a
// port at least a number of times before it returns, on every path to a
// return: the value of the argument of port Count less Start when Count
// is not negative, else Start. The function uses the port's channel only
// to receive from it.
type CountedWait struct {
	Chan  int
	Count int
	Start int64
}

// SetCountedWaits records the counted waits of fn (concur computes them).
func (m *Model) SetCountedWaits(fn *ssa.Function, cw []CountedWait) {
	if m.counted == nil {
		m.counted = make(map[*ssa.Function][]CountedWait)
	}
	m.counted[fn] = cw
}

// CountedWaits returns the counted waits recorded for fn (or its generic
// origin).
func (m *Model) CountedWaits(fn *ssa.Function) []CountedWait {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return m.counted[fn]
}

// CountedReceives returns, for a static call, the channel operand its
// callee receives from at least some number of times before it returns,
// and that number as the trip count of a counted loop (its Bound an
// argument or a constant, Header and Exit nil); else nil.
func (m *Model) CountedReceives(c *ssa.CallCommon) (ch ssa.Value, trips *CountedLoop) {
	if c.IsInvoke() {
		return nil, nil
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil, nil
	}
	for _, w := range m.CountedWaits(callee) {
		if w.Chan >= len(c.Args) || w.Count >= len(c.Args) {
			continue
		}
		l := &CountedLoop{Start: w.Start}
		if w.Count < 0 {
			l.Bound, l.Start = ssa.NewConst(constant.MakeInt64(w.Start), types.Typ[types.Int64]), 0
		} else {
			l.Bound = c.Args[w.Count]
		}
		return c.Args[w.Chan], l
	}
	return nil, nil
}
