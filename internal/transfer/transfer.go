// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package transfer recognises, in SSA, the program points where a Go
// program hands memory to another goroutine.
//
// Channel sends and go statements are recognised from the instructions.
// Calls are recognised by the rows of the concurrency model
// (internal/model), so that actor frameworks and user-declared transfer
// functions are a matter of adding rows, not of changing the passes.
package transfer

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// Kind tells how a transfer point hands its values over.
type Kind int

const (
	// Send is a channel send, alone or as a select case.
	Send Kind = iota
	// Go is a go statement: the new goroutine owns its arguments, its
	// receiver and the variables its function literal captures.
	Go
	// Call is a call of a Transfer or Spawn row of the model.
	Call
	// GivesUp is a call to a function whose gives-up set is not empty.
	GivesUp
	// Reply is a send on, or a close of, a channel held in a field of a
	// request the function received from a channel (r.reply <- v,
	// close(r.done)): it hands the request back to its sender, who waits
	// on that channel and owns the request again once it has returned
	// (RepliedTo).
	Reply
)

// A Point is one transfer in a function's SSA.
type Point struct {
	Instr ssa.Instruction
	Kind  Kind
	// Given are the values whose reachable memory changes owner.
	Given []ssa.Value
	// Others are the remaining operands of the same instruction, which must
	// not alias what is given up.
	Others []ssa.Value
	// Callee is the function called, for Call and GivesUp points.
	Callee *ssa.Function
	// CalleeObj names the callee when it has no SSA body in this package.
	CalleeObj *types.Func
	// Spawns says the receiving side is a goroutine this function may join.
	Spawns bool
	// Publishes says the memory becomes the value readers of an atomic
	// load (a Transfer row that Publishes): they share it with the
	// giver, who must not write it afterwards but may keep it.
	Publishes bool
	// Why, for GivesUp points, says what the callee does with the value.
	Why *Reason
	// Written, for GivesUp points, holds the values of Given the callee
	// hands to goroutines that may write them: a helper handed a buffer
	// it fills and a configuration it only reads writes the buffer alone.
	Written []ssa.Value
}

// ReadOnly, for GivesUp points, says the callee hands the values only to
// goroutines that read them.
func (p Point) ReadOnly() bool { return len(p.Written) == 0 }

// A Reason says what a function does with memory it gives up: the kind
// of transfer point and where it is. It travels in gives-up facts, so it
// holds a file base name and a line, meaningful in any package, rather
// than a token.Pos, and the callee's name as a string. The passes build
// their wording from Kind.
type Reason struct {
	// Kind is the kind of the transfer point.
	Kind Kind
	// File is the base name of the point's file, and Line its line.
	File string
	Line int
	// Callee names the function called, for Call and GivesUp points.
	Callee string
	// Spawns, for a Call point, says the call runs what it is given on
	// another goroutine (a Spawn row) rather than sending it (a Transfer
	// row).
	Spawns bool
	// Publishes, for a Call point, says the call publishes the memory to
	// the readers of an atomic value (Point.Publishes).
	Publishes bool
	// Then, for a GivesUp point, says what the callee does with it.
	Then *Reason
}

// Final returns the last reason of the chain: the send, go statement or
// model call where the memory finally leaves.
func (r *Reason) Final() *Reason {
	for r != nil && r.Kind == GivesUp && r.Then != nil {
		r = r.Then
	}
	return r
}

// Points returns the channel sends, go statements and calls of Transfer
// and Spawn rows of m at instr. Calls to functions with a gives-up set are
// added by the givesup pass.
//
// A Transfer row gives up its Args; a Spawn row gives up its function
// argument, and so what the function captures, and the joins of the
// model (and channel receives) end the transfer.
func Points(m *model.Model, instr ssa.Instruction) []Point {
	switch instr := instr.(type) {
	case *ssa.Send:
		pts := []Point{{Instr: instr, Kind: Send, Given: []ssa.Value{instr.X}, Others: []ssa.Value{instr.Chan}}}
		if req := RepliedTo(instr.Chan); req != nil && req != instr.X {
			pts = append(pts, Point{Instr: instr, Kind: Reply, Given: []ssa.Value{req}, Others: []ssa.Value{instr.Chan}})
		}
		return pts
	case *ssa.Select:
		var pts []Point
		for _, st := range instr.States {
			if st.Dir == types.SendOnly {
				pts = append(pts, Point{Instr: instr, Kind: Send, Given: []ssa.Value{st.Send}, Others: []ssa.Value{st.Chan}})
			}
		}
		return pts
	case *ssa.Go:
		return []Point{{Instr: instr, Kind: Go, Given: GoOperands(instr.Common()), Spawns: true}}
	case ssa.CallInstruction:
		if ch := ssaops.ClosedChan(instr.Common()); ch != nil {
			if req := RepliedTo(ch); req != nil {
				return []Point{{Instr: instr, Kind: Reply, Given: []ssa.Value{req}, Others: []ssa.Value{ch}}}
			}
			return nil
		}
		call, ok := m.Resolve(instr.Common())
		if !ok {
			return nil
		}
		var given []int
		spawns, publishes := false, false
		if r, ok := call.Row(model.Transfer); ok {
			given, publishes = r.Args, r.Publishes
		}
		if r, ok := call.Row(model.Spawn); ok {
			given, spawns = append(given, r.Args...), true
		}
		var forwarded []ssa.Value
		if _, ok := call.Row(model.Forward); ok {
			forwarded = delivered(m, instr.Parent(), call.Recv)
		}
		if len(given) == 0 && len(forwarded) == 0 {
			return nil
		}
		p := Point{Instr: instr, Kind: Call, Callee: instr.Common().StaticCallee(), CalleeObj: call.Func, Spawns: spawns, Publishes: publishes}
		if call.Recv != nil {
			p.Others = append(p.Others, call.Recv)
		}
		for i, a := range call.Args {
			if slices.Contains(given, i) {
				if ct, ok := a.(*ssa.ChangeType); ok {
					if _, isFunc := ct.Type().Underlying().(*types.Signature); isFunc {
						// A function converted to a named func type
						// (actor.Producer) is the function.
						a = ct.X
					}
				}
				if spawns && capturesNothing(a) {
					continue
				}
				p.Given = append(p.Given, a)
			} else {
				p.Others = append(p.Others, a)
			}
		}
		p.Given = append(p.Given, forwarded...)
		if len(p.Given) == 0 {
			return nil
		}
		return []Point{p}
	}
	return nil
}

