// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// IsJoin reports whether instr waits for a goroutine, given which values
// are related to it (reach memory the goroutine was given, or its
// group). This is the one join rule of the suite:
//
//   - a receive from a related channel;
//   - a blocking select all of whose cases are receives from related
//     channels (a select with a timeout, a default or another channel
//     does not wait on every path);
//   - a call of a Join row (wg.Wait, errgroup's Wait) on a related
//     receiver;
//   - a call of a function that receives from a channel of a related
//     argument, or waits on its group, on every path to its returns
//     (MustWaitedOn): req.Wait() after sending req, runner.Run() after a
//     goroutine that calls runner.Stop() when Run returns only then.
//
// The passes differ only in how they decide relatedness: the ownership
// passes by heap reachability, lockset by access paths.
func (m *Model) IsJoin(instr ssa.Instruction, related func(ssa.Value) bool) bool {
	switch i := instr.(type) {
	case *ssa.UnOp:
		return i.Op == token.ARROW && related(i.X)
	case *ssa.Select:
		if !i.Blocking || len(i.States) == 0 {
			return false
		}
		for _, st := range i.States {
			if st.Dir != types.RecvOnly || !related(st.Chan) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if call, ok := m.Resolve(i.Common()); ok && call.Recv != nil {
			if call.Joins() && related(call.Recv) {
				return true
			}
		}
		for _, v := range m.MustWaitedOn(i.Common()) {
			if related(v) {
				return true
			}
		}
	}
	return false
}

// AnyActivity is the Of of a Join row that waits until whatever the
// goroutines given memory before it did with it happens before it
// returns, however they got it: testing/synctest's Wait, which returns
// once every other goroutine of the bubble is durably blocked, and
// which the race detector orders after all activity in the bubble.
const AnyActivity = "*"

// JoinsCallsOf reports whether instr is a call of a Join row whose Of is
// the function called at spawn, a transfer point: it waits for the
// goroutines that call started (pprof.StopCPUProfile after
// pprof.StartCPUProfile); or whose Of is AnyActivity, which waits for
// those of any transfer point, in the default reading: a goroutine that
// keeps what it got and uses it again after the bubble's fake clock woke
// it is not ordered with the test by the race detector, and the strict
// reading keeps such a point. Only the ownership passes ask: a goroutine
// a synctest.Wait found blocked runs on when it is woken, so it is no
// join of the goroutine for the lockset pass.
func (m *Model) JoinsCallsOf(instr ssa.Instruction, spawn *types.Func) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	rc, ok := m.Resolve(call.Common())
	if !ok || rc.Recv != nil {
		return false
	}
	for _, r := range rc.Rows {
		if r.Kind != Join || r.Of == "" {
			continue
		}
		// The name of spawn is built only for a call that has such a row.
		if r.Of == AnyActivity && !m.Strict || spawn != nil && r.Of == RowName(spawn) {
			return true
		}
	}
	return false
}

// Exits reports whether instr is a call that never returns (an Exits or
// Unwinds row: os.Exit, t.Fatal, runtime.Goexit; or a function of the
// package that only ever stops in one, NeverReturns), and whether the
// goroutine's deferred calls still run after it (Unwinds).
func (m *Model) Exits(instr ssa.Instruction) (exits, runsDefers bool) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false, false
	}
	if rc, ok := m.Resolve(call.Common()); ok {
		if _, ok := rc.Row(Unwinds); ok {
			return true, true
		}
		if _, ok := rc.Row(Exits); ok {
			return true, false
		}
	}
	if fn := call.Call.StaticCallee(); fn != nil {
		return m.NeverReturns(fn)
	}
	return false, false
}

// SetNeverReturns records that fn, a function of the package, never
// returns, and whether the goroutine's deferred calls run when it stops
// (concur computes it: a test's helper that ends in t.FailNow).
func (m *Model) SetNeverReturns(fn *ssa.Function, runsDefers bool) {
	if m.noReturn == nil {
		m.noReturn = make(map[*ssa.Function]bool)
	}
	m.noReturn[fn] = runsDefers
}

