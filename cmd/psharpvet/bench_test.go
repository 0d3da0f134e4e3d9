// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"flag"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/taint"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

var (
	benchPkgs = flag.String("bench.pkgs", "net/http", "BenchmarkSuite: the packages to analyse (space-separated patterns)")
	benchDir  = flag.String("bench.dir", "", "BenchmarkSuite: the directory to load them from (a module's; default this one)")
)

// BenchmarkSuite runs psharpvet's analyzers on -bench.pkgs (default
// net/http) and, for their facts, on every package they depend on, in
// one process and one goroutine: what a go vet run's units compute,
// without the processes and with facts passed in memory. The packages
// are loaded and type-checked once, outside the timing; buildssa, which
// the analyzers require, is timed, as in a vet unit. Besides time and
// allocation per run, it reports each analyzer's time summed over the
// packages (<name>-ms/op), so that a change to one pass shows where it
// lands:
//
//	go test ./cmd/psharpvet -run '^$' -bench Suite -benchmem -count 6
//	go test ./cmd/psharpvet -run '^$' -bench Suite -bench.dir /path/to/module -bench.pkgs ./server
func BenchmarkSuite(b *testing.B) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: *benchDir}
	pkgs, err := packages.Load(cfg, strings.Fields(*benchPkgs)...)
	if err != nil {
		b.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		b.Fatalf("%d errors loading %s", n, *benchPkgs)
	}
	analyzers := []*analysis.Analyzer{concur.Analyzer, taint.Analyzer, ownership.Analyzer, xsa.Analyzer, lockset.Analyzer, ignores.Analyzer}
	byAnalyzer := make(map[string]time.Duration)
	runs := 0
	for b.Loop() {
		graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			b.Fatal(err)
		}
		for act := range graph.All() {
			if act.Err != nil {
				b.Fatalf("%s: %v", act, act.Err)
			}
			byAnalyzer[act.Analyzer.Name] += act.Duration
		}
		runs++
	}
	for _, name := range slices.Sorted(maps.Keys(byAnalyzer)) {
		b.ReportMetric(float64(byAnalyzer[name].Milliseconds())/float64(runs), name+"-ms/op")
	}
}
