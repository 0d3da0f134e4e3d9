// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/internal/suitetest"
	"github.com/psharpvet/psharpvet/passes/lockset"
)

// TestHollywoodHandlers checks that an actor's handler is serialised by
// the real github.com/anthdm/hollywood framework, and races with the
// goroutines an earlier message started (testdata/mod/hollywood/handlers).
func TestHollywoodHandlers(t *testing.T) {
	dir := suitetest.Module(t, "hollywood")
	analysistest.Run(t, dir, lockset.Analyzer, "example.com/hollywood/handlers")
}

// TestProtoactorHandlers checks that protoactor-go's *actor.Started
// orders what a handler does on it before the goroutines it starts on
// later messages (testdata/mod/protoactor/handlers).
func TestProtoactorHandlers(t *testing.T) {
	dir := suitetest.Module(t, "protoactor")
	analysistest.Run(t, dir, lockset.Analyzer, "example.com/protoactor/handlers")
}

// TestActorStandIns checks the same rule for the frameworks the module
// proxy does not serve, through stand-ins of their packages under
// testdata/src: ergo's callbacks, GoAkt's Receive and go-actor's DoWork
// (testdata/src/lockset/actors).
func TestActorStandIns(t *testing.T) {
	suitetest.Track(t, "lockset/actors", "ergo.services", "github.com/tochemey", "github.com/vladopajic")
	if testing.Short() {
		t.Skip("analyses the standard library's runtime; slow")
	}
	analysistest.Run(t, suitetest.Dir(t), lockset.Analyzer, "lockset/actors")
}