// NeverReturns reports whether fn is recorded as never returning
// (SetNeverReturns), and whether the deferred calls then run.
func (m *Model) NeverReturns(fn *ssa.Function) (never, runsDefers bool) {
	runsDefers, never = m.noReturn[fn]
	return never, runsDefers
}

// Delayed reports whether instr is a call of a Delayed row
// (time.AfterFunc): its caller's store of the result (t.timer =
// time.AfterFunc(d, f), see ssaops.StoresResult) happens before the
// function runs.
func (m *Model) Delayed(instr ssa.Instruction) bool { return m.callOf(instr, Delayed) }

// SelectCase returns the block that runs case j of sel: the true branch
// of the test of sel's index against j. It returns nil if there is no
// such block.
func SelectCase(sel *ssa.Select, j int) *ssa.BasicBlock {
	for _, p := range sel.Block().Parent().Blocks {
		if s, k, ok := SelectCaseTest(p); ok && s == sel && k == j {
			return p.Succs[0]
		}
	}
	return nil
}

// CaseReceive returns, if the CFG edge from p to b enters the body of a
// case of a select that receives (blocking or not: the case ran because
// it received), the channel it receives from: taking the edge from a
// related channel waits for the goroutine as a receive does, whatever the
// other cases are (select { case <-done: case <-time.After(d): t.Fatal() }).
// The edge is a property of the case even when its body is empty and b is
// where every case ends. It returns nil otherwise.
func CaseReceive(p, b *ssa.BasicBlock) ssa.Value {
	sel, j, ok := SelectCaseTest(p)
	if !ok || p.Succs[0] != b {
		return nil
	}
	if st := sel.States[j]; st.Dir == types.RecvOnly {
		return st.Chan
	}
	return nil
}

// SelectCaseTest reports whether p ends by testing the index of a select
// against a case number j, which its true branch runs.
func SelectCaseTest(p *ssa.BasicBlock) (sel *ssa.Select, j int, ok bool) {
	if len(p.Instrs) == 0 {
		return nil, 0, false
	}
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, 0, false
	}
	eq, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || eq.Op != token.EQL {
		return nil, 0, false
	}
	ex, ok := eq.X.(*ssa.Extract)
	k, isConst := eq.Y.(*ssa.Const)
	if !ok || !isConst || k.Value == nil || k.Value.Kind() != constant.Int || ex.Index != 0 {
		return nil, 0, false
	}
	sel, ok = ex.Tuple.(*ssa.Select)
	if !ok {
		return nil, 0, false
	}
	n := k.Int64()
	if n < 0 || n >= int64(len(sel.States)) {
		return nil, 0, false
	}
	return sel, int(n), true
}

// A CountedLoop is a loop whose number of iterations is fixed before it
// starts: for i := c; i < n; i++, for range n, and a range over a slice
// or an array (whose SSA form is the same, with n = len(s)). It is what
// makes a receive loop a join: for i := 0; i < n; i++ { <-done } leaves
// only after n receives, so the path that skips the body is infeasible
// when n is positive (and when n is the bound of the loop that started
// the goroutines, there is nothing to wait for when it is not).
type CountedLoop struct {
	// Header tests the index; its first successor enters the body, its
	// second is Exit.
	Header *ssa.BasicBlock
	Exit   *ssa.BasicBlock
	// Bound is n; the loop runs Bound - Start times (at least once if
	// that is positive).
	Bound ssa.Value
	Start int64
}

