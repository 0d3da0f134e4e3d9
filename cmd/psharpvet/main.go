// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command psharpvet checks that message-passing Go code is free of data
// races: memory sent to another goroutine is not used afterwards
// (ownership), and memory shared under locks is accessed under a common
// lock (lockset).
//
// Run it on packages, or as a vet tool:
//
//	psharpvet ./...
//	go vet -vettool=$(which psharpvet) ./...
//
// By default it reports only races it has evidence for; -strict selects
// P#'s conservative reading, in which no report is a proof.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

// strictFlag is -strict, one flag for the whole suite: it sets the
// concur analyzer's -concur.strict, which every pass reads from the model.
type strictFlag struct{}

func (strictFlag) String() string   { return "false" }
func (strictFlag) IsBoolFlag() bool { return true }
func (strictFlag) Set(s string) error {
	if _, err := strconv.ParseBool(s); err != nil {
		return err
	}
	return concur.Analyzer.Flags.Set("strict", s)
}

func main() {
	// A bad flag gets the flag package's one-line error and this hint,
	// not the whole usage.
	flag.Usage = func() {
		prog := filepath.Base(os.Args[0])
		if slices.ContainsFunc(os.Args[1:], isHelp) {
			fmt.Fprintf(flag.CommandLine.Output(), "Usage of %s:\n", prog)
			flag.PrintDefaults()
			return
		}
		fmt.Fprintf(flag.CommandLine.Output(), "run '%s -help' for the flags\n", prog)
	}
	flag.Var(strictFlag{}, "strict", "P#'s conservative reading for all passes: what the analysis cannot see may race, and silence is a proof")
	analyzers := []*analysis.Analyzer{
		concur.Analyzer, // listed so that its flags are the tool's
		ownership.Analyzer,
		xsa.Analyzer,
		lockset.Analyzer,
		ignores.Analyzer,
	}
	// The ownership pass leaves reports of memory kept in a machine
	// field to xsa, which re-checks them, whenever xsa runs: -xsa=false
	// shows them as P# reports them without its cross-state analysis.
	if runs(xsa.Analyzer, analyzers, os.Args[1:]) {
		if err := ownership.Analyzer.Flags.Set("xsa", "true"); err != nil {
			panic(err)
		}
	}
	multichecker.Main(analyzers...)
}

// runs reports whether the command line args select analyzer a, by the
// rule of multichecker's -NAME flags: if any is true, only those run;
// otherwise all run but those set false.
func runs(a *analysis.Analyzer, all []*analysis.Analyzer, args []string) bool {
	set := make(map[string]bool)
	for _, arg := range args {
		if arg == "--" || !strings.HasPrefix(arg, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		on := true
		if hasValue {
			b, err := strconv.ParseBool(value)
			if err != nil {
				continue // the flag package will say so
			}
			on = b
		}
		if slices.ContainsFunc(all, func(x *analysis.Analyzer) bool { return x.Name == name }) {
			set[name] = on
		}
	}
	anyOn := false
	for _, on := range set {
		anyOn = anyOn || on
	}
	if anyOn {
		return set[a.Name]
	}
	on, ok := set[a.Name]
	return !ok || on
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "--h"
}
