// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// A library call that calls a method of an interface argument before it
// returns (the model's Invokes rows: fmt.Fprintf writes its io.Writer,
// io.Copy its destination) does to the caller's value what that method
// does, when the caller's argument has one concrete type the analysis can
// name (ssaops.ConcreteTypes, as for a call through an interface,
// ifacecalls.go):
//
//	var b bytes.Buffer
//	for _, p := range parts {
//		wg.Go(func() { fmt.Fprintf(&b, "<%s>", p) })
//	}
//
// writes b's fields in every goroutine, as b.WriteString(p) would. The
// library's own summary cannot say so: inside it the call goes through an
// interface it cannot resolve, and an unknown callee reports nothing.
// A function of the user's that passes its own io.Writer parameter on
// gets no such summary: only the rows' calls are resolved.

// invokedMethods applies, at a call the model resolved, the summaries of
// the methods its Invokes rows say it calls on its arguments.
func (c *checker) invokedMethods(fi *funcInfo, st *state, rc model.Call, instr ssa.Instruction, emit func(Access)) {
	for _, row := range rc.Rows {
		if row.Kind != model.Invokes || len(row.Args) != 1 {
			continue
		}
		arg := rc.Arg(row.Args[0])
		if arg == nil {
			continue
		}
		fn := c.invokedMethod(arg, row.Methods)
		if fn == nil {
			continue
		}
		// The reports name the call the user wrote, and the method.
		name, via := c.funcName(fn), ""
		named := emit
		if emit != nil {
			named = func(a Access) {
				if a.Func == name {
					if via == "" {
						via = c.rowCallName(rc.Func) + " calling " + name
					}
					a.Func = via
				}
				emit(a)
			}
		}
		c.apply(fi, st, c.calleeSummary(fn), fn, []ssa.Value{arg}, nil, instr, named)
	}
}

// rowCallName names the function a row is about as reports name
// functions.
func (c *checker) rowCallName(f *types.Func) string {
	if fn := c.prog.FuncValue(f); fn != nil {
		return c.funcName(fn)
	}
	return f.FullName() // an interface method
}

// invokedMethod returns the first of the methods named that the dynamic
// type of v, an interface value, declares, or nil if that type is not
// known or has none of them. Only a method declared with a pointer
// receiver on the type v points to is followed: a promoted method's
// receiver is another object (as in resolveConcrete), and a value
// receiver works on a copy. The method may be another package's, whose
// summary is its fact.
func (c *checker) invokedMethod(v ssa.Value, methods []string) *ssa.Function {
	if !types.IsInterface(v.Type()) {
		return nil
	}
	if c.concrete == nil {
		c.concrete = ssaops.NewConcreteTypes(c.pkg, c.srcFuncs, nil)
	}
	t := c.concrete.Of(v).Type
	if t == nil || ssaops.HasTypeParam(t) {
		return nil
	}
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		return nil
	}
	mset := c.prog.MethodSets.MethodSet(t)
	for _, name := range methods {
		sel := mset.Lookup(nil, name) // the rows name exported methods
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
