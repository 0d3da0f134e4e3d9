// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// factsOnly reports whether args are a unit of go vet's work whose
// diagnostics the go command discards: a dependency of the vetted
// packages, analysed only for the facts its importers read (VetxOnly in
// the unit's .cfg file). A file that cannot be read is left to the
// checker, which says why.
func factsOnly(args []string) bool {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return false
	}
	var cfg struct{ VetxOnly bool }
	return json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly
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
