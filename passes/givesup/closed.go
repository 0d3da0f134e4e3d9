// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// The strict reading takes every receiver of a channel as a possible
// writer of what it gets, since a package outside the build may receive
// it. A channel whose receiving side is closed is the exception: the
// channel lives only in an unexported field of a struct type of the
// package, so only the package can reach it; every store into that field
// is a fresh make (or nil), every load of it is used only to send,
// receive, close or measure, so the channel value never reaches code the
// analysis does not see; and every function that receives from it
// neither writes, nor hands on, nor returns what it receives, nor writes
// any memory it held before the receive other than the memory of the
// machine whose field it receives from (the receiving function's
// parameter that holds the channel), package-level memory, and memory
// that synchronises itself, nor any memory it received on another
// channel or got from a call (another sender may send that memory on
// this channel too), but for what a call of a Makes row of the model
// returns (time.NewTimer), new memory of its own, as an allocation is. A function that keeps what it received in
// memory that outlives it must be a goroutine's whole body (see
// goroutineBodies), so that the loop
// that keeps it and every later use of it are in the one flow the check
// walks.
//
// What such receivers may write of memory sent on the channel is then
// what the sender's heap says the receiving machine and package-level
// variables reach (Result.OtherSideWrites): a message that carries the
// receiving machine itself, or memory it already holds, is written by
// it; one made of the sender's own memory is only read. See the README,
// "What the strict reading takes from a closed receiving side", for the
// assumptions.

// A receiveSite is one receive of a channel in the package.
type receiveSite struct {
	fn  *ssa.Function
	ch  ssa.Value
	val ssa.Value // nil when the program does not use the value
}

// closedSides holds what the strict reading knows of the channels held in
// unexported fields: which are confined to the package, and, once
// decided, which of those have a closed receiving side.
type closedSides struct {
	// confined holds the field keys of channels that only the package
	// reaches and that reach no code the analysis does not see.
	confined map[chanKey]bool
	// sites lists the receives of each confined channel.
	sites map[chanKey][]receiveSite
	// decided caches decide's answers; reset while the gives-up sets
	// still change (Result.fixpoint).
	decided map[chanKey]bool
	// goroutineOnly holds the functions of the package that only ever
	// run as the whole of a goroutine (goroutineBodies).
	goroutineOnly map[*ssa.Function]bool
	// actors knows the PID fields and actor handlers of the package
	// (closedactors.go).
	actors *actorSides
}

// reset forgets what was decided, while the gives-up sets still change.
func (cs *closedSides) reset() {
	clear(cs.decided)
	clear(cs.actors.decided)
}

// findClosedSides indexes the channels held in unexported fields of the
// package's struct types and the receives of each.
func findClosedSides(pkg *types.Package, funcs []*ssa.Function, rs *receivers, m *model.Model) *closedSides {
	cs := &closedSides{confined: make(map[chanKey]bool), sites: make(map[chanKey][]receiveSite),
		decided: make(map[chanKey]bool), goroutineOnly: make(map[*ssa.Function]bool),
		actors: findActorSides(pkg, funcs, m)}
	if imports(pkg, "unsafe") {
		// Pointer arithmetic can reach any field.
		return cs
	}
	open := make(map[chanKey]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				key, ok := chanFieldKey(pkg, instr)
				if !ok {
					continue
				}
				cs.confined[key] = cs.confined[key] || !open[key]
				if !confinedUse(instr) {
					open[key] = true
					cs.confined[key] = false
				}
			}
		}
	}
	cs.goroutineOnly = goroutineBodies(funcs)
	for _, fn := range funcs {
		for _, rcv := range receivesOf(fn) {
			for _, key := range rs.keys(rcv.ch, maxChanDepth) {
				if cs.confined[key] {
					cs.sites[key] = append(cs.sites[key], rcv)
				}
			}
		}
	}
	return cs
}

