// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A Summary says how a function changes which memory its ports reach: its
// parameters (the receiver first), then its free variables, and
// GlobalPort for the package-level variables. Summaries are exported as
// facts on functions and methods so that calls into other packages apply
// the callee's summary.
type Summary struct {
	// Links are pairs {a, b}: after the call, memory reachable from port a
	// may reach memory that was reachable from port b.
	Links [][2]int
	// LinkPaths names, for the links {a, b} through which memory below
	// port a holds port b's at places that a's entry paths name, those
	// places, as paths from port a (paths.go; "items>[]": the elements
	// of what the items field points to), in the order of Links. A link
	// without paths may hold b's memory anywhere in a's: its own object
	// points to it.
	LinkPaths []LinkPaths
	// Returns lists the ports whose memory the results may reach.
	Returns []int
	// ReturnPaths names, for the ports of Returns whose returned memory
	// lies below places of theirs, those places, as paths from the port
	// (paths.go; "items>[]>": what the elements of the items field point
	// to): a getter of a field's entries returns them, not the receiver,
	// so a caller that sends the result gives up the entries only. A
	// port of Returns without paths is returned whole: its own object,
	// memory deep below it, or memory the function stored into it.
	ReturnPaths []PortPaths
	// NewResults says the results are memory the function makes on each
	// call (allocates, receives, or gets new from its callees), never
	// memory a port refers to: whatever of Returns they reach lies below
	// them. A call in a loop then returns a new object each iteration.
	NewResults bool
	// Writes lists the ports whose memory the function may write, itself
	// or through its callees. A goroutine whose function writes none of
	// what it is given only reads it.
	Writes []int
	// WritesRoot lists the ports whose own object the function may
	// write (a parameter's pointee, a captured variable), not only memory
	// reachable from it.
	WritesRoot []int
	// WritesDepth gives, for each port of Writes in order, how many
	// pointers below the port's own object the deepest write is (0: the
	// object itself; MaxWriteDepth: unbounded), so that a caller counts
	// as written only what lies that far below its argument.
	WritesDepth []int
	// ReadPaths and WritePaths list, per port, the places below it the
	// function may read and write (paths.go): which fields of its
	// arguments a call touches. Reads under a lock and through sync/atomic
	// are left out, as writes are.
	ReadPaths  []PortPaths
	WritePaths []PortPaths
	// PointerFreeArgs is, for a generic function, its summary for the
	// instances whose type arguments hold no references where its type
	// parameters may be such types (pointerfree.go); nil when that is
	// not smaller.
	PointerFreeArgs *Summary

	// encoded, if not nil, is the summary as a fact imported from
	// another package, not yet decoded (factcodec.go): the fields above
	// are empty until decoded decodes it.
	encoded []byte
}

// LinkPaths are the places below port From where a function stores memory
// of port To.
type LinkPaths struct {
	From, To int
	Paths    []string
}

// PortPaths are the places below one port a function touches.
type PortPaths struct {
	Port  int
	Paths []string
}

// withoutPort returns a copy of s in which the function neither reads nor
// writes the memory of port p; what it links and returns is unchanged.
func (s *Summary) withoutPort(p int) *Summary {
	out := &Summary{Links: s.Links, LinkPaths: s.LinkPaths, Returns: s.Returns, ReturnPaths: s.ReturnPaths, NewResults: s.NewResults}
	for i, q := range s.Writes {
		if q == p {
			continue
		}
		out.Writes = append(out.Writes, q)
		if i < len(s.WritesDepth) {
			out.WritesDepth = append(out.WritesDepth, s.WritesDepth[i])
		}
	}
	for _, q := range s.WritesRoot {
		if q != p {
			out.WritesRoot = append(out.WritesRoot, q)
		}
	}
	keep := func(pp []PortPaths) []PortPaths {
		var kept []PortPaths
		for _, x := range pp {
			if x.Port != p {
				kept = append(kept, x)
			}
		}
		return kept
	}
	out.ReadPaths, out.WritePaths = keep(s.ReadPaths), keep(s.WritePaths)
	return out
}

// MaxWriteDepth is the WritesDepth of writes the summary cannot bound.
const MaxWriteDepth = maxKeyDepth

// AFact marks Summary as a fact.
func (*Summary) AFact() {}

func (s *Summary) String() string {
	var b strings.Builder
	b.WriteString("summary")
	for _, l := range s.Links {
		fmt.Fprintf(&b, " %s->%s", portName(l[0]), portName(l[1]))
		if paths := s.linkPaths(l); paths != nil {
			b.WriteString("(" + strings.Join(paths, ",") + ")")
		}
	}
	if len(s.Returns) > 0 {
		b.WriteString(" returns")
		if s.NewResults {
			b.WriteString(" new")
		}
		for _, p := range s.Returns {
			b.WriteString(" " + portName(p))
			if paths := s.returnPaths(p); paths != nil {
				b.WriteString("(" + strings.Join(paths, ",") + ")")
			}
		}
	}
	if len(s.Writes) > 0 {
		b.WriteString(" writes")
		for _, p := range s.Writes {
			b.WriteString(" " + portName(p))
		}
	}
	if s.PointerFreeArgs != nil {
		b.WriteString("; for pointer-free type arguments " + s.PointerFreeArgs.String())
	}
	return b.String()
}

