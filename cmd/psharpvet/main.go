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
// Standalone, it runs the packages through go vet -vettool=itself, so
// that each is analysed in a process of its own with its dependencies'
// facts from the build cache, and prints their reports as a go/analysis
// checker does; PSHARPVET_INPROCESS=1 analyses them all in one process
// instead (see delegate.go). -sarif FILE also writes the reports to FILE in SARIF 2.1.0,
// for GitHub code scanning, and -fix applies the suggested fixes some
// reports carry instead of printing the reports (-fix -diff prints the
// patch); go vet -vettool applies them only with its own -fix (Go 1.26).
// Standalone, it also shows on a terminal how many packages it has
// analysed so far, and ends a run that printed reports with a line that
// counts them by analyzer; -version prints the module's version.
//
// By default it reports only races it has evidence for; -strict selects
// P#'s conservative reading, in which no report is a proof.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/taint"
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
			// -sarif and -version are not in the flag set, which go
			// vet reads through -flags: they apply to standalone runs
			// only.
			fmt.Fprintf(flag.CommandLine.Output(), "  -sarif FILE\n    \t%s\n", sarifUsage)
			fmt.Fprintf(flag.CommandLine.Output(), "  -version\n    \t%s\n", versionUsage)
			fmt.Fprintf(flag.CommandLine.Output(), "Standalone, the packages go through go vet -vettool, one process each; %s=1 analyses them all in one process.\n", inProcessEnv)
			return
		}
		fmt.Fprintf(flag.CommandLine.Output(), "run '%s -help' for the flags\n", prog)
	}
	flag.Var(strictFlag{}, "strict", "P#'s conservative reading for all passes: what the analysis cannot see may race, and silence is a proof")
	analyzers := []*analysis.Analyzer{
		concur.Analyzer, // listed so that its flags are the tool's
		taint.Analyzer,  // likewise (-taint.budget); it reports nothing else
		ownership.Analyzer,
		xsa.Analyzer,
		lockset.Analyzer,
		ignores.Analyzer,
	}
	if isVersionFlag(os.Args[1:]) {
		printVersion(os.Stdout, progName())
		return
	}
	sarifFile, args, err := cutSARIFFlag(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s\n", err)
		flag.Usage()
		os.Exit(2)
	}
	// The ownership pass leaves reports of memory kept in a machine
	// field to xsa, which re-checks them, whenever xsa runs: -xsa=false
	// shows them as P# reports them without its cross-state analysis.
	if runs(xsa.Analyzer, analyzers, args) {
		if err := ownership.Analyzer.Flags.Set("xsa", "true"); err != nil {
			panic(err)
		}
	}
	if sarifFile != "" && !standalone(args) {
		fmt.Fprintf(os.Stderr, "%s: -sarif is for standalone runs (psharpvet -sarif FILE packages), not go vet -vettool\n", filepath.Base(os.Args[0]))
		os.Exit(2)
	}
	if os.Getenv(childEnv) == "" && standalone(args) {
		if exe, err := os.Executable(); err == nil {
			d, reason, code := planDelegation(exe, args)
			switch {
			case code >= 0:
				os.Exit(code) // a flag error, printed
			case d != nil:
				os.Exit(d.run(sarifFile, analyzers, consequentErrorLine(analyzers)))
			case reason != "":
				fmt.Fprintf(os.Stderr, "%s: %s: analysing all packages in one process\n", progName(), reason)
			}
		}
	}
	if sarifFile != "" {
		os.Exit(runSARIF(sarifFile, args, analyzers))
	}
	if os.Getenv(childEnv) == "" && standalone(args) {
		if exe, err := os.Executable(); err == nil {
			p := newProgress(os.Stderr, showProgress(os.Getenv(progressEnv), os.Stderr), analyzers, args)
			code, t := runFiltered(checkerCommand(exe, args), os.Stdout, consequentErrorLine(analyzers), p)
			os.Stderr.WriteString(t.summary.line(progName()))
			os.Exit(code)
		}
	}
	if os.Getenv(childEnv) != "" && standalone(args) {
		emitEvents(analyzers, os.Stderr) // for the parent's progress line and summary
	}
	if factsOnly(args) {
		skipReporting(ownership.Analyzer, xsa.Analyzer, ignores.Analyzer)
		// lockset exports facts, and reports: only its facts are read.
		if err := lockset.Analyzer.Flags.Set("factsonly", "true"); err != nil {
			panic(err)
		}
	}
	if unanalysedUnit(args) {
		skipSSA()
	}
	if _, ok := vetUnit(args); ok {
		appendUnitEvents(analyzers) // for a delegated run's progress line
		deferCollection(unitStartHeap)
		exportCallableOnly(taint.Analyzer, lockset.Analyzer)
	}
	profileUnit(args, analyzers)
	multichecker.Main(analyzers...)
}

