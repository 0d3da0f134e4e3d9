// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/taint"
)

//go:embed doc.go
var doc string

// Analyzer computes gives-up sets and exports them as facts.
var Analyzer = &analysis.Analyzer{
	Name:       "givesup",
	Doc:        analysisdoc.MustExtract(doc, "givesup"),
	URL:        "https://pkg.go.dev/github.com/psharpvet/psharpvet/passes/givesup",
	Requires:   []*analysis.Analyzer{concur.Analyzer, taint.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(GivesUp), new(ConcreteGivesUp)},
	ResultType: reflect.TypeOf(new(Result)),
}

// maxRounds bounds the fixpoint over mutually recursive functions.
const maxRounds = 10

// GivesUp is the set of ports a function gives up, as a fact. Ports number
// the parameters with the receiver first, then the free variables.
type GivesUp struct {
	Ports []int
	// Why says, for each port, what the function does with it; Explain
	// words it.
	Why []*transfer.Reason
	// ReadOnly lists the given-up ports whose memory only goes to
	// goroutines that read it: the caller may go on reading it too.
	ReadOnly []int
}

// AFact marks GivesUp as a fact.
func (*GivesUp) AFact() {}

func (g *GivesUp) String() string {
	var parts []string
	for i, p := range g.Ports {
		parts = append(parts, fmt.Sprintf("%d: %s", p, Explain(g.Why[i])))
	}
	return "givesup(" + strings.Join(parts, "; ") + ")"
}

// Has reports whether port p is given up, and why.
func (g *GivesUp) Has(p int) (*transfer.Reason, bool) {
	if g == nil {
		return nil, false
	}
	for i, q := range g.Ports {
		if q == p {
			return g.Why[i], true
		}
	}
	return nil, false
}

// Result holds the transfer points and gives-up sets of a package.
type Result struct {
	// Model is the concurrency model the points were found with.
	Model *model.Model

	pass   *analysis.Pass
	points map[*ssa.Function][]transfer.Point
	sets   map[*ssa.Function]*GivesUp
	// tr and flows are the heap analysis, for run only: tr's summaries,
	// and this pass's cache of flows (see taint.Flows).
	tr    *taint.Result
	flows *taint.Flows
	// recv indexes the receiving sides of the package's channels.
	recv *receivers
	// closed knows, in the strict reading only, the channels whose
	// receiving side is closed (closed.go); nil by default.
	closed *closedSides
	// sources memoises pointSources, for run only.
	sources map[*ssa.Function][]pointSource
}

// Points returns the transfer points of fn in instruction order.
func (r *Result) Points(fn *ssa.Function) []transfer.Point { return r.points[fn] }

// Of returns fn's gives-up set, from this package or from facts.
func (r *Result) Of(fn *ssa.Function) *GivesUp {
	if g, ok := r.sets[fn]; ok {
		return g
	}
	if origin := fn.Origin(); origin != nil && origin != fn {
		if g, ok := r.sets[origin]; ok {
			return g
		}
		fn = origin
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		g := new(GivesUp)
		if r.pass.ImportObjectFact(obj, g) {
			return g
		}
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	tr := pass.ResultOf[taint.Analyzer].(*taint.Result)
	r := &Result{
		Model:  pass.ResultOf[concur.Analyzer].(*model.Model),
		pass:   pass,
		points: make(map[*ssa.Function][]transfer.Point),
		sets:   make(map[*ssa.Function]*GivesUp),
		tr:     tr,
		flows:  tr.NewFlows(),
	}
	r.recv = findReceivers(tr.Funcs, r.flows)
	if r.Model.Strict {
		r.closed = findClosedSides(pass.Pkg, tr.Funcs, r.recv, r.Model)
	}
	// What a function may give up grows from nothing to a least
	// fixpoint. The default reading then keeps what every successful
	// call gives up: a greatest fixpoint, shrinking from the first, so
	// that recursion that always ends in a transfer keeps it.
	r.fixpoint(tr.Funcs, false)
	if !r.Model.Strict {
		r.fixpoint(tr.Funcs, true)
	}
	if r.closed != nil {
		// Decide every confined channel and actor with the final
		// gives-up sets, while the flows are still there.
		r.closed.reset()
		for key := range r.closed.confined {
			if r.closed.confined[key] {
				r.decide(key)
			}
		}
		for _, hs := range r.closed.actors.handlers {
			for _, h := range hs {
				r.handlerReadsOnly(h)
			}
		}
		for _, hs := range r.closed.actors.spawned {
			for _, h := range hs {
				r.handlerReadsOnly(h)
			}
		}
	}
	concrete := make(map[*ssa.Function]*ConcreteGivesUp)
	for _, fn := range tr.Funcs {
		if f := r.concreteFact(fn); f != nil {
			concrete[fn] = f
		}
	}
	// Drop the flows with the cache that owns them: the ownership pass
	// rebuilds its own for the few functions it checks, and a
	// dependency's are never needed again.
	r.flows, r.tr, r.sources = nil, nil, nil
	for _, fn := range tr.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg || fn.Origin() != nil {
			continue
		}
		if len(r.sets[fn].Ports) > 0 {
			pass.ExportObjectFact(obj, r.sets[fn])
		}
		if f := concrete[fn]; f != nil {
			pass.ExportObjectFact(obj, f)
		}
	}
	return r, nil
}

