// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// An actor framework delivers its start messages (model.StartOrder) to
// each new actor once, in order, before any other message. What a handler
// does in the case of a start message therefore happens before a
// goroutine the handler starts on a later message, or later on the same
// one: Hollywood's server that listens on Initialized and starts its
// accept loop on Started. By default such a pair is ordered.

// laterMessage is the place of a case for a message that is not a start
// message: it is handled after all of them.
const laterMessage = math.MaxInt

// messagePlace returns which messages may run instr, an instruction of an
// actor's handler: the place of the start message whose case alone runs
// it, laterMessage in the case of another type of the handler's message,
// or 0 if any message may.
func (c *checker) messagePlace(instr ssa.Instruction) int {
	place := 0
	for d := instr.Block(); d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		ta := caseOf(d.Preds[0], d)
		if ta == nil {
			continue
		}
		if o := model.StartOrder(ta.AssertedType); o > 0 {
			return o // the start message's case, however deeply nested
		}
		if place == 0 && c.isMessage(ta.X) {
			place = laterMessage
		}
	}
	return place
}

// caseOf returns the type assertion whose success leads from p to its
// successor d, the case of a type switch or the body of an
// `if m, ok := x.(T); ok`, or nil.
func caseOf(p, d *ssa.BasicBlock) *ssa.TypeAssert {
	if len(p.Succs) != 2 || p.Succs[0] != d {
		return nil
	}
	ta, ok := ssaops.OkTested(p).(*ssa.TypeAssert)
	if !ok || !ta.CommaOk {
		return nil
	}
	return ta
}

// isMessage reports whether v is the message a handler is handling: the
// result of a Receive row of the model (ctx.Message()).
func (c *checker) isMessage(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	mc, ok := c.model.Resolve(call.Common())
	if !ok {
		return false
	}
	_, receives := mc.Row(model.Receive)
	return receives
}

// A startSite is an instruction of an actor handler that starts a
// goroutine, with the messages that may run it (messagePlace).
type startSite struct {
	instr ssa.Instruction
	place int
}

// startSites returns the actor handler whose calls start sp's goroutine,
// and where: at the go statement itself, at the calls of the function
// that contains it when that function is called only from the handler,
// or at the go statements of the handler that start that function when
// only they name it (a goroutine the handler's goroutine starts starts
// after it). It returns nil if no handler alone starts the goroutine.
func (c *checker) startSites(sp *spawn, funcs []*ssa.Function) (*ssa.Function, []startSite) {
	f := sp.parent.fn
	at := func(instr ssa.Instruction) startSite { return startSite{instr, c.messagePlace(instr)} }
	if c.isHandlerFunc(f) {
		return f, []startSite{at(sp.instr)}
	}
	calls := c.callIndex(funcs)
	var starts []ssa.Instruction
	switch {
	case calls.onlyStarted(c.pkg, f):
		for _, g := range calls.started[f] {
			starts = append(starts, g)
		}
	case calls.onlyDirect(c.pkg, f):
		for _, call := range calls.direct[f] {
			if _, deferred := call.(*ssa.Defer); deferred {
				return nil, nil // runs at the handler's exit
			}
			starts = append(starts, call)
		}
	}
	var handler *ssa.Function
	var sites []startSite
	for _, instr := range starts {
		h := instr.Parent()
		if !c.isHandlerFunc(h) || (handler != nil && h != handler) {
			return nil, nil
		}
		handler = h
		sites = append(sites, at(instr))
	}
	return handler, sites
}

// startedAfter reports whether, by the start messages, the access a of
// the actor handler h happens before every instance of the goroutine g:
// a runs only on a start message, and h starts g only on a later message,
// or on the same one after a.
func startedAfter(h *entry, a *epAccess, g *entry) bool {
	if !h.actor || g.startedIn != h.fn || a.startPlace == 0 || a.site == nil || len(g.starts) == 0 {
		return false
	}
	for _, s := range g.starts {
		place := s.place
		if place == 0 {
			place = 1 // any message, so also the first
		}
		switch {
		case place < a.startPlace:
			return false
		case place == a.startPlace && instrReaches(s.instr, a.site):
			return false
		}
	}
	return true
}

// instrReaches reports whether a path of their function leads from the
// instruction from to the instruction to. A deferred call runs at the
// function's exit, which every instruction reaches.
func instrReaches(from, to ssa.Instruction) bool {
	if _, deferred := to.(*ssa.Defer); deferred {
		return true
	}
	fb, tb := from.Block(), to.Block()
	if fb == tb && slices.Index(fb.Instrs, from) < slices.Index(tb.Instrs, to) {
		return true
	}
	for _, s := range fb.Succs {
		if ssaops.Reaches(s, tb) {
			return true
		}
	}
	return false
}
