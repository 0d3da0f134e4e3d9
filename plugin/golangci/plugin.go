// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package golangci

import (
	"fmt"
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/ignores"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

// Name is the name of the plugin, and of the linter, in golangci-lint's
// configuration (linters.settings.custom.psharpvet).
const Name = "psharpvet"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings, from
// linters.settings.custom.psharpvet.settings in .golangci.yml. A key that
// is not one of these is an error.
type Settings struct {
	// Strict selects P#'s conservative reading for all the analyzers, as
	// psharpvet's -strict (concur's -concur.strict) does: what the
	// analysis cannot see may race, and silence is a proof.
	Strict bool `json:"strict"`
	// XSA runs the cross-state analysis, which re-checks the ownership
	// reports of memory kept in a receiver's field or a captured
	// variable. It is on unless set to false, as psharpvet's -xsa is;
	// false shows those reports as the ownership analyzer makes them.
	XSA *bool `json:"xsa"`
	// Send declares calls that give up an argument, as psharpvet's
	// -concur.send does: each element is one value of the flag, such as
	// "(*example.com/bus.Bus).Publish:0".
	Send []string `json:"send"`
	// Spawn declares calls that run an argument on another goroutine, as
	// -concur.spawn does ("example.com/pool.Submit:0").
	Spawn []string `json:"spawn"`
	// Join declares methods that wait for the goroutines started on their
	// receiver, as -concur.join does ("(*example.com/pool.Pool).Wait").
	Join []string `json:"join"`
}

// A flagValue is the value New gives an analyzer's flag.
type flagValue struct {
	a           *analysis.Analyzer
	name, value string
}

// plugin is the register.LinterPlugin New returns.
type plugin struct {
	analyzers []*analysis.Analyzer
}

// New returns the plugin configured by settings, the raw settings
// golangci-lint read from its configuration (nil if there are none).
//
// The analyzers read their flags from package-level variables
// (analysis.Analyzer.Flags), as with any x/tools analyzer, so New sets the
// flags of the analyzers themselves: that is how golangci-lint plugins
// configure analyzers, and golangci-lint calls New once per run. A
// second call in the same process sets the same flags again, for the
// analyzers the first call returned too: two configurations of the
// plugin cannot run side by side in one process. The rows of Send, Spawn
// and Join add to those of earlier calls.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	runXSA := s.XSA == nil || *s.XSA
	flags := []flagValue{
		{concur.Analyzer, "strict", strconv.FormatBool(s.Strict)},
		// The ownership analyzer leaves reports of kept memory to xsa
		// when xsa runs, as psharpvet sets it.
		{ownership.Analyzer, "xsa", strconv.FormatBool(runXSA)},
	}
	for _, rows := range []struct {
		flag   string
		values []string
	}{{"send", s.Send}, {"spawn", s.Spawn}, {"join", s.Join}} {
		for _, v := range rows.values {
			flags = append(flags, flagValue{concur.Analyzer, rows.flag, v})
		}
	}
	for _, f := range flags {
		if err := f.a.Flags.Set(f.name, f.value); err != nil {
			return nil, fmt.Errorf("%s: %s.%s: %w", Name, f.a.Name, f.name, err)
		}
	}
	// concur is listed, as psharpvet lists it, so that its reports (of
	// misplaced directives) are golangci-lint's too: golangci-lint
	// reports only the analyzers a plugin returns, not those they require.
	analyzers := []*analysis.Analyzer{concur.Analyzer, ownership.Analyzer}
	if runXSA {
		analyzers = append(analyzers, xsa.Analyzer)
	}
	analyzers = append(analyzers, lockset.Analyzer, ignores.Analyzer)
	return &plugin{analyzers: analyzers}, nil
}

// BuildAnalyzers returns the analyzers golangci-lint runs and reports:
// those psharpvet runs.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode returns register.LoadModeTypesInfo: the analyzers need the
// packages' types and syntax, and the facts of their dependencies.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
