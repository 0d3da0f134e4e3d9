// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	_ "embed"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/fieldwrites"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

//go:embed doc.go
var doc string

// Analyzer reports violations of the respects-ownership conditions.
var Analyzer = &analysis.Analyzer{
	Name:     "ownership",
	Doc:      analysisdoc.MustExtract(doc, "ownership"),
	URL:      directive.ReportsURL,
	Requires: []*analysis.Analyzer{givesup.Analyzer, taint.Analyzer, fieldwrites.Analyzer},
	Run:      run,
	// The ignore comments that silenced a report, for the ignores pass,
	// and the reports left to the xsa pass.
	ResultType: reflect.TypeFor[*Result](),
}

// leaveKept is -ownership.xsa: condition-1 reports of memory kept in a
// machine field are left to the xsa pass (Result.Kept). cmd/psharpvet
// sets it unless xsa is turned off, so that the ownership analyzer on its
// own (golangci-lint, nogo) still reports them.
var leaveKept bool

func init() {
	Analyzer.Flags.BoolVar(&leaveKept, "xsa", false, "leave reports of memory kept in a receiver's field or a captured variable to the xsa analyzer, which re-checks them over the machine's handlers (psharpvet sets it unless -xsa=false)")
}

// A Result is what the ownership pass hands on.
type Result struct {
	// Silenced are the ignore comments that silenced a report.
	Silenced *directive.Silenced
	// Kept are the condition-1 reports about memory that stays reachable
	// from a machine field, when -ownership.xsa leaves them to the xsa
	// pass. They are not reported by this pass.
	Kept []Kept
}

// A Kept is a condition-1 report whose memory stays reachable from a
// machine field: a field of the receiver of a method, or a captured
// variable of a function literal that runs again. P#'s cross-state
// analysis re-checks it with the machine's fields lifted to parameters
// of its handlers.
type Kept struct {
	// Diagnostic is the report, as this pass would make it.
	Diagnostic analysis.Diagnostic
	// Point is the transfer; its function is Point.Instr.Parent().
	Point transfer.Point
	// Port is the function's port the memory hangs from: 0 for the
	// receiver, len(Params)+i for free variable i.
	Port int
	// Field is the receiver's field that keeps the memory, or "" for a
	// captured variable, which keeps it itself.
	Field string
	// Below says the memory given up lies below what the field (or the
	// captured variable) holds, in its elements or the fields of what
	// they point to: what it holds itself (a map, a slice's array) was
	// not given up (m.inFlight[item.ID] = item; send(item)).
	Below bool
}

// The categories of the diagnostics, one per respects-ownership condition.
const (
	catOutliving = "outliving"          // condition 1
	catAliasing  = "aliasing"           // condition 2
	catUseAfter  = "use-after-transfer" // condition 3
)

// Categories are the Diagnostic.Category values of this analyzer's
// reports, each a section of the README.
var Categories = []string{catOutliving, catAliasing, catUseAfter, catContextEscape}

// checker holds what the checks of one package share.
type checker struct {
	pass  *analysis.Pass
	rep   *directive.Reporter // reports what no ignore comment silences
	gu    *givesup.Result
	flows *taint.Flows
	// fields says which fields are written after construction.
	fields *fieldwrites.Result
	names  *sourceNames
	// strict is P#'s conservative reading: a call the analysis cannot
	// see into may use what it is passed. By default it is no evidence.
	strict bool
	// reported remembers the instructions already blamed, so that one
	// access is reported once even when several transfers reach it.
	reported map[token.Pos]bool
	// leaveKept and kept: see Result.Kept.
	leaveKept bool
	kept      []Kept
	// holds memoises mayHold by the pair of types it compares.
	holds map[[2]types.Type]bool
	// detachedLoops memoises detachedLoop by transfer point (detached.go).
	detachedLoops map[ssa.Instruction]bool
	// branchFacts memoises, per function, the facts its branches
	// establish: the walk after a transfer takes only the edges a path
	// from it can (ssaops.BranchFacts).
	branchFacts ssaops.BranchFactsMemo
}

