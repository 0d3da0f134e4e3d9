// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"cmp"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/fieldwrites"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// outlivingRoots returns the ports whose memory outlives a call of fn: the
// receiver of a method, the package-level variables, and the free
// variables of a function literal that may run more than once.
func outlivingRoots(fn *ssa.Function, fl *taint.Flow) []taint.ObjID {
	var roots []taint.ObjID
	if fn.Signature.Recv() != nil {
		if id, ok := fl.Root(0); ok {
			roots = append(roots, id)
		}
	}
	if len(fn.FreeVars) > 0 && !givesup.Immediate(fn) {
		for i := range fn.FreeVars {
			if id, ok := fl.Root(len(fn.Params) + i); ok {
				roots = append(roots, id)
			}
		}
	}
	if id, ok := fl.Root(taint.GlobalPort); ok {
		roots = append(roots, id)
	}
	return roots
}

// keptGiven returns the objects of given that stay reachable from root:
// the memory both sides share, whose writers decide whether keeping it
// races (in the strict reading anyone's, mayBeWritten; in the default
// the receiving side's or, by type, the program's). What only the
// receiving side reaches is not shared: a request that keeps a
// package-level sentinel error (w.err = ErrTimeout) shares the sentinel
// with whoever reads that variable, not the request.
func (c *checker) keptGiven(fl *taint.Flow, h taint.Heap, root taint.ObjID, given taint.ObjSet) taint.ObjSet {
	// From what root holds: the root may be the package-level
	// variables' object, where Opaque stops.
	var held taint.LocSet
	h.Fields(root, func(_ string, locs taint.LocSet) { held = append(held, locs...) })
	reach := fl.Reach(h, held, givesup.Opaque)
	reach.Add(root)
	return intersection(reach, given)
}

// checkOutliving checks condition 1: nothing transferred stays reachable
// from outliving state.
func (c *checker) checkOutliving(fn *ssa.Function, fl *taint.Flow, h taint.Heap, p transfer.Point, given []givenValue, written taint.ObjSet) bool {
	for _, root := range outlivingRoots(fn, fl) {
		path, hit := findPath(fl, h, root, given, c.leadsNowhere(fl))
		if hit == nil || !reportablePath(fl, path) || c.poppedFront(fn, fl, path, p.Instr) || receivedAfresh(hit.v, p.Instr) {
			continue
		}
		objs := c.keptGiven(fl, h, root, hit.objs)
		if !c.strict {
			path = c.pathToWritten(fl, h, root, path, hit, intersection(objs, written))
		}
		var kept taint.ObjSet
		kept.Add(path[len(path)-1].to)
		if v, ok := keptBuffer(fn, fl, path, kept); ok && !c.strict {
			if !c.heldBufferWritten(fn, fl, objs, kept, written, v) {
				continue
			}
		} else if !c.shared(fl, objs, kept, written, privateHolder(fl, path), c.gu.ReceiverSeen(p)) {
			// Memory the receiving side does not write can be kept
			// and read on both sides.
			continue
		}
		name := pathName(fl, path)
		msg := c.transferPhrase(p, hit.v) + " but stays reachable from " + name
		var related []analysis.RelatedInformation
		if store := findStore(fn, fl, path); store != nil {
			line := c.pass.Fset.Position(store.Pos()).Line
			msg += " (stored at line " + strconv.Itoa(line) + ")"
			related = append(related, analysis.RelatedInformation{Pos: store.Pos(), Message: "stored into " + name + " here"})
		}
		msg += "; " + c.consequence(p)
		related = append(related, c.writeEvidence(fn, fl, kept, lastField(path))...)
		fixes := c.resetFix(fn, fl, h, p, hit)
		if c.leaveKept {
			if port, field, ok := machineField(fn, fl, path); ok && !c.reported[p.Instr.Pos()] {
				c.reported[p.Instr.Pos()] = true
				c.kept = append(c.kept, Kept{
					Diagnostic: analysis.Diagnostic{Pos: p.Instr.Pos(), Category: catOutliving, Message: msg, Related: related, SuggestedFixes: fixes},
					Point:      p, Port: port, Field: field, Below: len(path) > 1,
				})
				return true
			}
		}
		c.report(p.Instr.Pos(), p, catOutliving, msg, related, fixes)
		return true
	}
	return false
}

// pathToWritten returns, by default, a path from root to memory of objs
// that the receiving side writes (written), when the shortest path found
// leads to memory it does not write: the report names the field that
// keeps what races (p.inflight[…], the entries the acceptors stamp), not
// one that keeps read-only memory sent along (p.ballot).
func (c *checker) pathToWritten(fl *taint.Flow, h taint.Heap, root taint.ObjID, path []step, hit *givenValue, written taint.ObjSet) []step {
	if len(written) == 0 || written.Has(path[len(path)-1].to) {
		return path
	}
	other, found := findPath(fl, h, root, []givenValue{{v: hit.v, objs: written}}, c.leadsNowhere(fl))
	if found == nil || !reportablePath(fl, other) {
		return path
	}
	return other
}

// maxEvidence bounds the writes a report shows as its evidence.
const maxEvidence = 3