// CountedLoopAt returns the counted loop headed by b, or nil if b does
// not head one.
func CountedLoopAt(b *ssa.BasicBlock) *CountedLoop {
	if b == nil || len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return nil
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.LSS || !isInteger(cmp.X.Type()) {
		return nil
	}
	idx, offset := cmp.X, int64(0)
	if add, ok := idx.(*ssa.BinOp); ok && add.Op == token.ADD {
		k, ok := add.Y.(*ssa.Const)
		if !ok || k.Value == nil {
			return nil
		}
		idx, offset = add.X, k.Int64()
	}
	if u, ok := idx.(*ssa.UnOp); ok && u.Op == token.MUL && offset == 0 {
		// A per-iteration loop variable that a closure captures (Go 1.22):
		// a φ of one variable per iteration, each a copy of the last, plus one.
		phi, ok := u.X.(*ssa.Phi)
		if !ok || phi.Block() != b {
			return nil
		}
		start, ok := varLoop(b, phi)
		if !ok {
			return nil
		}
		return &CountedLoop{Header: b, Exit: b.Succs[1], Bound: cmp.Y, Start: start}
	}
	phi, ok := idx.(*ssa.Phi)
	if !ok || phi.Block() != b || len(phi.Edges) != len(b.Preds) {
		return nil
	}
	if !isInteger(phi.Type()) {
		return nil
	}
	start, found := int64(0), false
	for i, p := range b.Preds {
		if b.Dominates(p) {
			// A back edge: the index must step by one.
			if offset == 1 && phi.Edges[i] == cmp.X {
				continue // for range s: the tested value is the next index
			}
			step, ok := phi.Edges[i].(*ssa.BinOp)
			if !ok || step.Op != token.ADD || step.X != phi || !IsOne(step.Y) {
				return nil
			}
			continue
		}
		k, ok := phi.Edges[i].(*ssa.Const)
		if !ok || k.Value == nil || (found && k.Int64() != start) {
			return nil
		}
		start, found = k.Int64(), true
	}
	if !found {
		return nil
	}
	return &CountedLoop{Header: b, Exit: b.Succs[1], Bound: cmp.Y, Start: start + offset}
}

// varLoop recognises the loop of b over a per-iteration variable (the
// φ of the variables of each iteration): entered with a variable that
// holds a constant, the start it returns; each back edge a new variable,
// set to its predecessor's value and incremented by one; no variable
// stored to in the body, nor by a closure that captures it.
func varLoop(b *ssa.BasicBlock, phi *ssa.Phi) (int64, bool) {
	ptr, ok := phi.Type().Underlying().(*types.Pointer)
	if !ok || !isInteger(ptr.Elem()) || len(phi.Edges) != len(b.Preds) {
		return 0, false
	}
	for _, ref := range *phi.Referrers() {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return 0, false
			}
		case *ssa.MakeClosure:
			if !onlyLoaded(r, phi) {
				return 0, false
			}
		case *ssa.Phi:
		default:
			return 0, false
		}
	}
	start, found := int64(0), false
	for i, p := range b.Preds {
		v, ok := phi.Edges[i].(*ssa.Alloc)
		if !ok {
			return 0, false
		}
		var consts []int64
		stepped := false
		for _, ref := range *v.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != v {
				continue
			}
			if k, ok := st.Val.(*ssa.Const); ok && k.Value != nil {
				consts = append(consts, k.Int64())
			}
			if add, ok := st.Val.(*ssa.BinOp); ok && add.Op == token.ADD && IsOne(add.Y) {
				if ld, ok := add.X.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == v {
					stepped = true
				}
			}
		}
		if b.Dominates(p) {
			if !stepped {
				return 0, false
			}
			continue
		}
		if len(consts) != 1 || (found && consts[0] != start) {
			return 0, false
		}
		start, found = consts[0], true
	}
	return start, found
}

// onlyLoaded reports whether the closure made by mc only loads its
// binding v.
func onlyLoaded(mc *ssa.MakeClosure, v ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		if i >= len(fn.FreeVars) {
			return false
		}
		for _, ref := range *fn.FreeVars[i].Referrers() {
			if u, ok := ref.(*ssa.UnOp); !ok || u.Op != token.MUL {
				return false
			}
		}
	}
	return true
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// IsOne reports whether v is the integer constant 1.
func IsOne(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Int64() == 1
}

