// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// The OASIS schema of SARIF 2.1.0 (errata 01) is not kept in this
// repository: the test takes it from the module that ships it as a Go
// string constant, downloaded from the module proxy into the module cache.
const (
	schemaModule = "github.com/owenrumney/go-sarif/v3@v3.3.1"
	schemaFile   = "pkg/report/v210/sarif/schema.go"
	schemaURL    = "sarif-schema-2.1.0.json"
)

// loadSARIFSchema returns the SARIF 2.1.0 schema: the longest string
// constant of schemaFile in schemaModule.
func loadSARIFSchema(t *testing.T) []byte {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", schemaModule)
	cmd.Dir = t.TempDir() // outside this module: go.mod and go.sum stay as they are
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v\n%s", schemaModule, err, out)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go mod download %s: %v %s", schemaModule, err, mod.Error)
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(mod.Dir, schemaFile), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var schema string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && len(s) > len(schema) {
				schema = s
			}
		}
		return true
	})
	if !strings.Contains(schema, `"version"`) || !strings.Contains(schema, "2.1.0") {
		t.Fatalf("no SARIF 2.1.0 schema in %s of %s", schemaFile, schemaModule)
	}
	return []byte(schema)
}

// The parts of a SARIF log that TestSARIF checks, decoded.
type (
	sarifLog struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []sarifResult `json:"results"`
		} `json:"runs"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
		Related   []sarifLocation `json:"relatedLocations"`
	}
	sarifLocation struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI       string `json:"uri"`
				URIBaseID string `json:"uriBaseId"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine   int `json:"startLine"`
				StartColumn int `json:"startColumn"`
			} `json:"region"`
		} `json:"physicalLocation"`
		Message *sarifMessage `json:"message"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
)

// summary returns the rule, file, line, column and message of loc, for
// comparison with a diagnostic's.
func (loc sarifLocation) summary(rule, message string) string {
	p := loc.PhysicalLocation
	return fmt.Sprintf("%s %s:%d:%d: %s", rule, p.ArtifactLocation.URI, p.Region.StartLine, p.Region.StartColumn, message)
}

// TestSARIF checks the log -sarif writes on the README's example: that it
// is valid SARIF 2.1.0, that it has a result for each of the checker's
// diagnostics, with its related locations, under a declared rule, and
// that it is the same on every run; and that the text and the exit code
// are those of a run without -sarif.
func TestSARIF(t *testing.T) {
	bin := build(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "./testdata/example"
	out := filepath.Join(t.TempDir(), "out.sarif")

	text, code := run(t, root, bin, "-sarif", out, pkg)
	noStackTrace(t, text)
	plainText, plainCode := run(t, root, bin, pkg)
	if code != plainCode || code != 3 {
		t.Errorf("exit code %d with -sarif, %d without; want 3 (reports)", code, plainCode)
	}
	// The reports are the same, though -sarif prints them in the log's
	// order, by position, where the checker prints them by analyzer.
	if got, want := sortedLines(text), sortedLines(plainText); !slices.Equal(got, want) {
		t.Errorf("text with -sarif:\n%s\nwithout:\n%s", text, plainText)
	}

	data, log := readSARIF(t, out)
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	rules := log.Runs[0].Tool.Driver.Rules
	var results []string
	for _, r := range log.Runs[0].Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result of rule %s has ruleIndex %d, which is not the rule's", r.RuleID, r.RuleIndex)
		}
		if len(r.Locations) != 1 {
			t.Errorf("result %q has %d locations, want 1", r.Message.Text, len(r.Locations))
			continue
		}
		if base := r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID; base != "%SRCROOT%" {
			t.Errorf("result %q: uriBaseId %q, want %%SRCROOT%%", r.Message.Text, base)
		}
		results = append(results, r.Locations[0].summary(r.RuleID, r.Message.Text))
		for _, rel := range r.Related {
			if rel.Message == nil {
				t.Errorf("a related location of %q has no message", r.Message.Text)
				continue
			}
			results = append(results, "\t"+rel.summary("", rel.Message.Text))
		}
	}
	if want := checkerDiagnostics(t, bin, root, pkg); !slices.Equal(results, want) {
		t.Errorf("results:\n%s\nwant those of -json:\n%s", strings.Join(results, "\n"), strings.Join(want, "\n"))
	}

	// The README's example has one report of each kind.
	var ruleIDs []string
	for _, r := range rules {
		ruleIDs = append(ruleIDs, r.ID)
		if !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("rule %s: helpUri %q", r.ID, r.HelpURI)
		}
	}
	if want := []string{"ownership/use-after-transfer", "xsa/outliving"}; !slices.Equal(ruleIDs, want) {
		t.Errorf("rules %q, want %q", ruleIDs, want)
	}

	// Same log on a second run, with the other spelling of the flag.
	again, _ := run(t, root, bin, "-sarif="+out, pkg)
	data2, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, data2) || again != text {
		t.Errorf("the second run's log or text differs:\n%s\n---\n%s", data, data2)
	}
}

// TestSARIFNoReports checks the log of a package with no reports: valid,
// with no rules and no results, and exit code 0.
func TestSARIFNoReports(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":   "module ok\n\ngo 1.22\n",
		"ok/ok.go": "package ok\n\nfunc F() {}\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, code := run(t, dir, bin, "-sarif", "out.sarif", "./...")
	if code != 0 || out != "" {
		t.Errorf("exit code %d, want 0, and output %q, want none", code, out)
	}
	data, log := readSARIF(t, filepath.Join(dir, "out.sarif"))
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 0 || len(log.Runs[0].Tool.Driver.Rules) != 0 {
		t.Errorf("want one run with no rules and no results:\n%s", data)
	}
}

// TestSARIFUnderGoVet checks that -sarif is refused, with exit code 2,
// where the go command runs psharpvet on one package at a time.
func TestSARIFUnderGoVet(t *testing.T) {
	bin := build(t)
	out, code := run(t, t.TempDir(), bin, "-sarif", "out.sarif", "-V=full")
	if code != 2 || !strings.Contains(out, "-sarif") {
		t.Errorf("exit code %d, want 2, and a line about -sarif:\n%s", code, out)
	}
}

// readSARIF reads the log at path, validates it against the schema and
// decodes it.
func readSARIF(t *testing.T, path string) ([]byte, sarifLog) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	return data, log
}

// validateSARIF checks data against the SARIF 2.1.0 schema.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft4
	c.AssertFormat = true // the URIs must be URIs
	if err := c.AddResource(schemaURL, bytes.NewReader(loadSARIFSchema(t))); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("the log is not JSON: %v", err)
	}
	if err := schema.Validate(v); err != nil {
		t.Errorf("the log is not valid SARIF 2.1.0: %#v\n%s", err, data)
	}
}

// checkerDiagnostics returns the diagnostics the checker gives for pkg
// with -json, formatted as sarifLocation.summary formats a result, each
// followed by its related locations, in the log's order.
func checkerDiagnostics(t *testing.T, bin, dir, pkg string) []string {
	t.Helper()
	js, _ := run(t, dir, bin, "-json", pkg)
	var tree map[string]map[string][]struct {
		Category string `json:"category"`
		Posn     string `json:"posn"`
		Message  string `json:"message"`
		Related  []struct {
			Posn    string `json:"posn"`
			Message string `json:"message"`
		} `json:"related"`
	}
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, js)
	}
	rel := func(posn string) string {
		r, err := filepath.Rel(dir, posn)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(r)
	}
	type diag struct {
		posn  string
		lines []string
	}
	var diags []diag
	for _, byAnalyzer := range tree {
		for analyzer, ds := range byAnalyzer {
			for _, d := range ds {
				lines := []string{fmt.Sprintf("%s/%s %s: %s", analyzer, d.Category, rel(d.Posn), d.Message)}
				for _, r := range d.Related {
					lines = append(lines, fmt.Sprintf("\t %s: %s", rel(r.Posn), r.Message))
				}
				diags = append(diags, diag{rel(d.Posn), lines})
			}
		}
	}
	if len(diags) != 2 {
		t.Errorf("-json: %d diagnostics, want the README example's 2:\n%s", len(diags), js)
	}
	// The log's order: file, line, column (the example's reports are at
	// different positions).
	slices.SortFunc(diags, func(a, b diag) int {
		var fa, fb string
		var la, ca, lb, cb int
		fmt.Sscanf(strings.ReplaceAll(a.posn, ":", " "), "%s %d %d", &fa, &la, &ca)
		fmt.Sscanf(strings.ReplaceAll(b.posn, ":", " "), "%s %d %d", &fb, &lb, &cb)
		return cmp.Or(strings.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb))
	})
	var lines []string
	for _, d := range diags {
		lines = append(lines, d.lines...)
	}
	return lines
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	slices.Sort(lines)
	return lines
}
