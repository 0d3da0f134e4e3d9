// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"

	"github.com/psharpvet/psharpvet/passes/taint"
)

// A heldVariable is the variable that holds a kept object itself, with no
// struct field between them: a captured variable of the function that
// keeps it, or a package-level variable.
type heldVariable struct {
	// global is the package-level variable's name as fieldwrites
	// records writes through it (fieldwrites.GlobalVia), or "" for a
	// captured variable.
	global string
}

// heldByVariable returns the variable that holds the object at the end of
// path, a path from one of fn's outliving roots, when a captured variable
// or a package-level variable holds it with no struct field on the way.
func heldByVariable(fn *ssa.Function, fl *taint.Flow, path []step) (heldVariable, bool) {
	if len(path) == 0 {
		return heldVariable{}, false
	}
	root := fl.Object(path[0].from)
	if root.Kind != taint.Root {
		return heldVariable{}, false
	}
	var held heldVariable
	switch {
	case root.Port == taint.GlobalPort:
	case fn.Parent() != nil && root.Port >= len(fn.Params) && root.Port < len(fn.Params)+len(fn.FreeVars):
	default:
		return heldVariable{}, false
	}
	for i, s := range path {
		key := s.key
		if i == 0 && root.Port == taint.GlobalPort {
			name, rest, _ := strings.Cut(key, ".")
			held.global = strings.ReplaceAll(name, "·", ".")
			key = rest
		}
		for _, part := range strings.Split(key, ".") {
			if token.IsIdentifier(part) {
				return heldVariable{}, false // a struct field
			}
		}
	}
	return held, true
}

// plainBuffer reports whether t is a slice or array of basic values, or a
// map of basic keys to basic values, or a pointer to one: a buffer that
// refers to no other memory, of a type (such as []byte) that most
// packages write somewhere.
func plainBuffer(t types.Type) bool {
	if t == nil {
		return false
	}
	basic := func(t types.Type) bool {
		_, ok := t.Underlying().(*types.Basic)
		return ok
	}
	switch u := pointee(t).(type) {
	case *types.Slice:
		return basic(u.Elem())
	case *types.Array:
		return basic(u.Elem())
	case *types.Map:
		return basic(u.Key()) && basic(u.Elem())
	}
	return false
}

// heldBufferWritten reports whether, in the default reading, keeping kept,
// a plain buffer (plainBuffer) that v holds, after giving up objs races:
// the receiving side is seen writing some of objs, or the package writes
// the elements of a buffer of its type through the same package-level
// variable, or, for a captured variable, in the function that captured
// it or one of its function literals (the only code that names the
// variable). That some other []byte of the package is written is no
// evidence about this one: RacerD's evidence is an access path, not a
// type. The trade: a write through a parameter the buffer was passed to
// (fill(body) after keeping body) is not seen as one.
func (c *checker) heldBufferWritten(fn *ssa.Function, fl *taint.Flow, objs, kept, written taint.ObjSet, v heldVariable) bool {
	if objs.Intersects(written) {
		return true
	}
	family := ssaops.TopLevel(fn)
	found := false
	kept.Each(func(o taint.ObjID) {
		for _, w := range c.fields.WritesOf(fl.Object(o).Type) {
			if found {
				return
			}
			if v.global != "" {
				found = w.Field == v.global
			} else {
				found = ssaops.TopLevel(w.Func) == family
			}
		}
	})
	return found
}

// keptBuffer returns the variable that holds every object of kept, when
// each is a plain buffer held by a variable itself (heldByVariable).
func keptBuffer(fn *ssa.Function, fl *taint.Flow, path []step, kept taint.ObjSet) (heldVariable, bool) {
	v, ok := heldByVariable(fn, fl, path)
	if !ok {
		return heldVariable{}, false
	}
	kept.Each(func(o taint.ObjID) {
		ok = ok && plainBuffer(fl.Object(o).Type)
	})
	return v, ok
}
