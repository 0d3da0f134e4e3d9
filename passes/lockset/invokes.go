// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A call that calls a method of an interface argument before it returns
// does to the caller's value what that method does, when the caller's
// argument has one concrete type the analysis can name
// (ssaops.ConcreteTypes, as for a call through an interface,
// ifacecalls.go):
//
//	var b bytes.Buffer
//	for _, p := range parts {
//		wg.Go(func() { fmt.Fprintf(&b, "<%s>", p) })
//	}
//
// writes b's fields in every goroutine, as b.WriteString(p) would. Inside
// the callee the call goes through an interface it cannot resolve, and an
// unknown callee reports nothing; its summary says instead which
// parameter it invokes which method on (Summary.Invokes), and the caller
// resolves it. The library functions whose bodies the passes do not read
// as such (fmt.Fprintf's Write is behind its printer state) are the
// model's Invokes rows. A helper records only the invokes it makes
// holding no lock of its own: a lock it holds around w.Write may be what
// serialises the writer, and the caller's frame cannot name it.

// invokedMethods applies, at a call the model resolved, the summaries of
// the methods its Invokes rows say it calls on its arguments.
func (c *checker) invokedMethods(fi *funcInfo, st *state, rc model.Call, instr ssa.Instruction, emit func(Access)) {
	for _, row := range rc.Rows {
		if row.Kind == model.Invokes && len(row.Args) == 1 {
			if arg := rc.Arg(row.Args[0]); arg != nil {
				c.applyInvoke(fi, st, rc.Func, arg, row.Methods, instr, emit)
			}
		}
	}
}

// applyInvoke applies at instr, a call of callee (an *ssa.Function or a
// *types.Func), the summary of the first of methods that arg's dynamic
// type declares. If the type is not known and arg is a parameter of the
// caller, the caller invokes the method in turn (Summary.Invokes).
func (c *checker) applyInvoke(fi *funcInfo, st *state, callee any, arg ssa.Value, methods []string, instr ssa.Instruction, emit func(Access)) {
	fn := c.invokedMethod(arg, methods)
	if fn == nil {
		c.recordInvoke(fi, st, arg, methods, emit)
		return
	}
	// The reports name the call the user wrote, and the method.
	name, via := c.funcName(fn), ""
	named := emit
	if emit != nil {
		named = func(a Access) {
			if a.Func == name {
				if via == "" {
					via = c.calleeName(callee) + " calling " + name
				}
				a.Func = via
			}
			emit(a)
		}
	}
	c.apply(fi, st, c.calleeSummary(fn), fn, []ssa.Value{arg}, nil, instr, named)
}

// recordInvoke records, in the final pass of fi (emit is set), a call of
// one of methods through the interface v when v is one of fi's
// parameters and fi holds no lock there.
func (c *checker) recordInvoke(fi *funcInfo, st *state, v ssa.Value, methods []string, emit func(Access)) {
	if emit == nil || len(st.held) > 0 {
		return // not the final pass, or under a lock of fi's
	}
	p, ok := ssaops.Unboxed(v).(*ssa.Parameter)
	if !ok || !types.IsInterface(p.Type()) {
		return
	}
	i := slices.Index(fi.fn.Params, p)
	if i < 0 || !slices.ContainsFunc(methods, token.IsExported) {
		return
	}
	if len(fi.invokes) >= maxInvokes {
		return
	}
	inv := Invoke{Param: i, Methods: methods}
	if !slices.ContainsFunc(fi.invokes, func(o Invoke) bool { return o.Param == i && slices.Equal(o.Methods, methods) }) {
		fi.invokes = append(fi.invokes, inv)
	}
}

// maxInvokes bounds a summary's Invokes: a function calling more methods
// on its interface parameters than this is not a writer's helper.
const maxInvokes = 8

// calleeName names the function of a call for reports.
func (c *checker) calleeName(callee any) string {
	switch f := callee.(type) {
	case *ssa.Function:
		return c.funcName(f)
	case *types.Func:
		if fn := c.prog.FuncValue(f); fn != nil {
			return c.funcName(fn)
		}
		return f.FullName() // an interface method
	}
	return "a call"
}

// invokedMethod returns the first of the methods named that the dynamic
// type of v declares (v's own type, if it is not an interface), or nil if
// that type is not known or has none of them. Only a method declared with a pointer
// receiver on the type v points to is followed: a promoted method's
// receiver is another object (as in resolveConcrete), and a value
// receiver works on a copy. The method may be another package's, whose
// summary is its fact.
func (c *checker) invokedMethod(v ssa.Value, methods []string) *ssa.Function {
	// An instance of a generic helper passes its type parameter's
	// argument itself (write[W io.Writer](w W) called with &buf).
	t := ssaops.Unboxed(v).Type()
	if types.IsInterface(t) {
		t = c.dynamicType(v)
	}
	if t == nil || ssaops.HasTypeParam(t) {
		return nil
	}
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		return nil
	}
	mset := c.prog.MethodSets.MethodSet(t)
	for _, name := range methods {
		if !token.IsExported(name) {
			continue // named by its package; not followed
		}
		sel := mset.Lookup(nil, name)
		if sel == nil {
			continue
		}
		obj, ok := sel.Obj().(*types.Func)
		if !ok || len(sel.Index()) != 1 {
			return nil
		}
		if _, ptr := obj.Signature().Recv().Type().(*types.Pointer); !ptr {
			return nil
		}
		return c.prog.FuncValue(obj)
	}
	return nil
}
