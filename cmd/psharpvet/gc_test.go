// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gcSetting reads one of the collector's settings (/gc/gogc:percent,
// /gc/gomemlimit:bytes) from the runtime's metrics.
func gcSetting(t *testing.T, name string) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("metric %s: kind %v", name, s[0].Value.Kind())
	}
	return s[0].Value.Uint64()
}

// gcOff is how /gc/gogc:percent reads when collection is off (GOGC=off,
// -1 as an unsigned number).
const gcOff = math.MaxUint64

// restoreGC puts the collector back to its default settings when t ends.
func restoreGC(t *testing.T) {
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

func TestDeferCollectionRestoresWhenLiveHeapGrows(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restoreGC(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)

	const startHeap = 16 << 20
	deferCollection(startHeap)
	if got := gcSetting(t, "/gc/gogc:percent"); got != gcOff {
		t.Errorf("GOGC after deferCollection = %d, want off", got)
	}
	if got := gcSetting(t, "/gc/gomemlimit:bytes"); got != startHeap {
		t.Errorf("memory limit after deferCollection = %d, want %d", got, startHeap)
	}

	// A collection that finds less than half of startHeap live keeps
	// the deferred pacing.
	runtime.GC()
	time.Sleep(10 * time.Millisecond) // cleanups run on their own goroutine
	if got := gcSetting(t, "/gc/gogc:percent"); got != gcOff {
		t.Errorf("GOGC after a collection of a small heap = %d, want off", got)
	}

	// One that finds more restores the settings deferCollection found.
	live := make([][]byte, 0, 16)
	for range 12 {
		live = append(live, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(10 * time.Second)
	for gcSetting(t, "/gc/gogc:percent") != 100 {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d after collections with %d MB live", gcSetting(t, "/gc/gogc:percent"), len(live))
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := gcSetting(t, "/gc/gomemlimit:bytes"); got != math.MaxInt64 {
		t.Errorf("memory limit after a large live heap = %d, want none (%d)", got, int64(math.MaxInt64))
	}
	runtime.KeepAlive(live)
}

func TestDeferCollectionLeavesUserSettings(t *testing.T) {
	restoreGC(t)
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "200")
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			deferCollection(16 << 20)
			if got := gcSetting(t, "/gc/gogc:percent"); got != 100 {
				t.Errorf("GOGC = %d with %s set, want 100 (untouched)", got, env)
			}
			if got := gcSetting(t, "/gc/gomemlimit:bytes"); got != math.MaxInt64 {
				t.Errorf("memory limit = %d with %s set, want none", got, env)
			}
		})
	}
}
