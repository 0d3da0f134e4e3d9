// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const typedSrc = `package p

type Source struct{ Name string }
type Republish struct{ Src string }
type Inner struct{ Re Republish }
type Outer struct {
	in  Inner
	arr [2]Republish
	ptr *Republish
}
type Holder struct{ src *Source }
type Any struct{ v any }
type List struct{ next *List; re []*Republish }
type Box[T any] struct{ v T }
`

// TestMayHold checks which abstract objects a field address may point
// into: its own struct type, a struct from which it can be reached,
// anything of unknown or non-struct type; not a struct that cannot lead
// to it.
func TestMayHold(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", typedSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	named := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	ptr := types.NewPointer
	republish := named("Republish")
	box := named("Box").(*types.Named)
	tparam := box.TypeParams().At(0)
	for _, tc := range []struct {
		name     string
		obj, ptr types.Type
		want     bool
	}{
		{"same struct", republish, ptr(republish), true},
		{"other struct", named("Source"), ptr(republish), false},
		{"inline in a field", named("Inner"), ptr(republish), true},
		{"inline two deep or in an array", named("Outer"), ptr(republish), true},
		{"behind a pointer", named("Holder"), ptr(named("Source")), true},
		{"not from it", named("Holder"), ptr(republish), false},
		{"through an interface", named("Any"), ptr(republish), true},
		{"through a recursive type", named("List"), ptr(republish), true},
		{"unknown object", nil, ptr(republish), true},
		{"a slice object", types.NewSlice(ptr(named("Source"))), ptr(republish), true},
		{"not a pointer", named("Source"), republish, true},
		{"type parameter", named("Source"), ptr(tparam), true},
	} {
		if got := mayHold(tc.obj, tc.ptr); got != tc.want {
			t.Errorf("%s: mayHold(%v, %v) = %v, want %v", tc.name, tc.obj, tc.ptr, got, tc.want)
		}
	}
}