func run(pass *analysis.Pass) (any, error) {
	gu := pass.ResultOf[givesup.Analyzer].(*givesup.Result)
	tr := pass.ResultOf[taint.Analyzer].(*taint.Result)
	// This pass's own cache of flows: the taint result keeps none, and
	// the cache is freed when run returns.
	flows := tr.NewFlows()
	c := &checker{
		pass:      pass,
		rep:       directive.NewReporter(pass),
		gu:        gu,
		flows:     flows,
		fields:    pass.ResultOf[fieldwrites.Analyzer].(*fieldwrites.Result),
		strict:    gu.Model.Strict,
		names:     newSourceNames(pass.Files),
		reported:  make(map[token.Pos]bool),
		leaveKept: leaveKept,

		detachedLoops: make(map[ssa.Instruction]bool),
		branchFacts:   make(ssaops.BranchFactsMemo),
	}
	contexts := model.SeesHandlerContexts(pass.Pkg)
	for _, fn := range tr.Funcs {
		pts := gu.Points(fn)
		if contexts {
			c.checkContexts(fn, pts)
		}
		if len(pts) == 0 {
			continue
		}
		fl := flows.Flow(fn)
		for _, p := range pts {
			c.checkPoint(fn, fl, p)
		}
	}
	return &Result{Silenced: c.rep.Silenced(), Kept: c.kept}, nil
}

// checkPoint checks the three conditions at one transfer point. Condition
// 2 is skipped when condition 1 already failed: both blame the transfer
// itself, while condition 3 blames the later accesses.
func (c *checker) checkPoint(fn *ssa.Function, fl *taint.Flow, p transfer.Point) {
	h, ok := fl.HeapBefore(p.Instr)
	if !ok {
		return
	}
	given := c.givenSets(fl, h, p)
	var all taint.ObjSet
	for _, g := range given {
		g.objs.Each(func(o taint.ObjID) { all.Add(o) })
	}
	if len(all) == 0 {
		return
	}
	// What the receiving side writes is the evidence that sharing the
	// memory with it races (see givesup.Result.OtherSideWrites).
	written := c.gu.OtherSideWrites(fl, h, p, all)
	other := c.spawnedPlaces(fl, h, p)
	// Kept references race with no one when the started function only
	// reads places nothing rewrites, or when the value is published to
	// readers (an atomic store: copy-on-write keeps the current one).
	keptSafe := p.Publishes || other != nil && !c.keptMayRace(fl, other, all)
	// A reply hands back a request the function got from another
	// goroutine: whether the function keeps it was judged where it
	// received it; only what it does after answering is this point's.
	if p.Kind != transfer.Reply && !keptSafe && !c.joinedBeforeExit(fl, h, p) && !c.checkOutliving(fn, fl, h, p, given, written) {
		c.checkAliasing(fl, h, p, given, written)
	}
	if _, deferred := p.Instr.(*ssa.Defer); deferred {
		// A deferred call gives up its arguments when the function
		// returns: what follows the defer statement runs before the
		// transfer, and only deferred calls run after it.
		return
	}
	c.checkAfter(fl, h, p, given, all, written, other, keptSafe)
}

// A givenValue is one value given up at a point with what it transfers.
type givenValue struct {
	v    ssa.Value
	objs taint.ObjSet
}

// givenSets returns the values p gives up with what each transfers,
// leaving out a value loaded from a field that only ever holds boxed
// pointer-free values (immutableLoad), which transfers nothing anyone
// can write.
func (c *checker) givenSets(fl *taint.Flow, h taint.Heap, p transfer.Point) []givenValue {
	var out []givenValue
	for _, v := range p.Given {
		if c.immutableLoad(v) {
			continue
		}
		objs := givesup.Transferred(fl, h, []ssa.Value{v})
		if len(objs) > 0 {
			out = append(out, givenValue{v, objs})
		}
	}
	return out
}

