// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"go/types"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// A unit is what psharpvet reads of the .cfg file go vet hands it for one
// package.
type unit struct {
	// ImportPath is the package's import path.
	ImportPath string
	// VetxOnly says the go command discards the unit's diagnostics: the
	// package is a dependency of the vetted packages, analysed only for
	// the facts its importers read.
	VetxOnly bool
}

// vetUnit returns the unit that args name, if they are a go vet unit (the
// last argument a .cfg file). A file that cannot be read is left to the
// checker, which says why.
func vetUnit(args []string) (unit, bool) {
	var u unit
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return u, false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return u, false
	}
	return u, json.Unmarshal(data, &u) == nil
}

// factsOnly reports whether args are a unit of go vet's work whose
// diagnostics the go command discards (unit.VetxOnly).
func factsOnly(args []string) bool {
	u, ok := vetUnit(args)
	return ok && u.VetxOnly
}

// unanalysedUnit reports whether args are a go vet unit of a package whose
// code the passes do not read (model.Analysed): the runtime.
func unanalysedUnit(args []string) bool {
	u, ok := vetUnit(args)
	return ok && u.ImportPath != "" && !model.Analysed(types.NewPackage(u.ImportPath, ""))
}

// skipSSA makes buildssa build no function bodies: an SSA package with
// the members of the unit's package and no source functions. The passes
// read no code of a package they do not analyse, but their requirement of
// buildssa builds it all the same, and every unit of a vet run waits for
// the runtime's.
func skipSSA() {
	buildssa.Analyzer.Run = func(pass *analysis.Pass) (any, error) {
		prog := ssa.NewProgram(pass.Fset, 0)
		return &buildssa.SSA{Pkg: prog.CreatePackage(pass.Pkg, nil, nil, true)}, nil
	}
}

// skipReporting makes each of reporters, analyzers that export no facts,
// return its zero result without analysing anything. The checker of a
// facts-only unit still runs every analyzer that requires, directly or
// not, one with facts, although it prints none of their reports: the
// ownership and xsa passes would otherwise check every dependency of the
// vetted packages, the standard library included, for nothing.
func skipReporting(reporters ...*analysis.Analyzer) {
	for _, a := range reporters {
		if len(a.FactTypes) > 0 {
			continue // its facts are what the unit is for
		}
		var zero any
		if a.ResultType != nil {
			zero = reflect.Zero(a.ResultType).Interface()
		}
		a.Run = func(*analysis.Pass) (any, error) { return zero, nil }
	}
}

// exportCallableOnly sets the -callable flag of each of analyzers: in a go
// vet unit, the facts a package exports go into its vetx file, which every
// unit that imports it decodes, with the facts on methods of the packages
// below it that x/tools re-exports; summaries of functions other packages
// cannot call are never read there, and were a third of the facts a unit
// decoded (net/http's vetx file: 1.5 MB -> 0.6 MB without them).
func exportCallableOnly(analyzers ...*analysis.Analyzer) {
	for _, a := range analyzers {
		if err := a.Flags.Set("callable", "true"); err != nil {
			panic(err) // a programming error: the analyzer has no such flag
		}
	}
}
