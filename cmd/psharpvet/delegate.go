// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file runs a standalone psharpvet through go vet -vettool, so that
// each package is analysed in a process of its own with the facts of its
// dependencies from the build cache: a go/analysis checker that loads
// every package into one process holds the syntax, types and SSA of the
// whole dependency graph at once (10 GB on a large actor module), where a
// go vet unit holds one package's. The units write JSON; this process
// decodes it and prints what the in-process checker prints: the text,
// the summary, -json, the SARIF log, and the same exit codes.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// inProcessEnv keeps a standalone run in one process when it is "1": the
// in-process checker loads every package with go/packages and analyses
// them together, as before go vet did the work.
const inProcessEnv = "PSHARPVET_INPROCESS"

// unitEventsEnv names, in the environment of a delegated run's go vet,
// the file to which each unit appends its event lines (see emitEvents),
// for the parent's progress line. The go command shows a unit's output
// only when the unit is done, and discards that of a dependency.
const unitEventsEnv = "PSHARPVET_UNIT_EVENTS"

// A delegation is a standalone run to be made by go vet -vettool.
type delegation struct {
	goCmd      string   // the go command
	exe        string   // this program, the vet tool
	args       []string // the command line, for the progress line's choice of analyzers
	vetFlags   []string // the flags go vet passes on to the units, and its -tags
	buildFlags []string // the flags of go list: -tags
	patterns   []string
	json       bool // -json: print the JSON, not the text
	fix        bool // -fix: go vet applies the fixes
}

// A cmdFlag is a flag on the command line, before the packages.
type cmdFlag struct {
	name     string
	value    string
	hasValue bool
	raw      []string // its arguments: "-c=3", or "-c" and "3"
}

// planDelegation returns the delegation of a standalone run of exe with
// args, or why it cannot be delegated: reason is a phrase for the line
// that says so, or "" for a run that goes to the in-process checker
// silently (inProcessEnv, -help, no packages). A flag error is found here
// and printed: code is then the exit code the run ends with, and
// otherwise -1.
func planDelegation(exe string, args []string) (d *delegation, reason string, code int) {
	if os.Getenv(inProcessEnv) == "1" || slices.ContainsFunc(args, isHelp) {
		return nil, "", -1
	}
	if driver := os.Getenv("GOPACKAGESDRIVER"); driver != "" && driver != "off" {
		return nil, "GOPACKAGESDRIVER loads the packages, not the go command", -1
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, "no go command to run go vet", -1
	}
	isBool, err := toolFlags(exe)
	if err != nil {
		return nil, err.Error(), -1
	}
	flags, patterns := splitArgs(args, isBool)
	if len(patterns) == 0 {
		return nil, "", -1 // the checker prints its usage
	}
	if code := checkFlags(exe, flags); code != 0 {
		return nil, "", code
	}
	d = &delegation{goCmd: goCmd, exe: exe, args: args, patterns: patterns}
	for _, f := range flags {
		on := true // a boolean flag's value, checked by checkFlags
		if f.hasValue {
			on, _ = strconv.ParseBool(f.value)
		}
		switch f.name {
		case "json":
			d.json = on
		case "fix":
			d.fix = on
			d.vetFlags = append(d.vetFlags, f.normalized())
		case "c":
			if f.value != "-1" {
				return nil, "-c shows source lines, which go vet's JSON does not carry", -1
			}
		case "test":
			if !on {
				return nil, "-test=false: go vet always analyses the tests", -1
			}
		case "tags":
			d.vetFlags = append(d.vetFlags, f.normalized())
			d.buildFlags = append(d.buildFlags, f.normalized())
		case "all", "source", "v":
			// go vet's legacy flags, which the checker accepts and ignores.
		default:
			if inProcessOnly(f.name) {
				return nil, "-" + f.name + " is a flag of the in-process checker", -1
			}
			d.vetFlags = append(d.vetFlags, f.normalized())
		}
	}
	return d, "", -1
}

// inProcessOnly reports whether the checker's flag name is one that go
// vet does not know (it is not in -flags): a flag of the in-process
// checker, which takes a value.
func inProcessOnly(name string) bool {
	switch name {
	case "debug", "cpuprofile", "memprofile", "trace":
		return true
	}
	return false
}

