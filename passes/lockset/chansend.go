// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file orders a goroutine's accesses before its one send on a
// channel made for it with another entry point's accesses after a
// receive from the field that holds the channel (default reading only):
//
//	func (c *Cmd) Start() {
//		resultc := make(chan result)
//		c.result = resultc
//		go c.watch(resultc) // c.err = …; resultc <- r (once)
//	}
//	func (c *Cmd) Wait() {
//		if c.result != nil {
//			<-c.result
//		}
//		_ = c.err
//	}
//
// chanclose.go counts only a close, since a send completes one receive:
// a goroutine that writes and sends again, or another sender of the same
// channel, races with the reader of the first value. Here nothing else
// can complete the receive: the channel is made, outside any loop, for
// one go statement, outside any loop, which hands it as an argument to a
// function whose own body sends on that parameter at most once (no send
// in a loop, none reachable from another) and does nothing else with it;
// the spawner stores it in one unexported field, every store of which in
// the package is such a channel, and every load of which is only
// received from, compared with nil or converted to a receive-only
// channel. Then a receive from the field that completes takes that one
// send, and what the goroutine did before it, on every path to its
// return, happens before what follows the receive (the Go memory model).
// A branch where the field is nil counts as such a receive too (the
// goroutine was never started on this object): the state records
// "received, or found nil" (nilPrefix) for a receive and for the nil
// branch, which a send orders and a close does not.
//
// The goroutine's accesses carry sendPrefix and the channel's parameter
// in Access.Before (sendsAfter); the go statement renames the parameter
// after the field, with sentPrefix (sentSlot), and other calls and entry
// points drop such marks. What the rule trades: two calls of the spawner
// on one object (a restart while the first goroutine runs), two objects
// of one type, whose fields share a name, as for a close, and a reader
// that finds the field nil while the spawner stores it. A channel that a
// literal captures is not followed: the literal's variable is an address,
// into which the spawner may store another channel.

const (
	// sendPrefix marks, in Access.Before, a parameter of the function
	// that it sends on once after the access: a mark of a summary, which
	// only the go statement that starts the function turns into a
	// sentPrefix mark.
	sendPrefix = "send "
	// sentPrefix marks, in Access.Before, the field holding a channel
	// the goroutine sends on once after the access.
	sentPrefix = "sent "
	// nilPrefix marks, in Access.After and the state's recvd, a
	// single-send channel field received from, or found nil.
	nilPrefix = "nil "
)

// chanOrdered reports whether a receive before one access and a close or
// single send after the other order them: before and after are the
// second access's Access.Before and the first's Access.After.
func chanOrdered(after, before []string) bool {
	for _, b := range before {
		if p, ok := strings.CutPrefix(b, sentPrefix); ok {
			if slices.Contains(after, p) || slices.Contains(after, nilPrefix+p) {
				return true
			}
			continue
		}
		if _, ok := slices.BinarySearch(after, b); ok {
			return true
		}
	}
	return false
}

// A sendOp is a send of a function on a channel it was handed: a send
// statement, or the case of a select that sends (edge, into its body).
type sendOp struct {
	instr ssa.Instruction
	edge  cfgEdge // for a select's case; else zero
}

// singleSends returns, for each parameter of fn that holds a channel fn
// sends on at most once per run and does nothing else with, fn's sends on
// it. (A literal's captured variable is an address, which its spawner may
// store another channel into: not followed.) The strict reading finds
// none.
func (c *checker) singleSends(fn *ssa.Function) map[ssa.Value][]sendOp {
	if c.model.Strict || fn == nil || fn.Blocks == nil {
		return nil
	}
	if m, ok := c.sendOnce[fn]; ok {
		return m
	}
	var out map[ssa.Value][]sendOp
	for _, v := range fn.Params {
		ch, ok := v.Type().Underlying().(*types.Chan)
		if !ok || ch.Dir() == types.RecvOnly {
			continue
		}
		if ops, ok := c.sendOpsOn([]ssa.Value{v}, false); ok && len(ops) > 0 {
			if out == nil {
				out = make(map[ssa.Value][]sendOp)
			}
			out[v] = ops
		}
	}
	c.sendOnce[fn] = out
	return out
}

// sendOpsOn returns the sends on the channel held in vals, and whether
// every use of it is a send, a conversion of its direction or, if
// receives is set, a receive, and its sends happen at most once per run:
// none lies on a cycle and none can follow another (eachOnce).
func (c *checker) sendOpsOn(vals []ssa.Value, receives bool) ([]sendOp, bool) {
	var ops []sendOp
	ok := true
	for _, v := range vals {
		ssaops.ForUses(v, func(x ssa.Value, ref ssa.Instruction) {
			if !ok {
				return
			}
			switch r := ref.(type) {
			case *ssa.Send:
				if r.Chan != x || r.X == x {
					ok = false
					return
				}
				ops = append(ops, sendOp{instr: r})
			case *ssa.UnOp:
				ok = receives && r.Op == token.ARROW
			case *ssa.Select:
				for j, st := range r.States {
					if st.Chan != x || receives && st.Dir == types.RecvOnly {
						continue
					}
					e, found := selectCaseEdge(r, j)
					if st.Dir != types.SendOnly || !found {
						ok = false
						return
					}
					ops = append(ops, sendOp{instr: r, edge: e})
				}
			case *ssa.DebugRef:
			default:
				ok = false
			}
		})
	}
	if !ok || !c.eachOnce(ops) {
		return nil, false
	}
	return ops, true
}