// spawnedPlaces returns, by default, the places of h that the function a
// transfer starts may read and write: a go statement's call, or the
// function values a spawning call (time.AfterFunc, g.Go) runs later, by
// their summaries. It returns nil, meaning everything they reach, in the
// strict reading, for other transfers and when a summary is missing.
func (c *checker) spawnedPlaces(fl *taint.Flow, h taint.Heap, p transfer.Point) *places {
	if c.strict {
		return nil
	}
	switch {
	case p.Kind == transfer.Go:
		if r, w, ok := fl.Places(p.Instr, h); ok {
			return &places{r, w}
		}
	case (p.Kind == transfer.Call || p.Kind == transfer.GivesUp) && p.Spawns && len(p.Given) > 0:
		// A spawning call of the model runs the function values it is
		// given on another goroutine; so does a helper whose every call
		// hands its function parameter to a go statement
		// (start := func(run func()) { go func() { run() }() }).
		out := &places{}
		for _, g := range p.Given {
			if _, isFunc := g.Type().Underlying().(*types.Signature); !isFunc {
				return nil
			}
			r, w, ok := fl.CallPlaces(g, h)
			if !ok {
				return nil
			}
			out.reads, out.writes = append(out.reads, r...), append(out.writes, w...)
		}
		return out
	}
	return nil
}

// keptMayRace reports whether memory given up to a goroutine that touches
// the places pl, and kept reachable by the sender, may race: the goroutine
// writes some of it (readers reach it through what was kept), or reads a
// place that the program writes after construction (fieldwrites), which
// the kept reference lets the sender's side do.
func (c *checker) keptMayRace(fl *taint.Flow, pl *places, all taint.ObjSet) bool {
	for _, l := range pl.writes {
		if all.Has(l.Obj) {
			return true
		}
	}
	return c.anyRewritten(fl, pl.reads, all)
}

// anyRewritten reports whether some place of ps in the objects all may be
// written after construction.
func (c *checker) anyRewritten(fl *taint.Flow, ps taint.LocSet, all taint.ObjSet) bool {
	for _, l := range ps {
		if all.Has(l.Obj) && c.placeMayBeWritten(fl.Object(l.Obj).Type, l.Key) {
			return true
		}
	}
	return false
}

// placeMayBeWritten reports whether the place key (fields within one
// object: "id", "hdr.buf"; "[]" or "*" for all of it) of memory of type
// t may be written after construction.
func (c *checker) placeMayBeWritten(t types.Type, key string) bool {
	if t == nil {
		return true
	}
	if key == "" {
		return c.typeMayBeWritten(t)
	}
	for _, seg := range strings.Split(key, ".") {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || seg == "*" {
			return c.typeMayBeWritten(t)
		}
		i := fieldIndex(st, seg)
		if i < 0 || c.fieldMayBeWritten(t, i) {
			return true
		}
		t = st.Field(i).Type()
	}
	return false
}

// fieldMayBeWritten reports whether field i of struct type t may be
// written after construction: by default, by the build (fieldwrites);
// in the strict reading, by any code, which the facts answer only for
// fields their package alone can name, and for none of what the field
// holds inline (fieldwrites.Result.MayBeWrittenAnywhere).
func (c *checker) fieldMayBeWritten(t types.Type, i int) bool {
	if c.strict {
		return c.fields.MayBeWrittenAnywhere(t, i)
	}
	return c.fields.MayBeWritten(t, i)
}

// typeMayBeWritten reports whether memory of type t may be written after
// construction: by default, some of its own fields or elements, by the
// build; in the strict reading, some of it or of what it reaches, by any
// code (fieldwrites.Result.TypeMayBeWrittenAnywhere).
func (c *checker) typeMayBeWritten(t types.Type) bool {
	if c.strict {
		return c.fields.TypeMayBeWrittenAnywhere(t)
	}
	return c.fields.TypeMayBeWritten(t)
}

