// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file is the channel by which the checker process that runFiltered
// starts tells the parent what it does, for the progress line and the
// summary: it writes an event line to its standard error, which the
// parent reads and never prints, each time an analyzer has run on a
// package and each time it reports.

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// eventPrefix starts every event line. The NUL byte keeps it apart from
// anything the checker prints: messages, errors and the lines of source
// that -c=N shows.
const eventPrefix = "\x00psharpvet-event\t"

// The kinds of event.
const (
	// eventRan: an analyzer has run on a package.
	eventRan = "ran"
	// eventReport: an analyzer reported a diagnostic on a package; the
	// text is the first line the checker prints for it if it prints it.
	eventReport = "report"
)

// An event is one event line, decoded.
type event struct {
	kind     string // eventRan or eventReport
	analyzer string // the analyzer's name
	pkg      string // the package, unique in the child process (one per test variant)
	path     string // the package path (the same for p and p [p.test])
	text     string // of an eventReport
}

// emitEvents makes every analyzer in the graph of analyzers, those it
// lists and those they require, write an event line to w after it has
// run on a package, and one for each diagnostic it reports. It wraps each
// analyzer's Run and each pass's Report in place, changing neither the
// diagnostics nor the results: it is called only in the checker process
// of an in-process standalone run, with w its standard error, which
// runFiltered reads, and in a go vet unit of a delegated run, with w the
// file of unitEventsEnv, never on the output of a go vet unit, which the
// go command parses.
//
// An analyzer reports on every package it runs on, but the checker
// prints the reports of the packages named on the command line only,
// once for a file in two packages (p and p [p.test]): the reader counts
// the reports it sees printed, and uses these events to tell which
// analyzer printed them.
func emitEvents(analyzers []*analysis.Analyzer, w io.Writer) {
	for _, a := range withRequired(analyzers) {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			// Unique among the processes of a delegated run too.
			pkg := fmt.Sprintf("%d:%p", os.Getpid(), pass.Pkg)
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				report(d)
				writeEvent(w, event{eventReport, a.Name, pkg, pass.Pkg.Path(), reportLine(pass.Fset.Position(d.Pos).String(), d.Message)})
			}
			defer writeEvent(w, event{eventRan, a.Name, pkg, pass.Pkg.Path(), ""})
			return run(pass)
		}
	}
}

// reportLine returns the first line the checker prints for a diagnostic
// at posn with message: "file:line:col: message" (the message's first
// line if it has several).
func reportLine(posn, message string) string {
	line, _, _ := strings.Cut(posn+": "+message, "\n")
	return line
}

// writeEvent writes ev to w in one write, which an *os.File's lock keeps
// whole among the analyzers running in parallel, and O_APPEND among the
// processes of a delegated run.
func writeEvent(w io.Writer, ev event) {
	io.WriteString(w, eventPrefix+strings.Join([]string{ev.kind, ev.analyzer, ev.pkg, ev.path, ev.text}, "\t")+"\n")
}

// parseEvent decodes line, without its newline, if it is an event line.
func parseEvent(line string) (ev event, ok bool) {
	rest, ok := strings.CutPrefix(line, eventPrefix)
	if !ok {
		return event{}, false
	}
	fields := strings.SplitN(rest, "\t", 5)
	fields = append(fields, make([]string, 5-len(fields))...) // a line cut short by a crash
	return event{fields[0], fields[1], fields[2], fields[3], fields[4]}, true
}