// childEnv is set in the environment of the process that runFiltered
// starts, so that it runs the checker instead of starting another.
const childEnv = "PSHARPVET_STDERR_FILTERED"

// standalone reports whether args are a standalone run on packages, not
// one of the go command's invocations of a vet tool: -V=full and -flags,
// its queries, or a unit of work described by a .cfg file.
func standalone(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	return !slices.ContainsFunc(args, func(arg string) bool {
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		return strings.HasPrefix(arg, "-") && (name == "V" || name == "flags")
	})
}

// consequentErrorLine returns a pattern of the lines the standalone
// checker prints for analyzers that did not run because of an error it has
// already printed: a package that does not load or type-check is skipped
// by every analyzer that does not run despite errors ("ctrlflow: analysis
// skipped due to errors in package"), and then every analyzer that
// requires a skipped one fails, with its own line ("ownership: failed
// prerequisites: buildssa@p, ..."). The names are those of analyzers and
// of the x/tools passes they require; a line of any other error, such as
// an analyzer's internal error, does not match.
func consequentErrorLine(analyzers []*analysis.Analyzer) *regexp.Regexp {
	var names []string
	for _, a := range withRequired(analyzers) {
		names = append(names, regexp.QuoteMeta(a.Name))
	}
	return regexp.MustCompile(`^(` + strings.Join(names, "|") + `): (failed prerequisites: .*|analysis skipped due to errors in package)$`)
}

// withRequired returns roots and the analyzers they require, directly or
// not, each once, every analyzer after those it requires.
func withRequired(roots []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range roots {
		visit(a)
	}
	return out
}

// checkerCommand returns the command that runs exe, this program, with
// args as the in-process checker, for runFiltered.
func checkerCommand(exe string, args []string) *exec.Cmd {
	cmd := exec.Command(exe, args...)
	cmd.Args[0] = os.Args[0] // the name the messages give the program
	cmd.Env = append(os.Environ(), childEnv+"=1")
	return cmd
}

// runFiltered runs cmd, the checker (see checkerCommand) or go vet, copies
// its standard output to stdout, and returns its exit code and the tally
// of the reports the checker printed as text. It copies the child's
// standard error line by line, leaving out the lines that match
// consequent, so that a package that does not type-check is reported by
// its errors alone, not by a dozen more lines per package on the
// analyzers it stopped, and the event lines of the checker's analyzers
// (see emitEvents), which it counts in the tally and in p, the progress
// line (nil for none). The filter needs a second process because the
// checker exits as soon as it has printed, before a goroutine of its own
// process could copy the rest.
func runFiltered(cmd *exec.Cmd, stdout io.Writer, consequent *regexp.Regexp, p *progress) (int, *tally) {
	t := newTally()
	cmd.Stdin, cmd.Stdout = os.Stdin, stdout
	if p != nil {
		cmd.Stdout = clearingWriter{p, stdout} // -json, -diff: the terminal may be the same
	}
	stderr, err := cmd.StderrPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progName(), err)
		return 1, t
	}
	// A signal meant to stop psharpvet (from timeout, a CI runner, an
	// interrupt) stops the child too, which does the work.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		for sig := range signals {
			cmd.Process.Signal(sig)
		}
	}()
	lines := bufio.NewReader(stderr)
	for {
		line, err := lines.ReadString('\n')
		text := strings.TrimSuffix(line, "\n")
		if ev, ok := parseEvent(text); ok {
			switch ev.kind {
			case eventRan:
				p.hasRun(ev.analyzer, ev.pkg)
			case eventReport:
				t.reported(ev)
			}
		} else if line != "" && !consequent.MatchString(text) {
			p.print(os.Stderr, line)
			t.sawLine(text)
		}
		if err != nil {
			break
		}
	}
	err = cmd.Wait()
	signal.Stop(signals)
	p.clear()
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code, t
	}
	fmt.Fprintf(os.Stderr, "%s: %v\n", progName(), err) // killed by a signal
	return 1, t
}

