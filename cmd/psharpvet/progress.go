// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file shows, during a standalone run on a terminal, how many
// packages have been analysed so far: one line on the standard error,
// rewritten in place and cleared before anything else is printed.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// progressEnv overrides the choice of showing the progress line, which
// is shown when the standard error is a terminal: "1" shows it anywhere,
// "0" never. It is for tests, which run without a terminal, and for a
// terminal that does not understand a carriage return.
const progressEnv = "PSHARPVET_PROGRESS"

// progressInterval is the shortest time between two redraws of the line.
const progressInterval = 100 * time.Millisecond

// showProgress reports whether a standalone run shows its progress on
// f, its standard error, given the value of progressEnv: on a terminal,
// by default. A terminal is a character device; so is /dev/null, on
// which the line is lost harmlessly.
func showProgress(env string, f *os.File) bool {
	switch env {
	case "1":
		return true
	case "0":
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// A progress is the progress line of a run. A package counts as analysed
// once every analysis that computes facts has run on it: those run on
// every package the named ones import, and the reporting analyses after
// them on the named packages alone. Its methods may be called
// concurrently, by runFiltered's copies of the child's standard output
// and error; a nil *progress shows nothing.
type progress struct {
	w     io.Writer
	facts map[string]bool            // the analyzers that compute facts, by name
	ran   map[string]map[string]bool // by package, the analyzers in facts that have run on it

	mu       sync.Mutex
	packages int       // analysed
	shown    int       // the length of the line on the terminal, 0 if none
	drawn    time.Time // when it was last drawn
}

// newProgress returns the progress line, on w, of a run with args of the
// analyzers, or nil if show is false.
func newProgress(w io.Writer, show bool, analyzers []*analysis.Analyzer, args []string) *progress {
	if !show {
		return nil
	}
	p := &progress{w: w, facts: make(map[string]bool), ran: make(map[string]map[string]bool)}
	var selected []*analysis.Analyzer
	for _, a := range analyzers {
		if runs(a, analyzers, args) {
			selected = append(selected, a)
		}
	}
	for _, a := range withRequired(selected) {
		if len(a.FactTypes) > 0 {
			p.facts[a.Name] = true
		}
	}
	return p
}

// hasRun records that analyzer has run on pkg, and redraws the line if
// that completes pkg and the line was not drawn in the last
// progressInterval.
func (p *progress) hasRun(analyzer, pkg string) {
	if p == nil || !p.facts[analyzer] {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	done := p.ran[pkg]
	if done == nil {
		done = make(map[string]bool)
		p.ran[pkg] = done
	}
	if done[analyzer] {
		return
	}
	done[analyzer] = true
	if len(done) < len(p.facts) {
		return
	}
	delete(p.ran, pkg) // counted
	p.packages++
	if now := time.Now(); now.Sub(p.drawn) >= progressInterval {
		p.drawn = now
		p.clearLocked()
		line := fmt.Sprintf("%s: %s analysed", progName(), plural(p.packages, "package"))
		io.WriteString(p.w, line)
		p.shown = len(line)
	}
}

// clear erases the line, if it is shown, so that what is printed next
// starts a line of its own.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

// print writes s to w, which shares the terminal with the line, after
// clearing the line.
func (p *progress) print(w io.Writer, s string) {
	if p == nil {
		io.WriteString(w, s)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	io.WriteString(w, s)
}

func (p *progress) clearLocked() {
	if p.shown > 0 {
		io.WriteString(p.w, "\r"+strings.Repeat(" ", p.shown)+"\r")
		p.shown = 0
	}
}

// A clearingWriter clears the progress line before each write to w,
// which shares the terminal with it.
type clearingWriter struct {
	p *progress
	w io.Writer
}

// Write clears the progress line and writes b to cw.w.
func (cw clearingWriter) Write(b []byte) (int, error) {
	cw.p.mu.Lock()
	defer cw.p.mu.Unlock()
	cw.p.clearLocked()
	return cw.w.Write(b)
}