// normalized returns f as one argument, -name or -name=value.
func (f cmdFlag) normalized() string {
	if !f.hasValue {
		return "-" + f.name
	}
	return "-" + f.name + "=" + f.value
}

// toolFlags returns the flags of exe, from its -flags output, as go vet
// learns them: whether each is boolean, by name.
func toolFlags(exe string) (map[string]bool, error) {
	out, err := exec.Command(exe, "-flags").Output()
	if err != nil {
		return nil, fmt.Errorf("%s -flags: %v", progName(), err)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal(out, &flags); err != nil {
		return nil, fmt.Errorf("%s -flags: %v", progName(), err)
	}
	isBool := make(map[string]bool)
	for _, f := range flags {
		isBool[f.Name] = f.Bool
	}
	return isBool, nil
}

// splitArgs splits args into flags and packages, as the flag package
// would: a flag that is not boolean takes the next argument as its value
// when it has no "=value".
func splitArgs(args []string, isBool map[string]bool) (flags []cmdFlag, patterns []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return flags, args[i+1:]
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			return flags, args[i:]
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		f := cmdFlag{name: name, value: value, hasValue: hasValue, raw: []string{arg}}
		boolean, known := isBool[name]
		if inProcessOnly(name) {
			boolean, known = false, true
		}
		if known && !boolean && !hasValue && i+1 < len(args) {
			i++
			f.value, f.hasValue = args[i], true
			f.raw = append(f.raw, args[i])
		}
		flags = append(flags, f)
	}
	return flags, nil
}

// checkFlags parses flags as the checker does, in a process that stops
// there (-flags), and returns its exit code: 0 if they parse, otherwise 2
// after it has printed the error, the code a flag error has standalone.
// go vet would pass a malformed value on, and each unit would reject it.
func checkFlags(exe string, flags []cmdFlag) int {
	var args []string
	for _, f := range flags {
		args = append(args, f.raw...)
	}
	cmd := exec.Command(exe, append(args, "-flags")...)
	cmd.Args[0] = os.Args[0] // the name the messages give the program
	cmd.Stderr = os.Stderr
	err := cmd.Run()
	if err == nil {
		return 0
	}
	if code := cmd.ProcessState.ExitCode(); code > 0 {
		return code
	}
	fmt.Fprintf(os.Stderr, "%s: %v\n", progName(), err)
	return 1
}

// run runs go vet -vettool and prints its results as the in-process
// checker would, and writes them to sarifFile as a SARIF log if it is not
// "". It returns the exit code of the standalone run.
func (d *delegation) run(sarifFile string, analyzers []*analysis.Analyzer, consequent *regexp.Regexp) int {
	prog := progName()
	vetArgs := append([]string{"vet", "-vettool=" + d.exe}, d.vetFlags...)
	if !d.fix {
		vetArgs = append(vetArgs, "-json")
	}
	cmd := exec.Command(d.goCmd, append(vetArgs, d.patterns...)...)
	cmd.Env = os.Environ()

	p := newProgress(os.Stderr, showProgress(os.Getenv(progressEnv), os.Stderr), analyzers, d.args)
	stopWatching := func() {}
	if p != nil {
		var file string
		stopWatching, file = watchUnitEvents(p)
		if file != "" {
			cmd.Env = append(cmd.Env, unitEventsEnv+"="+file)
		}
	}

	// The text lists packages in the order the in-process checker
	// does, which go list knows; it runs while go vet does.
	order := make(chan []string, 1)
	if !d.json && !d.fix {
		go func() { order <- packageOrder(d.goCmd, d.buildFlags, d.patterns) }()
	} else {
		order <- nil
	}

	var stdout bytes.Buffer
	var out io.Writer = &stdout
	if d.fix {
		out = os.Stdout // -diff prints the patch
	}
	// go vet heads the output of each package with "# path", which the
	// in-process checker does not print.
	filter := regexp.MustCompile(`^# |` + consequent.String())
	code, _ := runFiltered(cmd, out, filter, p)
	stopWatching()
	p.clear() // drawn again, perhaps, from the last events read
	pkgOrder := <-order
	if d.fix || code == 2 {
		return min(code, 2) // 0 applied, 1 an error, 2 a flag go vet rejects
	}
	jsonCode := min(code, 1) // 1 if a package did not load or type-check

	tree, err := mergeUnitJSON(stdout.Bytes())
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		return 1
	}
	if tree == nil {
		// Nothing ran: a pattern that does not load. An empty log
		// would say that the code is clean.
		if sarifFile != "" && jsonCode == 0 {
			fmt.Fprintf(os.Stderr, "%s: no results: %s not written\n", prog, sarifFile)
		}
		return max(jsonCode, 1)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		return 1
	}
	data = append(data, '\n')
	res, err := decodeCheckerJSON(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		return 1
	}
	exit := res.exitCode(jsonCode)
	if d.json {
		os.Stdout.Write(data)
		exit = jsonCode // the reports are in the JSON
	} else if err := writeCheckerText(os.Stderr, tree, analyzerOrder(analyzers), pkgOrder, consequent); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		exit = 1
	} else {
		os.Stderr.WriteString(res.summary().line(prog))
	}
	if sarifFile != "" {
		if err := res.writeSARIF(sarifFile, analyzers, jsonCode, consequent); err != nil {
			fmt.Fprintf(os.Stderr, "%s: -sarif: %v\n", prog, err)
			return 1
		}
	}
	return exit
}

