// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites_test

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/fieldwrites"
)

// TestFacts checks the fields a package writes after construction: not
// those set in a literal or through a new allocation before it is
// published; those written by methods, through their address, after
// publication, or by overwriting the whole struct.
func TestFacts(t *testing.T) {
	suitetest.Track(t, "fieldwrites")
	analysistest.Run(t, suitetest.Dir(t), fieldwrites.Analyzer, "fieldwrites/basic")
}

// TestLoopVars checks that copying an element into a range variable that
// is new each iteration (Go 1.22) builds it, even though the previous
// iteration's closure published the previous variable; a variable
// declared before the loop, or one overwritten after it was captured, is
// written after construction.
func TestLoopVars(t *testing.T) {
	suitetest.Track(t, "fieldwrites")
	analysistest.Run(t, suitetest.Dir(t), fieldwrites.Analyzer, "fieldwrites/loopvars")
}

// TestUnsafe checks that the fact says whether the package imports
// unsafe, whose pointer arithmetic may write fields unseen (the fields
// functional options write are in fieldwrites/basic's fact).
func TestUnsafe(t *testing.T) {
	suitetest.Track(t, "fieldwrites")
	analysistest.Run(t, suitetest.Dir(t), fieldwrites.Analyzer, "fieldwrites/pointers")
}

// TestWritesOfUnknown: memory whose type the heap analysis does not know
// has no writes to show (and no panic).
func TestWritesOfUnknown(t *testing.T) {
	if w := new(fieldwrites.Result).WritesOf(nil); w != nil {
		t.Errorf("WritesOf(nil) = %v, want nil", w)
	}
}

// TestWritesElems checks the model's writeselems rows: sort.Slice and
// slices.DeleteFunc on a slice a method reaches write its elements; sorting
// a copy the method made does not.
func TestWritesElems(t *testing.T) {
	suitetest.Track(t, "fieldwrites")
	analysistest.Run(t, suitetest.Dir(t), fieldwrites.Analyzer, "fieldwrites/sorts")
}

// TestNested checks objects a constructor makes and stores into a field
// of the object it returns: the caller's writes to them before it
// publishes the outer object are construction; not when the field holds
// shared memory, when the outer object was published first, or when the
// field was replaced.
func TestNested(t *testing.T) {
	suitetest.Track(t, "fieldwrites")
	analysistest.Run(t, suitetest.Dir(t), fieldwrites.Analyzer, "fieldwrites/nested")
}

// TestUnanalysedTypes: the runtime's code is not read, so every field of
// its types may be written, whatever the facts say.
func TestUnanalysedTypes(t *testing.T) {
	named := func(path string) *types.Named {
		pkg := types.NewPackage(path, "p")
		field := types.NewField(token.NoPos, pkg, "Alloc", types.Typ[types.Uint64], false)
		obj := types.NewTypeName(token.NoPos, pkg, "MemStats", nil)
		return types.NewNamed(obj, types.NewStruct([]*types.Var{field}, nil), nil)
	}
	var r fieldwrites.Result
	rt := named("runtime")
	if !r.MayBeWritten(rt, 0) || !r.TypeMayBeWritten(types.NewPointer(rt)) {
		t.Error("a field of a runtime struct is taken as never written")
	}
}