// eachOnce reports whether a run of the function performs at most one of
// ops: none is in a loop, and none can follow another.
func (c *checker) eachOnce(ops []sendOp) bool {
	for i, a := range ops {
		if c.inLoop(a.instr) {
			return false
		}
		for j, b := range ops {
			if i != j && sendFollows(a, b) {
				return false
			}
		}
	}
	return true
}

// selectCaseEdge returns the edge into the body of case j of sel, which
// is taken only when that case ran.
func selectCaseEdge(sel *ssa.Select, j int) (cfgEdge, bool) {
	for _, p := range sel.Block().Parent().Blocks {
		if s, k, ok := model.SelectCaseTest(p); ok && s == sel && k == j {
			return cfgEdge{p, p.Succs[0]}, true
		}
	}
	return cfgEdge{}, false
}

// sendFollows reports whether b may run after a has sent.
func sendFollows(a, b sendOp) bool {
	from := a.instr.Block().Succs
	if a.edge.to != nil {
		from = []*ssa.BasicBlock{a.edge.to}
	} else if b.edge.to == nil && b.instr.Block() == a.instr.Block() && slices.Index(a.instr.Block().Instrs, b.instr) > slices.Index(a.instr.Block().Instrs, a.instr) {
		return true
	}
	target := b.instr.Block()
	if b.edge.to != nil {
		target = b.edge.to
	}
	return slices.ContainsFunc(from, func(blk *ssa.BasicBlock) bool { return ssaops.Reaches(blk, target) })
}

// sendsAfter returns, for each instruction of fi's function, the single
// sends (singleSends) made on every path from just after it to a return,
// marked with sendPrefix and named by the parameter.
func (c *checker) sendsAfter(fi *funcInfo) map[ssa.Instruction][]string {
	sends := c.singleSends(fi.fn)
	if len(sends) == 0 {
		return nil
	}
	ops := make(map[ssa.Instruction][]string)
	edgeOps := make(map[cfgEdge][]string)
	for v, list := range sends {
		p := c.pathOf(v)
		if p == "" {
			continue
		}
		mark := []string{sendPrefix + p}
		for _, op := range list {
			if op.edge.to != nil {
				edgeOps[op.edge] = union(edgeOps[op.edge], mark)
			} else {
				ops[op.instr] = union(ops[op.instr], mark)
			}
		}
	}
	after, _ := mustAfter(fi.fn, ops, edgeOps)
	return after
}

// rebaseBefore rebases a callee's Access.Before onto the caller's frame.
// A single send of the callee's (sendPrefix) orders only at the go
// statement that starts it, where it is named after the field that holds
// the channel (sentSlot, sentPrefix); any other call may be made again.
func (c *checker) rebaseBefore(before []string, args, bindings []ssa.Value, instr ssa.Instruction) []string {
	var out []string
	for _, p := range before {
		rest, ok := strings.CutPrefix(p, sendPrefix)
		if !ok {
			if r := c.rebaseChan(p, args, bindings); r != "" {
				out = union(out, []string{r})
			}
			continue
		}
		g, ok := instr.(*ssa.Go)
		if !ok {
			continue
		}
		root, sel := splitPath(rest)
		if sel != "" || !strings.HasPrefix(root, "p:") {
			continue
		}
		i, err := strconv.Atoi(root[2 : len(root)-1])
		if err != nil || i >= len(args) {
			continue
		}
		if slot := c.sentSlot(g, args[i]); slot != "" {
			out = union(out, []string{sentPrefix + slot})
		}
	}
	return out
}

// sentSlot returns the path, in the spawner's frame, of the field that
// holds the channel v the go statement g hands to callee, if the channel
// is made for g alone (madeFor) and every store of that field is such a
// channel (singleSendFields); else "".
func (c *checker) sentSlot(g *ssa.Go, v ssa.Value) string {
	if c.model.Strict {
		return ""
	}
	m, ok := ssaops.Unconverted(v).(*ssa.MakeChan)
	if !ok {
		return ""
	}
	st, field, started := c.madeFor(m)
	if st == nil || started != g || !c.singleSendFields()[field] {
		return ""
	}
	return c.pathOf(st.Addr)
}