// writeEvidence returns, in the default reading, the write that makes
// keeping objs a race: a write in this package, after construction, to
// memory of their type (fieldwrites.Result.WritesOf). The writes shown
// are the first few, the best first: through field, the field that keeps
// the memory, by a method of fn's own type (the machine that keeps it
// writes it in a later handler); then the others, such as the receiving
// side's own writes of what it was sent, the other half of the race.
func (c *checker) writeEvidence(fn *ssa.Function, fl *taint.Flow, objs taint.ObjSet, field string) []analysis.RelatedInformation {
	if c.strict {
		return nil
	}
	var writes []fieldwrites.Write
	objs.Each(func(o taint.ObjID) {
		writes = append(writes, c.fields.WritesOf(fl.Object(o).Type)...)
	})
	if len(writes) == 0 {
		return nil
	}
	// By file and offset: token.Pos order depends on the order in which
	// an in-process checker loaded the files.
	slices.SortFunc(writes, func(a, b fieldwrites.Write) int { return ssaops.ComparePos(c.pass.Fset, a.Pos, b.Pos) })
	// Best: through the field the memory is kept in, by the machine
	// that keeps it.
	own := recvType(fn)
	rank := func(w fieldwrites.Write) int {
		r := 0
		if field != "" && w.Field == field {
			r += 2
		}
		if own != nil && recvType(w.Func) == own {
			r++
		}
		return r
	}
	// The best-ranked writes first, in the order of the source; a few.
	slices.SortStableFunc(writes, func(a, b fieldwrites.Write) int { return cmp.Compare(rank(b), rank(a)) })
	var out []analysis.RelatedInformation
	for _, w := range writes[:min(len(writes), maxEvidence)] {
		out = append(out, analysis.RelatedInformation{Pos: w.Pos, Message: writtenName(w.Key) + " is written here, while the receiver may still use it"})
	}
	return out
}

// privateHolder returns the name of the unexported struct field the last
// edge of path follows into the kept object, or "".
func privateHolder(fl *taint.Flow, path []step) string {
	if len(path) == 0 {
		return ""
	}
	last := path[len(path)-1]
	if !token.IsIdentifier(last.key) || token.IsExported(last.key) || fl.Object(last.from).Type == nil || !isStruct(fl.Object(last.from).Type) {
		return ""
	}
	return last.key
}

// isStruct reports whether t is a struct or a pointer to one.
func isStruct(t types.Type) bool {
	_, ok := pointee(t).(*types.Struct)
	return ok
}

// lastField returns the name of the last field on path, or "".
func lastField(path []step) string {
	for i := len(path) - 1; i >= 0; i-- {
		parts := strings.Split(path[i].key, ".")
		for j := len(parts) - 1; j >= 0; j-- {
			if token.IsIdentifier(parts[j]) {
				return parts[j]
			}
		}
	}
	return ""
}

