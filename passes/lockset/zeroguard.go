// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is the zero guard of the default reading, os/exec's Cmd:
//
//	func (c *Cmd) StdinPipe() (io.WriteCloser, error) {
//		if c.Process != nil {
//			return nil, errors.New("exec: StdinPipe after process started")
//		}
//		…
//		c.parentIOPipes = append(c.parentIOPipes, pw) // made only while c.Process is nil
//	}
//	func (c *Cmd) Start() error {
//		…
//		c.Process, err = os.StartProcess(…) // set before the go statement
//		…
//		go c.watchCtx(resultc) // closes c.parentIOPipes
//	}
//
// An access made only where a test of a field found it zero (Access.Guards,
// zeroMark) is ordered with the accesses of a goroutine whose spawner set
// the field to another value on every path to the spawn (nonZeroMark in
// the spawner's state, spawnedMark in the goroutine's Access.Seen), when
// nothing sets it back to zero. Either the guarded
// access ran first, in the goroutine that then starts the other one, or
// its test found the field set and it did not run; a guarded call beside
// the spawner races on the field itself, the report to look at. The
// spawner's settings are those on every path of its body to the spawn,
// those a callee made on every path to its return (a lazy initialiser,
// if c.extras == nil { c.extras = … }), and, for an unexported function
// only ever called directly, those of every caller at the call
// (httptest's goServe, which Start and StartTLS call once they set
// s.URL).
//
// Two entry points that make accesses only while the same field is zero
// (httptest's Start and StartTLS, if s.URL != "" { panic(…) }) are
// ordered as well when one of them sets the field on every path to its
// return (settledMark): run one after the other, the second finds the
// field set; run together, their tests race with that setting. The
// field's own accesses are not ordered by this: the test that reads it
// is made before the branch, where nothing guards it, and two guarded
// writes of it (two lazy initialisers that both found it nil) race.
//
// A field qualifies (zeroFlagFields) when some branch of the package
// tests it against its zero value, its address is only used to load and
// store it, and no store of the package writes it a zero constant or a
// whole value of its struct. What the rule trades: a value stored that
// is zero at run time (c.Process, err = os.StartProcess(…) with an error)
// counts as set; an importer may reset an exported field; a call of the
// guarded method beside the spawner is reported on the field only if that
// pair is; and a synchronisation between an unlocked test and the access
// (a lock taken and released, a send) is not looked at. A test made
// under a lock guards nothing (indexZeroBranches).

// zeroMark and nonZeroMark end a guard of an access made only while a
// field was zero, and an observation that the field was set to another
// value; spawnedMark an observation of a goroutine's access that its
// spawner had set the field before the spawn, and settledMark a guard of
// an access whose entry point returns only with the field set. Of the
// observations, only spawnedMark orders: an
// entry point that sets the field itself, or finds it set, may do so
// while another call that found it zero still makes its guarded
// accesses (double-checked locking), but a spawner's setting happens
// before all that its goroutine does.
const (
	zeroMark    = "zero"
	nonZeroMark = "nonzero"
	spawnedMark = "spawned"
	settledMark = "settled"
)

// zeroFlagFields returns the fields whose zero tests guard accesses
// (see above). The strict reading has none.
func (c *checker) zeroFlagFields(ff *fieldFacts) map[*types.Var]bool {
	if c.model.Strict {
		return nil
	}
	out := make(map[*types.Var]bool)
	for f := range ff.zeroTested {
		if ff.escaped[f] || slices.ContainsFunc(ff.stores[f], func(s fieldStore) bool { return isZeroConst(s.instr.Val) }) {
			continue
		}
		out[f] = true
	}
	return out
}

// isZeroConst reports whether v is the constant zero value of its type.
func isZeroConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if k.Value == nil {
		return true // nil, or the zero value of a struct or array
	}
	switch k.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(k.Value) == 0
	}
	return false
}

// zeroTestLoad returns the load of a field that the branch i tests
// against its zero value (f == nil, f != "", a boolean f, !f), and the
// index of the successor taken when the field is zero; nil if i tests
// something else.
func zeroTestLoad(i *ssa.If) (*ssa.UnOp, int) {
	cond, negated := i.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	var load ssa.Value
	onZero := 1
	switch v := cond.(type) {
	case *ssa.BinOp:
		if v.Op != token.EQL && v.Op != token.NEQ {
			return nil, 0
		}
		switch {
		case isZeroConst(v.Y):
			load = v.X
		case isZeroConst(v.X):
			load = v.Y
		default:
			return nil, 0
		}
		if v.Op == token.EQL {
			onZero = 0
		}
	case *ssa.UnOp:
		load = v // a boolean field: false is zero
	}
	u, ok := load.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, 0
	}
	if _, ok := u.X.(*ssa.FieldAddr); !ok {
		return nil, 0
	}
	if negated {
		onZero = 1 - onZero
	}
	return u, onZero
}

