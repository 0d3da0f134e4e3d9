// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	_ "embed"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/passes/concur"
)

//go:embed doc.go
var doc string

// Analyzer computes heap-overlap summaries of every function and exports
// them as facts.
var Analyzer = &analysis.Analyzer{
	Name:       "taint",
	Doc:        analysisdoc.MustExtract(doc, "taint"),
	URL:        directive.ReportsURL,
	Requires:   []*analysis.Analyzer{buildssa.Analyzer, concur.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Summaries), new(ConcreteResults)},
	ResultType: reflect.TypeOf(new(Result)),
}

// reportBudget is the -budget flag, callableOnly the -callable flag.
var reportBudget, callableOnly bool

func init() {
	Analyzer.Flags.BoolVar(&reportBudget, "budget", false, "report each function whose heap analysis stopped at its budget, which gives it the conservative summary (a debugging aid: how much of the package the analysis saw whole)")
	Analyzer.Flags.BoolVar(&callableOnly, "callable", false, "export the summaries only of the functions other packages can call: exported functions and methods with exported names (psharpvet sets it under go vet, where every importer decodes every fact)")
}

// exportsSummary reports whether the summary of obj, a function or method
// of the package, is exported as a fact. Other packages can call only
// exported functions and methods with exported names, directly or through
// an interface, so only those summaries are ever imported; x/tools' fact
// encoding re-exports every fact on a method from package to package (a
// go vet unit decodes those of all the packages below it), so with
// -callable the others are left out.
func exportsSummary(obj *types.Func) bool {
	return !callableOnly || obj.Exported()
}

// catBudget is the category of the -budget reports.
const catBudget = "budget"

// Categories are the Diagnostic.Category values of this analyzer's
// reports (only with -budget).
var Categories = []string{catBudget}

// maxFixpointRounds bounds the iteration over recursive functions.
const maxFixpointRounds = 8

// Result gives later passes the summaries of this package. Like
// ctrlflow.CFGs, it is read-only once the pass has run: the passes that
// require it may run concurrently, and the driver keeps every result
// until the whole run ends. So it holds only the summaries; the heap of a
// function is recomputed on demand by a consumer's own Flows cache (see
// NewFlows), and freed with it.
type Result struct {
	pass *analysis.Pass
	prog *ssa.Program
	pkg  *types.Package
	// Funcs are the package's source functions, anonymous ones included,
	// in a deterministic order.
	Funcs []*ssa.Function

	summaries map[*ssa.Function]*Summary
	// concrete are the methods of the concrete types of the results of
	// the package's functions (ConcreteMethods).
	concrete map[*ssa.Function][]map[string]*ssa.Function
	// concreteTypes is the pass's resolver of the dynamic types of
	// interface values (concrete.go), made before any summary; every
	// solver forks it.
	concreteTypes *ssaops.ConcreteTypes
	// strict applies P#'s conservative rule to what the analysis cannot
	// see (see unseen); by default the unseen links and writes nothing.
	strict bool
	// model is the concurrency model, for the types that are shared.
	model *model.Model
	// fact is the Summaries fact the pass exported, if any; overBudget
	// the functions whose analysis stopped at its budget (-budget).
	fact       *Summaries
	overBudget map[*ssa.Function]string
	// importedFuncs and methods are the summaries the facts of the
	// direct imports carry (importedEntries), the only ones a go vet unit
	// sees: those of functions by key, and those of methods sorted by key
	// (among the fact's own entries once the pass has exported it).
	importedFuncs map[funcKey][]byte
	methods       []summaryEntry
}

// A solver holds the memo tables an analysis fills as it goes: the
// summaries it computes or imports, and the caches of interface
// implementations and of tracked types. The pass has one while it
// computes the Result; each Flows cache has its own, so that nothing
// reachable from the Result is written after the pass.
type solver struct {
	res *Result
	// summaries are the summaries this solver computed or imported; the
	// pass's solver fills the Result's own map.
	summaries  map[*ssa.Function]*Summary
	used       map[*ssa.Function]map[*ssa.Function]bool
	inProgress map[*ssa.Function]bool
	// overBudget records, for the pass's own solver only, the functions
	// whose analysis stopped at its budget, and the bound reached.
	overBudget map[*ssa.Function]string
	recursive  map[*ssa.Function]bool
	impls      map[*types.Func][]callee
	// concrete is the solver's fork of Result.concreteTypes;
	// concreteCalls memoises concreteCallee.
	concrete      *ssaops.ConcreteTypes
	concreteCalls map[*ssa.CallCommon]*ssa.Function
	// concreteFacts memoises the ConcreteResults facts imported, nil
	// for a function without one; standIns and standInKeys are the
	// stand-ins made for the methods they describe (concrete.go).
	concreteFacts map[*types.Func]*ConcreteResults
	standIns      map[StandInKey]*ssa.Function
	standInKeys   map[*ssa.Function]StandInKey
	trackedMap    map[types.Type]bool
	sharedMap     map[types.Type]bool
	// guarded memoises Flow.Guarded, which depends on the function only.
	guarded map[*ssa.Function]map[ssa.Instruction]bool
	// receivesMap memoises receives.
	receivesMap map[*ssa.CallCommon]bool
	// safeRecvMap memoises safeReceiver, asked for every call of a
	// method; safeCalls memoises withoutReceiver.
	safeRecvMap map[types.Type]bool
	safeCalls   map[*Summary]*Summary
	// pointerFreeParams makes the solver read type parameters as
	// pointer-free (pointerfree.go); base, the pass's solver, then gives
	// the summaries of the functions that do not depend on them.
	pointerFreeParams bool
	base              *solver
	// imported memoises importedSummary (nil: no summary).
	imported map[funcKey]*Summary
}