// recvType returns the named type of fn's receiver (of the method a
// function literal is in), or nil.
func recvType(fn *ssa.Function) *types.TypeName {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil || fn.Signature.Recv() == nil {
		return nil
	}
	t := fn.Signature.Recv().Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// writtenName displays a fieldwrites key: pkg/path.T.f as T.f, the
// elements of a container type as its type's elements.
func writtenName(key string) string {
	if strings.HasPrefix(key, "[]") || strings.HasPrefix(key, "map[") {
		return "an element of a " + importPaths().ReplaceAllString(key, "")
	}
	if i := strings.LastIndexByte(key, '/'); i >= 0 {
		key = key[i+1:]
	}
	if _, rest, ok := strings.Cut(key, "."); ok {
		return rest
	}
	return key
}

// importPaths matches the directories of the import paths in a type
// string: []*example.com/m/racy.Entry is displayed []*racy.Entry.
// Compiled on first use, as the expressions of model.HeldOnEntry are:
// most processes of a go vet run never report.
var importPaths = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?:[\w.\-]+/)+`) })

// machineField returns the machine field a path from outliving state
// starts with: a field of a method's pointer receiver, or a captured
// variable of a function literal. Paths from package-level variables are
// shared state, not a machine's.
func machineField(fn *ssa.Function, fl *taint.Flow, path []step) (port int, field string, ok bool) {
	root := fl.Object(path[0].from)
	if root.Kind != taint.Root {
		return 0, "", false
	}
	switch {
	case root.Port == 0 && fn.Signature.Recv() != nil:
		if !isStructPointer(fn.Params[0].Type()) {
			return 0, "", false
		}
		name, _, _ := strings.Cut(path[0].key, ".")
		if !token.IsIdentifier(name) {
			return 0, "", false
		}
		return 0, name, true
	case root.Port >= len(fn.Params) && root.Port < len(fn.Params)+len(fn.FreeVars):
		return root.Port, "", true
	}
	return 0, "", false
}

// isStructPointer reports whether t is a pointer to a struct.
func isStructPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// A step is one edge of a heap path: from object to object through key.
type step struct {
	from taint.ObjID
	key  string
	to   taint.ObjID
}

// findPath searches the heap breadth-first from root for a transferred
// object and returns the path to it and the given value it belongs to.
// Edges for which skip (if not nil) is true are not followed.
func findPath(fl *taint.Flow, h taint.Heap, root taint.ObjID, given []givenValue, skip func(from taint.ObjID, key string) bool) ([]step, *givenValue) {
	type entry struct {
		obj  taint.ObjID
		path []step
	}
	var seen taint.ObjSet
	seen.Add(root)
	queue := []entry{{root, nil}}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		for i := range given {
			if given[i].objs.Has(e.obj) {
				return e.path, &given[i]
			}
		}
		if givesup.ObjectExempt(fl.Object(e.obj)) {
			continue
		}
		h.Fields(e.obj, func(key string, locs taint.LocSet) {
			if skip != nil && skip(e.obj, key) {
				return
			}
			for _, l := range locs {
				if seen.Add(l.Obj) {
					path := append(append([]step(nil), e.path...), step{e.obj, key, l.Obj})
					queue = append(queue, entry{l.Obj, path})
				}
			}
		})
	}
	return nil, nil
}

// reportablePath reports whether a path from outliving state to
// transferred memory is worth a report. The root itself being given away
// (go s.loop() in a method of s) is how actors start; its later uses are
// checked by condition 3 and the lockset pass. A path into the
// package-level variables only through "some global" links of callee
// summaries is too vague to act on: only a variable this function names
// counts.
func reportablePath(fl *taint.Flow, path []step) bool {
	if len(path) == 0 {
		return false
	}
	root := fl.Object(path[0].from)
	if root.Kind == taint.Root && root.Port == taint.GlobalPort && path[0].key == "*" {
		return false
	}
	return true
}

// pathName renders a heap path as an access path such as s.last or
// s.items[…].
func pathName(fl *taint.Flow, path []step) string {
	if len(path) == 0 {
		return "?"
	}
	root := fl.Object(path[0].from)
	var b strings.Builder
	if root.Kind == taint.Root && root.Port == taint.GlobalPort {
		b.WriteString(taint.DisplayGlobal(path[0].key))
		if i := strings.IndexByte(path[0].key, '.'); i >= 0 {
			path = append([]step{{path[0].from, path[0].key[i+1:], path[0].to}}, path[1:]...)
		} else {
			path = path[1:]
		}
	} else {
		b.WriteString(root.Name)
	}
	for _, s := range path {
		for _, part := range strings.Split(s.key, ".") {
			switch {
			case part == "[]":
				b.WriteString("[…]")
			case part == "*" || part == "":
			case strings.HasPrefix(part, "$"):
			default:
				b.WriteString("." + part)
			}
		}
	}
	return b.String()
}

// findStore returns the store that links the first edge of path, if the
// function made it.
func findStore(fn *ssa.Function, fl *taint.Flow, path []step) ssa.Instruction {
	for _, s := range path {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var addr ssa.Value
				var vals []ssa.Value
				switch i := instr.(type) {
				case *ssa.Store:
					addr, vals = i.Addr, []ssa.Value{i.Val}
				case *ssa.MapUpdate:
					addr, vals = i.Map, []ssa.Value{i.Key, i.Value}
				default:
					continue
				}
				if !locsHitObj(fl.Locs(addr), s.from) {
					continue
				}
				for _, v := range vals {
					if locsHitObj(fl.Locs(v), s.to) {
						return instr
					}
				}
			}
		}
	}
	return nil
}

func locsHitObj(s taint.LocSet, o taint.ObjID) bool {
	for _, l := range s {
		if l.Obj == o {
			return true
		}
	}
	return false
}

// checkAliasing checks condition 2: no other operand of the transfer may
// reach what is given up.
func (c *checker) checkAliasing(fl *taint.Flow, h taint.Heap, p transfer.Point, given []givenValue, written taint.ObjSet) bool {
	if p.Kind == transfer.Go {
		return false // every operand goes to the same goroutine
	}
	if p.Kind == transfer.GivesUp && c.transfersLast(p.Callee, make(map[*ssa.Function]bool)) {
		return false // the callee does nothing after giving up: sound, so in both readings
	}
	for _, other := range p.Others {
		if isExemptValue(fl, other) {
			continue
		}
		reach := fl.Reach(h, fl.Locs(other), givesup.Opaque)
		for _, g := range given {
			if reach.Intersects(g.objs) && c.shared(fl, g.objs, g.objs, written, "", false) && !c.reachesOnlyPopped(fl, h, other, g, p.Instr) && !receivedAfresh(g.v, p.Instr) {
				msg := c.transferPhrase(p, g.v) + " but is also reachable from " + c.names.value(other, p.Instr) +
					", another operand of the same call; " + p.CalleeName() + " may use it after giving it up"
				c.report(p.Instr.Pos(), p, catAliasing, msg, c.writeEvidence(p.Instr.Parent(), fl, g.objs, ""), nil)
				return true
			}
		}
	}
	return false
}

func isExemptValue(fl *taint.Flow, v ssa.Value) bool {
	_, isFn := v.(*ssa.Function)
	return isFn || fl.Exempt(v.Type())
}
