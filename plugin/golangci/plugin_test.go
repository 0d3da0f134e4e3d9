// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package golangci_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/plugin/golangci"
)

// build returns the plugin New makes from settings, which must be valid,
// and the names of its analyzers.
func build(t *testing.T, settings any) (register.LinterPlugin, []string) {
	t.Helper()
	p, err := golangci.New(settings)
	if err != nil {
		t.Fatalf("New(%v): %v", settings, err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	if err := analysis.Validate(analyzers); err != nil {
		t.Fatalf("analysis.Validate(%v): %v", names, err)
	}
	return p, names
}

// flag returns the value of analyzer a's flag name.
func flag(t *testing.T, a *analysis.Analyzer, name string) string {
	t.Helper()
	f := a.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("%s has no flag %q", a.Name, name)
	}
	return f.Value.String()
}

func TestNew(t *testing.T) {
	// The flags are the analyzers' own: leave them as the defaults set
	// them for the tests that follow.
	t.Cleanup(func() { build(t, nil) })

	newPlugin, err := register.GetPlugin(golangci.Name)
	if err != nil {
		t.Fatalf("the plugin is not registered: %v", err)
	}

	// No settings: psharpvet's defaults, the analyzers it runs.
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatalf("New(nil): %v", err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	_, names := build(t, nil)
	if want := []string{"concur", "ownership", "xsa", "lockset", "ignores"}; !slices.Equal(names, want) {
		t.Errorf("analyzers = %v, want %v", names, want)
	}
	if got := flag(t, concur.Analyzer, "strict"); got != "false" {
		t.Errorf("concur.strict = %s by default, want false", got)
	}
	if got := flag(t, ownership.Analyzer, "xsa"); got != "true" {
		t.Errorf("ownership.xsa = %s by default, want true (xsa runs)", got)
	}

	// Settings as golangci-lint passes them: decoded YAML.
	_, names = build(t, map[string]any{"strict": true, "xsa": false, "send": []any{"(*example.com/bus.Bus).Publish:0"}})
	if want := []string{"concur", "ownership", "lockset", "ignores"}; !slices.Equal(names, want) {
		t.Errorf("analyzers with xsa: false = %v, want %v", names, want)
	}
	if got := flag(t, concur.Analyzer, "strict"); got != "true" {
		t.Errorf("concur.strict = %s with strict: true", got)
	}
	if got := flag(t, ownership.Analyzer, "xsa"); got != "false" {
		t.Errorf("ownership.xsa = %s with xsa: false", got)
	}
	if got := flag(t, concur.Analyzer, "send"); !strings.Contains(got, "(*example.com/bus.Bus).Publish") {
		t.Errorf("concur.send = %q, want the row of the send setting", got)
	}

	for _, bad := range []map[string]any{
		{"strictt": true},           // not a setting
		{"strict": "yes"},           // not a boolean
		{"spawn": []any{"pkg.F:x"}}, // not a row
	} {
		if _, err := golangci.New(bad); err == nil {
			t.Errorf("New(%v) = nil error, want an error", bad)
		}
	}
}

// A reading is one configuration of the suite, both as psharpvet's vet
// flags and as the plugin's settings in .golangci.yml.
type reading struct {
	name     string
	vetFlags []string
	settings []string // the lines that replace the example's "strict: false"
}

var readings = []reading{
	{"default", nil, []string{"strict: false"}},
	{"strict", []string{"-strict"}, []string{"strict: true"}},
	{"no xsa", []string{"-xsa=false"}, []string{"strict: false", "xsa: false"}},
}

// TestGolangciLint builds golangci-lint with the plugin, runs it with the
// example .golangci.yml on testdata/racy, and checks that it reports what
// go vet -vettool=psharpvet does, related information included, in each
// reading.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint, which takes minutes")
	}
	tmp := t.TempDir()
	start := time.Now()
	gcl := filepath.Join(tmp, "custom-gcl")
	run(t, ".", nil, "go", "build", "-buildvcs=false", "-o", gcl, "./internal/gcl")
	psharpvet := filepath.Join(tmp, "psharpvet")
	run(t, filepath.Join("..", ".."), nil, "go", "build", "-buildvcs=false", "-o", psharpvet, "./cmd/psharpvet")
	t.Logf("built golangci-lint with the plugin and psharpvet in %v", time.Since(start).Round(time.Second))

	example, err := os.ReadFile(".golangci.yml")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "racy"))
	if err != nil {
		t.Fatal(err)
	}
	results := make(map[string][]string)
	for _, r := range readings {
		config := filepath.Join(tmp, strings.ReplaceAll(r.name, " ", "-")+".golangci.yml")
		if err := os.WriteFile(config, withSettings(t, example, r.settings), 0o666); err != nil {
			t.Fatal(err)
		}
		env := []string{"GOLANGCI_LINT_CACHE=" + filepath.Join(tmp, "cache-"+strings.ReplaceAll(r.name, " ", "-"))}
		start := time.Now()
		lint := lintReports(t, dir, run(t, dir, env, gcl, "run", "--config", config,
			"--output.json.path", "stdout", "--show-stats=false", "--path-mode=abs", "./..."))
		lintTime := time.Since(start)
		start = time.Now()
		vet := vetReports(t, dir, run(t, dir, nil, "go", append(append([]string{"vet", "-vettool=" + psharpvet}, r.vetFlags...), "-json", "./...")...))
		t.Logf("%s reading: golangci-lint %v, go vet %v; %d reports and related information:\n\t%s",
			r.name, lintTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), len(vet), strings.Join(vet, "\n\t"))
		if !slices.Equal(lint, vet) {
			t.Errorf("%s reading: golangci-lint and go vet -vettool=psharpvet %s differ\nonly golangci-lint reports:\n\t%s\nonly go vet reports:\n\t%s",
				r.name, strings.Join(r.vetFlags, " "), strings.Join(minus(lint, vet), "\n\t"), strings.Join(minus(vet, lint), "\n\t"))
		}
		results[r.name] = vet
	}

	// Each analyzer the plugin returns reports on testdata/racy, and the
	// readings differ there, so that the comparison covers them all.
	for _, name := range []string{"concur", "ownership", "xsa", "lockset", "ignores"} {
		if !slices.ContainsFunc(results["default"], func(s string) bool { return strings.Contains(s, " "+name+": ") }) {
			t.Errorf("no report of %s on testdata/racy in the default reading", name)
		}
	}
	for _, r := range readings[1:] {
		if slices.Equal(results[r.name], results["default"]) {
			t.Errorf("the %s reading reports what the default one does on testdata/racy: the comparison does not tell them apart", r.name)
		}
	}
}