// zeroTest returns, for a block ending in a test of a field of
// zeroFlags against its zero value, the field's location and the
// successors taken when it is zero and when it is not; "" otherwise.
func (c *checker) zeroTest(b *ssa.BasicBlock) (g string, zero, nonZero *ssa.BasicBlock) {
	return c.fieldZeroTest(b, c.zeroFlags)
}

// fieldZeroTest is zeroTest for the fields of flags.
func (c *checker) fieldZeroTest(b *ssa.BasicBlock, flags map[*types.Var]bool) (g string, zero, nonZero *ssa.BasicBlock) {
	if len(flags) == 0 || len(b.Instrs) == 0 {
		return "", nil, nil
	}
	i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return "", nil, nil
	}
	load, onZero := zeroTestLoad(i)
	if load == nil || !flags[ssaops.FieldVar(load.X.(*ssa.FieldAddr))] {
		return "", nil, nil
	}
	if g = c.locOf(load.X); g == "" || isLocal(g) {
		return "", nil, nil
	}
	return g, b.Succs[onZero], b.Succs[1-onZero]
}

// nonZeroObservation is the observation that g was set to, or found, a
// value other than its zero value; zeroObservation the guard of an
// access made while g was zero, and spawnedObservation the observation
// of a goroutine's access that its spawner had set g.
func nonZeroObservation(g string) string { return observation(g, "") + obsSep + nonZeroMark }
func zeroObservation(g string) string    { return observation(g, "") + obsSep + zeroMark }
func spawnedObservation(g string) string { return observation(g, "") + obsSep + spawnedMark }

// zeroSet records in st that the store instr sets a field of zeroFlags
// to a value other than a zero constant.
func (c *checker) zeroSet(st *state, instr *ssa.Store) {
	fa, ok := instr.Addr.(*ssa.FieldAddr)
	if !ok || len(c.zeroFlags) == 0 || !c.zeroFlags[ssaops.FieldVar(fa)] || isZeroConst(instr.Val) {
		return
	}
	if g := c.locOf(fa); g != "" && !isLocal(g) {
		st.seen = union(st.seen, []string{nonZeroObservation(g)})
	}
}

// withoutNonZero returns obs without its nonZeroMark observations, obs
// itself if it has none: an access need not carry them (zeroOrdered reads
// the spawner's state and the summaries), and every access after a
// setting would otherwise hold a set of its own.
func withoutNonZero(obs []string) []string {
	isNonZero := func(o string) bool { return hasMark(o, nonZeroMark) }
	if !slices.ContainsFunc(obs, isNonZero) {
		return obs
	}
	return slices.DeleteFunc(slices.Clone(obs), isNonZero)
}

// nonZeroEdge returns the observation the i'th successor of b makes: that
// the field b tests is not zero there; nil if b tests none.
func (c *checker) nonZeroEdge(b *ssa.BasicBlock, i int) []string {
	if g, _, nonZero := c.zeroTest(b); g != "" && nonZero == b.Succs[i] {
		return []string{nonZeroObservation(g)}
	}
	return nil
}

// indexZeroBranches records, before fi's final pass, the branches its
// zero tests take when the field is zero, for the tests made holding no
// lock (in holds the blocks' entry states). A test under a lock orders
// nothing: a setter that takes the same lock does not race with it, and
// what the tester does after releasing the lock may run beside what the
// setter does after setting (a Write that checked closed under the lock
// appends while Close, which set it, drops the buffer).
func (c *checker) indexZeroBranches(fi *funcInfo, in []*state) {
	fi.zeroBranches = nil
	if len(c.zeroFlags) == 0 {
		return
	}
	for _, t := range fi.fn.Blocks {
		g, zero, _ := c.zeroTest(t)
		if g == "" || len(zero.Preds) != 1 || in[t.Index] == nil {
			continue
		}
		st := in[t.Index].clone()
		for _, instr := range t.Instrs[:len(t.Instrs)-1] {
			c.step(fi, st, instr, nil)
		}
		if len(st.held) > 0 {
			continue
		}
		if fi.zeroBranches == nil {
			fi.zeroBranches = make(map[*ssa.BasicBlock][]string)
		}
		fi.zeroBranches[zero] = union(fi.zeroBranches[zero], []string{zeroObservation(g)})
	}
}