// fixpoint recomputes the gives-up sets of funcs until they no longer
// change (or maxRounds), with compute's every.
func (r *Result) fixpoint(funcs []*ssa.Function, every bool) {
	for round := 0; round < maxRounds; round++ {
		if r.closed != nil {
			// Closed sides depend on what callees give up.
			r.closed.reset()
		}
		changed := false
		for _, fn := range funcs {
			pts := r.findPoints(fn)
			r.points[fn] = pts
			g := r.compute(fn, pts, every)
			if old, ok := r.sets[fn]; !ok || !reflect.DeepEqual(old.Ports, g.Ports) {
				changed = true
			}
			r.sets[fn] = g
		}
		if !changed {
			// The points were found with the sets they produced.
			return
		}
	}
	if r.closed != nil {
		// Without a fixpoint, what the receivers hand on is not
		// known for sure: no receiving side is closed, and no set
		// keeps a read-only port that a closed side made.
		r.closed = nil
		for _, fn := range funcs {
			r.sets[fn] = r.compute(fn, r.points[fn], every)
		}
	}
	for _, fn := range funcs {
		r.points[fn] = r.findPoints(fn)
	}
}

// findPoints lists fn's transfer points: sends, go statements and calls of
// the model's rows, and calls of functions that give up an argument.
func (r *Result) findPoints(fn *ssa.Function) []transfer.Point {
	var pts []transfer.Point
	for _, src := range r.pointSources(fn) {
		if src.call != nil {
			pts = append(pts, r.callPoints(src.call)...)
		} else {
			pts = append(pts, src.direct...)
		}
	}
	return pts
}

// A pointSource is where findPoints finds points, in instruction order:
// an instruction's own points (direct), which depend on the model only,
// or a call whose points depend on what its callees give up (call).
type pointSource struct {
	direct []transfer.Point
	call   ssa.CallInstruction
}

// pointSources returns fn's point sources, found once: the fixpoints
// find fn's points again in every round, and the instructions' own
// points were most of that work.
func (r *Result) pointSources(fn *ssa.Function) []pointSource {
	if srcs, ok := r.sources[fn]; ok {
		return srcs
	}
	var srcs []pointSource
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			direct := transfer.Points(r.Model, instr)
			var kept []transfer.Point
			for _, p := range direct {
				if p.Kind == transfer.Go && sharesLock(p.Given) {
					continue
				}
				kept = append(kept, p)
			}
			if len(kept) > 0 {
				srcs = append(srcs, pointSource{direct: kept})
			}
			if call, ok := instr.(ssa.CallInstruction); ok && len(direct) == 0 {
				if _, isGo := instr.(*ssa.Go); !isGo {
					srcs = append(srcs, pointSource{call: call})
				}
			}
		}
	}
	if r.sources == nil {
		r.sources = make(map[*ssa.Function][]pointSource)
	}
	r.sources[fn] = srcs
	return srcs
}

