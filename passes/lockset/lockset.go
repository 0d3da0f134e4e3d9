// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	_ "embed"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

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

// Analyzer reports potential data races found by a symbolic lockset
// analysis over pairs of concurrently runnable entry points.
var Analyzer = &analysis.Analyzer{
	Name:      "lockset",
	Doc:       analysisdoc.MustExtract(doc, "lockset"),
	URL:       directive.ReportsURL,
	Run:       run,
	Requires:  []*analysis.Analyzer{buildssa.Analyzer, concur.Analyzer},
	FactTypes: []analysis.Fact{new(Summaries)},
	// The ignore comments that silenced a report, for the ignores pass.
	ResultType: reflect.TypeFor[*directive.Silenced](),
}

// guards, reportBudget, factsOnly and callableOnly are the -guards,
// -budget, -factsonly and -callable flags.
var guards, reportBudget, factsOnly, callableOnly bool

func init() {
	Analyzer.Flags.BoolVar(&guards, "guards", false, "report the inferred guard of every field of every shared type")
	Analyzer.Flags.BoolVar(&reportBudget, "budget", false, "report each function whose lockset dataflow stopped at its budget before it settled (a debugging aid)")
	Analyzer.Flags.BoolVar(&factsOnly, "factsonly", false, "only export the summaries importers read, and report nothing (psharpvet sets it for the dependencies go vet analyses for their facts)")
	Analyzer.Flags.BoolVar(&callableOnly, "callable", false, "export the summaries only of the functions other packages can call: exported functions and methods with exported names (psharpvet sets it under go vet, where every importer decodes the summaries of its imports)")
}

// exportsSummary reports whether the summary of obj, a function or method
// of the package, goes into the package's Summaries fact: with -callable,
// only if other packages can call it (an exported function, or a method
// with an exported name, called directly or through an interface), since
// calleeSummary looks up no other.
func exportsSummary(obj *types.Func) bool {
	return !callableOnly || obj.Exported()
}

// The categories of the diagnostics besides directive.Category.
const (
	catRace   = "race"   // two accesses with no lock in common
	catGuards = "guards" // -guards: a field's inferred guard
	catBudget = "budget" // -budget: a function over the dataflow budget
)

// Categories are the Diagnostic.Category values of this analyzer's
// reports, each a section of the README.
var Categories = []string{catRace, catGuards, catBudget, directive.Category}