// zeroGuards returns the guards of an access in block b of fi's
// function: the fields that an unlocked test dominating b found zero,
// where only that test leads to the branch (indexZeroBranches).
func (c *checker) zeroGuards(fi *funcInfo, b *ssa.BasicBlock) []string {
	if len(fi.zeroBranches) == 0 || b == nil {
		return nil
	}
	var out []string
	for zero, gs := range fi.zeroBranches {
		if zero.Dominates(b) {
			out = union(out, gs)
		}
	}
	return out
}

// tracksSettings reports whether the package has fields whose settings
// the zero guard observes: its zero flags, and the terminal values of
// terminal.go, which are its settings of a pseudo-location.
func (c *checker) tracksSettings() bool { return len(c.zeroFlags) > 0 || len(c.terminals) > 0 }

// recordNonZero records the fields set at the call instruction instr in
// state st, for the goroutines it may start (spawnNonZero).
func (fi *funcInfo) recordNonZero(instr ssa.CallInstruction, st *state) {
	var set []string
	for _, o := range st.seen {
		if hasMark(o, nonZeroMark) {
			set = append(set, o)
		}
	}
	if len(set) == 0 {
		return
	}
	if fi.nonZeroAt == nil {
		fi.nonZeroAt = make(map[ssa.CallInstruction][]string)
	}
	fi.nonZeroAt[instr] = set
}

// spawnNonZero returns the fields set (spawnedMark), in the spawner's frame, on every
// path to the spawn sp: by the spawner itself, or, when the spawner is
// an unexported function only ever called directly, by each of its
// callers at the call.
func (c *checker) spawnNonZero(sp *spawn) []string {
	if !c.tracksSettings() {
		return nil
	}
	call, ok := sp.instr.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	own := spawned(sp.parent.nonZeroAt[call])
	fn := sp.parent.fn
	calls := c.callIndex(c.srcFuncs)
	if fn.Parent() != nil || !calls.onlyDirect(c.pkg, fn) || len(calls.direct[fn]) == 0 {
		return own
	}
	var inherited []string
	for k, site := range calls.direct[fn] {
		fi := c.funcs[site.Parent()]
		if fi == nil {
			return own
		}
		var mine []string
		for _, o := range fi.nonZeroAt[site] {
			g, _ := splitObservation(o)
			if p := c.intoCallee(g, site); p != "" {
				mine = append(mine, spawnedObservation(p))
			}
		}
		slices.Sort(mine)
		if k == 0 {
			inherited = mine
		} else {
			inherited = intersect(inherited, mine)
		}
		if len(inherited) == 0 {
			return own
		}
	}
	return union(own, inherited)
}

// withZeroObservations returns a, or a copy of it with more seen and
// guards, for an entry point's view of it (entries).
func withZeroObservations(a *Access, seen, guards []string) *Access {
	if len(seen) == 0 && len(guards) == 0 {
		return a
	}
	sets := *a.Sets // shared with other accesses: never written
	sets.Seen = union(slices.Clip(a.Seen), seen)
	sets.Guards = union(slices.Clip(a.Guards), guards)
	with := *a
	with.Sets = &sets
	return &with
}

// spawned returns the observations nonZero, of fields set before a
// spawn, as its goroutine's.
func spawned(nonZero []string) []string {
	var out []string
	for _, o := range nonZero {
		g, _ := splitObservation(o)
		out = append(out, spawnedObservation(g))
	}
	return out
}

// settledGuards returns, for an access of an entry point whose function
// fi returns only with the fields of its summary's nonzero observations
// set, the guards of the access (a.Guards, zeroMark) among those fields
// as settledMark guards.
func settledGuards(fi *funcInfo, a *Access) []string {
	if fi == nil || fi.sum == nil || len(a.Guards) == 0 {
		return nil
	}
	var out []string
	for _, o := range a.Guards {
		if !hasMark(o, zeroMark) {
			continue
		}
		g, _ := splitObservation(o)
		if slices.Contains(fi.sum.Seen, nonZeroObservation(g)) {
			out = append(out, observation(g, "")+obsSep+settledMark)
		}
	}
	return out
}

// zeroOrdered reports whether a was made only while a field was zero
// that b's entry point had set before b, or that a's entry point sets
// before it returns while b too was made only while it was zero (see
// above).
func zeroOrdered(a, b *epAccess) bool {
	if len(a.guards) == 0 {
		return false
	}
	for _, o := range a.guards {
		g, _ := splitObservation(o)
		switch markOf(o) {
		case obsSep + zeroMark:
			if slices.Contains(b.seen, spawnedObservation(g)) {
				return true
			}
		case obsSep + settledMark:
			if a.key == g || b.key == g {
				continue // the field's own guarded writes (two lazy initialisers) may race
			}
			if slices.Contains(b.guards, zeroObservation(g)) {
				return true
			}
		}
	}
	return false
}