// callPoints returns a GivesUp point for each callee of call that gives up
// one of its parameters (receivers and closure captures are checked inside
// the callee, where they are outliving state).
func (r *Result) callPoints(call ssa.CallInstruction) []transfer.Point {
	c := call.Common()
	callees, _ := r.flows.Callees(c)
	everyCallee := r.givenByEvery(callees)
	var awaited ssa.Value
	resolved := false
	var pts []transfer.Point
	for _, ce := range callees {
		r.noteStandIn(ce.Fn)
		g := r.Of(ce.Fn)
		if g == nil || len(g.Ports) == 0 {
			continue
		}
		if !resolved {
			// Only a call of a callee that gives something up asks
			// the model (every call does, each fixpoint round).
			awaited, resolved = r.awaited(c), true
		}
		args := c.Args
		if c.IsInvoke() {
			args = append([]ssa.Value{c.Value}, c.Args...)
		}
		// A stand-in for a method takes its receiver as its first
		// parameter (taint's concrete.go): a receiver all the same.
		_, standIn := r.flows.StandIn(ce.Fn)
		recv := ce.Fn.Signature.Recv() != nil || standIn
		p := transfer.Point{Instr: call, Kind: transfer.GivesUp, Callee: ce.Fn}
		p.CalleeObj, _ = ce.Fn.Object().(*types.Func)
		for i, a := range args {
			if why, ok := g.Has(i); ok && !(recv && i == 0) && everyCallee(i) && a != awaited {
				p.Given = append(p.Given, a)
				if !slices.Contains(g.ReadOnly, i) {
					p.Written = append(p.Written, a)
				}
				if p.Why == nil {
					p.Why = why
				}
			} else {
				p.Others = append(p.Others, a)
			}
		}
		nparams := len(args)
		for k, b := range ce.Bindings {
			if why, ok := g.Has(nparams + k); ok && CalledOnly(c.Value) {
				p.Given = append(p.Given, b)
				if !slices.Contains(g.ReadOnly, nparams+k) {
					p.Written = append(p.Written, b)
				}
				if p.Why == nil {
					p.Why = why
				}
			}
		}
		for _, v := range p.Given {
			if !slices.Contains(p.Written, v) && r.mayWriteWhenCalled(v, len(p.Given) == 1) {
				// The callee's goroutine calls a function it was
				// given: its summary could not see what that
				// function writes.
				p.Written = append(p.Written, v)
			}
		}
		if len(p.Given) > 0 {
			// A callee that hands what it is given to a goroutine is a
			// spawn wrapper: its own group's Wait joins it, as g.Wait
			// joins g.Go. One that sends it (a Transfer row) is not.
			if final := p.Why.Final(); final != nil {
				p.Spawns = final.Kind == transfer.Go || final.Kind == transfer.Call && final.Spawns
				p.Publishes = final.Kind == transfer.Call && final.Publishes // a helper that publishes what it is given
			}
			pts = append(pts, p)
		}
	}
	return pts
}

// awaited returns the function a call runs on goroutines it waits for
// before it returns (model.Awaits), or nil: it stays the caller's, as if
// the call called it, although the callee hands it to a goroutine.
func (r *Result) awaited(c *ssa.CallCommon) ssa.Value {
	rc, ok := r.Model.Resolve(c)
	if !ok {
		return nil
	}
	return r.Model.Awaited(rc)
}

// CalledOnly reports whether v is a function literal used only to be
// called (immediately, deferred or by go), never stored or passed on: its
// captured variables then die with the call and behave like parameters.
func CalledOnly(v ssa.Value) bool {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return false
	}
	refs := mc.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || call.Common().Value != v {
			return false
		}
		for _, a := range call.Common().Args {
			if a == v {
				return false
			}
		}
	}
	return true
}

// Immediate reports whether fn is a function literal whose only uses are
// to be called, so that its free variables do not outlive the call; or
// the body of a range-over-func loop, which the iterator may call only
// until the loop ends (the runtime panics on a later call).
func Immediate(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	if ssaops.RangeFuncBody(fn) {
		return true
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if !CalledOnly(mc) {
					return false
				}
			}
		}
	}
	return true
}

// givenByEvery returns whether every one of callees gives up its
// argument i. By default a dynamic call gives up an argument only if
// every function it may call does: one implementation of an interface
// among many that hands its argument to a goroutine (a monitor command's
// readReply) is no evidence that this call does. The strict reading takes
// any callee's word, and so does a call with one callee.
func (r *Result) givenByEvery(callees []taint.Callee) func(i int) bool {
	if r.Model.Strict || len(callees) < 2 {
		return func(int) bool { return true }
	}
	var every map[int]bool
	for _, ce := range callees {
		r.noteStandIn(ce.Fn)
		g := r.Of(ce.Fn)
		mine := make(map[int]bool)
		if g != nil {
			for _, p := range g.Ports {
				if every == nil || every[p] {
					mine[p] = true
				}
			}
		}
		every = mine
	}
	return func(i int) bool { return every[i] }
}

// sharesLock reports whether a go statement hands the goroutine a lock:
// the goroutine then shares memory under that lock rather than owning it,
// and the lockset analyzer checks it.
func sharesLock(vals []ssa.Value) bool {
	return slices.ContainsFunc(vals, func(v ssa.Value) bool {
		if model.IsLock(v.Type()) {
			return true
		}
		// A function literal captures a variable by reference: the
		// binding is the variable's cell (mu := new(sync.Mutex) binds
		// a **sync.Mutex).
		if cell, ok := v.(*ssa.Alloc); ok {
			return model.IsLock(cell.Type().(*types.Pointer).Elem())
		}
		return false
	})
}

