// Package transfer lists the program points where a Go program hands memory
// to another goroutine, and the calls that hand it back.
//
// Channel sends and go statements are recognised from SSA. Calls are
// recognised from a Table of Rules, so that actor frameworks and
// user-declared transfer functions are a matter of adding rows, not of
// changing the passes that consume the table.
package transfer

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Kind tells how a transfer point hands its values over.
type Kind int

const (
	// Send is a channel send, alone or as a select case.
	Send Kind = iota
	// Go is a go statement: the new goroutine owns its arguments, its
	// receiver and the variables its function literal captures.
	Go
	// Call is a call matched by a Rule of the table.
	Call
	// GivesUp is a call to a function whose gives-up set is not empty.
	GivesUp
)

// A Rule declares that calling a function gives up some of its arguments.
type Rule struct {
	Pkg  string // import path of the declaring package
	Recv string // receiver's type name without '*', or "" for a function
	Name string // function or method name
	// Args are the indices, among the call's arguments without the
	// receiver, of the arguments given up.
	Args []int
	// Spawns says the callee runs the argument on another goroutine, so
	// that the joins of the table (and channel receives) end the transfer.
	Spawns bool
}

// A Join names a method that waits for goroutines started before it.
type Join struct {
	Pkg, Recv, Name string
}

// A Table holds the transfer rules and joins that the passes consult.
type Table struct {
	Rules []Rule
	Joins []Join
}

// Default returns the table of the standard library and x/sync.
func Default() *Table {
	return &Table{
		Rules: []Rule{
			{Pkg: "golang.org/x/sync/errgroup", Recv: "Group", Name: "Go", Args: []int{0}, Spawns: true},
			{Pkg: "golang.org/x/sync/errgroup", Recv: "Group", Name: "TryGo", Args: []int{0}, Spawns: true},
			{Pkg: "sync", Recv: "WaitGroup", Name: "Go", Args: []int{0}, Spawns: true},
		},
		Joins: []Join{
			{Pkg: "sync", Recv: "WaitGroup", Name: "Wait"},
			{Pkg: "golang.org/x/sync/errgroup", Recv: "Group", Name: "Wait"},
		},
	}
}

// Rule returns the rule matching fn, or nil.
func (t *Table) Rule(fn *types.Func) *Rule {
	pkg, recv, name := identify(fn)
	for i := range t.Rules {
		r := &t.Rules[i]
		if r.Pkg == pkg && r.Recv == recv && r.Name == name {
			return r
		}
	}
	return nil
}

// IsJoin reports whether a call to fn waits for earlier goroutines.
func (t *Table) IsJoin(fn *types.Func) bool {
	pkg, recv, name := identify(fn)
	for _, j := range t.Joins {
		if j.Pkg == pkg && j.Recv == recv && j.Name == name {
			return true
		}
	}
	return false
}

func identify(fn *types.Func) (pkg, recv, name string) {
	if fn == nil || fn.Pkg() == nil {
		return "", "", ""
	}
	fn = fn.Origin()
	pkg, name = fn.Pkg().Path(), fn.Name()
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	return pkg, recv, name
}

// A Point is one transfer in a function's SSA.
type Point struct {
	Instr ssa.Instruction
	Kind  Kind
	// Given are the values whose reachable memory changes owner.
	Given []ssa.Value
	// Others are the remaining operands of the same instruction, which must
	// not alias what is given up.
	Others []ssa.Value
	// Callee is the function called, for Call and GivesUp points.
	Callee *ssa.Function
	// CalleeObj names the callee when it has no SSA body in this package.
	CalleeObj *types.Func
	// Spawns says the receiving side is a goroutine this function may join.
	Spawns bool
	// Why, for GivesUp points, says what the callee does with the value.
	Why string
	// ReadOnly, for GivesUp points, says the callee hands the values only
	// to goroutines that read them.
	ReadOnly bool
}

// Points returns the channel sends, go statements and table calls of instr.
// Calls to functions with a gives-up set are added by the givesup pass.
func (t *Table) Points(instr ssa.Instruction) []Point {
	switch instr := instr.(type) {
	case *ssa.Send:
		return []Point{{Instr: instr, Kind: Send, Given: []ssa.Value{instr.X}, Others: []ssa.Value{instr.Chan}}}
	case *ssa.Select:
		var pts []Point
		for _, st := range instr.States {
			if st.Dir == types.SendOnly {
				pts = append(pts, Point{Instr: instr, Kind: Send, Given: []ssa.Value{st.Send}, Others: []ssa.Value{st.Chan}})
			}
		}
		return pts
	case *ssa.Go:
		return []Point{{Instr: instr, Kind: Go, Given: GoOperands(instr.Common()), Spawns: true}}
	case ssa.CallInstruction:
		if _, isGo := instr.(*ssa.Go); isGo {
			return nil
		}
		common := instr.Common()
		callee := common.StaticCallee()
		var obj *types.Func
		if callee != nil {
			obj, _ = callee.Object().(*types.Func)
		} else if common.IsInvoke() {
			obj = common.Method
		}
		r := t.Rule(obj)
		if r == nil {
			return nil
		}
		args := common.Args
		var recv []ssa.Value
		if common.IsInvoke() {
			recv = []ssa.Value{common.Value}
		} else if sig := common.Signature(); sig.Recv() != nil && len(args) > 0 {
			recv, args = args[:1], args[1:]
		}
		p := Point{Instr: instr, Kind: Call, Callee: callee, CalleeObj: obj, Spawns: r.Spawns}
		p.Others = append(p.Others, recv...)
		for i, a := range args {
			if slices.Contains(r.Args, i) {
				p.Given = append(p.Given, a)
			} else {
				p.Others = append(p.Others, a)
			}
		}
		return []Point{p}
	}
	return nil
}

// GoOperands returns what a go statement hands to the new goroutine: the
// arguments, the receiver, and for a function literal its captured
// variables.
func GoOperands(c *ssa.CallCommon) []ssa.Value {
	var vals []ssa.Value
	if c.IsInvoke() {
		vals = append(vals, c.Value)
	} else if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		vals = append(vals, mc.Bindings...)
	} else if _, ok := c.Value.(*ssa.Function); !ok {
		vals = append(vals, c.Value)
	}
	return append(vals, c.Args...)
}

// CalleeName names the function a Call or GivesUp point calls, as pkg.F or
// (*T).M.
func (p Point) CalleeName() string {
	switch {
	case p.CalleeObj != nil:
		return FuncName(p.CalleeObj)
	case p.Callee != nil:
		return p.Callee.Name()
	}
	return "the callee"
}

// FuncName renders a function as pkg.F or (*T).M, without the import path.
func FuncName(f *types.Func) string {
	sig, _ := f.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		t := sig.Recv().Type()
		star := ""
		if p, ok := t.(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fmt.Sprintf("(%s%s).%s", star, n.Obj().Name(), f.Name())
		}
		return f.Name()
	}
	if f.Pkg() != nil {
		return f.Pkg().Name() + "." + f.Name()
	}
	return f.Name()
}
