// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	_ "embed"
	"flag"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

//go:embed doc.go
var doc string

// Analyzer reports potential data races found by a symbolic lockset
// analysis over pairs of concurrently runnable entry points.
var Analyzer = &analysis.Analyzer{
	Name:      "lockset",
	Doc:       extractDoc(doc),
	URL:       "https://github.com/psharpvet/psharpvet/blob/main/docs/lockset.md",
	Run:       run,
	Requires:  []*analysis.Analyzer{buildssa.Analyzer},
	FactTypes: []analysis.Fact{new(Summaries)},
	Flags:     flags(),
}

func flags() flag.FlagSet {
	var fs flag.FlagSet
	fs.Bool("guards", false, "report the inferred guard of every field of every shared type")
	return fs
}

// checker holds the state of one pass; nothing is shared between passes.
type checker struct {
	pass   *analysis.Pass
	pkg    *types.Package
	allocs map[*ssa.Alloc]string
	funcs  map[*ssa.Function]*funcInfo
	facts  map[*types.Package]map[string]*Summary
	// assigned maps composite literal positions to variable names,
	// built on first use.
	assigned map[token.Pos]string
	names    map[*ssa.Function]string // funcName memo
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	c := &checker{
		pass:   pass,
		pkg:    pass.Pkg,
		allocs: make(map[*ssa.Alloc]string),
		funcs:  make(map[*ssa.Function]*funcInfo),
		facts:  make(map[*types.Package]map[string]*Summary),
		names:  make(map[*ssa.Function]string),
	}
	funcs := ssainfo.SrcFuncs

	// Summaries, exported for callers in other packages.
	var sums Summaries
	for _, fn := range funcs {
		fi := c.info(fn)
		if fi == nil || fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg || fi.sum.empty() {
			continue
		}
		sums.Funcs = append(sums.Funcs, FuncSummary{obj.FullName(), *exportable(fi.sum)})
	}
	if len(sums.Funcs) > 0 {
		slices.SortFunc(sums.Funcs, func(x, y FuncSummary) int { return strings.Compare(x.Name, y.Name) })
		pass.ExportPackageFact(&sums)
	}

	spawns := c.spawns(funcs)
	entries := c.entries(funcs, spawns)

	r := &reporter{fset: pass.Fset, seen: make(map[[2]int]bool)}
	checkEntries(entries, r.add)
	c.checkSpawns(spawns, r.add)
	r.flush(pass)

	if g := pass.Analyzer.Flags.Lookup("guards"); g != nil && g.Value.String() == "true" {
		c.reportGuards(entries)
	}
	return nil, nil
}

// exportable strips a summary of what is meaningless in another package,
// and of accesses to this package's own package-level variables: those
// are this package's business (it checks them against its own entry
// points), and in practice they are registries written at init or
// published through atomics, which other packages' checks would only
// misreport.
func exportable(s *Summary) *Summary {
	out := &Summary{Acquire: s.Acquire, Release: s.Release}
	for _, a := range s.Accesses {
		if len(out.Accesses) == maxFactAcc {
			break
		}
		if strings.HasPrefix(a.Path, "g:") {
			continue
		}
		a.Pos = 0
		out.Accesses = append(out.Accesses, a)
	}
	return out
}

// extractDoc returns the "# Analyzer lockset" section of the package
// documentation, as the x/tools passes do.
func extractDoc(content string) string {
	const header = "// # Analyzer lockset\n"
	_, after, ok := strings.Cut(content, header)
	if !ok {
		panic("lockset: doc.go lacks " + header)
	}
	var lines []string
	for line := range strings.SplitSeq(after, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
