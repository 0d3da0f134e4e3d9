// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// catContextEscape is the category of a handler context that outlives its
// handler.
const catContextEscape = "context-escape"

// checkContexts reports the handler contexts of fn (values an actor
// framework lends to one call of a handler and rewrites for the next
// message, model.HandlerContext) that outlive the call: stored into
// memory that is not the function's own, sent, handed to a goroutine, or
// captured by a function literal that runs on another goroutine or is
// stored. A use there sees the context of a later message, or races with
// the framework rewriting it.
//
// Only fn's own instructions are read: a context passed to a callee that
// stores it is not seen (the README says so).
func (c *checker) checkContexts(fn *ssa.Function, pts []transfer.Point) {
	given := make(map[ssa.Value]transfer.Point)
	for _, p := range pts {
		for _, v := range p.Given {
			given[v] = p
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if ctx := handlerContext(instr.Val); ctx != nil && c.outlives(instr.Addr, given) {
					c.reportContext(instr.Pos(), ctx, fmt.Sprintf("is stored into %s", c.names.value(instr.Addr, instr)))
				}
			case *ssa.MapUpdate:
				if ctx := handlerContext(instr.Value); ctx != nil {
					c.reportContext(instr.Pos(), ctx, fmt.Sprintf("is stored into the map %s", c.names.value(instr.Map, instr)))
				}
			case *ssa.Send:
				if ctx := handlerContext(instr.X); ctx != nil {
					c.reportContext(instr.Pos(), ctx, "is sent on a channel")
				}
			case *ssa.Go:
				// What a function literal captures is reported at the
				// literal (the MakeClosure case).
				ops := instr.Call.Args
				if instr.Call.IsInvoke() {
					ops = append([]ssa.Value{instr.Call.Value}, ops...)
				}
				callee := instr.Call.StaticCallee()
				for i, v := range ops {
					if ctx := handlerContext(v); ctx != nil && c.usesMessageState(callee, i, ctx) {
						c.reportContext(instr.Pos(), ctx, "is handed to a new goroutine")
					}
				}
			case *ssa.MakeClosure:
				how := c.closureOutlives(instr, given)
				if how == "" {
					continue
				}
				pos := instr.Pos()
				if !pos.IsValid() {
					pos = instr.Fn.Pos()
				}
				lit := instr.Fn.(*ssa.Function)
				for k, v := range instr.Bindings {
					if ctx := capturedContext(v); ctx != nil && c.usesMessageState(lit, len(lit.Params)+k, ctx) {
						c.reportContext(pos, ctx, "is captured by a function literal that "+how)
					}
				}
			}
		}
	}
}

// usesMessageState reports whether a function that outlives the handler
// uses the state of the handler context ctx that the next message
// replaces: by its summary, it touches a field of the context that the
// framework rewrites after construction (fieldwrites: the message, the
// sender, every field of a pooled context), or it calls a row that reads
// the current message (Message, Forward) on a context. A function that
// only reads what the context was built with (its PID, the engine, the
// actor system) reads the same values whichever message is current, and
// races with no one. fn receives ctx at port; a function the analysis has
// no summary of is no evidence. The strict reading assumes every use
// does.
func (c *checker) usesMessageState(fn *ssa.Function, port int, ctx ssa.Value) bool {
	if c.strict {
		return true
	}
	if fn == nil {
		return false
	}
	if c.callsMessageRow(fn) {
		return true
	}
	s := c.flows.Summary(fn)
	if s == nil {
		return false
	}
	t := ctx.Type()
	_, captured := ctx.(*ssa.Alloc)
	if captured {
		// A captured variable: the port is its cell, and the context
		// lies one pointer below it.
		t = types.Unalias(t).(*types.Pointer).Elem()
	}
	for _, pp := range [][]taint.PortPaths{s.ReadPaths, s.WritePaths} {
		for _, x := range pp {
			if x.Port != port {
				continue
			}
			for _, path := range x.Paths {
				if captured {
					var below bool
					if path, below = strings.CutPrefix(path, taint.PathSep); !below && !taint.DeepPath(path) {
						continue // the variable itself, not the context
					}
				}
				if c.rewritten(t, path) {
					return true
				}
			}
		}
	}
	return false
}

// rewritten reports whether the place path (as a summary names it, below
// memory of type t) lies in a field of t written after construction, or in
// memory the path cannot name: the places within t's object, up to the
// first pointer followed, are what placeMayBeWritten judges.
func (c *checker) rewritten(t types.Type, path string) bool {
	if taint.DeepPath(path) {
		return true
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return true // the fields are its implementations'
	}
	within, _, _ := strings.Cut(path, taint.PathSep)
	return c.placeMayBeWritten(t, within)
}

