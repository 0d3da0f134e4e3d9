// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/psharpvet/psharpvet/internal/model"
)

const src = `package p

import "sync/atomic"

type Handler interface{ Serve(n int) }

type H struct{}

func (*H) Serve(n int) {}

type Other struct{}

func (Other) Serve(s string) {}

type L interface {
	Lock()
	RUnlock()
	Unlock() error
}

var _ = atomic.AddInt64
`

func check(t *testing.T) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// method returns the method name of pkg.typ, or of *pkg.typ.
func method(pkg *types.Package, typ, name string) *types.Func {
	t := pkg.Scope().Lookup(typ).Type()
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	return obj.(*types.Func)
}

func TestEntryMethods(t *testing.T) {
	pkg := check(t)
	m := model.New(model.Row{Func: "(example.com/p.Handler).Serve", Kind: model.Entry})
	ims := m.InterfaceMethods(pkg, model.Entry)
	if len(ims) != 1 || ims[0].Name() != "Serve" {
		t.Fatalf("EntryMethods = %v, want (Handler).Serve", ims)
	}
	if !model.ImplementsMethod(method(pkg, "H", "Serve"), ims[0]) {
		t.Errorf("(*H).Serve does not implement (Handler).Serve")
	}
	if model.ImplementsMethod(method(pkg, "Other", "Serve"), ims[0]) {
		t.Errorf("(Other).Serve, of another signature, implements (Handler).Serve")
	}
	if got := model.Default().InterfaceMethods(pkg, model.Entry); len(got) != 0 {
		t.Errorf("net/http.Handler found in a package that does not import net/http: %v", got)
	}
}

func TestLockKindOf(t *testing.T) {
	pkg := check(t)
	m := model.Default()
	for _, tc := range []struct {
		name string
		want model.Kind
	}{
		{"Lock", model.Lock},
		{"RUnlock", model.RUnlock},
		{"Unlock", 0}, // returns an error: not a locker method
	} {
		call := model.Call{Func: method(pkg, "L", tc.name)}
		if got := m.LockKindOf(call); got != tc.want {
			t.Errorf("LockKindOf((L).%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAtomicAccess(t *testing.T) {
	atomic := check(t).Imports()[0]
	for name, want := range map[string]bool{"AddInt64": true, "LoadInt64": false, "StoreInt64": true} {
		write, ok := model.AtomicAccess(atomic.Scope().Lookup(name).(*types.Func))
		if !ok || write != want {
			t.Errorf("AtomicAccess(%s) = %v, %v; want %v, true", name, write, ok, want)
		}
	}
	load := method(atomic, "Int64", "Load")
	if write, ok := model.AtomicAccess(load); !ok || write {
		t.Errorf("AtomicAccess((*Int64).Load) = %v, %v; want false, true", write, ok)
	}
}

// TestSeesHandlerContexts checks that only packages that import a
// framework declaring a handler context, directly or not, look for one.
func TestSeesHandlerContexts(t *testing.T) {
	hw := types.NewPackage("github.com/anthdm/hollywood/actor", "actor")
	user := types.NewPackage("example.com/app", "app")
	user.SetImports([]*types.Package{hw})
	top := types.NewPackage("example.com/cmd", "main")
	top.SetImports([]*types.Package{user})
	plain := types.NewPackage("example.com/plain", "plain")
	plain.SetImports([]*types.Package{types.NewPackage("sync", "sync")})
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{{hw, true}, {user, true}, {top, true}, {plain, false}, {nil, false}} {
		if got := model.SeesHandlerContexts(tc.pkg); got != tc.want {
			t.Errorf("SeesHandlerContexts(%v) = %v, want %v", tc.pkg, got, tc.want)
		}
	}
}
