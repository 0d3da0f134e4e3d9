// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/ownership"
)

// rulePackages hold one package per row of the README's table of precision
// rules, named after the rule. Each has race-free code the rule keeps quiet
// and racy neighbours it must not silence, so that removing the rule, or
// widening it, fails the test.
var rulePackages = []string{
	"ownership/rules/rangefunc",
	"ownership/rules/readonlygoroutine",
	"ownership/rules/freshperiteration",
	"ownership/rules/partitionedslice",
	"ownership/rules/receivergoroutine",
	"ownership/rules/globalobject",
	"ownership/rules/returnedvalue",
	"ownership/rules/distinctparams",
	"ownership/rules/paramsonly",
	"ownership/rules/selectsend",
	"ownership/rules/rangeelements",
	"ownership/rules/selectjoin",
	"ownership/rules/receiverwrites",
	"ownership/rules/everycall",
	"ownership/rules/calltouches",
	"ownership/rules/popfront",
	"ownership/rules/loopvars",
	"ownership/rules/appendonly",
	"ownership/rules/capturedvars",
	"ownership/rules/constslots",
	"ownership/rules/chanlock",
	"ownership/rules/nilguard",
	"ownership/rules/decidedbranches",
	"ownership/rules/elementsperiteration",
	"ownership/rules/heldbuffers",
	"ownership/rules/producedliterals",
	"ownership/rules/receivedtypes",
	"ownership/rules/namedresults",
	"ownership/rules/receivedwrites",
	"ownership/rules/deepplaces",
}

// ruleStdPackages import sync (and the errgroup stand-in), so they are
// loaded in a single run like stdPackages.
var ruleStdPackages = []string{
	"ownership/rules/loopslots",
	"ownership/rules/sharedlock",
	"ownership/rules/readonlyfields",
	"ownership/rules/groupwait",
	"ownership/rules/replyback",
	"ownership/rules/sharedtypes",
	"ownership/rules/lockedwrites",
	"ownership/rules/lockedspawns",
	"ownership/rules/keptplaces",
	"ownership/rules/stopjoins",
	"ownership/rules/machinestart",
	"ownership/rules/lasttransfer",
	"ownership/rules/goroutineplaces",
	"ownership/rules/callwrites",
	"ownership/rules/joinedworkers",
	"ownership/rules/semaphorewait",
	"ownership/rules/synctestwait",
	"ownership/rules/awaitedcallbacks",
	"ownership/rules/publications",
}

func TestRules(t *testing.T) {
	suitetest.Track(t, "ownership/rules")
	for _, pkg := range rulePackages {
		t.Run(pkg[len("ownership/rules/"):], func(t *testing.T) {
			analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, pkg)
		})
	}
}

func TestRulesStd(t *testing.T) {
	suitetest.Track(t, "ownership/rules", "golang.org/x/sync/errgroup", "golang.org/x/sync/semaphore",
		"github.com/stretchr/testify/assert", "github.com/stretchr/testify/require")
	if testing.Short() {
		t.Skip("analyses the standard library's runtime; slow")
	}
	analysistest.Run(t, suitetest.Dir(t), ownership.Analyzer, ruleStdPackages...)
}