// callsMessageRow reports whether fn calls, on a handler context, a row
// that reads the message being handled (model.Receive, model.Forward).
func (c *checker) callsMessageRow(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			com := call.Common()
			recv := com.Value
			if !com.IsInvoke() {
				if len(com.Args) == 0 {
					continue
				}
				recv = com.Args[0]
			}
			if !model.IsHandlerContext(recv.Type()) {
				continue
			}
			if resolved, ok := c.gu.Model.Resolve(com); ok {
				_, receives := resolved.Row(model.Receive)
				_, forwards := resolved.Row(model.Forward)
				if receives || forwards {
					return true
				}
			}
		}
	}
	return false
}

// handlerContext returns v, or the value v converts, if it is a handler
// context; else nil.
func handlerContext(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		v = x.X
	case *ssa.ChangeType:
		v = x.X
	case *ssa.ChangeInterface:
		v = x.X
	}
	if model.IsHandlerContext(v.Type()) {
		return v
	}
	return nil
}

// capturedContext returns the handler context a closure binding holds: the
// value, or the variable a captured parameter was spilled to.
func capturedContext(v ssa.Value) ssa.Value {
	if a, ok := v.(*ssa.Alloc); ok {
		if p, ok := types.Unalias(a.Type()).(*types.Pointer); ok && model.IsHandlerContext(p.Elem()) {
			return a
		}
		return nil
	}
	return handlerContext(v)
}

// outlives reports whether memory at addr outlives the call of the
// function storing into it: a field or element of memory the function
// did not allocate (reached from a parameter, a captured variable or a
// package variable), a package variable, or a new object that the
// function gives up.
func (c *checker) outlives(addr ssa.Value, given map[ssa.Value]transfer.Point) bool {
	for top := true; ; {
		switch a := addr.(type) {
		case *ssa.Global:
			return true
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return false
			}
			if v, ok := a.X.(*ssa.Alloc); ok && !top {
				// The value of a local variable: a parameter the
				// function spilled (because a closure captures it).
				return spilledParam(v)
			}
			addr = a.X
		case *ssa.Parameter, *ssa.FreeVar:
			return true
		case *ssa.Alloc:
			// A new object outlives the call if it is given up (sent,
			// handed to a goroutine); a local variable, even one a
			// closure captures, is checked where the closure goes.
			_, ok := given[a]
			return ok && a.Heap && !top
		default:
			return false
		}
		top = false
	}
}

// spilledParam reports whether the local variable a holds a parameter or
// a captured variable of its function.
func spilledParam(a *ssa.Alloc) bool {
	switch ssaops.StoredOnce(a).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	return false
}

// closureOutlives says how the function literal mc runs after its
// creator returns: on another goroutine, or stored; "" if neither is
// seen.
func (c *checker) closureOutlives(mc *ssa.MakeClosure, given map[ssa.Value]transfer.Point) string {
	if p, ok := given[mc]; ok {
		switch p.Kind {
		case transfer.Go:
			return "runs on a new goroutine"
		case transfer.Send:
			return "is sent on a channel"
		}
		return "is handed to " + p.CalleeName() + ", which runs it on another goroutine or actor"
	}
	for _, r := range *mc.Referrers() {
		switch r := r.(type) {
		case *ssa.Go:
			if r.Call.Value == mc {
				return "runs on a new goroutine"
			}
		case *ssa.Store:
			if r.Val == mc && c.outlives(r.Addr, given) {
				return "is stored into " + c.names.value(r.Addr, r)
			}
		}
	}
	return ""
}

// reportContext reports a handler context ctx that outlives its handler
// at pos.
func (c *checker) reportContext(pos token.Pos, ctx ssa.Value, how string) {
	if c.reported[pos] {
		return
	}
	c.reported[pos] = true
	name, t := ctx.Name(), ctx.Type()
	if u, ok := ctx.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok && a.Comment != "" {
			ctx = a // a load of a spilled parameter: name the parameter
		}
	}
	if a, ok := ctx.(*ssa.Alloc); ok {
		name, t = a.Comment, types.Unalias(a.Type()).(*types.Pointer).Elem()
	}
	typ := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	msg := fmt.Sprintf("%s, the %s of the message being handled, %s; the framework reuses it for the next message, so it must not outlive %s",
		name, typ, how, ssaops.SSAFuncName(ctx.Parent(), c.pass.Pkg))
	var related []analysis.RelatedInformation
	if ctx.Pos().IsValid() && ctx.Pos() != pos {
		related = append(related, analysis.RelatedInformation{Pos: ctx.Pos(), Message: name + " comes from here"})
	}
	c.rep.Report(analysis.Diagnostic{Pos: pos, Category: catContextEscape, Message: msg, Related: related})
}
