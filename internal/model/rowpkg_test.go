// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"go/token"
	"go/types"
	"testing"
)

func TestRowPkg(t *testing.T) {
	for name, want := range map[string]string{
		"sync.NewCond":                  "sync",
		"(*sync.Mutex).Lock":            "sync",
		"(sync/atomic.Value).Load":      "sync/atomic",
		"gopkg.in/yaml.v3.Unmarshal":    "gopkg.in/yaml.v3",
		"(*github.com/a/b.c.T).M":       "github.com/a/b.c",
		"(*github.com/a/b.T[K, V]).Get": "github.com/a/b",
		"close":                         "",
	} {
		if got := rowPkg(name); got != want {
			t.Errorf("rowPkg(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRowsByPackage checks that a row is found for a function of its
// package only, now that Rows looks up the full name only when the
// package has rows.
func TestRowsByPackage(t *testing.T) {
	m := New(Row{Func: "(*example.com/p.T).Lock", Kind: Lock})
	p := types.NewPackage("example.com/p", "p")
	q := types.NewPackage("example.com/q", "q")
	for _, tc := range []struct {
		pkg  *types.Package
		want int
	}{{p, 1}, {q, 0}} {
		tn := types.NewTypeName(token.NoPos, tc.pkg, "T", nil)
		named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
		sig := types.NewSignatureType(types.NewVar(token.NoPos, tc.pkg, "t", types.NewPointer(named)), nil, nil, nil, nil, false)
		fn := types.NewFunc(token.NoPos, tc.pkg, "Lock", sig)
		named.AddMethod(fn)
		if got := len(m.Rows(fn)); got != tc.want {
			t.Errorf("Rows(%s) has %d rows, want %d", fn.FullName(), got, tc.want)
		}
	}
}