// checker holds the state of one pass; nothing is shared between passes.
type checker struct {
	pass  *analysis.Pass
	pkg   *types.Package
	model *model.Model
	// entryMethods are the interface methods whose implementations are
	// entry points ((http.Handler).ServeHTTP), as pkg sees them.
	entryMethods []*types.Func
	// readerSide are the interface methods of a reader's one consumer
	// ((io.Reader).Read), as pkg sees them (model.OneReader).
	readerSide []*types.Func
	// responderSide are the interface methods of the response side of a
	// request ((net/http.ResponseWriter).Write), as pkg sees them
	// (model.OneResponder).
	responderSide []*types.Func
	// handlers are the package's actor message handlers.
	handlers *model.Handlers
	allocs   map[*ssa.Alloc]string
	params   map[*ssa.Alloc]int // spilledParam memo
	// overBudget are the functions whose dataflow stopped at its budget.
	overBudget map[*ssa.Function]bool
	regs       map[ssa.Value]string // regRoot memo
	// deferDead memoises deadBlocks by go statement and deferred call
	// (deferflags.go).
	deferDead map[deferKey]map[token.Pos]bool
	funcs     map[*ssa.Function]*funcInfo // info memo
	// deps records what each memoised analysis looked up, so that a
	// round of analyzeAll keeps those it cannot change, and suspects
	// are those it keeps to confirm (rounds.go); specArgs are the
	// arguments of the specialised analyses, by key, for confirm.
	deps     depTracker
	suspects map[analysisKey]bool
	specArgs map[analysisKey]boolArgs
	fulls    map[*ssa.Function]*funcInfo      // full memo
	facts    map[*types.Package]*summaryIndex // nil: the package has no fact
	// factSums memoises calleeSummary for functions of other packages,
	// whose full names the facts are keyed by.
	factSums map[*types.Func]*Summary
	// assigned maps composite literal positions to variable names,
	// built on first use.
	assigned map[token.Pos]string
	names    map[*ssa.Function]string // funcName memo
	loops    map[*ssa.Function][]int  // ssaops.Cycles memo (cycleOf)
	// calls index the package's calls (entrylocks.go), built once.
	calls *callIndex
	// detaches memoises detachPairs per function (detach.go).
	detaches map[*ssa.Function][][]detachPair
	// documented are the locks doc comments say functions hold on
	// entry, and assumed memoises assumedLocks (docheld.go).
	documented map[*ssa.Function]lockset
	assumed    map[*ssa.Function]map[string]bool
	// started memoises startedParam (spawnwrappers.go).
	started map[*ssa.Function]startedParam
	// closures indexes the package's function literals by the
	// instructions that make them (makeClosures).
	closures map[*ssa.Function][]*ssa.MakeClosure
	// entryHeld are the locks functions start with (entrylocks.go).
	entryHeld map[*ssa.Function]lockset
	// specs are the analyses of functions with constant arguments, and
	// branches the boolean parameters, and fields tested against nil,
	// each function tests (boolargs.go, fieldnil.go).
	specs    map[specKey]*funcInfo
	branches map[*ssa.Function][]inputRef
	// guardNames are the names of the fields that may be guards of a
	// lazy initialisation or closing flags, and guards the guardsOf
	// memo, reset with funcs (lazyinit.go).
	guardNames map[string]bool
	// zeroFlags are the fields whose zero tests order accesses
	// (zeroguard.go).
	zeroFlags map[*types.Var]bool
	// fixedFlags are the fields set only while their object is made,
	// whose tests keep accesses apart, and fixedIndex the guards their
	// tests put on each block of a function (fixedguard.go).
	fixedFlags map[*types.Var]bool
	fixedIndex map[*ssa.Function]map[*ssa.BasicBlock][]string
	// terminals are the constants fields keep once set (terminal.go).
	terminals map[*types.Var][]constant.Value
	// ownedFields are the names of the fields a comment confines to
	// one goroutine (owned.go).
	ownedFields map[string]bool
	// callbacks are the names of the fields of function type that some
	// function tests and every store sets to a function (callbacks.go).
	callbacks map[string]bool
	// calledLocking are the functions some function that takes a lock
	// calls: those whose guard reads may be under their caller's lock
	// (callerLock); the others' would only cost.
	calledLocking map[*ssa.Function]bool
	guards        map[*ssa.Function]*initGuards
	// publications memoises publicationOf (publish.go); it depends on
	// no summary.
	publications map[*ssa.Function]*publication
	// siteObs memoises obsRebaser's rebase and expand, by call site.
	siteObs map[ssa.Instruction]*siteObs
	// shared are the package's shared reference fields, by fieldKey
	// (shared.go).
	shared map[string]bool
	// sharedTypes names, for a shared field that points to a named type,
	// the root that type's receivers give its fields ("t:pkg.U|"), by
	// the field's root ("s:pkg.T.f|"): a lock named through the shared
	// field is that root's lock (sameLock).
	sharedTypes map[string]string
	// instanceTypes are the types whose shared fields root paths
	// (shared.go).
	instanceTypes map[*types.TypeName]bool
	// instanceBodies are the methods that run as instances (shared.go).
	instanceBodies map[*ssa.Function]bool
	// oneShot are the package's one-shot flags, by field (casonce.go).
	oneShot map[*types.Var]casPair
	// srcFuncs are the package's functions; sendOnce memoises
	// singleSends and sendFields singleSendFields (chansend.go).
	srcFuncs   []*ssa.Function
	sendOnce   map[*ssa.Function]map[ssa.Value][]sendOp
	sendFields map[*types.Var]bool
	// helperFields memoises onceStoredFields (helperfields.go).
	helperFields map[*types.Var]*ssa.Store
	// conds memoises condMutexes (condlocks.go).
	conds map[*types.Var]string
	// setOnce memoises setOnceWrites, sentinels sentinel (setonce.go).
	setOnce   map[token.Pos]setOnceWrite
	sentinels map[*ssa.Global]bool
	// closeGuards are the read-write locks taken for writing only by a
	// close (closeguard.go); nil in the strict reading.
	closeGuards map[*types.Var]bool
	// pathMemo memoises pathOfDepth at depth 0 once what it reads no
	// longer changes (after inferShared); nil before.
	pathMemo map[pathKey]string
	// closedEdges memoises closedEdgesOf by spawner (nilchans.go).
	closedEdges map[*ssa.Function][]closedEdge
	// branchFacts memoizes, per spawner, the facts its branches
	// establish (afterspawn.go).
	branchFacts ssaops.BranchFactsMemo
	// prog is the program of the package's SSA; concrete resolves the
	// dynamic types of interface values (ifacecalls.go), made on first
	// use; ifaceCallees memoises what it resolves calls to.
	prog         *ssa.Program
	concrete     *ssaops.ConcreteTypes
	ifaceCallees map[*ssa.CallCommon]*ssa.Function
	// lockResults memoises the locks getters return (lockresults.go);
	// lockResultsBusy guards its recursion.
	lockResults     map[lockResultKey]string
	lockResultsBusy map[lockResultKey]bool
	// getterDepth counts the getter results getterResult is naming,
	// one inside another's arguments (f(f(x))).
	getterDepth int
	// exposed memoises exposedTypes, serialised the methods Serialises
	// rows call one at a time, by type (hidden.go).
	exposed    map[*types.TypeName]bool
	serialised map[*types.TypeName]map[string]bool
	// viaIface are the methods of hidden types called through
	// interfaces or method values, by type (hidden.go).
	viaIface map[*types.TypeName]map[string]bool
	// fieldStores are the stores into each field of the package's
	// functions (fieldFacts), for unlinked.go.
	fieldStores map[*types.Var][]fieldStore
	// handshakes memoises handshakeFields (handshake.go).
	handshakes map[*types.Var]*ssa.Function
	// atomicTypes memoises the package's types accessed atomically
	// (atomictypes.go).
	atomicTypes map[*types.TypeName]bool
	// scratch are analyze's free buffers.
	scratch []*scratch
	// interned are the paths rebase has made (join), and buf its
	// buffer.
	interned map[string]string
	buf      []byte
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	m := pass.ResultOf[concur.Analyzer].(*model.Model)
	c := &checker{
		pass:          pass,
		pkg:           pass.Pkg,
		model:         m,
		entryMethods:  m.InterfaceMethods(pass.Pkg, model.Entry),
		readerSide:    m.InterfaceMethods(pass.Pkg, model.OneReader),
		responderSide: m.InterfaceMethods(pass.Pkg, model.OneResponder),
		branchFacts:   make(ssaops.BranchFactsMemo),
		handlers:      m.Handlers(pass.Pkg),
		allocs:        make(map[*ssa.Alloc]string),
		params:        make(map[*ssa.Alloc]int),
		overBudget:    make(map[*ssa.Function]bool),
		regs:          make(map[ssa.Value]string),
		funcs:         make(map[*ssa.Function]*funcInfo),
		fulls:         make(map[*ssa.Function]*funcInfo),
		detaches:      make(map[*ssa.Function][][]detachPair),
		facts:         make(map[*types.Package]*summaryIndex),
		names:         make(map[*ssa.Function]string),
		loops:         make(map[*ssa.Function][]int),
		specs:         make(map[specKey]*funcInfo),
		specArgs:      make(map[analysisKey]boolArgs),
		branches:      make(map[*ssa.Function][]inputRef),
	}
	funcs := ssainfo.SrcFuncs
	if !model.Analysed(pass.Pkg) {
		funcs = nil // the model describes it instead
	}

	c.srcFuncs = funcs
	c.prog = ssainfo.Pkg.Prog
	fields := fieldFactsOf(funcs)
	c.fieldStores = fields.stores
	c.sendOnce = make(map[*ssa.Function]map[ssa.Value][]sendOp)
	c.inferShared(funcs)
	c.pathMemo = make(map[pathKey]string)
	c.oneShot = c.oneShotFlags(funcs)
	c.guardNames = c.guardFieldNames(funcs)
	c.zeroFlags = c.zeroFlagFields(fields)
	c.fixedFlags = c.fixedFlagFields(fields)
	c.terminals = c.terminalValues(fields)
	c.closeGuards = c.closeGuardFields()
	c.ownedFields = c.ownedFieldNames()
	c.calledLocking = c.calledByLockers(funcs)
	c.analyzeAll(funcs)

	// Summaries, exported for callers in other packages.
	var sums Summaries
	for _, fn := range funcs {
		fi := c.info(fn)
		if fi == nil || fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg || !exportsSummary(obj) {
			continue
		}
		started := c.startedParam(fn)
		if fi.sum.empty() && started.fn < 0 {
			continue
		}
		sum := exportable(fi.sum)
		if started.fn >= 0 {
			sum.Starts = append([]int{started.fn}, started.args...)
		}
		sums.Funcs = append(sums.Funcs, FuncSummary{obj.FullName(), *sum})
	}
	// A main package (a command, or the test main go test generates)
	// has no importers.
	if len(sums.Funcs) > 0 && pass.Pkg.Name() != "main" {
		slices.SortFunc(sums.Funcs, func(x, y FuncSummary) int { return strings.Compare(x.Name, y.Name) })
		pass.ExportPackageFact(&sums)
	}
	// All of the above is what the exported summaries need, not only
	// the summaries of exported functions: an exported function's summary
	// holds its callees', whose entry locks come from every caller in the
	// package (analyzeAll's rounds), and the lazy-initialisation guards
	// (guardsOf, with writtenBy's callee summaries) make the Seen and
	// Guards sets the summaries carry. What follows only reports, and a
	// unit go vet runs for the facts alone (-factsonly) skips it.
	if factsOnly {
		return directive.NewReporter(pass).Silenced(), nil
	}

	spawns := c.spawns(funcs)
	entries := c.entries(funcs, spawns)

	r := &reporter{fset: pass.Fset, seen: make(map[[2]int]int)}
	var setters *setterRule // the default reading's (setters.go)
	var self *selfRule      // the default reading's (selfpairs.go)
	if !m.Strict {
		setters = c.newSetterRule(funcs)
		self = newSelfRule(pass.Files)
	}
	checkEntries(pass.Fset, entries, setters, self, m.Strict, r.add)
	c.checkSpawns(spawns, r.add)
	rep := directive.NewReporter(pass)
	r.flush(pass, rep.Report)

	if guards {
		c.reportGuards(entries)
	}
	if reportBudget {
		c.reportOverBudget()
	}
	return rep.Silenced(), nil
}

