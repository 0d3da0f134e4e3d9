// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/token"
	"go/types"
	"sync"
	"testing"
)

// method returns a method (*typ).name of a new type typ of pkg.
func method(pkg *types.Package, typ, name string) *types.Func {
	tn := types.NewTypeName(token.NoPos, pkg, typ, nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	sig := types.NewSignatureType(types.NewVar(token.NoPos, pkg, "t", types.NewPointer(named)), nil, nil, nil, nil, false)
	fn := types.NewFunc(token.NoPos, pkg, name, sig)
	named.AddMethod(fn)
	return fn
}

// TestRowsMemo checks the memo of Rows by function: passes that share a
// Model ask at the same time and get the same rows, and a row added after
// a function was looked up is found (Add drops the memo).
func TestRowsMemo(t *testing.T) {
	p := types.NewPackage("example.com/p", "p")
	// U's Lock has the name and the package of a row, so Rows builds its
	// full name, finds no row and memoises that.
	lock, other := method(p, "T", "Lock"), method(p, "U", "Lock")
	m := New(Row{Func: "(*example.com/p.T).Lock", Kind: Lock})

	var wg sync.WaitGroup
	counts := make([][2]int, 8)
	for i := range counts {
		wg.Go(func() {
			for range 100 {
				counts[i] = [2]int{len(m.Rows(lock)), len(m.Rows(other))}
			}
		})
	}
	wg.Wait()
	for i, c := range counts {
		if c != [2]int{1, 0} {
			t.Errorf("goroutine %d: (*T).Lock has %d rows, (*U).Lock %d, want 1 and 0", i, c[0], c[1])
		}
	}

	m.Add(Row{Func: "(*example.com/p.U).Lock", Kind: Lock})
	if _, ok := m.Find(other, Lock); !ok {
		t.Errorf("Find(%s, Lock) after Add: no row", other.FullName())
	}
	if _, ok := m.Find(lock, Lock); !ok {
		t.Errorf("Find(%s, Lock) after Add: no row", lock.FullName())
	}
}