// sarifUsage is the help of -sarif.
const sarifUsage = "also write the reports to FILE in SARIF 2.1.0, for GitHub code scanning (standalone only)"

// cutSARIFFlag returns the value of -sarif FILE or -sarif=FILE in args,
// and args without it. The flag is not in the checker's flag set, which
// go vet queries with -flags and then passes on to each unit's run: a
// SARIF file is one log of the whole run, which only the standalone
// command has. It is looked for up to "--", anywhere before it, as the
// flag package would not: "psharpvet ./... -sarif out.sarif" is meant.
func cutSARIFFlag(args []string) (file string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(arg, "=")
		if name != "-sarif" && name != "--sarif" {
			rest = append(rest, arg)
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return "", nil, fmt.Errorf("flag needs an argument: -sarif")
			}
			i++
			value = args[i]
		}
		if value == "" {
			return "", nil, fmt.Errorf("invalid value \"\" for flag -sarif: no file name")
		}
		file = value
	}
	return file, rest, nil
}

// runSARIF runs the checker on args, as runFiltered does, and writes its
// reports to the file named sarifFile as a SARIF log. It prints them as
// text, or as JSON if args have -json, and returns the exit code the run
// would have without -sarif. The child prints JSON, from which both
// outputs are made, so that the analysis runs once.
func runSARIF(sarifFile string, args []string, analyzers []*analysis.Analyzer) int {
	prog := filepath.Base(os.Args[0])
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		return 1
	}
	consequent := consequentErrorLine(analyzers)
	var stdout bytes.Buffer
	p := newProgress(os.Stderr, showProgress(os.Getenv(progressEnv), os.Stderr), analyzers, args)
	jsonCode, _ := runFiltered(checkerCommand(exe, append([]string{"-json"}, args...)), &stdout, consequent, p)
	userJSON := boolFlag(args, "json")
	if userJSON {
		os.Stdout.Write(stdout.Bytes())
	}
	if bytes.TrimSpace(stdout.Bytes()) == nil {
		// A flag error, -help, a pattern that does not load, or -fix:
		// there are no results, and an empty log would say that the
		// code is clean.
		if jsonCode == 0 && !slices.ContainsFunc(args, isHelp) {
			fmt.Fprintf(os.Stderr, "%s: no results: %s not written\n", prog, sarifFile)
		}
		return jsonCode
	}
	res, err := decodeCheckerJSON(stdout.Bytes())
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		return 1
	}
	code := res.exitCode(jsonCode)
	if userJSON {
		code = jsonCode // with -json, the reports are in the JSON
	} else if err := res.writeText(os.Stderr, consequent); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		code = 1
	} else {
		os.Stderr.WriteString(res.summary().line(prog))
	}
	if err := res.writeSARIF(sarifFile, analyzers, jsonCode, consequent); err != nil {
		fmt.Fprintf(os.Stderr, "%s: -sarif: %v\n", prog, err)
		return 1
	}
	return code
}

// boolFlag reports whether the boolean flag name is set in args, the
// flags before the first package.
func boolFlag(args []string, name string) bool {
	set := false
	for _, arg := range args {
		if arg == "--" || !strings.HasPrefix(arg, "-") {
			break
		}
		n, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if n != name {
			continue
		}
		set = true
		if hasValue {
			set, _ = strconv.ParseBool(value)
		}
	}
	return set
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

// progName returns the name the messages give the program.
func progName() string {
	return filepath.Base(os.Args[0])
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "--h"
}
