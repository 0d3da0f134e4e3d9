// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "TestIdioms: rewrite testdata/idioms/KNOWN.md from the run")

// TestIdioms runs the whole suite, standalone, on testdata/idioms, a
// module of programs written for no analyzer in particular: race-free
// idioms under ok/ and realistic bugs under racy/, each marked "// race:"
// on a line of the race. Every mark must be found, on a report's own line
// or one of its related lines, and no report's own line may be in ok/,
// except the known misses and false positives that testdata/idioms/KNOWN.md
// lists. An entry of KNOWN.md that is no longer true fails the test too,
// so that the list stays the suite's state: run with -update to rewrite
// the entries from the run.
func TestIdioms(t *testing.T) {
	bin := build(t)
	dir := module(t, "idioms")
	start := time.Now()
	out, code := run(t, dir, bin, "./...")
	t.Logf("psharpvet ./... on testdata/idioms: %v", time.Since(start).Round(time.Millisecond))
	noStackTrace(t, out)
	if code != 3 {
		t.Fatalf("exit code %d, want 3 (reports)\n%s", code, out)
	}
	reports := parseReports(dir, out)
	if len(reports) == 0 {
		t.Fatalf("exit code 3 but no report found in the output:\n%s", out)
	}
	src := filepath.Join("testdata", "idioms")
	marks, err := raceMarks(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(marks) == 0 {
		t.Fatalf("no // race: mark under %s", src)
	}

	found := make(map[position]bool)
	var fps []position
	for _, r := range reports {
		found[r.pos] = true
		for _, p := range r.related {
			found[p] = true
		}
		if strings.HasPrefix(r.pos.file, "ok/") {
			fps = append(fps, r.pos)
		}
	}
	var got []knownEntry
	for _, m := range marks {
		if !found[m] {
			got = append(got, knownEntry{kind: "miss", pos: m})
		}
	}
	for _, p := range fps {
		got = append(got, knownEntry{kind: "fp", pos: p})
	}
	sortEntries(got)
	got = slices.CompactFunc(got, func(a, b knownEntry) bool { return a.key() == b.key() })

	knownFile := filepath.Join(src, "KNOWN.md")
	preamble, known, err := readKnown(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		reasons := make(map[string]string)
		for _, e := range known {
			reasons[e.key()] = e.reason
		}
		for i, e := range got {
			if r, ok := reasons[e.key()]; ok {
				got[i].reason = r
			} else {
				got[i].reason = "TODO: reason"
				t.Logf("new entry: %s", got[i])
			}
		}
		if err := writeKnown(knownFile, preamble, got); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d entries (was %d)", knownFile, len(got), len(known))
		return
	}

	isMark := make(map[position]bool)
	for _, m := range marks {
		isMark[m] = true
	}
	const hint = "update testdata/idioms/KNOWN.md (go test ./cmd/psharpvet -run TestIdioms -update keeps the reasons of the entries that stay)"
	want := make(map[string]bool)
	for _, e := range known {
		if want[e.key()] {
			t.Errorf("KNOWN.md lists %s twice", e.key())
		}
		want[e.key()] = true
		switch {
		case e.kind == "miss" && !isMark[e.pos]:
			t.Errorf("KNOWN.md: %s is no // race: mark; %s", e.key(), hint)
		case e.kind == "fp" && !strings.HasPrefix(e.pos.file, "ok/"):
			t.Errorf("KNOWN.md: %s is not in ok/; %s", e.key(), hint)
		case e.kind == "miss" && found[e.pos]:
			t.Errorf("the known miss %s is found now; %s", e.pos, hint)
		case e.kind == "fp" && !slices.Contains(fps, e.pos):
			t.Errorf("the known false positive %s is no longer reported; %s", e.pos, hint)
		}
	}
	for _, e := range got {
		if want[e.key()] {
			continue
		}
		switch e.kind {
		case "miss":
			t.Errorf("%s: the // race: mark is not reported (a new miss); fix it, or %s", e.pos, hint)
		case "fp":
			t.Errorf("%s: reported in a race-free program (a new false positive); fix it, or %s", e.pos, hint)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// A position is a line of a file of the module, named by its
// slash-separated path relative to the module's root.
type position struct {
	file string
	line int
}

func (p position) String() string { return fmt.Sprintf("%s:%d", p.file, p.line) }

func (p position) compare(q position) int {
	return cmp.Or(strings.Compare(p.file, q.file), cmp.Compare(p.line, q.line))
}

// A report is a diagnostic of a standalone run: its own line, and the
// lines of its related information.
type report struct {
	pos     position
	related []position
}

// reportLine matches a line of psharpvet's text output: a diagnostic,
// "file.go:line:col: message", or a line of the related information of
// the one before it, which has a tab after the position.
var reportLine = regexp.MustCompile(`^(.+?\.go):([0-9]+):[0-9]+: (\t?)`)

// parseReports returns the reports in out, the output of a standalone run
// in the module directory dir, with the module's files named relative to
// dir. Other lines, the summary among them, are left out.
func parseReports(dir, out string) []report {
	roots := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		roots = append(roots, real)
	}
	name := func(file string) string {
		if !filepath.IsAbs(file) {
			return filepath.ToSlash(filepath.Clean(file))
		}
		for _, root := range roots {
			if rel, err := filepath.Rel(root, file); err == nil && filepath.IsLocal(rel) {
				return filepath.ToSlash(rel)
			}
		}
		return file // not in the module: it matches no mark
	}
	var reports []report
	for line := range strings.Lines(out) {
		m := reportLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		p := position{name(m[1]), n}
		if m[3] == "" {
			reports = append(reports, report{pos: p})
		} else if len(reports) > 0 {
			r := &reports[len(reports)-1]
			r.related = append(r.related, p)
		}
	}
	return reports
}

// raceMark matches the comment that marks a line of a race.
var raceMark = regexp.MustCompile(`//\s*race:`)

// raceMarks returns the lines of the Go files under root that carry a
// // race: mark, in order.
func raceMarks(root string) ([]position, error) {
	var marks []position
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		n := 0
		for line := range strings.Lines(string(data)) {
			n++
			if raceMark.MatchString(line) {
				marks = append(marks, position{filepath.ToSlash(rel), n})
			}
		}
		return nil
	})
	return marks, err
}

// A knownEntry is an entry of KNOWN.md: a mark the suite does not find
// (kind "miss"), or a line of a race-free program it reports ("fp").
type knownEntry struct {
	kind   string
	pos    position
	reason string
}

// key identifies an entry, whatever its reason.
func (e knownEntry) key() string { return e.kind + " " + e.pos.String() }

// String formats e as a line of KNOWN.md.
func (e knownEntry) String() string { return "- " + e.key() + " — " + e.reason }

// knownLine matches an entry of KNOWN.md.
var knownLine = regexp.MustCompile(`^- (miss|fp) (\S+):([0-9]+) — (\S.*)$`)

// sortEntries sorts the misses, then the false positives, each by position.
func sortEntries(entries []knownEntry) {
	slices.SortFunc(entries, func(a, b knownEntry) int {
		// "miss" before "fp"
		return cmp.Or(-strings.Compare(a.kind, b.kind), a.pos.compare(b.pos))
	})
}

// readKnown reads KNOWN.md: the text before its first entry, and its
// entries. After the first entry, only entries and blank lines may
// follow, so that -update, which rewrites the entries, drops no text.
func readKnown(file string) (preamble string, entries []knownEntry, err error) {
	f, err := os.Open(file)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	var pre strings.Builder
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		m := knownLine.FindStringSubmatch(line)
		switch {
		case m != nil:
			l, _ := strconv.Atoi(m[3])
			entries = append(entries, knownEntry{m[1], position{m[2], l}, m[4]})
		case strings.HasPrefix(line, "- miss ") || strings.HasPrefix(line, "- fp "):
			return "", nil, fmt.Errorf("%s:%d: malformed entry %q, want \"- miss|fp file.go:line — reason\"", file, n, line)
		case entries == nil:
			pre.WriteString(line + "\n")
		case strings.TrimSpace(line) != "":
			return "", nil, fmt.Errorf("%s:%d: %q after the entries: only entries may follow the first", file, n, line)
		}
	}
	return pre.String(), entries, sc.Err()
}

// writeKnown writes KNOWN.md: the preamble, then the entries.
func writeKnown(file, preamble string, entries []knownEntry) error {
	var b strings.Builder
	b.WriteString(preamble)
	for _, e := range entries {
		b.WriteString(e.String() + "\n")
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}