// minus returns the elements of a that are not in b.
func minus(a, b []string) []string {
	var d []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			d = append(d, s)
		}
	}
	return d
}

// withSettings returns the example configuration with its "strict: false"
// line replaced by settings, at its indentation.
func withSettings(t *testing.T, example []byte, settings []string) []byte {
	t.Helper()
	lines := strings.SplitAfter(string(example), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "strict: false" })
	if i < 0 || slices.IndexFunc(lines[i+1:], func(l string) bool { return strings.TrimSpace(l) == "strict: false" }) >= 0 {
		t.Fatalf(".golangci.yml has no single line \"strict: false\" to replace")
	}
	indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
	var b strings.Builder
	for _, s := range settings {
		b.WriteString(indent + s + "\n")
	}
	lines[i] = b.String()
	return []byte(strings.Join(lines, ""))
}

// run runs name with args in dir, with env added to the environment,
// and returns its standard output. A non-zero exit fails the test, but
// for golangci-lint's exit code 1, which says that it found issues.
func run(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1 && name != "go") {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

// report formats a report, or an item of its related information, as the
// comparison sees it: "file:line:col: analyzer: message", the file
// relative to dir, "analyzer(related information)" for related
// information, as golangci-lint names it.
func report(t *testing.T, dir, file string, line, col int, analyzer, message string) string {
	t.Helper()
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", filepath.ToSlash(rel), line, col, analyzer, message)
}

// lintReports returns the sorted reports in golangci-lint's JSON output.
func lintReports(t *testing.T, dir string, out []byte) []string {
	t.Helper()
	var res struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
		Report struct {
			Error string
		}
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("golangci-lint's JSON output: %v\n%s", err, out)
	}
	if res.Report.Error != "" {
		t.Fatalf("golangci-lint: %s", res.Report.Error)
	}
	var reports []string
	for _, is := range res.Issues {
		if is.FromLinter != golangci.Name {
			t.Errorf("an issue of linter %s: %s", is.FromLinter, is.Text)
			continue
		}
		analyzer, message, ok := strings.Cut(is.Text, ": ")
		if !ok {
			t.Errorf("an issue whose text does not name its analyzer: %s", is.Text)
			continue
		}
		reports = append(reports, report(t, dir, is.Pos.Filename, is.Pos.Line, is.Pos.Column, analyzer, message))
	}
	slices.Sort(reports)
	return reports
}

// vetReports returns the sorted reports in go vet's JSON output: a JSON
// object per package, from package and analyzer to diagnostics or an
// error.
func vetReports(t *testing.T, dir string, out []byte) []string {
	t.Helper()
	type diagnostic struct {
		Posn, Message string
	}
	var reports []string
	add := func(analyzer string, d diagnostic) {
		// "file:line:col", the file absolute.
		i := strings.LastIndex(d.Posn, ":")
		j := strings.LastIndex(d.Posn[:max(i, 0)], ":")
		line, err1 := strconv.Atoi(d.Posn[j+1 : max(i, j+1)])
		col, err2 := strconv.Atoi(d.Posn[i+1:])
		if j < 0 || err1 != nil || err2 != nil {
			t.Fatalf("go vet: a position that is not file:line:col: %q", d.Posn)
		}
		reports = append(reports, report(t, dir, d.Posn[:j], line, col, analyzer, d.Message))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var pkgs map[string]map[string]json.RawMessage
		if err := dec.Decode(&pkgs); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go vet's JSON output: %v\n%s", err, out)
		}
		for pkg, analyzers := range pkgs {
			for analyzer, raw := range analyzers {
				var diags []struct {
					diagnostic
					Related []diagnostic
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("go vet: %s on %s: %s", analyzer, pkg, raw)
				}
				for _, d := range diags {
					add(analyzer, d.diagnostic)
					for _, r := range d.Related {
						add(analyzer+"(related information)", r)
					}
				}
			}
		}
	}
	slices.Sort(reports)
	return reports
}