// receivesOf lists fn's receives: a channel and the value received from
// it (nil when the program does not use it).
func receivesOf(fn *ssa.Function) []receiveSite {
	var out []receiveSite
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.UnOp:
				if i.Op == token.ARROW {
					out = append(out, receiveSite{fn, i.X, i})
				}
			case *ssa.Select:
				// Each receiving case gets its own value, the
				// select's tuple component 2+k for the kth
				// receiving state: what one case's body writes
				// is not written by the other cases' receivers.
				k := 0
				for _, st := range i.States {
					if st.Dir == types.RecvOnly {
						out = append(out, receiveSite{fn, st.Chan, selectValue(i, 2+k)})
						k++
					}
				}
			}
		}
	}
	return out
}

// imports reports whether pkg imports the package at path.
func imports(pkg *types.Package, path string) bool {
	return slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == path })
}

// fnExported reports whether code outside the package can call fn by name.
func fnExported(fn *ssa.Function) bool {
	obj := fn.Object()
	return obj != nil && obj.Exported()
}

// A callSite is a call of a function of the package.
type callSite struct {
	caller *ssa.Function
	instr  ssa.CallInstruction
}

// goroutineBodies returns the functions of funcs that only ever run as
// the whole of a goroutine: unexported (or literals), never used as a
// value other than to be called, and every call of which is a go
// statement, or the last act (before deferred calls) of a function that
// is such a body in turn (go func() { defer wg.Done(); p.run() }()).
// Nothing else runs on their goroutine after them, so their flow is all
// the goroutine does with what they keep.
func goroutineBodies(funcs []*ssa.Function) map[*ssa.Function]bool {
	sites := make(map[*ssa.Function][]callSite)
	taken := make(map[*ssa.Function]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee *ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
					callee = &call.Common().Value
					if f, _ := ssaops.FuncValue(*callee); f != nil {
						sites[f] = append(sites[f], callSite{fn, call})
					}
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok && calledOnly(mc) {
					continue // the closure's code is judged by its call sites
				}
				for _, op := range instr.Operands(nil) {
					if op == callee || op == nil || *op == nil {
						continue
					}
					if f, _ := ssaops.FuncValue(*op); f != nil {
						taken[f] = true
					}
				}
			}
		}
	}
	bodies := make(map[*ssa.Function]bool)
	for _, fn := range funcs {
		if !fnExported(fn) && !taken[fn] && len(sites[fn]) > 0 {
			bodies[fn] = true
		}
	}
	// Shrink to a greatest fixpoint: a tail call counts only from a body.
	for changed := true; changed; {
		changed = false
		for fn := range bodies {
			for _, s := range sites[fn] {
				if _, isGo := s.instr.(*ssa.Go); isGo {
					continue
				}
				if !bodies[s.caller] || !lastAct(s.instr) {
					delete(bodies, fn)
					changed = true
					break
				}
			}
		}
	}
	return bodies
}

// calledOnly reports whether every use of the closure mc is as the
// function a call or go statement calls.
func calledOnly(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok || call.Common().Value != mc {
			return false
		}
	}
	return true
}

// lastAct reports whether call is a plain call followed in its block only
// by the deferred calls and the return.
func lastAct(call ssa.CallInstruction) bool {
	if _, plain := call.(*ssa.Call); !plain {
		return false
	}
	b := call.Block()
	i := slices.Index(b.Instrs, ssa.Instruction(call))
	for _, instr := range b.Instrs[i+1:] {
		switch instr.(type) {
		case *ssa.RunDefers, *ssa.Return:
		default:
			return false
		}
	}
	return true
}

// chanFieldKey names the field instr addresses or reads when it is an
// unexported field of channel type of a struct type declared in pkg
// without type parameters.
func chanFieldKey(pkg *types.Package, instr ssa.Instruction) (chanKey, bool) {
	key, ok := unexportedFieldKey(pkg, instr)
	if !ok {
		return "", false
	}
	var t types.Type
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		t = i.Type().Underlying().(*types.Pointer).Elem()
	case *ssa.Field:
		t = i.Type()
	}
	if _, isChan := t.Underlying().(*types.Chan); !isChan {
		return "", false
	}
	return key, true
}