// RepliedTo returns the request whose reply channel ch is: a field of a
// pointer the function received from a channel (r := <-reqs, or a range
// over reqs, or a select case), loaded once (r.reply), or nil. Sending on
// it or closing it answers the request, which the requester, waiting on
// that channel, then uses again: what the function does to the request
// afterwards races with it.
//
// A value the function sends on a channel itself is a token passed from
// holder to holder (sl := <-log; …; close(sl.done); log <- sl): whoever
// waits on its channel gets it back through that send, not through the
// close, so it is not a request answered.
func RepliedTo(ch ssa.Value) ssa.Value {
	if fa, ok := ssaops.LoadedField(ch); ok && isReceived(fa.X) && !sentOn(fa.X) {
		return fa.X
	}
	return nil
}

// sentOn reports whether the function sends v itself on a channel.
func sentOn(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Send:
			if r.X == v {
				return true
			}
		case *ssa.Select:
			for _, st := range r.States {
				if st.Dir == types.SendOnly && st.Send == v {
					return true
				}
			}
		}
	}
	return false
}

// isReceived reports whether v is a pointer received from a channel: the
// value of a receive, of a comma-ok receive, or of a select's receiving
// case.
func isReceived(v ssa.Value) bool {
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		return v.Op == token.ARROW && !v.CommaOk
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.UnOp:
			return t.Op == token.ARROW && v.Index == 0
		case *ssa.Select:
			return v.Index >= 2 // the values of the receiving cases
		}
	}
	return false
}

// capturesNothing reports whether the function value f gives nothing up
// when another goroutine runs it: a declared function, or the value of a
// package-level function variable (nullReceive = func(Context){}), whose
// literal can capture only package-level variables. What those reach is
// shared by every goroutine, not handed over.
func capturesNothing(f ssa.Value) bool {
	switch f := f.(type) {
	case *ssa.Function:
		return true
	case *ssa.UnOp:
		_, global := f.X.(*ssa.Global)
		return global && f.Op == token.MUL
	}
	return false
}

// delivered returns the messages fn obtained from recv through Receive
// rows (ctx.Message()): what a Forward row on recv gives up.
func delivered(m *model.Model, fn *ssa.Function, recv ssa.Value) []ssa.Value {
	if fn == nil || recv == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			call, ok := m.Resolve(c.Common())
			if !ok || call.Recv != recv {
				continue
			}
			if _, ok := call.Row(model.Receive); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// GoOperands returns what a go statement hands to the new goroutine: the
// arguments, the receiver, and for a function literal its captured
// variables.
func GoOperands(c *ssa.CallCommon) []ssa.Value {
	var vals []ssa.Value
	if c.IsInvoke() {
		vals = append(vals, c.Value)
	} else if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		vals = append(vals, mc.Bindings...)
	} else if _, ok := c.Value.(*ssa.Function); !ok {
		vals = append(vals, c.Value)
	}
	return append(vals, c.Args...)
}

// CalleeName names the function a Call or GivesUp point calls, as pkg.F or
// (*pkg.T).M: the name is also stored in facts read in other packages, so
// it is qualified by package name wherever it is read.
func (p Point) CalleeName() string {
	switch {
	case p.CalleeObj != nil:
		return ssaops.FuncName(p.CalleeObj, nil)
	case p.Callee != nil:
		return ssaops.SSAFuncName(p.Callee, nil)
	}
	return "the callee"
}

// Successors returns the successors of b that a path from p may take:
// after a select that sends what p gives, only the branch of the sending
// case (the select's index is compared with the case's number to pick
// its block); the other cases did not send.
func (p Point) Successors(b *ssa.BasicBlock) []*ssa.BasicBlock {
	sel, ok := p.Instr.(*ssa.Select)
	if !ok || len(b.Succs) != 2 {
		return b.Succs
	}
	s, j, ok := model.SelectCaseTest(b)
	if !ok || s != sel {
		return b.Succs
	}
	if j == p.sendCase(sel) {
		return b.Succs[:1]
	}
	return b.Succs[1:]
}

// sendCase returns the index of the case of sel that sends what p gives,
// or -1.
func (p Point) sendCase(sel *ssa.Select) int {
	for i, st := range sel.States {
		if st.Dir == types.SendOnly && slices.Contains(p.Given, st.Send) {
			return i
		}
	}
	return -1
}