// exportable strips a summary of what is meaningless in another package,
// and of accesses to this package's own package-level variables and
// shared fields (shared.go): those
// are this package's business (it checks them against its own entry
// points), and in practice they are registries written at init or
// published through atomics, which other packages' checks would only
// misreport.
func exportable(s *Summary) *Summary {
	out := &Summary{Acquire: s.Acquire, Release: s.Release, Received: s.Received, Closes: s.Closes, Seen: s.Seen, SeenIfNil: s.SeenIfNil, AcquireIfNil: s.AcquireIfNil, ReceivedIfNil: s.ReceivedIfNil, Invokes: s.Invokes}
	// Sized first: the summaries of a package are many and large, and
	// appending copied their accesses again at each growth.
	n := 0
	for _, a := range s.Accesses {
		if !ownVariable(a.Path) {
			n++
		}
	}
	if n = min(n, maxFactAcc); n > 0 {
		out.Accesses = make([]Access, 0, n)
	}
	for _, a := range s.Accesses {
		if len(out.Accesses) == n {
			break
		}
		if ownVariable(a.Path) {
			continue
		}
		a.Pos, a.calls = 0, nil
		out.Accesses = append(out.Accesses, a)
	}
	return out
}

// ownVariable reports whether path is of a package-level variable or a
// shared field (shared.go), which exportable leaves out.
func ownVariable(path string) bool {
	return strings.HasPrefix(path, "g:") || strings.HasPrefix(path, "s:")
}
