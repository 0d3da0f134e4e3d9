// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

const branchSrc = `package p

func use(int)

func Decided(h func(), next func() bool) {
	for next() {
		if h != nil {
			go h()
			break
		}
	}
	if h == nil {
		use(1)
	}
	use(2)
}

func Undecided(h func(), force bool) {
	if h != nil {
		go h()
	}
	if h == nil || force {
		use(1)
	}
}

func Reloaded(hs []func()) {
	for i := range hs {
		h := hs[i]
		if h != nil {
			go h()
			continue
		}
		use(1)
	}
}

func Captured(h func(), next func() bool) {
	var g func()
	for next() {
		g = h
		if g != nil {
			go func() { g() }()
			break
		}
	}
	if g == nil {
		use(1)
	}
}
`

// TestEdgesAfter checks which calls of use(1) a path from the function's
// go statement can reach.
func TestEdgesAfter(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", branchSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: importer.Default()}
	pkg, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage("example.com/p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"Decided": false, "Undecided": true, "Reloaded": true, "Captured": false} {
		fn := pkg.Func(name)
		var spawn ssa.Instruction
		var use1 *ssa.BasicBlock
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Go:
					spawn = instr
				case *ssa.Call:
					if c, ok := instr.Call.Value.(*ssa.Function); ok && c.Name() == "use" && instr.Call.Args[0].String() == "1:int" {
						use1 = b
					}
				}
			}
		}
		if spawn == nil || use1 == nil {
			t.Fatalf("%s: no go statement or use(1)", name)
		}
		edges := ssaops.NewBranchFacts(fn).EdgesAfter(spawn)
		reached := false
		for e := range edges {
			reached = reached || e.To == use1
		}
		if reached != want {
			t.Errorf("%s: use(1) reached after the go statement = %v, want %v", name, reached, want)
		}
	}
}