// fieldIndex returns the index of the field of st named name, or -1.
func fieldIndex(st *types.Struct, name string) int {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// neverWritten reports whether addr is a struct field that nobody writes
// after construction (fieldwrites): reading it after a transfer races with
// no one. The strict reading trusts the facts only where they are complete
// (fieldMayBeWritten): writes through reflect, unsafe or packages not in
// the build are unseen.
func (c *checker) neverWritten(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	return ok && !c.fieldMayBeWritten(fa.X.Type(), fa.Field)
}

// shared reports whether keeping objs reachable after giving them up, to
// a receiving side whose writes are written, races; kept are the objects
// the outliving state holds directly, through the field named via ("" if
// none or unknown). The strict reading says so of anything that any code
// may write after construction (mayBeWritten): what nobody can write may
// be read on both sides. By default it needs evidence of a write:
// the receiving side is seen writing some of the memory, or a kept object
// is of a type the program writes after construction (fieldwrites), which
// the sender's side can then do through what it kept while the receiver
// reads. Types deeper in the kept graph are no evidence: most large
// graphs hold some type written somewhere.
//
// A kept slice, array or map held in an unexported field counts only if
// the program writes its elements through that field: fieldwrites knows
// containers by their element type alone, and that some []byte or
// map[string]string of the package is written somewhere says nothing of
// this one (RacerD's evidence is an access path, not a type). The
// package is the only code that can write through an unexported field;
// through an exported field or a variable the type is all there is.
//
// receiverSeen says the receiving side's code is seen (and written is
// what it writes): then an append that only grows the slice the field
// holds is no evidence either (writtenThrough), since it writes past the
// length of what was sent, which the receiving side, seen not to write
// it, does not reach. An unseen receiver may append to what it got,
// writing the same elements.
func (c *checker) shared(fl *taint.Flow, objs, kept, written taint.ObjSet, via string, receiverSeen bool) bool {
	if c.strict {
		return c.mayBeWritten(fl, objs)
	}
	if objs.Intersects(written) {
		return true
	}
	later := false
	kept.Each(func(o taint.ObjID) {
		t := fl.Object(o).Type
		switch {
		case later || !knownLayout(t):
		case via != "" && isContainer(t):
			later = c.writtenThrough(t, via, receiverSeen)
		default:
			later = c.fields.TypeMayBeWritten(t)
		}
	})
	return later
}

// isContainer reports whether t is a slice, array or map, or a pointer to
// one.
func isContainer(t types.Type) bool {
	switch pointee(t).(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// pointee returns the underlying type of what t points to, or of t if it
// is not a pointer.
func pointee(t types.Type) types.Type {
	u := t.Underlying()
	if p, ok := u.(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return u
}

// writtenThrough reports whether the program writes the elements of a
// container of type t reached through a field named via. When the
// receiving side is seen (receiverSeen) and the slice holds plain values
// (strings, numbers), appends that only grow the slice the field holds
// (fieldwrites.Result.GrowsOnly) do not count: they write past the length
// of any header of it taken before, which a receiver that does not write
// it never reaches, and the array is all the two sides share. Elements
// that are references share what they point to as well, which P#'s list
// manager hands out and keeps (ownership/listmanager).
func (c *checker) writtenThrough(t types.Type, via string, receiverSeen bool) bool {
	growsOnly := receiverSeen && plainSlice(t) && c.fields.GrowsOnly(via)
	for _, w := range c.fields.WritesOf(t) {
		if w.Field == via && !(w.Grows && growsOnly) {
			return true
		}
	}
	return false
}

// plainSlice reports whether t is a slice, or a pointer to one, whose
// elements are of a basic type: they refer to no other memory.
func plainSlice(t types.Type) bool {
	sl, ok := pointee(t).(*types.Slice)
	if !ok {
		return false
	}
	_, basic := sl.Elem().Underlying().(*types.Basic)
	return basic
}

// knownLayout reports whether t is memory whose writes fieldwrites records:
// a struct, slice, array or map, or a pointer to one. An interface or a
// tuple stands for memory of unknown type, no evidence of a write.
func knownLayout(t types.Type) bool {
	return t != nil && (isStruct(t) || isContainer(t))
}

// mayBeWritten reports whether some of objs may be written after
// construction, so that reading them races with a writer (typeMayBeWritten:
// in the strict reading, by any code, judging all they reach).
func (c *checker) mayBeWritten(fl *taint.Flow, objs taint.ObjSet) bool {
	written := false
	objs.Each(func(o taint.ObjID) {
		t := fl.Object(o).Type
		written = written || t == nil || c.typeMayBeWritten(t)
	})
	return written
}
