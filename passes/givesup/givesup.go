package givesup

import (
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

	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/internal/typeclass"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// Analyzer computes gives-up sets and exports them as facts.
var Analyzer = &analysis.Analyzer{
	Name:       "givesup",
	Doc:        doc,
	URL:        "https://github.com/psharpvet/psharpvet/tree/main/passes/givesup",
	Requires:   []*analysis.Analyzer{taint.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(GivesUp)},
	ResultType: reflect.TypeOf(new(Result)),
}

// maxRounds bounds the fixpoint over mutually recursive functions.
const maxRounds = 10

// GivesUp is the set of ports a function gives up, as a fact. Ports number
// the parameters with the receiver first, then the free variables.
type GivesUp struct {
	Ports []int
	// Why says, for each port, what the function does with it, e.g.
	// "sends it on a channel (worker.go:12)".
	Why []string
	// ReadOnly lists the given-up ports whose memory only goes to
	// goroutines that read it: the caller may go on reading it too.
	ReadOnly []int
}

// AFact marks GivesUp as a fact.
func (*GivesUp) AFact() {}

func (g *GivesUp) String() string {
	var parts []string
	for i, p := range g.Ports {
		parts = append(parts, fmt.Sprintf("%d: %s", p, g.Why[i]))
	}
	return "givesup(" + strings.Join(parts, "; ") + ")"
}

// Has reports whether port p is given up, and why.
func (g *GivesUp) Has(p int) (string, bool) {
	if g == nil {
		return "", false
	}
	for i, q := range g.Ports {
		if q == p {
			return g.Why[i], true
		}
	}
	return "", false
}

// Result holds the transfer points and gives-up sets of a package.
type Result struct {
	// Taint is the heap analysis the sets were computed with.
	Taint *taint.Result
	// Table is the transfer table in force.
	Table *transfer.Table

	pass   *analysis.Pass
	points map[*ssa.Function][]transfer.Point
	sets   map[*ssa.Function]*GivesUp
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
		Taint:  tr,
		Table:  transfer.Default(),
		pass:   pass,
		points: make(map[*ssa.Function][]transfer.Point),
		sets:   make(map[*ssa.Function]*GivesUp),
	}
	for round := 0; round < maxRounds; round++ {
		changed := false
		for _, fn := range tr.Funcs {
			pts := r.findPoints(fn)
			r.points[fn] = pts
			g := r.compute(fn, pts)
			if old, ok := r.sets[fn]; !ok || !reflect.DeepEqual(old.Ports, g.Ports) {
				changed = true
			}
			r.sets[fn] = g
		}
		if !changed {
			break
		}
	}
	// The flows are rebuilt by the ownership pass for the few functions it
	// checks; a dependency's are never needed again.
	tr.Release()
	for _, fn := range tr.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if ok && obj.Pkg() == pass.Pkg && fn.Origin() == nil && len(r.sets[fn].Ports) > 0 {
			pass.ExportObjectFact(obj, r.sets[fn])
		}
	}
	return r, nil
}

// findPoints lists fn's transfer points: those of the table, and calls of
// functions that give up an argument.
func (r *Result) findPoints(fn *ssa.Function) []transfer.Point {
	var pts []transfer.Point
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			table := r.Table.Points(instr)
			for _, p := range table {
				if p.Kind == transfer.Go && sharesLock(p.Given) {
					continue
				}
				pts = append(pts, p)
			}
			if call, ok := instr.(ssa.CallInstruction); ok && len(table) == 0 {
				if _, isGo := instr.(*ssa.Go); !isGo {
					pts = append(pts, r.callPoints(call)...)
				}
			}
		}
	}
	return pts
}

// callPoints returns a GivesUp point for each callee of call that gives up
// one of its parameters (receivers and closure captures are checked inside
// the callee, where they are outliving state).
func (r *Result) callPoints(call ssa.CallInstruction) []transfer.Point {
	c := call.Common()
	callees, _ := r.Taint.Callees(c)
	var pts []transfer.Point
	for _, ce := range callees {
		g := r.Of(ce.Fn)
		if g == nil || len(g.Ports) == 0 {
			continue
		}
		args := c.Args
		if c.IsInvoke() {
			args = append([]ssa.Value{c.Value}, c.Args...)
		}
		recv := ce.Fn.Signature.Recv() != nil
		p := transfer.Point{Instr: call, Kind: transfer.GivesUp, Callee: ce.Fn, ReadOnly: true}
		p.CalleeObj, _ = ce.Fn.Object().(*types.Func)
		for i, a := range args {
			if why, ok := g.Has(i); ok && !(recv && i == 0) {
				p.Given = append(p.Given, a)
				p.ReadOnly = p.ReadOnly && slices.Contains(g.ReadOnly, i)
				if p.Why == "" {
					p.Why = why
				}
			} else {
				p.Others = append(p.Others, a)
			}
		}
		nparams := len(args)
		for k, b := range ce.Bindings {
			if why, ok := g.Has(nparams + k); ok && immediate(c.Value) {
				p.Given = append(p.Given, b)
				p.ReadOnly = p.ReadOnly && slices.Contains(g.ReadOnly, nparams+k)
				if p.Why == "" {
					p.Why = why
				}
			}
		}
		if len(p.Given) > 0 {
			pts = append(pts, p)
		}
	}
	return pts
}