// A unitTree is the JSON of go/analysis checkers: by package ID, by
// analyzer name, a list of diagnostics or {"error": "..."}.
type unitTree map[string]map[string]json.RawMessage

// mergeUnitJSON merges the JSON objects that go vet's units print, one per
// package, into one tree, or returns nil if there are none.
func mergeUnitJSON(data []byte) (unitTree, error) {
	var tree unitTree
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var unit unitTree
		if err := dec.Decode(&unit); err != nil {
			return nil, fmt.Errorf("decoding go vet's JSON output: %v", err)
		}
		if tree == nil {
			tree = make(unitTree)
		}
		for pkg, byAnalyzer := range unit {
			if tree[pkg] == nil {
				tree[pkg] = make(map[string]json.RawMessage)
			}
			for a, v := range byAnalyzer {
				tree[pkg][a] = v
			}
		}
	}
	return tree, nil
}

// analyzerOrder returns the names of analyzers in the order the
// in-process checker prints their reports: the order they are listed in.
func analyzerOrder(analyzers []*analysis.Analyzer) []string {
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	return names
}

// packageOrder returns the IDs of the packages that patterns match and
// of their test variants, p [p.test] and p_test [p.test], in the order go
// list -deps lists them, which is the order of the packages the
// in-process checker loads: dependencies first, the test variants after
// them. It returns nil if go list fails, and the caller then orders
// packages by path.
func packageOrder(goCmd string, buildFlags, patterns []string) []string {
	args := append([]string{"list", "-e", "-deps", "-test", "-pgo=off", "-buildvcs=false",
		"-f", "{{if not .DepOnly}}{{.ImportPath}}{{end}}"}, buildFlags...)
	out, err := exec.Command(goCmd, append(append(args, "--"), patterns...)...).Output()
	if err != nil {
		return nil
	}
	var ids []string
	for line := range strings.Lines(string(out)) {
		if id := strings.TrimSpace(line); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// A slotted diagnostic is a diagnostic with the place of its package in
// the in-process checker's order.
type slotted struct {
	slot int
	jsonDiagnostic
}

// writeCheckerText prints tree, go vet's JSON, as the in-process checker's
// text output does: first the errors of analyzers that failed (less the
// consequent ones, see consequentErrorLine), then the diagnostics by
// analyzer, in the order of analyzers, then by package, in the order of
// pkgOrder (see packageOrder; the packages it lacks after, by path), each
// in the order the analyzer reported it; a diagnostic at the same place
// with the same message from the same analyzer once.
//
// go vet analyses a package with its test files once, as p, where the
// in-process checker analyses p, and p [p.test] after its dependencies,
// and prints a report of both once, under p: a report of go vet's p with
// a position in a test file goes where p [p.test] is, the others where p
// is.
func writeCheckerText(w io.Writer, tree unitTree, analyzers, pkgOrder []string, consequent *regexp.Regexp) error {
	slots := make(map[string]int) // by package ID in pkgOrder
	for i, id := range pkgOrder {
		if _, ok := slots[id]; !ok {
			slots[id] = i
		}
		if _, ok := slots[packagePath(id)]; !ok {
			slots[packagePath(id)] = i // p_test for p_test [p.test]
		}
	}
	slotOf := func(pkg string, d jsonDiagnostic) int {
		slot, ok := slots[pkg]
		if !ok {
			slot = len(pkgOrder) + slices.Index(sortedKeys(tree), pkg)
		}
		if testSlot, ok := slots[pkg+" ["+pkg+".test]"]; ok && inTestFile(d) {
			slot = testSlot
		}
		return slot
	}
	names := slices.Clone(analyzers)
	for _, pkg := range sortedKeys(tree) {
		for _, a := range sortedKeys(tree[pkg]) {
			if !slices.Contains(names, a) {
				names = append(names, a)
			}
		}
	}

	var errs, diags bytes.Buffer
	type key struct{ analyzer, posn, end, message string }
	seen := make(map[key]bool)
	for _, a := range names {
		var list []slotted
		for _, pkg := range sortedKeys(tree) {
			raw, ok := tree[pkg][a]
			if !ok {
				continue
			}
			ds, failed, err := decodeAnalyzerJSON(raw, a, pkg)
			if err != nil {
				return err
			}
			if failed != "" {
				if line := a + ": " + failed; !consequent.MatchString(line) {
					errs.WriteString(line + "\n")
				}
				continue
			}
			for _, d := range ds {
				list = append(list, slotted{slotOf(pkg, d), d})
			}
		}
		// Stable: in a package, the order the analyzer reported.
		slices.SortStableFunc(list, func(x, y slotted) int { return x.slot - y.slot })
		for _, d := range list {
			k := key{a, d.Posn, d.End, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			writeDiagnostic(&diags, d.jsonDiagnostic)
		}
	}
	_, err := w.Write(append(errs.Bytes(), diags.Bytes()...))
	return err
}

// inTestFile reports whether d or one of its related locations is in a
// test file: a report that the in-process checker finds in p [p.test],
// not in p.
func inTestFile(d jsonDiagnostic) bool {
	if strings.HasSuffix(parsePosition(d.Posn).file, "_test.go") {
		return true
	}
	return slices.ContainsFunc(d.Related, func(r jsonRelated) bool {
		return strings.HasSuffix(parsePosition(r.Posn).file, "_test.go")
	})
}

// watchUnitEvents creates the file that a delegated run's units append
// their event lines to, and reads it every progressInterval, recording
// in p each analyzer that has run on a package. It returns the file's
// name ("" if it cannot be created: the line then stays at 0) and a
// function that stops reading and removes the file.
func watchUnitEvents(p *progress) (stop func(), name string) {
	f, err := os.CreateTemp("", "psharpvet-events-")
	if err != nil {
		return func() {}, ""
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		r := bufio.NewReader(f)
		var partial string // a line not yet written whole
		tick := time.NewTicker(progressInterval)
		defer tick.Stop()
		for {
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					partial += line
					break
				}
				if ev, ok := parseEvent(strings.TrimSuffix(partial+line, "\n")); ok && ev.kind == eventRan {
					p.hasRun(ev.analyzer, ev.pkg)
				}
				partial = ""
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		f.Close()
		os.Remove(f.Name())
	}, f.Name()
}

// appendUnitEvents makes the analyzers of this process, a go vet unit of
// a delegated run, append their event lines to the file that the
// environment names (unitEventsEnv), if it does.
func appendUnitEvents(analyzers []*analysis.Analyzer) {
	name := os.Getenv(unitEventsEnv)
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return // the progress line is not worth failing the unit for
	}
	emitEvents(analyzers, f)
}