// compute derives fn's gives-up set from its transfer points (Fig. 5).
// With every, a port is in the set only if every successful call of fn
// gives it up.
func (r *Result) compute(fn *ssa.Function, pts []transfer.Point, every bool) *GivesUp {
	g := &GivesUp{}
	if len(pts) == 0 || fn.Blocks == nil {
		return g
	}
	fl := r.flows.Flow(fn)
	why := make(map[int]*transfer.Reason)
	written := make(map[int]bool)
	blocks := make(map[int][]*ssa.BasicBlock)
	for _, p := range pts {
		h, ok := fl.HeapBefore(p.Instr)
		if !ok {
			continue
		}
		if r.Joiner(fl, h, p).JoinedBeforeExit(p) {
			continue
		}
		t := Transferred(fl, h, p.Given)
		w := r.OtherSideWrites(fl, h, p, t)
		t.Each(func(o taint.ObjID) {
			port := fl.Object(o).Port
			if port < 0 {
				return
			}
			if _, seen := why[port]; !seen {
				why[port] = describe(r.pass.Fset, p)
			}
			written[port] = written[port] || w.Has(o)
			blocks[port] = append(blocks[port], p.Instr.Block())
		})
	}
	if every {
		// What fn gives up on some paths only is not evidence that
		// its callers give it up (see everyCall).
		e := newEveryCall(fn)
		for port := range why {
			if !e.cut(blocks[port]) {
				delete(why, port)
			}
		}
	}
	// A port whose memory the function also returns is handed over with
	// the result: New(p) that stores p in a new object, starts the
	// object's goroutine and returns it leaves the caller talking to the
	// object, not racing with it (the same rule as for returned values).
	var returned []int
	if s := r.tr.Summary(fn); s != nil {
		returned = s.Returns
	}
	for p := range why {
		if !slices.Contains(returned, p) {
			g.Ports = append(g.Ports, p)
		}
	}
	sort.Ints(g.Ports)
	for _, p := range g.Ports {
		g.Why = append(g.Why, why[p])
		if !written[p] {
			g.ReadOnly = append(g.ReadOnly, p)
		}
	}
	return g
}

// OtherSideWrites returns what the receiving side of p may write of the
// transferred memory t. For a go statement, or a spawn row's function
// argument, it is what the function writes by its summary; for a call that
// gives up only to readers, nothing. For a channel send, it is all of t
// when a receiver of the channel in the package is seen writing what it
// receives; for a send whose receivers are not seen, and for a transfer
// row, the strict reading assumes all of t and the default nothing: an
// unseen receiver is no evidence of a write.
func (r *Result) OtherSideWrites(fl *taint.Flow, h taint.Heap, p transfer.Point, t taint.ObjSet) taint.ObjSet {
	var w taint.ObjSet
	switch {
	case p.Kind == transfer.Go:
		w = fl.Writes(p.Instr, h)
	case p.Kind == transfer.Reply:
		// The requester owns the request again: by default its uses
		// are not seen, and only the function's writes are evidence.
		if r.Model.Strict {
			return t
		}
		return nil
	case p.Kind == transfer.GivesUp && p.ReadOnly() && r.Model.Strict:
		// The callee's summary judged what it gives up apart from
		// its other operands; the machine it sends to, or the
		// goroutine's other arguments, may reach the same memory here.
		return closedWrites(fl, h, append(slices.Clone(p.Others), p.Instr.(ssa.CallInstruction).Common().Value), t)
	case p.Kind == transfer.GivesUp && p.ReadOnly():
		return nil
	case r.Model.Strict && p.Kind == transfer.Send:
		if owner, closed := r.closedChannel(p.Others[0]); closed {
			return closedWrites(fl, h, []ssa.Value{owner}, t)
		}
		return t
	case r.Model.Strict && p.Kind == transfer.Call && !p.Spawns:
		if call, ok := p.Instr.(ssa.CallInstruction); ok && r.closedActor(call) {
			// The actor's struct is its own: only package-level
			// variables reach what it writes.
			return closedWrites(fl, h, nil, t)
		}
		return t
	case r.Model.Strict:
		return t
	case p.Kind == transfer.GivesUp:
		// What the callee only reads of what it is given is not
		// written, unless a written value reaches it too.
		w = Transferred(fl, h, p.Written)
	case p.Kind == transfer.Send:
		// Of what it is sent, the receiving side writes memory of the
		// types it is seen writing: a request that carries a sentinel
		// error shares the sentinel, which the receiver does not write.
		types := r.recv.sendWrites(p.Others[0])
		var out taint.ObjSet
		t.Each(func(o taint.ObjID) {
			if types.has(fl.Object(o).Type) {
				out.Add(o)
			}
		})
		return out
	case p.Kind == transfer.Call && p.Spawns:
		for _, g := range p.Given {
			if _, ok := g.Type().Underlying().(*types.Signature); ok {
				fl.CallWrites(g, h).Each(func(o taint.ObjID) { w.Add(o) })
			}
		}
	default:
		return nil
	}
	var out taint.ObjSet
	w.Each(func(o taint.ObjID) {
		if t.Has(o) {
			out.Add(o)
		}
	})
	return out
}

