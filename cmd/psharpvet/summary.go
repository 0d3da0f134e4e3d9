// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file makes the line a standalone run ends with when it has
// printed reports: "psharpvet: 5 reports (lockset 3, ownership 2) in 2
// packages".

import (
	"fmt"
	"slices"
	"strings"
)

// A summary counts reports by analyzer, and the packages they are in.
type summary struct {
	byAnalyzer map[string]int
	packages   map[string]bool // by path: p and p [p.test] are one
}

// newSummary returns an empty summary.
func newSummary() *summary {
	return &summary{byAnalyzer: make(map[string]int), packages: make(map[string]bool)}
}

// add counts a report of analyzer in the package of path pkgPath.
func (s *summary) add(analyzer, pkgPath string) {
	s.byAnalyzer[analyzer]++
	s.packages[pkgPath] = true
}

// line returns the summary line, "prog: N reports (analyzer n, ...) in M
// packages" with the analyzers in the order of their names, or "" if
// there are no reports.
func (s *summary) line(prog string) string {
	total := 0
	var parts []string
	for _, a := range sortedKeys(s.byAnalyzer) {
		total += s.byAnalyzer[a]
		parts = append(parts, fmt.Sprintf("%s %d", a, s.byAnalyzer[a]))
	}
	if total == 0 {
		return ""
	}
	return fmt.Sprintf("%s: %s (%s) in %s\n", prog, plural(total, "report"), strings.Join(parts, ", "), plural(len(s.packages), "package"))
}

// plural returns "1 word" or "n words".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// A tally counts the reports that the checker prints as text, from the
// lines it prints and the events of its analyzers (see emitEvents). An
// analyzer reports on every package it runs on, the named ones and their
// dependencies, and a file in two packages (p and p [p.test]) twice; the
// checker prints the reports on the named packages once each. A tally
// counts the lines printed, and takes the analyzer of each from the
// events of the same line.
type tally struct {
	reporters map[string][]string // by report line, the analyzers that reported it, sorted
	paths     map[string]string   // by report line, its package's path
	printed   map[string]int      // by report line, the times it was printed
	summary   *summary
}

// newTally returns an empty tally.
func newTally() *tally {
	return &tally{
		reporters: make(map[string][]string),
		paths:     make(map[string]string),
		printed:   make(map[string]int),
		summary:   newSummary(),
	}
}

// reported records an eventReport.
func (t *tally) reported(ev event) {
	as := t.reporters[ev.text]
	if i, found := slices.BinarySearch(as, ev.analyzer); !found {
		t.reporters[ev.text] = slices.Insert(as, i, ev.analyzer)
	}
	t.paths[ev.text] = ev.path
}

// sawLine counts line, a line the checker printed, without its newline,
// if it is the first line of a report. The checker prints a line twice
// when two analyzers report the same message at the same place (or one
// does, with two ends): the first is counted for the first analyzer by
// name, the second for the second, and so on.
func (t *tally) sawLine(line string) {
	as := t.reporters[line]
	if len(as) == 0 {
		return
	}
	n := t.printed[line]
	t.printed[line]++
	t.summary.add(as[n%len(as)], t.paths[line])
}