// immediate reports whether v is a function literal used only to be called
// (immediately, deferred or by go): its captured variables then die with
// the call and behave like parameters.
func immediate(v ssa.Value) bool {
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
// to be called, so that its free variables do not outlive the call.
func Immediate(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if !immediate(mc) {
					return false
				}
			}
		}
	}
	return true
}

// sharesLock reports whether a go statement hands the goroutine a mutex:
// the goroutine then shares memory under that lock rather than owning it,
// and the lockset analyzer checks it.
func sharesLock(vals []ssa.Value) bool {
	for _, v := range vals {
		t := v.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" {
			switch n.Obj().Name() {
			case "Mutex", "RWMutex":
				return true
			}
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Locker" {
			return true
		}
	}
	return false
}

// compute derives fn's gives-up set from its transfer points (Fig. 5).
func (r *Result) compute(fn *ssa.Function, pts []transfer.Point) *GivesUp {
	g := &GivesUp{}
	if len(pts) == 0 || fn.Blocks == nil {
		return g
	}
	fl := r.Taint.Flow(fn)
	why := make(map[int]string)
	written := make(map[int]bool)
	for _, p := range pts {
		h, ok := fl.HeapBefore(p.Instr)
		if !ok {
			continue
		}
		if NewJoiner(r.Table, fl, h, p).JoinedBeforeExit(p) {
			continue
		}
		t := Transferred(fl, h, p.Given)
		w := OtherSideWrites(fl, h, p, t)
		t.Each(func(o taint.ObjID) {
			port := fl.Object(o).Port
			if port < 0 {
				return
			}
			if _, seen := why[port]; !seen {
				why[port] = describe(r.pass.Fset, p)
			}
			written[port] = written[port] || w.Has(o)
		})
	}
	// A port whose memory the function also returns is handed over with
	// the result: New(p) that stores p in a new object, starts the
	// object's goroutine and returns it leaves the caller talking to the
	// object, not racing with it (the same rule as for returned values).
	var returned []int
	if s := r.Taint.Summary(fn); s != nil {
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
// transferred memory t: for a go statement, what its function writes by
// its summary; for a call that gives up only to readers, nothing; for a
// channel send, all of it.
func OtherSideWrites(fl *taint.Flow, h taint.Heap, p transfer.Point, t taint.ObjSet) taint.ObjSet {
	switch {
	case p.Kind == transfer.Go:
		var out taint.ObjSet
		fl.Writes(p.Instr, h).Each(func(o taint.ObjID) {
			if t.Has(o) {
				out.Add(o)
			}
		})
		return out
	case p.ReadOnly:
		return nil
	}
	return t
}

// Transferred returns the objects whose ownership moves when vals are
// given up with heap h: everything reachable from them, except memory of
// types that synchronise themselves or are immutable by convention, which
// is neither transferred nor traversed.
func Transferred(fl *taint.Flow, h taint.Heap, vals []ssa.Value) taint.ObjSet {
	var locs taint.LocSet
	for _, v := range vals {
		if typeclass.Exempt(v.Type()) {
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

// Opaque reports whether an object is neither transferred nor traversed:
// exempt memory, and the object standing for all package-level variables,
// which callee summaries link to as "some global memory" (a specific
// variable the function names is its own object below it).
func Opaque(o *taint.Object) bool {
	return ObjectExempt(o) || (o.Kind == taint.Root && o.Port == taint.GlobalPort)
}

// ObjectExempt reports whether an object's memory is never transferred:
// it synchronises itself or is immutable by convention.
func ObjectExempt(o *taint.Object) bool {
	return o.Type != nil && (typeclass.SelfSynchronizing(o.Type) || typeclass.ConventionallyImmutable(o.Type))
}

// describe says what a transfer point does with what it gives up.
func describe(fset *token.FileSet, p transfer.Point) string {
	pos := fset.Position(p.Instr.Pos())
	where := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	switch p.Kind {
	case transfer.Send:
		return "sends it on a channel at " + where
	case transfer.Go:
		return "hands it to a goroutine at " + where
	case transfer.Call:
		return fmt.Sprintf("passes it to %s at %s", p.CalleeName(), where)
	default:
		return fmt.Sprintf("passes it to %s at %s, which %s", p.CalleeName(), where, p.Why)
	}
}