func portName(p int) string {
	if p == GlobalPort {
		return "G"
	}
	return fmt.Sprint(p)
}

func (s *Summary) equal(t *Summary) bool {
	return fmt.Sprint(s.Links, s.LinkPaths, s.Returns, s.ReturnPaths, s.NewResults, s.Writes, s.WritesRoot, s.WritesDepth, s.ReadPaths, s.WritePaths) ==
		fmt.Sprint(t.Links, t.LinkPaths, t.Returns, t.ReturnPaths, t.NewResults, t.Writes, t.WritesRoot, t.WritesDepth, t.ReadPaths, t.WritePaths)
}

// unseen is the summary of a function the analysis could not follow
// within its bounds. In the strict reading it is P#'s conservative
// summary; by default what the analysis cannot see creates no evidence, so
// the function links and writes nothing, and its results are its own.
func (r *Result) unseen(ports []int) *Summary {
	if r.strict {
		return conservativeSummary(ports)
	}
	return &Summary{}
}

// conservativeSummary is the summary of a function the analysis cannot
// follow: every port may reach every other, and the results all of them.
func conservativeSummary(ports []int) *Summary {
	s := &Summary{}
	for _, a := range ports {
		for _, b := range ports {
			if a != b {
				s.Links = append(s.Links, [2]int{a, b})
			}
		}
		s.Returns = append(s.Returns, a)
		s.Writes = append(s.Writes, a)
		s.WritesRoot = append(s.WritesRoot, a)
		s.WritesDepth = append(s.WritesDepth, MaxWriteDepth)
	}
	for _, p := range ports {
		s.ReadPaths = append(s.ReadPaths, PortPaths{p, []string{deepPath}})
		s.WritePaths = append(s.WritePaths, PortPaths{p, []string{deepPath}})
	}
	return s
}

// summarize derives f's summary from the heap at its returns.
func (f *Flow) summarize() *Summary {
	ports := f.ports()
	if f.Incomplete {
		if f.sv.overBudget != nil {
			f.sv.overBudget[f.Fn] = f.overBudget
		}
		return f.sv.res.unseen(ports)
	}
	reach := make(map[int]ObjSet, len(ports))
	for _, p := range ports {
		reach[p] = f.withoutImmutable(f.portReach(p))
	}
	fromPort := func(set ObjSet, q int) bool {
		found := false
		set.Each(func(o ObjID) {
			if !found && f.objs[o].Port == q {
				found = true
			}
		})
		return found
	}
	s := &Summary{}
	for _, a := range ports {
		for _, b := range ports {
			if a == b {
				continue
			}
			switch {
			case fromPort(reach[a], b):
				s.Links = append(s.Links, [2]int{a, b})
				if paths := f.linkPaths(a, b, reach[a]); paths != nil {
					s.LinkPaths = append(s.LinkPaths, LinkPaths{a, b, paths})
				}
			case a < b && f.shareBesidesGlobals(reach[a], reach[b]) && !fromPort(reach[b], a):
				s.Links = append(s.Links, [2]int{a, b})
			}
		}
	}
	var results LocSet
	for _, b := range f.Fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				results = union(results, f.vals[r])
			}
		}
	}
	f.accesses(s)
	s.NewResults = len(results) > 0
	for _, l := range results {
		if !f.madeHere(l.Obj) {
			s.NewResults = false
		}
	}
	if len(results) > 0 {
		rr := f.Reach(f.exit, results, nil)
		for _, p := range ports {
			if fromPort(rr, p) || rr.Intersects(reach[p]) {
				s.Returns = append(s.Returns, p)
				if paths := f.returnPaths(rr, p, reach[p]); paths != nil {
					s.ReturnPaths = append(s.ReturnPaths, PortPaths{p, paths})
				}
			}
		}
	}
	return s
}

// returnPaths returns the places below port p whose memory the results
// reach (rr is all they reach at the exit, reachP all that p reaches), as
// the fewest paths from the port's root that cover it; nil when only the
// whole port names it: the results reach the port's own object, memory
// deep below it (beyond the heap's bound on paths), or memory the
// function stored into the port's, which no entry path leads to.
func (f *Flow) returnPaths(rr ObjSet, p int, reachP ObjSet) []string {
	if p == GlobalPort {
		return nil
	}
	var paths pathSet
	whole := false
	rr.Each(func(o ObjID) {
		obj := &f.objs[o]
		switch {
		case whole:
		case obj.Port != p:
			// Memory of another port, or made here, that p also
			// reaches at the exit: stored into p's memory (the
			// package-level variables are port G's).
			whole = reachP.Has(o) && !obj.IsGlobals()
		default:
			op, ok := f.objPath(o)
			if !ok || op == "" || DeepPath(op) {
				whole = true
				return
			}
			paths = paths.add(op)
		}
	})
	if whole || len(paths) == 0 || len(paths) > maxPathsPerPort {
		return nil
	}
	// The fewest: a path below another's is reached through it.
	var out []string
	for _, op := range paths {
		covered := false
		for _, q := range out {
			covered = covered || strings.HasPrefix(op, q)
		}
		if !covered {
			out = append(out, op)
		}
	}
	return out
}