// Contains reports whether b is in the body of l: dominated by its
// header, and able to come back to it without passing through it.
func (l *CountedLoop) Contains(b *ssa.BasicBlock) bool {
	if b == l.Header || !l.Header.Dominates(b) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range x.Succs {
			if s == l.Header {
				if l.Header.Dominates(x) {
					return true
				}
				continue
			}
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// Reentered reports whether a path that leaves l can come back to its
// header: then its counter may take a value twice while the function
// runs.
func (l *CountedLoop) Reentered() bool {
	for _, b := range l.Header.Parent().Blocks {
		if b != l.Header && !l.Contains(b) {
			continue
		}
		for _, s := range b.Succs {
			if s != l.Header && !l.Contains(s) && ssaops.Reaches(s, l.Header) {
				return true
			}
		}
	}
	return false
}

// Trips returns the number of iterations of l if its bound is a
// constant.
func (l *CountedLoop) Trips() (int64, bool) {
	n, ok := ConstantInt(l.Bound)
	if !ok {
		return 0, false
	}
	return max(n-l.Start, 0), true
}

// ConstantInt returns the value of v if it is an integer constant, or the
// capacity of a channel made with a constant size (cap(done) of done :=
// make(chan T, 5)), which cannot change.
func ConstantInt(v ssa.Value) (int64, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return 0, false
		}
		return v.Int64(), true
	case *ssa.Convert:
		return ConstantInt(v.X)
	case *ssa.Call:
		b, ok := v.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "cap" || len(v.Call.Args) != 1 {
			return 0, false
		}
		mc := madeChan(v.Call.Args[0])
		if mc == nil {
			return 0, false
		}
		return ConstantInt(mc.Size)
	}
	return 0, false
}

// madeChan returns the make that v's channel comes from: v itself, or
// the one make stored in a variable (a channel captured by a closure lives
// in one) that nothing else, and no closure, stores to.
func madeChan(v ssa.Value) *ssa.MakeChan {
	switch v := v.(type) {
	case *ssa.MakeChan:
		return v
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL || a.Referrers() == nil {
			return nil
		}
		var made *ssa.MakeChan
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				mc, ok := r.Val.(*ssa.MakeChan)
				if !ok || r.Addr != a || made != nil {
					return nil
				}
				made = mc
			case *ssa.MakeClosure:
				if storesBinding(r, a) {
					return nil
				}
			}
		}
		return made
	}
	return nil
}

// storesBinding reports whether the closure mc stores to the variable v
// it captures.
func storesBinding(mc *ssa.MakeClosure, v ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return true
	}
	for i, b := range mc.Bindings {
		if b != v || i >= len(fn.FreeVars) || fn.FreeVars[i].Referrers() == nil {
			continue
		}
		for _, r := range *fn.FreeVars[i].Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == fn.FreeVars[i] {
				return true
			}
		}
	}
	return false
}

// RunsOnce reports whether l runs its body at least once when entered
// from outside on a path that went through block b: its trip count is a
// positive constant, or it is that of a counted loop whose body holds b,
// which is running.
func (l *CountedLoop) RunsOnce(b *ssa.BasicBlock) bool {
	if n, ok := l.Trips(); ok {
		return n > 0
	}
	for _, h := range b.Parent().Blocks {
		if o := CountedLoopAt(h); o != nil && o.Header != l.Header && o.Contains(b) && o.SameTrips(l) {
			return true
		}
	}
	return false
}

// SameTrips reports whether l and o run the same number of times: equal
// constant trip counts, or the same start and bounds computed the same
// way from the same values (len(s) in both loops of a fan-out).
func (l *CountedLoop) SameTrips(o *CountedLoop) bool {
	if n, ok := l.Trips(); ok {
		m, ok := o.Trips()
		return ok && n == m
	}
	return l.Start == o.Start && sameValue(l.Bound, o.Bound, 0)
}