// safeReceiver memoizes the model's SafeReceiver.
func (sv *solver) safeReceiver(t types.Type) bool {
	return memoType(sv.safeRecvMap, t, sv.res.model.SafeReceiver)
}

// memoType returns is(t), computed once per type and kept in memo.
func memoType(memo map[types.Type]bool, t types.Type, is func(types.Type) bool) bool {
	v, ok := memo[t]
	if !ok {
		v = is(t)
		memo[t] = v
	}
	return v
}

// withoutReceiver returns s without the reads and writes of its receiver
// (port 0), for a method that synchronises them (model.SafeReceiver).
func (sv *solver) withoutReceiver(s *Summary) *Summary {
	if out, ok := sv.safeCalls[s]; ok {
		return out
	}
	out := s.withoutPort(0)
	sv.safeCalls[s] = out
	return out
}

// receives reports whether c calls a Receive row of the model
// (ctx.Message()): its result is a message the caller now owns.
func (sv *solver) receives(c *ssa.CallCommon) bool {
	r, ok := sv.receivesMap[c]
	if !ok {
		if call, resolved := sv.res.model.Resolve(c); resolved {
			_, r = call.Row(model.Receive)
		}
		sv.receivesMap[c] = r
	}
	return r
}

func newSolver(r *Result, summaries map[*ssa.Function]*Summary) *solver {
	return &solver{
		res:        r,
		summaries:  summaries,
		inProgress: make(map[*ssa.Function]bool),
		recursive:  make(map[*ssa.Function]bool),
		impls:      make(map[*types.Func][]callee),

		concreteFacts: make(map[*types.Func]*ConcreteResults),
		concreteCalls: make(map[*ssa.CallCommon]*ssa.Function),
		standIns:      make(map[StandInKey]*ssa.Function),
		standInKeys:   make(map[*ssa.Function]StandInKey),
		trackedMap:    make(map[types.Type]bool),
		sharedMap:     make(map[types.Type]bool),
		guarded:       make(map[*ssa.Function]map[ssa.Instruction]bool),

		receivesMap: make(map[*ssa.CallCommon]bool),
		safeRecvMap: make(map[types.Type]bool),
		safeCalls:   make(map[*Summary]*Summary),
	}
}

// analysedFuncs returns the functions of the package to analyse: none
// for a package the model describes instead (model.Analysed).
func analysedFuncs(pass *analysis.Pass, ssaInfo *buildssa.SSA) []*ssa.Function {
	if !model.Analysed(pass.Pkg) {
		return nil
	}
	return ssaInfo.SrcFuncs
}

func run(pass *analysis.Pass) (any, error) {
	ssaInfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	r := &Result{
		pass:      pass,
		prog:      ssaInfo.Pkg.Prog,
		pkg:       pass.Pkg,
		Funcs:     analysedFuncs(pass, ssaInfo),
		summaries: make(map[*ssa.Function]*Summary),
		concrete:  make(map[*ssa.Function][]map[string]*ssa.Function),
		strict:    pass.ResultOf[concur.Analyzer].(*model.Model).Strict,
		model:     pass.ResultOf[concur.Analyzer].(*model.Model),
	}
	r.importedFuncs, r.methods = importedEntries(pass) // packagefact.go
	sv := newSolver(r, r.summaries)
	sv.used = make(map[*ssa.Function]map[*ssa.Function]bool)
	sv.overBudget = make(map[*ssa.Function]string)
	r.concreteTypes = ssaops.NewConcreteTypes(r.pkg, r.Funcs, sv.importedToken)
	sv.concrete = r.concreteTypes
	sv.summarizeAll()
	summarizePointerFree(sv)
	if reportBudget {
		reportOverBudget(pass, sv.overBudget)
	}
	own := make(map[funcKey]*Summary)
	for _, fn := range r.Funcs {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg && fn.Origin() == nil && exportsSummary(obj) {
			if k, ok := keyOf(obj); ok && r.summaries[fn] != nil {
				own[k] = r.summaries[fn]
			}
			if cr := sv.concreteResults(fn); cr != nil {
				pass.ExportObjectFact(obj, cr)
			}
		}
	}
	r.overBudget = sv.overBudget
	if len(own) > 0 || len(r.methods) > 0 {
		r.fact = newSummaries(own, r.methods)
		r.methods = r.fact.entries // which hold them, sorted
		pass.ExportPackageFact(r.fact)
	}
	return r, nil
}