// linkPaths returns the places below port a where the function stores
// memory of port b at its exit (reachA is all that a reaches there), as
// paths from a's root, each the path of the holding object and the key
// of the place in it ("items>[]"); nil when only the whole port names
// them: a holder the function made, or one deep below a, or a place of
// unknown key.
func (f *Flow) linkPaths(a, b int, reachA ObjSet) []string {
	if a == GlobalPort {
		return nil
	}
	var paths pathSet
	whole := false
	reachA.Each(func(o ObjID) {
		holder := &f.objs[o]
		if whole || holder.Port == b {
			return // b's memory holding b's is b's own
		}
		f.exit.Fields(o, func(key string, locs LocSet) {
			if whole || !slices.ContainsFunc(locs, func(l Loc) bool { return f.objs[l.Obj].Port == b }) {
				return
			}
			if DeepPath(key) {
				whole = true
				return
			}
			var ops []string
			if holder.Port == a {
				op, ok := f.objPath(o)
				if !ok || DeepPath(op) {
					whole = true
					return
				}
				ops = []string{op}
			} else if ops = f.madeHolderPaths(o, a, reachA); ops == nil {
				whole = true
				return
			}
			for _, op := range ops {
				paths = paths.add(op + key)
			}
		})
	})
	if whole || len(paths) == 0 || len(paths) > maxPathsPerPort {
		return nil
	}
	return paths
}

// madeHolderPaths names an object o the function made (an append's new
// array stored back into a field, s.log = append(s.log, e)) by the places
// of port a's entry memory that hold it at the exit ("log>"), when those
// are the only objects a reaches that point to it; nil otherwise. A
// caller that links the other port's memory there, in the objects its
// own heap has at those places, reaches it by every route a does: the
// callee's new object is reached only through them.
func (f *Flow) madeHolderPaths(o ObjID, a int, reachA ObjSet) []string {
	if obj := &f.objs[o]; obj.Port != NoPort || obj.Kind != Alloc || obj.linker {
		return nil
	}
	var out []string
	ok := true
	reachA.Each(func(from ObjID) {
		if !ok {
			return
		}
		f.exit.Fields(from, func(key string, locs LocSet) {
			if !ok || !slices.ContainsFunc(locs, func(l Loc) bool { return l.Obj == o }) {
				return
			}
			op, named := f.objPath(from)
			if f.objs[from].Port != a || !named || DeepPath(op) || DeepPath(key) {
				ok = false
				return
			}
			out = append(out, op+key+pathSep)
		})
	})
	if !ok {
		return nil
	}
	return out
}

// linkPaths returns the paths of the link l in s.LinkPaths, or nil.
func (s *Summary) linkPaths(l [2]int) []string {
	for _, lp := range s.LinkPaths {
		if lp.From == l[0] && lp.To == l[1] {
			return lp.Paths
		}
	}
	return nil
}

// returnPaths returns the paths of port p in s.ReturnPaths, or nil.
func (s *Summary) returnPaths(p int) []string {
	for _, pp := range s.ReturnPaths {
		if pp.Port == p {
			return pp.Paths
		}
	}
	return nil
}

// portReach returns the objects reachable from port p at f's exit. By
// default a parameter's reach stops at the object standing for all
// package-level memory: two parameters that each reach some global are
// not thereby linked to each other (a callee that caches one argument's
// type in a global table and writes another's buffer would otherwise
// link, and write, every argument). The strict reading goes through.
func (f *Flow) portReach(p int) ObjSet {
	if p == GlobalPort || f.sv.res.strict {
		return f.Reach(f.exit, LocSet{{f.roots[p], ""}}, nil)
	}
	return f.Reach(f.exit, LocSet{{f.roots[p], ""}}, (*Object).IsGlobals)
}

// withoutImmutable returns, in the strict reading, the objects of set
// that are not immutable by convention (Flow.immutableObject): that a
// port reaches such an object of another port after the call, or that
// the two share one, is no link between them, since memory that is
// never mutated carries no ownership and what it reaches was reachable
// from it on entry. By default set is returned as it is.
func (f *Flow) withoutImmutable(set ObjSet) ObjSet {
	if !f.sv.res.strict {
		return set
	}
	var out ObjSet
	set.Each(func(o ObjID) {
		if !f.immutableObject(o) {
			out.Add(o)
		}
	})
	return out
}

// shareBesidesGlobals reports whether two ports' reaches share an object
// other than the one standing for all package-level memory, which every
// port that touches any global reaches (by default; see portReach).
func (f *Flow) shareBesidesGlobals(a, b ObjSet) bool {
	if f.sv.res.strict {
		return a.Intersects(b)
	}
	return a.IntersectsBesides(b, f.global)
}

// ports lists the ports of f that can reach memory, in order.
func (f *Flow) ports() []int {
	var ps []int
	for p := range f.roots {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	return ps
}
