// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// transferPhrase says what the point does with v, as the subject of a
// sentence: "m is sent on ch".
func (c *checker) transferPhrase(p transfer.Point, v ssa.Value) string {
	name := c.names.given(v, p.Instr)
	switch p.Kind {
	case transfer.Send:
		return fmt.Sprintf("%s is sent on %s", name, c.names.chanName(p.Instr, v))
	case transfer.Go:
		return fmt.Sprintf("%s is handed to a new goroutine", name)
	case transfer.Reply:
		return fmt.Sprintf("%s is handed back to its sender by %s", name, c.replyPhrase(p))
	case transfer.Call:
		if !p.Spawns {
			return fmt.Sprintf("%s is sent with %s", name, p.CalleeName())
		}
		return fmt.Sprintf("%s is passed to %s", name, p.CalleeName())
	default:
		return fmt.Sprintf("%s is given up by %s (which %s)", name, p.CalleeName(), givesup.Explain(p.Why))
	}
}

// afterPhrase says when the transfer happened: "sent on ch (line 12)".
func (c *checker) afterPhrase(p transfer.Point, v ssa.Value) string {
	line := c.pass.Fset.Position(p.Instr.Pos()).Line
	switch p.Kind {
	case transfer.Send:
		return fmt.Sprintf("sent on %s (line %d)", c.names.chanName(p.Instr, v), line)
	case transfer.Go:
		return fmt.Sprintf("handed to the goroutine started at line %d", line)
	case transfer.Reply:
		return fmt.Sprintf("handed back to its sender by %s (line %d)", c.replyPhrase(p), line)
	case transfer.Call:
		if p.Publishes {
			return fmt.Sprintf("published with %s (line %d)", p.CalleeName(), line)
		}
		if !p.Spawns {
			// A Transfer row: a framework's or the user's send.
			return fmt.Sprintf("sent with %s (line %d)", p.CalleeName(), line)
		}
		return fmt.Sprintf("passed to %s (line %d)", p.CalleeName(), line)
	default:
		return fmt.Sprintf("given up by %s (line %d), which %s", p.CalleeName(), line, givesup.Explain(p.Why))
	}
}

// replyPhrase names the reply of a Reply point: "the send on r.reply",
// "closing r.done".
func (c *checker) replyPhrase(p transfer.Point) string {
	if _, ok := p.Instr.(*ssa.Send); ok {
		return "the send on " + c.names.chanName(p.Instr, nil)
	}
	return "closing " + c.names.value(p.Others[0], p.Instr)
}

// consequence says who may race with the sender.
func (c *checker) consequence(p transfer.Point) string {
	switch {
	case p.Kind == transfer.Send:
		return "the receiver may be using it concurrently"
	case p.Kind == transfer.Reply:
		return "the sender, waiting for the reply, may be using it again"
	case p.Spawns, p.Kind == transfer.GivesUp && p.Why.Final().Kind == transfer.Go:
		return "the goroutine may be using it concurrently"
	case p.Publishes:
		return "its readers may be loading it concurrently"
	default:
		return "whoever receives it may be using it concurrently"
	}
}

// calleeName names the function a call instruction calls.
func (c *checker) calleeName(call ssa.CallInstruction) string {
	cm := call.Common()
	if cm.IsInvoke() {
		return cm.Method.Name()
	}
	if fn := cm.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return ssaops.FuncName(obj, nil)
		}
		if fn.Parent() != nil {
			return "a function literal"
		}
		return fn.Name()
	}
	return c.names.value(cm.Value, call)
}

// reportUse reports an access after a transfer (condition 3).
// A use names an access after a transfer for its diagnostic.
type use struct {
	v       ssa.Value // the value given up whose memory is touched
	given   string    // what was given up, as the source names it
	touched string    // what the access touches, if it names something else
	when    string    // the transfer, as "sent on ch (line 12)"
	// throughAlias says the access is not made through the given value's
	// own access path, but through another value that may share memory
	// with it.
	throughAlias bool
}

// describeUse names the parts of a use after a transfer.
func (c *checker) describeUse(w *walker, instr ssa.Instruction, acc *access) use {
	conflict := acc.conflict(w.written)
	if instr == w.p.Instr && w.p.Spawns {
		// Goroutines of one go statement are assumed to write disjoint
		// elements: name what else they share.
		conflict = withoutElements(w.fl, conflict)
	}
	v := w.p.Given[0]
	for _, g := range w.given {
		if g.objs.Intersects(conflict) {
			v = g.v
			break
		}
	}
	given := c.names.given(v, w.p.Instr)
	if mc, ok := v.(*ssa.MakeClosure); ok {
		// A function literal was given: name the captured variable
		// whose memory races.
		if name := capturedName(w, mc, conflict); name != "" {
			given = name
		}
	}
	u := use{v: v, given: given, when: c.afterPhrase(w.p, v)}
	if instr == w.p.Instr {
		u.when += " in an earlier iteration"
	}
	touched := valueName(acc.operand, 0)
	if touched != "" && touched != given && !strings.HasPrefix(touched, given+".") && !strings.HasPrefix(touched, given+"[") && !ssaops.PathFrom(acc.operand, v) {
		u.touched = touched
		u.throughAlias = !slices.Contains(identRE().FindAllString(given, -1), identRE().FindString(touched)) && !builtFrom(acc.operand, v)
	}
	return u
}