// sameValue reports whether a and b are the same value, or computed by
// the same operations from the same values (two loads of one variable,
// two len calls on one slice).
func sameValue(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && x.Value.ExactString() == y.Value.ExactString() && types.Identical(x.Type(), y.Type())
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && sameValue(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok || x.Call.IsInvoke() || y.Call.IsInvoke() || len(x.Call.Args) != len(y.Call.Args) {
			return false
		}
		bx, ok1 := x.Call.Value.(*ssa.Builtin)
		by, ok2 := y.Call.Value.(*ssa.Builtin)
		if !ok1 || !ok2 || bx.Name() != by.Name() || bx.Name() != "len" && bx.Name() != "cap" {
			return false
		}
		return sameValue(x.Call.Args[0], y.Call.Args[0], depth+1)
	case *ssa.Convert:
		y, ok := b.(*ssa.Convert)
		return ok && types.Identical(x.Type(), y.Type()) && sameValue(x.X, y.X, depth+1)
	}
	return false
}

// SelfCounted returns the counters that the goroutine g starts adds
// itself to, named in the spawner's frame: calls of a Counts row in the
// started function's own body (not in a goroutine it starts in turn) on a
// receiver it was handed, as a captured variable, an argument or a field
// of one. A Join on such a counter does not wait for the goroutine:
//
//	for _, s := range items {
//		go func() {
//			wg.Add(1) // may run after wg.Wait has returned
//			defer wg.Done()
//			…
//		}()
//	}
//	wg.Wait()
//
// A counter the spawner also counts on, anywhere in its body, is left
// out: the spawner may have counted the goroutine, whose own Add then
// counts the goroutines it starts. It returns nil when there is none.
func (m *Model) SelfCounted(g *ssa.Go) *SelfCount {
	fn, bindings := ssaops.FuncValue(g.Call.Value)
	if fn == nil || fn.Blocks == nil || g.Call.IsInvoke() {
		return nil
	}
	var counters []counter
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if c, ok := m.countsOn(call); ok {
				if k, ok := spawnerCounter(fn, bindings, g.Call.Args, c); ok {
					k.add = call.Pos()
					counters = append(counters, k)
				}
			}
		}
	}
	if len(counters) == 0 {
		return nil
	}
	for _, b := range g.Parent().Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if c, ok := m.countsOn(call); ok {
					counters = slices.DeleteFunc(counters, func(k counter) bool { return k.is(c) })
				}
			}
		}
	}
	if len(counters) == 0 {
		return nil
	}
	return &SelfCount{counters}
}

// A SelfCount lists the counters a goroutine adds itself to (SelfCounted).
type SelfCount struct{ counters []counter }

// Adds reports whether recv, a counter in the spawner's frame, is one the
// goroutine adds itself to, and where it does. A nil SelfCount has none.
func (s *SelfCount) Adds(recv ssa.Value) (token.Pos, bool) {
	if s == nil {
		return token.NoPos, false
	}
	for _, k := range s.counters {
		if k.is(recv) {
			return k.add, true
		}
	}
	return token.NoPos, false
}

// countsOn returns the receiver of a call of a Counts row.
func (m *Model) countsOn(call *ssa.Call) (ssa.Value, bool) {
	rc, ok := m.Resolve(call.Common())
	if !ok || rc.Recv == nil {
		return nil, false
	}
	if _, ok := rc.Row(Counts); !ok {
		return nil, false
	}
	return rc.Recv, true
}

// A counter names a counter in a function's frame: the value v itself,
// or, when field is not negative, that field of the struct v points to;
// add is where the goroutine adds itself to it.
type counter struct {
	v     ssa.Value
	field int
	add   token.Pos
}

// is reports whether recv, a receiver in the same frame, is the counter.
func (k counter) is(recv ssa.Value) bool {
	if k.field < 0 {
		return recv == k.v
	}
	fa, ok := recv.(*ssa.FieldAddr)
	return ok && fa.Field == k.field && fa.X == k.v
}