// ReceiverWritesField reports whether the receiving side of the send p
// may write the field named field of memory of struct type t, which the
// sender reads after the send. It knows only of the receivers of a
// channel in the package, by default: the strict reading, and any other
// kind of transfer, may write every field.
func (r *Result) ReceiverWritesField(p transfer.Point, t types.Type, field string) bool {
	if r.Model.Strict || p.Kind != transfer.Send {
		return true
	}
	return r.recv.sendWrites(p.Others[0]).hasField(t, field)
}

// ReceiverSeen reports whether the analysis sees the code on the receiving
// side of p, so that OtherSideWrites is what it writes rather than a
// guess: a go statement's function, or a channel send some receiver of
// which the package is seen receiving from.
func (r *Result) ReceiverSeen(p transfer.Point) bool {
	switch p.Kind {
	case transfer.Go:
		return true
	case transfer.Send:
		return r.recv.receivesSeen(p.Others[0])
	}
	return false
}

// Transferred returns the objects whose ownership moves when vals are
// given up with heap h: everything reachable from them, except memory of
// types that synchronise themselves or are immutable or safe for
// concurrent use by convention, which is neither transferred nor
// traversed.
func Transferred(fl *taint.Flow, h taint.Heap, vals []ssa.Value) taint.ObjSet {
	var locs taint.LocSet
	for _, v := range vals {
		if fl.Exempt(v.Type()) || fl.Exempt(dynamicType(v)) {
			continue
		}
		for _, l := range fl.Locs(v) {
			locs = append(locs, l)
		}
	}
	reach := fl.Reach(h, locs, Opaque)
	var out taint.ObjSet
	reach.Each(func(o taint.ObjID) {
		if !Opaque(fl.Object(o)) {
			out.Add(o)
		}
	})
	return out
}

// dynamicType returns the type of the value v converts to an interface
// (an *os.File passed as an io.Writer), through conversions between
// interfaces; else v's own type. The interface holds that value's memory,
// and no other, so it is exempt as the value is.
func dynamicType(v ssa.Value) types.Type {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			return x.X.Type()
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v.Type()
		}
	}
}

// Opaque reports whether an object is neither transferred nor traversed:
// exempt memory, and the object standing for all package-level variables,
// which callee summaries link to as "some global memory" (a specific
// variable the function names is its own object below it).
func Opaque(o *taint.Object) bool {
	return ObjectExempt(o) || o.IsGlobals()
}

// ObjectExempt reports whether an object's memory is never transferred:
// it synchronises itself or is immutable or safe for concurrent use by
// convention.
func ObjectExempt(o *taint.Object) bool { return o.Shared }

// describe records what a transfer point does with what it gives up.
func describe(fset *token.FileSet, p transfer.Point) *transfer.Reason {
	pos := fset.Position(p.Instr.Pos())
	r := &transfer.Reason{Kind: p.Kind, File: filepath.Base(pos.Filename), Line: pos.Line}
	switch p.Kind {
	case transfer.Call:
		r.Callee, r.Spawns, r.Publishes = p.CalleeName(), p.Spawns, p.Publishes
	case transfer.GivesUp:
		r.Callee, r.Then = p.CalleeName(), p.Why
	}
	return r
}

// Explain words a reason as the predicate of a sentence whose subject is
// the function: "sends it on a channel at worker.go:12".
func Explain(r *transfer.Reason) string {
	if r == nil {
		return "gives it up"
	}
	where := fmt.Sprintf("%s:%d", r.File, r.Line)
	switch r.Kind {
	case transfer.Send:
		return "sends it on a channel at " + where
	case transfer.Go:
		return "hands it to a goroutine at " + where
	case transfer.Call:
		return fmt.Sprintf("passes it to %s at %s", r.Callee, where)
	case transfer.Reply:
		return "answers it on its reply channel at " + where
	default:
		return fmt.Sprintf("passes it to %s at %s, which %s", r.Callee, where, Explain(r.Then))
	}
}