// madeFor returns, for a channel made outside any loop and handed to the
// single-send parameter of one goroutine started outside any loop, the
// store of it into an unexported field, the only one, and that field.
// The channel may otherwise only be received from or compared. It
// returns the go statement too.
func (c *checker) madeFor(m *ssa.MakeChan) (*ssa.Store, *types.Var, *ssa.Go) {
	if c.inLoop(m) {
		return nil, nil, nil
	}
	var store *ssa.Store
	var field *types.Var
	var gos []*ssa.Go
	ok := true
	ssaops.ForUses(m, func(x ssa.Value, ref ssa.Instruction) {
		switch r := ref.(type) {
		case *ssa.Store:
			fa, isField := r.Addr.(*ssa.FieldAddr)
			if r.Val != x || !isField || store != nil {
				ok = false
				return
			}
			store, field = r, ssaops.FieldVar(fa)
		case *ssa.Go:
			if r.Call.Value == x || !c.handsSingleSend(r, x) {
				ok = false
				return
			}
			gos = append(gos, r)
		default:
			ok = ok && receivesOnly(x, ref)
		}
	})
	if !ok || store == nil || field == nil || field.Exported() || len(gos) != 1 || c.inLoop(gos[0]) {
		return nil, nil, nil
	}
	return store, field, gos[0]
}

// handsSingleSend reports whether the go statement g hands x, once, to a
// parameter of the function it starts that the function sends on once
// (singleSends).
func (c *checker) handsSingleSend(g *ssa.Go, x ssa.Value) bool {
	if g.Call.IsInvoke() {
		return false
	}
	var fn *ssa.Function
	switch f := g.Call.Value.(type) {
	case *ssa.Function:
		fn = f
	case *ssa.MakeClosure:
		fn, _ = f.Fn.(*ssa.Function)
		if slices.Contains(f.Bindings, x) {
			return false
		}
	}
	if fn == nil {
		return false
	}
	sends := c.singleSends(fn)
	var to []ssa.Value // what receives x
	for i, a := range g.Call.Args {
		if a == x && i < len(fn.Params) {
			to = append(to, fn.Params[i])
		}
	}
	return len(to) == 1 && sends[to[0]] != nil
}

// singleSendFields returns the unexported channel fields of the package
// every store of which is a channel made for one goroutine's single send
// (madeFor), whose address is used only to load them, and whose loads
// are only received from, compared, or converted to receive-only
// channels: nothing but that goroutine can complete a receive from one.
func (c *checker) singleSendFields() map[*types.Var]bool {
	if c.sendFields != nil {
		return c.sendFields
	}
	good := make(map[*types.Var]bool)
	bad := make(map[*types.Var]bool)
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if _, ok := f.Type().Underlying().(*types.Chan); !ok || bad[f] {
			return
		}
		if c.fieldUsesOK(fa) {
			good[f] = true
		} else {
			bad[f] = true
		}
	})
	c.sendFields = withoutKeys(good, bad)
	return c.sendFields
}

// fieldUsesOK reports whether the uses of the field address fa keep its
// field a single-send channel (singleSendFields).
func (c *checker) fieldUsesOK(fa *ssa.FieldAddr) bool {
	refs := fa.Referrers()
	if refs == nil {
		return true
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != fa {
				return false
			}
			m, ok := ssaops.Unconverted(r.Val).(*ssa.MakeChan)
			if !ok {
				return false
			}
			if st, _, _ := c.madeFor(m); st != r {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || !ssaops.ReceivedOnly(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// singleSendField reports whether the channel ch was loaded from a
// single-send field (singleSendFields).
func (c *checker) singleSendField(ch ssa.Value) bool {
	if c.model.Strict {
		return false
	}
	f := loadedField(ch)
	return f != nil && c.singleSendFields()[f]
}

// loadedField returns the field v was loaded from (a load of a field
// address), or nil.
func loadedField(v ssa.Value) *types.Var {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	return ssaops.FieldVar(fa)
}

// withoutKeys returns m without the keys bad marks.
func withoutKeys[K comparable, V any](m map[K]V, bad map[K]bool) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		if !bad[k] {
			out[k] = v
		}
	}
	return out
}

// nilChanEdge returns the path of the single-send channel field that the
// i'th out-edge of the branch ifi runs only when it is nil, or "".
func (c *checker) nilChanEdge(ifi *ssa.If, i int) string {
	x, nilSucc, ok := nilCompared(ifi.Cond)
	if !ok || i != nilSucc || !c.singleSendField(x) {
		return ""
	}
	return c.pathOf(x)
}

// receivesOnly reports whether ref only receives from the channel x,
// compares it, or is a debug reference to it.
func receivesOnly(x ssa.Value, ref ssa.Instruction) bool {
	switch r := ref.(type) {
	case *ssa.UnOp:
		return r.Op == token.ARROW
	case *ssa.Select:
		for _, s := range r.States {
			if s.Chan == x && s.Dir != types.RecvOnly {
				return false
			}
		}
		return true
	case *ssa.BinOp:
		return r.Op == token.EQL || r.Op == token.NEQ
	case *ssa.DebugRef:
		return true
	}
	return false
}

// ownFieldAddrs calls f with each address of an unexported field of the
// package's own types that the package's functions take, in order.
func (c *checker) ownFieldAddrs(f func(*ssa.FieldAddr, *types.Var)) {
	for _, fn := range c.srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if v := ssaops.FieldVar(fa); v != nil && !v.Exported() && v.Pkg() == c.pkg {
					f(fa, v)
				}
			}
		}
	}
}