// confinedUse reports whether instr, which addresses or reads a channel
// field, keeps the channel inside the package: its address is only
// stored to with a fresh channel (or nil) or loaded, and what is loaded
// is only sent on, received from, closed or measured.
func confinedUse(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		for _, r := range *i.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != i || !freshChan(r.Val) {
					return false
				}
			case *ssa.UnOp:
				if r.Op != token.MUL || !channelOpsOnly(r) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	case *ssa.Field:
		return channelOpsOnly(i)
	}
	return false
}

// freshChan reports whether v is a channel made here, or nil.
func freshChan(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeChan:
		return true
	case *ssa.Const:
		return v.IsNil()
	}
	return false
}

// channelOpsOnly reports whether the channel value v is only sent on,
// received from (also in a select), closed, or measured with len or cap.
func channelOpsOnly(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Send:
			if r.X == v {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.ARROW {
				return false
			}
		case *ssa.Select:
			for _, st := range r.States {
				if st.Send == v {
					return false
				}
			}
		case *ssa.Call:
			b, ok := r.Call.Value.(*ssa.Builtin)
			if !ok {
				return false
			}
			switch b.Name() {
			case "close", "len", "cap":
			default:
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// closedChannel reports whether the channel ch, at a send, has a closed
// receiving side, and returns the value whose field holds it: the
// receiving machine.
func (r *Result) closedChannel(ch ssa.Value) (owner ssa.Value, closed bool) {
	cs := r.closed
	if cs == nil {
		return nil, false
	}
	fa, ok := ssaops.LoadedField(ch)
	if !ok {
		return nil, false
	}
	key, ok := fieldKey(fa.X.Type(), fa.Field)
	if !ok || !cs.confined[key] {
		return nil, false
	}
	return fa.X, r.decide(key)
}

// decide reports whether every receive of the confined channel key only
// reads what it gets, caching the answer.
func (r *Result) decide(key chanKey) bool {
	cs := r.closed
	if c, done := cs.decided[key]; done {
		return c
	}
	if r.flows == nil {
		return false // decided only while the heap analysis runs
	}
	// A channel whose receivers forward to it again is not closed
	// while it is being decided: cycles stay open.
	cs.decided[key] = false
	c := len(cs.sites[key]) > 0
	for _, s := range cs.sites[key] {
		if c && !r.receivesOnly(s) {
			c = false
		}
	}
	cs.decided[key] = c
	return c
}

// receivesOnly reports whether the receive s only reads what it gets:
// see the comment at the top of this file.
func (r *Result) receivesOnly(s receiveSite) bool {
	fl := r.flows.Flow(s.fn)
	owners, ok := ownerPorts(fl, s.ch)
	if !ok {
		return false
	}
	var got taint.LocSet
	if s.val != nil {
		got = fl.Locs(s.val)
	}
	keeps := r.closed.goroutineOnly[s.fn]
	ok = true
	for _, b := range s.fn.Blocks {
		fl.Walk(b, func(instr ssa.Instruction, h taint.Heap) bool {
			received := fl.Reach(h, got, Opaque)
			ok = r.onlyReads(fl, h, instr, received, owners, keeps, nil)
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// ownerPorts returns the ports of the function whose memory the channel
// ch is a field of, when ch is loaded from a field of one of its ports.
func ownerPorts(fl *taint.Flow, ch ssa.Value) (map[int]bool, bool) {
	fa, ok := ssaops.LoadedField(ch)
	if !ok {
		return nil, false
	}
	ports := make(map[int]bool)
	locs := fl.Locs(fa.X)
	for _, l := range locs {
		o := fl.Object(l.Obj)
		if o.Kind != taint.Root || o.Port < 0 {
			return nil, false
		}
		ports[o.Port] = true
	}
	return ports, len(ports) > 0
}

// onlyReads reports whether instr, with heap h, neither writes the
// received memory nor hands it on, nor writes memory of a port other
// than owners' that the function held on entry, nor memory it received
// or got from a call. With keeps, it may store
// the received memory into memory that outlives the function. It may
// write the objects own (an actor's own struct, held on entry) but hands
// them on no more than what it received.
func (r *Result) onlyReads(fl *taint.Flow, h taint.Heap, instr ssa.Instruction, received taint.ObjSet, owners map[int]bool, keeps bool, own taint.ObjSet) bool {
	switch i := instr.(type) {
	case *ssa.Store, *ssa.MapUpdate, ssa.CallInstruction:
		if fl.WritesUnseen(instr, h) {
			// Memory the heap has no object for: what a field of
			// the received message holds (m.State[0]++), as far as
			// the heap can tell.
			return false
		}
		w := fl.PlaceWrites(instr, h)
		if w.Intersects(received) {
			return false
		}
		// Memory held on entry other than the machine's, and memory
		// that came from elsewhere after entry (received on another
		// channel, or returned by a call, which may have received
		// it), may be what another sender sends on this channel.
		foreign := false
		w.Each(func(o taint.ObjID) {
			obj := fl.Object(o)
			switch {
			case Opaque(obj), own.Has(o):
			case obj.Port >= 0 && !owners[obj.Port]:
				foreign = true
			case obj.Kind == taint.CallResult && r.Model.MakesNew(obj.Site):
				// New memory of the function's alone
				// (time.NewTimer), as an allocation is.
			case obj.Kind == taint.Received || obj.Kind == taint.CallResult:
				foreign = true
			}
		})
		if foreign {
			return false
		}
	case *ssa.Return:
		for _, v := range i.Results {
			if fl.Reach(h, fl.Locs(v), Opaque).Intersects(received) || fl.Reach(h, fl.Locs(v), Opaque).Intersects(own) {
				return false
			}
		}
	}
	if len(own) > 0 {
		received = union(received, own)
	}
	if len(received) == 0 {
		return true
	}
	for _, p := range transfer.Points(r.Model, instr) {
		if Transferred(fl, h, p.Given).Intersects(received) && !r.forwardsClosed(fl, h, p, received, owners) {
			return false
		}
	}
	call, isCall := instr.(ssa.CallInstruction)
	if isCall {
		if r.handsOn(fl, h, call, received) {
			return false
		}
		if !keeps && fl.LinksFrom(call, h, received) {
			return false
		}
	}
	if !keeps {
		if st, ok := instr.(*ssa.Store); ok && fl.Reach(h, fl.Locs(st.Val), Opaque).Intersects(received) && !freshOnly(fl, fl.Locs(st.Addr)) && !within(fl.Locs(st.Addr), own) {
			return false
		}
		if mu, ok := instr.(*ssa.MapUpdate); ok && fl.Reach(h, slices.Concat(fl.Locs(mu.Key), fl.Locs(mu.Value)), Opaque).Intersects(received) && !freshOnly(fl, fl.Locs(mu.Map)) {
			return false
		}
	}
	return true
}

// forwardsClosed reports whether the transfer p, in a receiving
// function, forwards what it received on a channel whose receiving side
// is closed in turn, held by a machine the receiving machine held on
// entry (owners' memory) and that is not part of what it received: the
// next receivers only read it, and write only their own machine's
// memory, which the first sender's heap reaches through the first
// receiving machine.
func (r *Result) forwardsClosed(fl *taint.Flow, h taint.Heap, p transfer.Point, received taint.ObjSet, owners map[int]bool) bool {
	if p.Kind != transfer.Send {
		return false
	}
	holder, closed := r.closedChannel(p.Others[0])
	if !closed {
		return false
	}
	locs := fl.Locs(holder)
	for _, l := range locs {
		o := fl.Object(l.Obj)
		if o.Port < 0 || !owners[o.Port] || received.Has(l.Obj) {
			return false
		}
	}
	return len(locs) > 0
}

// handsOn reports whether call passes received memory to a callee that
// gives up the argument, or to a callee the analysis does not resolve.
func (r *Result) handsOn(fl *taint.Flow, h taint.Heap, call ssa.CallInstruction, received taint.ObjSet) bool {
	c := call.Common()
	if _, builtin := c.Value.(*ssa.Builtin); builtin {
		return false
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, c.Args...)
	}
	reaches := func(v ssa.Value) bool { return fl.Reach(h, fl.Locs(v), Opaque).Intersects(received) }
	if !slices.ContainsFunc(args, reaches) && !reaches(c.Value) {
		return false
	}
	callees, complete := r.flows.Callees(c)
	if !complete {
		return true
	}
	for _, ce := range callees {
		g := r.Of(ce.Fn)
		if g == nil || len(g.Ports) == 0 {
			continue
		}
		portLocs := func(port int) taint.LocSet {
			switch {
			case port == taint.GlobalPort:
				if g, ok := fl.Root(taint.GlobalPort); ok {
					return taint.LocSet{{Obj: g}}
				}
			case port >= 0 && port < len(args):
				return fl.Locs(args[port])
			case port >= len(args) && port-len(args) < len(ce.Bindings):
				return fl.Locs(ce.Bindings[port-len(args)])
			}
			return nil
		}
		if pts, ok := r.points[ce.Fn]; ok {
			if r.calleeHandsOn(fl, h, ce.Fn, pts, portLocs, received) {
				return true
			}
			continue
		}
		for _, port := range g.Ports {
			if fl.Reach(h, portLocs(port), Opaque).Intersects(received) {
				return true
			}
		}
	}
	return false
}

// calleeHandsOn reports whether callee, a function of the package whose
// transfer points are pts, gives up at a point of its own memory that
// is, at the call with heap h, received memory: each object it gives up
// that it held on entry is found by its port and path in the caller's
// heap (portLocs gives the caller's locations of a port).
func (r *Result) calleeHandsOn(fl *taint.Flow, h taint.Heap, callee *ssa.Function, pts []transfer.Point, portLocs func(int) taint.LocSet, received taint.ObjSet) bool {
	cfl := r.flows.Flow(callee)
	for _, q := range pts {
		ch, ok := cfl.HeapBefore(q.Instr)
		if !ok {
			continue
		}
		// Everything the given values reach: for a call that gives
		// them up in turn, more than it may give up.
		given := Transferred(cfl, ch, q.Given)
		hands := false
		given.Each(func(o taint.ObjID) {
			if hands {
				return
			}
			port, path, ok := cfl.PortPath(o)
			if !ok {
				return // made or received by the callee
			}
			at := fl.ObjectsAt(h, portLocs(port), path)
			hands = fl.Reach(h, at, Opaque).Intersects(received)
		})
		if hands {
			return true
		}
	}
	return false
}

// freshOnly reports whether every location of locs lies in memory the
// function allocated or received, not memory it held on entry.
func freshOnly(fl *taint.Flow, locs taint.LocSet) bool {
	for _, l := range locs {
		if fl.Object(l.Obj).Port != taint.NoPort {
			return false
		}
	}
	return true
}

// closedWrites returns what of the transferred memory t a closed
// receiving side may write: what the sender's heap h says the receiving
// machines (holders: the values whose fields hold the channel, or the
// other operands of a call that sends them on such a channel) and
// package-level variables reach.
func closedWrites(fl *taint.Flow, h taint.Heap, holders []ssa.Value, t taint.ObjSet) taint.ObjSet {
	var locs taint.LocSet
	for _, v := range holders {
		locs = slices.Concat(locs, fl.Locs(v))
	}
	if g, ok := fl.Root(taint.GlobalPort); ok {
		locs = slices.Concat(locs, taint.LocSet{{Obj: g}})
	}
	reach := fl.Reach(h, locs, ObjectExempt)
	var out taint.ObjSet
	t.Each(func(o taint.ObjID) {
		if reach.Has(o) {
			out.Add(o)
		}
	})
	return out
}

// within reports whether every location of locs is in one of the objects
// objs, and there is one.
func within(locs taint.LocSet, objs taint.ObjSet) bool {
	for _, l := range locs {
		if !objs.Has(l.Obj) {
			return false
		}
	}
	return len(locs) > 0
}

// union returns the objects of s and of t.
func union(s, t taint.ObjSet) taint.ObjSet {
	var out taint.ObjSet
	s.Each(func(o taint.ObjID) { out.Add(o) })
	t.Each(func(o taint.ObjID) { out.Add(o) })
	return out
}
