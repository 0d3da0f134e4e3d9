// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build psharpvetprofile

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// profileDirEnv names the directory where a build with the
// psharpvetprofile tag writes, for each go vet unit it runs, a CPU profile
// and an allocation profile of the unit's analysis. go vet's units are
// processes that unitchecker ends with os.Exit, and it reads neither
// -cpuprofile nor -memprofile, so the profiles stop when the last
// analyzer's Run returns. Samples carry the label "pass" with the name of
// the analyzer whose Run they fall in (buildssa, taint, lockset, ...).
const profileDirEnv = "PSHARPVET_PROFILE_DIR"

// profileUnit starts the CPU profile of a go vet unit, if profileDirEnv is
// set, and wraps the Run of analyzers and of every analyzer they require
// to label their samples and to write the profiles after the last Run.
func profileUnit(args []string, analyzers []*analysis.Analyzer) {
	dir := os.Getenv(profileDirEnv)
	u, ok := vetUnit(args)
	if dir == "" || !ok {
		return
	}
	base := filepath.Join(dir, fmt.Sprintf("%s.%d", filepath.Base(u.ImportPath), os.Getpid()))
	cpu, err := os.Create(base + ".cpu.pprof")
	if err != nil {
		return
	}
	runtime.MemProfileRate = 64 << 10
	if err := pprof.StartCPUProfile(cpu); err != nil {
		return
	}
	all := withRequired(analyzers)
	remaining := int32(len(all))
	var stop sync.Once
	for _, a := range all {
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (result any, err error) {
			pprof.Do(context.Background(), pprof.Labels("pass", name), func(context.Context) {
				result, err = run(pass)
			})
			if atomic.AddInt32(&remaining, -1) == 0 {
				stop.Do(func() {
					pprof.StopCPUProfile()
					cpu.Close()
					if f, err := os.Create(base + ".alloc.pprof"); err == nil {
						// The profile is as of the last collection:
						// without one here, what the unit allocated
						// since then is missing, as much as a heap's
						// growth, and two runs of the same unit differ
						// by as much. The in-use figures become what is
						// live at the end.
						runtime.GC()
						pprof.Lookup("allocs").WriteTo(f, 0)
						f.Close()
					}
				})
			}
			return result, err
		}
	}
}