// withoutElements returns the objects of objs that are not slice or array
// memory, or objs if all are.
func withoutElements(fl *taint.Flow, objs taint.ObjSet) taint.ObjSet {
	var out taint.ObjSet
	objs.Each(func(o taint.ObjID) {
		if !isElements(fl, o) {
			out.Add(o)
		}
	})
	if len(out) == 0 {
		return objs
	}
	return out
}

// builtFrom reports whether a value on the access path of x was stored
// into the memory v allocates (&Ping{Ball: ball}, []*T{p}) in v's
// function: the given value surely reaches it, so an access through it is
// no suspected alias.
func builtFrom(x, v ssa.Value) bool {
	alloc := allocOf(v)
	if alloc == nil {
		return false
	}
	var path []ssa.Value
	ssaops.WalkPath(x, 16, func(u ssa.Value) bool {
		path = append(path, u)
		return true
	})
	for _, ref := range *alloc.Referrers() {
		for _, st := range storesInto(ref, 4) {
			if slices.Contains(path, st.Val) {
				return true
			}
		}
	}
	return false
}

// allocOf returns the allocation v is, or views (a conversion, an
// interface, a slice of it), or nil.
func allocOf(v ssa.Value) *ssa.Alloc {
	for range 4 {
		switch x := v.(type) {
		case *ssa.Alloc:
			return x
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// storesInto returns the stores into the memory an address instruction
// of an allocation denotes: the field or element itself, or within it.
func storesInto(ref ssa.Instruction, depth int) []*ssa.Store {
	if depth == 0 {
		return nil
	}
	var addr ssa.Value
	switch r := ref.(type) {
	case *ssa.FieldAddr:
		addr = r
	case *ssa.IndexAddr:
		addr = r
	default:
		return nil
	}
	var out []*ssa.Store
	for _, use := range *addr.Referrers() {
		if st, ok := use.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st)
		}
		out = append(out, storesInto(use, depth-1)...)
	}
	return out
}

// identRE matches the identifiers of a source expression; compiled on
// first use, as importPaths is.
var identRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[\pL_][\pL\pN_]*`) })

// reportUse reports an access after a transfer (condition 3).
func (c *checker) reportUse(w *walker, instr ssa.Instruction, acc *access, u use) {
	var msg string
	if u.touched == "" {
		msg = fmt.Sprintf("%s is %s after it was %s; %s", u.given, acc.verb, u.when, c.consequence(w.p))
	} else {
		// Name what the instruction touches, and what was given up that
		// shares its memory.
		msg = fmt.Sprintf("%s is %s after %s, which shares memory with it, was %s; %s", u.touched, acc.verb, u.given, u.when, c.consequence(w.p))
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		pos = acc.operand.Pos()
	}
	if !pos.IsValid() {
		pos = w.p.Instr.Pos()
	}
	var related []analysis.RelatedInformation
	waits, adds := w.joins.SkippedWaits(w.p.Instr.Parent())
	for i, wait := range waits {
		related = append(related, analysis.RelatedInformation{
			Pos:     wait.Pos(),
			Message: fmt.Sprintf("this wait does not wait for the goroutine, which adds itself to the group at line %d: Wait may return before that Add", c.pass.Fset.Position(adds[i]).Line),
		})
	}
	c.report(pos, w.p, catUseAfter, msg, related, c.cloneFix(w, instr, acc, u))
}

// report emits one diagnostic, with the transfer point as related
// information and the fixes given, unless pos was already blamed.
func (c *checker) report(pos token.Pos, p transfer.Point, category, msg string, related []analysis.RelatedInformation, fixes []analysis.SuggestedFix) {
	if c.reported[pos] {
		return
	}
	c.reported[pos] = true
	if pos != p.Instr.Pos() {
		related = append([]analysis.RelatedInformation{{Pos: p.Instr.Pos(), Message: "transferred here"}}, related...)
	}
	c.rep.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: msg, Related: related, SuggestedFixes: fixes})
}

// capturedName names the variable captured by mc whose memory overlaps
// objs.
func capturedName(w *walker, mc *ssa.MakeClosure, objs taint.ObjSet) string {
	// The heap when the literal is given up holds what its captured
	// variables point to by then.
	h, ok := w.fl.HeapBefore(w.p.Instr)
	if !ok {
		h = w.fl.Entry(mc.Block())
	}
	for k, b := range mc.Bindings {
		if w.fl.Reach(h, w.fl.Locs(b), givesup.Opaque).Intersects(objs) {
			return w.c.names.bindingName(mc, k)
		}
	}
	return ""
}
