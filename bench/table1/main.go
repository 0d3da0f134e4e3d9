// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command table1 prints the Go counterpart of Table 1 of the P# paper
// (PLDI'15) for the benchmarks under bench/psharp: for each benchmark its
// size, machines and handlers, the analysis time, the reports on the
// race-free variant with the cross-state analysis off and on, in the
// default and the -strict reading, whether it is verified (no report
// under -strict), and whether every `// race:` line of the racy variant
// is reported.
//
// Run it from the repository's root:
//
//	go run ./bench/table1 [-check] [-known file.go:line,...]
//
// With -check it exits 1 if a `// race:` line of a racy variant is not
// reported, unless -known lists it (a miss already recorded in
// bench/RESULTS.md); a known miss that is now reported is printed, so that
// the list shrinks. CI runs it so: a rule that loses a racy line fails.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

var (
	check = flag.Bool("check", false, "exit 1 if a racy line is not reported")
	known = flag.String("known", "", "comma-separated racy lines (file.go:line) -check tolerates as known misses")
)

// A diagnostic is one report of psharpvet -json.
type diagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn string `json:"posn"`
	} `json:"related"`
}

// readings are the four configurations of the race-free variants.
var readings = []struct {
	name  string
	flags []string
}{
	{"default, xsa off", []string{"-xsa=false"}},
	{"default, xsa on", nil},
	{"strict, xsa off", []string{"-strict", "-xsa=false"}},
	{"strict, xsa on", []string{"-strict"}},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("table1: ")
	flag.Parse()
	root := filepath.Join("bench", "psharp")
	bin, err := buildTool()
	if err != nil {
		log.Fatal(err)
	}
	names, err := benchmarks(root)
	if err != nil {
		log.Fatal(err)
	}
	// One run per reading over every package: dependencies are analysed
	// once per run, not once per benchmark.
	reports := make([]map[string][]diagnostic, len(readings))
	for i, r := range readings {
		if reports[i], err = analyse(bin, root, append(r.flags, "./...")); err != nil {
			log.Fatal(err)
		}
	}
	var b strings.Builder
	fmt.Fprintln(&b, "| Benchmark | LoC | #M | #H | Time (s) | xsa off | xsa on | strict, xsa off | strict, xsa on | Verified? | Racy: found all? | Racy: other reports |")
	fmt.Fprintln(&b, "|---|---:|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|---:|")
	verified := 0
	var knownMisses, allMissed, unexpected []string
	if *known != "" {
		knownMisses = strings.Split(*known, ",")
	}
	for _, name := range names {
		free := filepath.Join(root, name, "racefree")
		loc, machines, handlers, err := measure(free)
		if err != nil {
			log.Fatal(err)
		}
		start := time.Now()
		if _, err := analyse(bin, root, []string{"./" + name + "/racefree"}); err != nil {
			log.Fatal(err)
		}
		elapsed := time.Since(start).Seconds()
		counts := make([]int, len(readings))
		for i := range readings {
			counts[i] = count(reports[i], free)
		}
		ok := counts[3] == 0
		if ok {
			verified++
		}
		found, missed, other, err := racy(reports[1], filepath.Join(root, name, "racy"))
		if err != nil {
			log.Fatal(err)
		}
		for _, m := range missed {
			if !slices.Contains(knownMisses, m) {
				unexpected = append(unexpected, m)
			}
		}
		allMissed = append(allMissed, missed...)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f | %d | %d | %d | %d | %s | %s | %d |\n",
			name, loc, machines, handlers, elapsed, counts[0], counts[1], counts[2], counts[3], mark(ok), found, other)
	}
	fmt.Fprintf(&b, "\nVerified (no report under -strict, xsa on): %d of %d.\n", verified, len(names))
	fmt.Print(b.String())
	for _, k := range knownMisses {
		if !slices.Contains(allMissed, k) {
			log.Printf("%s is reported now: remove it from -known", k)
		}
	}
	if *check && len(unexpected) > 0 {
		log.Fatalf("racy lines not reported: %s", strings.Join(unexpected, ", "))
	}
}

func mark(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

// buildTool builds psharpvet into a temporary directory.
func buildTool() (string, error) {
	dir, err := os.MkdirTemp("", "table1")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "psharpvet")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/psharpvet").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building psharpvet: %v\n%s", err, out)
	}
	return bin, nil
}

