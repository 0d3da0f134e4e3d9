package taint

import (
	"go/token"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

// Analyzer computes heap-overlap summaries of every function and exports
// them as facts.
var Analyzer = &analysis.Analyzer{
	Name:       "taint",
	Doc:        doc,
	URL:        "https://github.com/psharpvet/psharpvet/tree/main/passes/taint",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Summary)},
	ResultType: reflect.TypeOf(new(Result)),
}

// maxFixpointRounds bounds the iteration over recursive functions.
const maxFixpointRounds = 8

// Result gives later passes the summaries of this package and, on demand,
// the flow-sensitive heap of any of its functions.
type Result struct {
	pass   *analysis.Pass
	prog   *ssa.Program
	pkg    *types.Package
	ssaPkg *ssa.Package
	// Funcs are the package's source functions, anonymous ones included,
	// in a deterministic order.
	Funcs []*ssa.Function

	summaries  map[*ssa.Function]*Summary
	flows      map[*ssa.Function]*Flow
	used       map[*ssa.Function]map[*ssa.Function]bool
	inProgress map[*ssa.Function]bool
	recursive  map[*ssa.Function]bool
	impls      map[*types.Func][]callee
	trackedMap map[types.Type]bool
}

func run(pass *analysis.Pass) (any, error) {
	ssaInfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	r := &Result{
		pass:       pass,
		prog:       ssaInfo.Pkg.Prog,
		pkg:        pass.Pkg,
		ssaPkg:     ssaInfo.Pkg,
		Funcs:      ssaInfo.SrcFuncs,
		summaries:  make(map[*ssa.Function]*Summary),
		flows:      make(map[*ssa.Function]*Flow),
		used:       make(map[*ssa.Function]map[*ssa.Function]bool),
		inProgress: make(map[*ssa.Function]bool),
		recursive:  make(map[*ssa.Function]bool),
		impls:      make(map[*types.Func][]callee),
		trackedMap: make(map[types.Type]bool),
	}
	r.summarizeAll()
	for _, fn := range r.Funcs {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg && fn.Origin() == nil {
			if s := r.summaries[fn]; s != nil {
				pass.ExportObjectFact(obj, s)
			}
		}
	}
	return r, nil
}

// summarizeAll computes every summary, then iterates over the functions
// whose callees' summaries changed until they settle.
func (r *Result) summarizeAll() {
	for _, fn := range r.Funcs {
		r.summaryFor(fn)
	}
	users := make(map[*ssa.Function][]*ssa.Function)
	for _, fn := range sortedFuncs(r.pass.Fset, keys(r.used)) {
		for callee := range r.used[fn] {
			users[callee] = append(users[callee], fn)
		}
	}
	dirty := make(map[*ssa.Function]bool)
	for fn := range r.recursive {
		for _, u := range users[fn] {
			dirty[u] = true
		}
	}
	for round := 0; len(dirty) > 0; round++ {
		work := sortedFuncs(r.pass.Fset, dirty)
		dirty = make(map[*ssa.Function]bool)
		for _, fn := range work {
			old := r.summaries[fn]
			fl := r.analyze(fn)
			s := fl.summarize()
			if round >= maxFixpointRounds {
				s = conservativeSummary(fl.ports())
			}
			r.summaries[fn] = s
			if old == nil || !old.equal(s) {
				for _, u := range users[fn] {
					dirty[u] = true
				}
			}
		}
		if round > maxFixpointRounds {
			break
		}
	}
	r.used = nil
}

func keys(m map[*ssa.Function]map[*ssa.Function]bool) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// sortedFuncs orders functions by source position (file name and offset,
// which unlike token.Pos do not depend on load order), then by name.
func sortedFuncs(fset *token.FileSet, set map[*ssa.Function]bool) []*ssa.Function {
	fns := make([]*ssa.Function, 0, len(set))
	for fn := range set {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool {
		pi, pj := fset.Position(fns[i].Pos()), fset.Position(fns[j].Pos())
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		if pi.Offset != pj.Offset {
			return pi.Offset < pj.Offset
		}
		return fns[i].String() < fns[j].String()
	})
	return fns
}

// analyze runs the heap analysis of fn. Summaries only need the flow
// while they are derived; what it used is kept for the fixpoint.
func (r *Result) analyze(fn *ssa.Function) *Flow {
	fl := newFlow(r, fn)
	fl.solve()
	if r.used != nil {
		r.used[fn] = fl.used
	}
	return fl
}

// Flow returns the heap analysis of fn, which must have a body.
func (r *Result) Flow(fn *ssa.Function) *Flow {
	if fl, ok := r.flows[fn]; ok {
		return fl
	}
	fl := r.analyze(fn)
	r.flows[fn] = fl
	return fl
}

// Tracked reports whether values of type t may hold references.
func (r *Result) Tracked(t types.Type) bool { return r.tracked(t) }

func (r *Result) tracked(t types.Type) bool { return tracked(t, r.trackedMap) }

// summaryFor returns fn's summary, or nil when none is known, in which case
// the caller applies the conservative rule.
func (r *Result) summaryFor(fn *ssa.Function) *Summary {
	if s, ok := r.summaries[fn]; ok {
		return s
	}
	if fn.Blocks == nil {
		if origin := fn.Origin(); origin != nil && origin != fn {
			if origin.Blocks != nil {
				return r.summaryFor(origin)
			}
			fn = origin
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			s := new(Summary)
			if r.pass.ImportObjectFact(obj, s) {
				r.summaries[fn] = s
				return s
			}
		}
		if !r.anyTracked(fn.Signature) {
			return &Summary{}
		}
		return nil
	}
	if r.inProgress[fn] {
		r.recursive[fn] = true
		return &Summary{}
	}
	r.inProgress[fn] = true
	fl := r.analyze(fn)
	s := fl.summarize()
	delete(r.inProgress, fn)
	r.summaries[fn] = s
	return s
}

func (r *Result) anyTracked(sig *types.Signature) bool {
	if sig == nil {
		return true
	}
	if sig.Recv() != nil && r.tracked(sig.Recv().Type()) {
		return true
	}
	return r.tracked(sig.Params()) || r.tracked(sig.Results())
}

// Summary returns fn's summary, or nil when none is known (a callee the
// analysis treats with the conservative rule).
func (r *Result) Summary(fn *ssa.Function) *Summary { return r.summaryFor(fn) }

// Release drops the flows computed for later passes. The checker keeps
// every pass's result until the whole run ends, so the last consumer
// calls it to keep a large run's memory flat.
func (r *Result) Release() {
	r.flows = make(map[*ssa.Function]*Flow)
}