// spawnerCounter names recv, a counter of the started function fn, in the
// spawner's frame, through the closure's bindings or the call's args.
func spawnerCounter(fn *ssa.Function, bindings, args []ssa.Value, recv ssa.Value) (counter, bool) {
	field := -1
	if fa, ok := recv.(*ssa.FieldAddr); ok {
		recv, field = fa.X, fa.Field
	}
	switch v := recv.(type) {
	case *ssa.FreeVar:
		if i := slices.Index(fn.FreeVars, v); i >= 0 && i < len(bindings) {
			return counter{v: bindings[i], field: field}, true
		}
	case *ssa.Parameter:
		if i := slices.Index(fn.Params, v); i >= 0 && i < len(args) {
			return counter{v: args[i], field: field}, true
		}
	}
	return counter{}, false
}

// IterationIndex reports whether v is the index of the current iteration
// of a counted loop (CountedLoopAt): the value its header tests, or a load
// of the iteration's own variable that holds it (a Go 1.22 loop variable
// that a closure captures: the φ of the per-iteration variables of a
// three-clause loop, or the variable a range loop's body stores the index
// into). It returns the loop and the carrier: the value a goroutine
// started in the body must be handed (as an argument, or a closure's
// binding) to index with the same number. Each iteration's index differs
// from every earlier one's, since the loop steps it by one.
func IterationIndex(v ssa.Value) (*CountedLoop, ssa.Value) {
	v = ssaops.Unconverted(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		switch x := u.X.(type) {
		case *ssa.Phi:
			// for i := 0; i < n; i++ with i captured: the header tests a
			// load of the same φ.
			if l := CountedLoopAt(x.Block()); l != nil && testedVar(l) == x {
				return l, x
			}
		case *ssa.Alloc:
			// for i := range n with i captured: the body stores the index
			// into a variable of its own, which nothing else writes.
			if !ssaops.OwnCell(x) {
				return nil, nil
			}
			var stored ssa.Value
			for _, ref := range *x.Referrers() {
				if st, ok := ref.(*ssa.Store); ok {
					if stored != nil {
						return nil, nil
					}
					stored = st.Val
				}
			}
			if stored == nil {
				return nil, nil
			}
			if l, c := IterationIndex(stored); l != nil && c == stored && l.Header.Dominates(x.Block()) && ssaops.Reaches(x.Block(), l.Header) {
				return l, x
			}
		}
		return nil, nil
	}
	var h *ssa.BasicBlock
	switch x := v.(type) {
	case *ssa.Phi:
		h = x.Block()
	case *ssa.BinOp:
		h = x.Block()
	default:
		return nil, nil
	}
	if l := CountedLoopAt(h); l != nil && (testedValue(l) == v || rotatedIndex(l) == v) {
		return l, v
	}
	return nil, nil
}

// rotatedIndex returns, for a loop whose one block both starts each
// iteration and tests its bound at its end (for i := range n: the φ of
// the index, then the body, then i+1 < n), the φ: the index the body
// sees. Nil for another loop, whose body sees the tested value.
func rotatedIndex(l *CountedLoop) ssa.Value {
	if l.Header.Succs[0] != l.Header {
		return nil
	}
	if add, ok := testedValue(l).(*ssa.BinOp); ok && add.Op == token.ADD && IsOne(add.Y) {
		if phi, ok := add.X.(*ssa.Phi); ok && phi.Block() == l.Header {
			return phi
		}
	}
	return nil
}

// testedValue returns the value the header of l compares with its bound.
func testedValue(l *CountedLoop) ssa.Value {
	return l.Header.Instrs[len(l.Header.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp).X
}

// testedVar returns the per-iteration variable φ whose load the header of
// l compares with its bound, or nil.
func testedVar(l *CountedLoop) ssa.Value {
	if u, ok := testedValue(l).(*ssa.UnOp); ok && u.Op == token.MUL {
		return u.X
	}
	return nil
}