// benchmarks returns the benchmarks under root: the directories with a
// racefree variant, by name.
func benchmarks(root string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(root, e.Name(), "racefree")); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// analyse runs psharpvet -json with args in dir and returns the reports
// by file.
func analyse(bin, dir string, args []string) (map[string][]diagnostic, error) {
	cmd := exec.Command(bin, append([]string{"-json"}, args...)...)
	cmd.Dir = dir
	// In one process, as the Time column has always been measured: a
	// standalone run through go vet would take the reports of a package
	// analysed before from go vet's cache.
	cmd.Env = append(os.Environ(), "PSHARPVET_INPROCESS=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, err
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, fmt.Errorf("psharpvet %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	// A package and its test variant report the same diagnostics.
	seen := make(map[string]bool)
	byFile := make(map[string][]diagnostic)
	for _, analyzers := range tree {
		for _, raw := range analyzers {
			var ds []diagnostic
			if json.Unmarshal(raw, &ds) != nil {
				return nil, fmt.Errorf("psharpvet %s: %s", strings.Join(args, " "), raw)
			}
			for _, d := range ds {
				key := d.Posn + " " + d.Message
				if seen[key] {
					continue
				}
				seen[key] = true
				file, _, _ := strings.Cut(d.Posn, ":")
				byFile[file] = append(byFile[file], d)
			}
		}
	}
	return byFile, nil
}

// count returns the number of reports in the files of dir.
func count(reports map[string][]diagnostic, dir string) int {
	abs, _ := filepath.Abs(dir)
	n := 0
	for file, ds := range reports {
		if filepath.Dir(file) == abs {
			n += len(ds)
		}
	}
	return n
}

// racy returns whether every `// race:` line of the racy variant in dir
// is reported (on the report's line or one of its related lines), the
// lines that are not (file.go:line), and how many reports are about other
// lines.
func racy(reports map[string][]diagnostic, dir string) (found string, missed []string, other int, err error) {
	abs, _ := filepath.Abs(dir)
	files, err := filepath.Glob(filepath.Join(abs, "*.go"))
	if err != nil {
		return "", nil, 0, err
	}
	type line struct {
		file string
		n    int
	}
	var races []line
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return "", nil, 0, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			if strings.Contains(sc.Text(), "// race:") {
				races = append(races, line{f, n})
			}
		}
	}
	if len(races) == 0 {
		return "-", nil, 0, nil
	}
	at := func(posn string) line {
		parts := strings.Split(posn, ":")
		if len(parts) < 2 {
			return line{}
		}
		n := 0
		fmt.Sscan(parts[1], &n)
		return line{parts[0], n}
	}
	hit := make(map[line]bool)
	for file, ds := range reports {
		if filepath.Dir(file) != abs {
			continue
		}
		for _, d := range ds {
			lines := []line{at(d.Posn)}
			for _, r := range d.Related {
				lines = append(lines, at(r.Posn))
			}
			any := false
			for _, l := range lines {
				if slices.Contains(races, l) {
					hit[l] = true
					any = true
				}
			}
			if !any {
				other++
			}
		}
	}
	for _, r := range races {
		if !hit[r] {
			missed = append(missed, fmt.Sprintf("%s:%d", filepath.Base(r.file), r.n))
		}
	}
	if len(missed) > 0 {
		sort.Strings(missed)
		return "✗ missed " + strings.Join(missed, ", "), missed, other, nil
	}
	return "✓", nil, other, nil
}

// measure returns the non-blank, non-comment lines of the package in dir
// (tests excluded), its machines and its handlers. A machine is a named
// type with a method that handles messages: a framework handler
// (Receive, or a method value passed to Become), a method started with
// go, or an event loop (a loop around a select or a type switch). Its
// handlers are the cases of the type switches and select
// statements in its methods: the messages it handles.
func measure(dir string) (loc, machines, handlers int, err error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return 0, 0, 0, err
	}
	methods := make(map[string][]*ast.FuncDecl)
	started := make(map[string]bool) // method names started with go, or installed by Become
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return 0, 0, 0, err
		}
		n, err := codeLines(name)
		if err != nil {
			return 0, 0, 0, err
		}
		loc += n
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
				methods[recvName(fd.Recv.List[0].Type)] = append(methods[recvName(fd.Recv.List[0].Type)], fd)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				if sel, ok := n.Call.Fun.(*ast.SelectorExpr); ok {
					started[sel.Sel.Name] = true
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Become") && len(n.Args) == 1 {
					if arg, ok := n.Args[0].(*ast.SelectorExpr); ok {
						started[arg.Sel.Name] = true
					}
				}
			}
			return true
		})
	}
	for _, ms := range methods {
		isMachine := slices.ContainsFunc(ms, func(fd *ast.FuncDecl) bool {
			return fd.Name.Name == "Receive" || started[fd.Name.Name] || eventLoop(fd)
		})
		if !isMachine {
			continue
		}
		machines++
		for _, fd := range ms {
			ast.Inspect(fd, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.TypeSwitchStmt:
					handlers += len(n.Body.List)
				case *ast.SelectStmt:
					handlers += len(n.Body.List)
				}
				return true
			})
		}
	}
	return loc, machines, handlers, nil
}

// eventLoop reports whether a method is a machine's event loop: a loop
// around a select statement or a type switch on the events it receives.
func eventLoop(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		default:
			return !found
		}
		ast.Inspect(body, func(m ast.Node) bool {
			switch m.(type) {
			case *ast.SelectStmt, *ast.TypeSwitchStmt:
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// recvName returns the name of a receiver's type.
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// codeLines counts the lines of a file that hold code: not blank, not
// only a comment.
func codeLines(file string) (int, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	n, inBlock := 0, false
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case inBlock:
			if strings.Contains(l, "*/") {
				inBlock = false
			}
		case l == "", strings.HasPrefix(l, "//"):
		case strings.HasPrefix(l, "/*"):
			inBlock = !strings.Contains(l, "*/")
		default:
			n++
		}
	}
	return n, nil
}
