// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file converts the checker's -json output into SARIF 2.1.0, the
// format GitHub code scanning reads, and back into the checker's text,
// for -sarif FILE. Only the subset of SARIF that psharpvet fills in is
// declared here.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/directive"
)

// sarifSchemaURI is the URI of the OASIS SARIF 2.1.0 schema (errata 01),
// which every log names in $schema.
const sarifSchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// informationURI is the tool's home page in the log.
const informationURI = "https://github.com/psharpvet/psharpvet"

// srcRoot is the uriBaseId of the files inside the working directory:
// their URIs are relative to it, so that a log does not depend on where
// the repository was checked out. GitHub code scanning resolves it to the
// repository's root.
const srcRoot = "%SRCROOT%"

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	Help             sarifMessage `json:"help"`
	HelpURI          string       `json:"helpUri,omitempty"`
}

// sarifInvocation says whether the analysis ran to completion, and why
// not: a results list is only complete when ExecutionSuccessful is true.
type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"` // only in relatedLocations, where 0 is an id
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *sarifMessage          `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion is a span of a file. Its columns are the checker's: byte
// offsets in the line plus one, which SARIF's default column kind, UTF-16
// code units, matches on ASCII lines.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// jsonDiagnostic is a diagnostic in the checker's -json output
// (driverutil.JSONDiagnostic in golang.org/x/tools), less the suggested
// fixes, which the log does not carry.
type jsonDiagnostic struct {
	Category string        `json:"category"`
	Posn     string        `json:"posn"`
	End      string        `json:"end"`
	Message  string        `json:"message"`
	Related  []jsonRelated `json:"related"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

// A finding is a diagnostic with the analyzer that reported it and the
// path of its package.
type finding struct {
	analyzer string
	pkgPath  string
	jsonDiagnostic
	posn position
}

// ruleID returns the SARIF rule of f: one rule per analyzer and category,
// since a category names one kind of report and the README section that
// explains it.
func (f *finding) ruleID() string {
	if f.Category == "" {
		return f.analyzer
	}
	return f.analyzer + "/" + f.Category
}

// An analysisError is an analyzer that failed on a package, which the
// checker's text output shows as "analyzer: error".
type analysisError struct {
	pkg, analyzer, err string
}

// checkerResults is the checker's -json output, decoded.
type checkerResults struct {
	findings []finding       // in file, line, column and rule order
	errors   []analysisError // in package and analyzer order
}