// summarizeAll computes every summary, then iterates over the functions
// whose callees' summaries changed until they settle.
func (sv *solver) summarizeAll() {
	for _, fn := range sv.res.Funcs {
		sv.summaryFor(fn)
	}
	fset := sv.res.pass.Fset
	users := make(map[*ssa.Function][]*ssa.Function)
	for _, fn := range ssaops.SortedFuncs(fset, keys(sv.used)) {
		for callee := range sv.used[fn] {
			users[callee] = append(users[callee], fn)
		}
	}
	dirty := make(map[*ssa.Function]bool)
	for fn := range sv.recursive {
		for _, u := range users[fn] {
			dirty[u] = true
		}
	}
	for round := 0; len(dirty) > 0; round++ {
		work := ssaops.SortedFuncs(fset, dirty)
		dirty = make(map[*ssa.Function]bool)
		for _, fn := range work {
			old := sv.summaries[fn]
			fl := sv.analyze(fn)
			s := fl.summarize()
			if round >= maxFixpointRounds {
				s = sv.res.unseen(fl.ports())
			}
			sv.summaries[fn] = s
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
	sv.used = nil
}

func keys(m map[*ssa.Function]map[*ssa.Function]bool) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// analyze runs the heap analysis of fn. Summaries only need the flow
// while they are derived; what it used is kept for the fixpoint.
func (sv *solver) analyze(fn *ssa.Function) *Flow {
	fl := newFlow(sv, fn)
	fl.solve()
	if sv.used != nil {
		sv.used[fn] = fl.used
	}
	return fl
}

// Flows is one consumer's cache of the heap analyses of functions of the
// Result's package. The Result keeps no flows: they are large, and only
// the few functions with transfer points need one. A pass that needs them
// makes its own Flows, uses it on its goroutine (so it needs no mutex),
// and drops it when it returns, which frees them.
type Flows struct {
	sv    *solver
	flows map[*ssa.Function]*Flow
}

// NewFlows returns an empty cache of flows for one consumer.
func (r *Result) NewFlows() *Flows {
	return &Flows{sv: newSolver(r, make(map[*ssa.Function]*Summary)), flows: make(map[*ssa.Function]*Flow)}
}

// Flow returns the heap analysis of fn, which must have a body.
func (c *Flows) Flow(fn *ssa.Function) *Flow {
	if fl, ok := c.flows[fn]; ok {
		return fl
	}
	fl := c.sv.analyze(fn)
	c.flows[fn] = fl
	return fl
}

// Summary returns fn's summary: computed for the Result's package, imported
// from a fact, or given by the model; nil when none is known.
func (c *Flows) Summary(fn *ssa.Function) *Summary { return c.sv.summaryFor(fn) }

func (sv *solver) tracked(t types.Type) bool {
	return trackedIn(t, sv.trackedMap, sv.pointerFreeParams)
}

// summaryFor returns fn's summary, or nil when none is known, in which case
// the caller applies the conservative rule.
func (sv *solver) summaryFor(fn *ssa.Function) *Summary {
	if s, ok := sv.summaries[fn]; ok {
		return s
	}
	if sv.base != nil && !mentionsTypeParams(fn) {
		return sv.base.summaryFor(fn)
	}
	if s, ok := sv.res.summaries[fn]; ok && sv.base == nil {
		if free := sv.pointerFreeInstance(fn); free != nil {
			return free
		}
		return s
	}
	if s := sv.pointerFreeInstance(fn); s != nil {
		sv.summaries[fn] = s
		return s
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		if _, reads := sv.res.model.Find(obj, model.Reads); reads {
			s := &Summary{} // links, returns and writes nothing
			sv.summaries[fn] = s
			return s
		}
		if row, copies := sv.res.model.Find(obj, model.Copies); copies {
			if s := copySummary(fn, row); s != nil {
				sv.summaries[fn] = s
				return s
			}
		}
	}
	if fn.Blocks == nil {
		if origin := fn.Origin(); origin != nil && origin != fn {
			if origin.Blocks != nil {
				return sv.summaryFor(origin)
			}
			fn = origin
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			if s, ok := sv.importedSummary(obj); ok {
				sv.summaries[fn] = s
				return s
			}
		}
		if !sv.anyTracked(fn.Signature) {
			return &Summary{}
		}
		return nil
	}
	if sv.inProgress[fn] {
		sv.recursive[fn] = true
		return &Summary{}
	}
	sv.inProgress[fn] = true
	fl := sv.analyze(fn)
	s := fl.summarize()
	delete(sv.inProgress, fn)
	sv.summaries[fn] = s
	return s
}

func (sv *solver) anyTracked(sig *types.Signature) bool {
	if sig == nil {
		return true
	}
	if sig.Recv() != nil && sv.tracked(sig.Recv().Type()) {
		return true
	}
	return sv.tracked(sig.Params()) || sv.tracked(sig.Results())
}

// Summary returns the summary of fn, a function of this package, or nil
// when it has none (no body).
func (r *Result) Summary(fn *ssa.Function) *Summary { return r.summaries[fn] }