// decodeAnalyzerJSON decodes what the checker's JSON holds for one
// analyzer on one package: its diagnostics, or the error it failed with.
func decodeAnalyzerJSON(raw json.RawMessage, analyzer, pkg string) (diags []jsonDiagnostic, failed string, err error) {
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		var e struct {
			Err string `json:"error"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, "", fmt.Errorf("decoding the error of %s on %s: %v", analyzer, pkg, err)
		}
		return nil, e.Err, nil
	}
	if err := json.Unmarshal(raw, &diags); err != nil {
		return nil, "", fmt.Errorf("decoding the diagnostics of %s on %s: %v", analyzer, pkg, err)
	}
	return diags, "", nil
}

// writeDiagnostic prints d as the checker's text does: "file:line:col:
// message", then each related location with its message after a tab.
func writeDiagnostic(buf *bytes.Buffer, d jsonDiagnostic) {
	fmt.Fprintf(buf, "%s: %s\n", d.Posn, d.Message)
	for _, r := range d.Related {
		fmt.Fprintf(buf, "%s: \t%s\n", r.Posn, r.Message)
	}
}

// decodeCheckerJSON decodes the checker's -json output: a map from
// package ID to analyzer name to either a list of diagnostics or
// {"error": "..."}. As the checker's text output does, it keeps one of
// the diagnostics that a file in two packages (p and p.test) gets twice.
func decodeCheckerJSON(data []byte) (*checkerResults, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, fmt.Errorf("decoding the checker's JSON output: %v", err)
	}
	type key struct{ analyzer, posn, end, message string }
	seen := make(map[key]bool)
	res := new(checkerResults)
	for _, pkg := range sortedKeys(tree) {
		for _, analyzer := range sortedKeys(tree[pkg]) {
			diags, failed, err := decodeAnalyzerJSON(tree[pkg][analyzer], analyzer, pkg)
			if err != nil {
				return nil, err
			}
			if failed != "" {
				res.errors = append(res.errors, analysisError{pkg, analyzer, failed})
				continue
			}
			for _, d := range diags {
				k := key{analyzer, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				res.findings = append(res.findings, finding{analyzer, packagePath(pkg), d, parsePosition(d.Posn)})
			}
		}
	}
	slices.SortStableFunc(res.findings, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.file, b.posn.file),
			cmp.Compare(a.posn.line, b.posn.line),
			cmp.Compare(a.posn.column, b.posn.column),
			cmp.Compare(a.ruleID(), b.ruleID()),
			cmp.Compare(a.Message, b.Message))
	})
	return res, nil
}

// packagePath returns the path of the package of ID id: "p" for "p" and
// "p [p.test]".
func packagePath(id string) string {
	path, _, _ := strings.Cut(id, " [")
	return path
}

// summary returns the counts of the findings, for the summary line.
func (res *checkerResults) summary() *summary {
	s := newSummary()
	for _, f := range res.findings {
		s.add(f.analyzer, f.pkgPath)
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// exitCode returns the code the checker exits with when it prints these
// results as text, given the code of the run that printed them as JSON,
// which is 1 for a package that did not load and 0 otherwise.
func (res *checkerResults) exitCode(jsonCode int) int {
	code := 0
	if len(res.errors) > 0 {
		code = 1 // analysis failed, at least partially
	} else if len(res.findings) > 0 {
		code = 3
	}
	return max(code, jsonCode)
}

// writeText prints the results as the checker's text output does:
// "file:line:col: message", each related location on a line of its own
// with its message after a tab, and "analyzer: error" for a failed
// analyzer, unless the error is one of the consequent errors that
// runFiltered leaves out.
func (res *checkerResults) writeText(w io.Writer, consequent *regexp.Regexp) error {
	var buf bytes.Buffer
	for _, e := range res.errors {
		line := e.analyzer + ": " + e.err
		if !consequent.MatchString(line) {
			buf.WriteString(line + "\n")
		}
	}
	for _, f := range res.findings {
		writeDiagnostic(&buf, f.jsonDiagnostic)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// writeSARIF writes the results to file as a SARIF log, with URIs relative
// to the working directory (absolute if it is unknown).
func (res *checkerResults) writeSARIF(file string, analyzers []*analysis.Analyzer, jsonCode int, consequent *regexp.Regexp) error {
	wd, _ := os.Getwd()
	data, err := res.sarif(analyzers, wd, jsonCode, consequent).encode()
	if err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o666)
}

// sarif returns the results as a SARIF log of one run of the analyzers,
// with file URIs relative to the directory wd when they are inside it.
// jsonCode is the exit code of the checker's JSON run: the run was not
// complete if it is not 0. The log's notifications are the errors of
// the analyzers that failed, less those that match consequent (see
// consequentErrorLine), which only say that an earlier error stopped
// them; the package errors that stopped them are not in the JSON.
func (res *checkerResults) sarif(analyzers []*analysis.Analyzer, wd string, jsonCode int, consequent *regexp.Regexp) *sarifLog {
	byName := make(map[string]*analysis.Analyzer)
	for _, a := range analyzers {
		byName[a.Name] = a
	}

	ruleIndex := make(map[string]int)
	rules := []sarifRule{} // [], not null, which the schema rejects
	for _, f := range res.findings {
		if _, ok := ruleIndex[f.ruleID()]; !ok {
			ruleIndex[f.ruleID()] = -1
			rules = append(rules, makeRule(f.analyzer, f.Category, byName[f.analyzer]))
		}
	}
	slices.SortFunc(rules, func(a, b sarifRule) int { return cmp.Compare(a.ID, b.ID) })
	for i, r := range rules {
		ruleIndex[r.ID] = i
	}

	results := make([]sarifResult, 0, len(res.findings))
	for _, f := range res.findings {
		r := sarifResult{
			RuleID:    f.ruleID(),
			RuleIndex: ruleIndex[f.ruleID()],
			Level:     "warning",
			Message:   sarifMessage{f.Message},
			Locations: []sarifLocation{{PhysicalLocation: physicalLocation(f.posn, parsePosition(f.End), wd)}},
		}
		for i, rel := range f.Related {
			id := i
			r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
				ID:               &id,
				PhysicalLocation: physicalLocation(parsePosition(rel.Posn), parsePosition(rel.End), wd),
				Message:          &sarifMessage{rel.Message},
			})
		}
		results = append(results, r)
	}

	inv := sarifInvocation{ExecutionSuccessful: jsonCode == 0 && len(res.errors) == 0}
	for _, e := range res.errors {
		if consequent.MatchString(e.analyzer + ": " + e.err) {
			continue
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level:   "error",
			Message: sarifMessage{fmt.Sprintf("%s on %s: %s", e.analyzer, e.pkg, e.err)},
		})
	}

	return &sarifLog{
		Version: "2.1.0",
		Schema:  sarifSchemaURI,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           "psharpvet",
				InformationURI: informationURI,
				Rules:          rules,
			}},
			Invocations: []sarifInvocation{inv},
			Results:     results,
		}},
	}
}

// makeRule returns the rule of the reports of analyzer a in category
// (which may be ""). Its help is the analyzer's documentation, and its
// help URI the analyzer's URL; when that is the README, which has a
// section for each category, the URI leads to the category's section.
func makeRule(name, category string, a *analysis.Analyzer) sarifRule {
	id := name
	if category != "" {
		id += "/" + category
	}
	rule := sarifRule{ID: id}
	if a == nil { // not one of psharpvet's analyzers; cannot happen
		rule.ShortDescription.Text = id
		rule.Help.Text = id
		return rule
	}
	// By the convention of go/analysis, the first line of Doc is a
	// summary, which may start with the analyzer's name.
	summary, _, _ := strings.Cut(a.Doc, "\n")
	summary = strings.TrimPrefix(summary, a.Name+": ")
	if category != "" {
		summary = name + ", " + category + ": " + summary
	} else {
		summary = name + ": " + summary
	}
	rule.ShortDescription.Text = summary
	rule.Help.Text = a.Doc
	rule.HelpURI = a.URL
	if a.URL == directive.ReportsURL && category != "" {
		// GitHub's anchor of the README heading "### `category`".
		rule.HelpURI += "#" + category
	}
	return rule
}

// physicalLocation returns the SARIF location of the span from posn to
// end, or nil if posn has no file.
func physicalLocation(posn, end position, wd string) *sarifPhysicalLocation {
	if posn.file == "" {
		return nil
	}
	loc := &sarifPhysicalLocation{ArtifactLocation: artifactLocation(posn.file, wd)}
	if posn.line > 0 {
		region := &sarifRegion{StartLine: posn.line, StartColumn: posn.column}
		// The checker makes end the same as posn when a diagnostic has
		// no end; SARIF would read that as an empty span.
		if end.file == posn.file && posn.column > 0 && end.column > 0 &&
			(end.line > posn.line || end.line == posn.line && end.column > posn.column) {
			region.EndLine, region.EndColumn = end.line, end.column
		}
		loc.Region = region
	}
	return loc
}

// artifactLocation returns the SARIF location of file: a URI relative to
// %SRCROOT% if file is inside the directory wd, and a file URI otherwise.
func artifactLocation(file, wd string) sarifArtifactLocation {
	if wd != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(wd, file); err == nil && filepath.IsLocal(rel) {
			u := url.URL{Path: filepath.ToSlash(rel)}
			return sarifArtifactLocation{URI: u.String(), URIBaseID: srcRoot}
		}
	}
	path := filepath.ToSlash(file)
	if !filepath.IsAbs(file) {
		// Not a file the go command listed; say what the checker said.
		return sarifArtifactLocation{URI: (&url.URL{Path: path}).String()}
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows path, C:/...
	}
	return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: path}).String()}
}

// A position is a position in a file as the checker's JSON output gives
// it, in the format of token.Position.String: "file:line:column",
// "file:line" when the column is unknown, and "file" or "-" when the line
// is.
type position struct {
	file         string
	line, column int
}

// parsePosition parses s, which comes from token.Position.String. It reads
// the numbers from the right, since a file name may have colons in it.
func parsePosition(s string) position {
	if s == "-" {
		return position{}
	}
	var nums []int
	rest := s
	for len(nums) < 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil || n <= 0 {
			break
		}
		nums = append(nums, n)
		rest = rest[:i]
	}
	switch len(nums) {
	case 2:
		return position{file: rest, line: nums[1], column: nums[0]}
	case 1:
		if line, err := strconv.Atoi(rest); err == nil {
			return position{line: line, column: nums[0]} // "line:column", with no file
		}
		return position{file: rest, line: nums[0]}
	}
	return position{file: s}
}

// encode returns the log as indented JSON, ending with a newline.
func (log *sarifLog) encode() ([]byte, error) {
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
