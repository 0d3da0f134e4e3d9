// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// unitStartHeap is the memory a go vet unit may grow to before it
// collects garbage, for as long as what it keeps live is less than half
// of it.
//
// A vet run is mostly small units (the dependencies of the vetted
// packages, analysed for their facts), each a short-lived process that
// allocates tens of megabytes, keeps little of it, and exits. With the
// collector's default pacing (the first cycle at 4 MB, then each time
// the heap doubles what survived the last) such a unit spends a fifth of
// its CPU time collecting garbage that exiting would free. A unit whose
// live heap outgrows half of this size goes back to the default pacing,
// so the peak memory of a large unit, which sets the peak of the run,
// does not change; a small one peaks at this size at most. The same idea
// as the Go compiler's starting heap.
const unitStartHeap = 64 << 20

// liveHeapMetric is the runtime metric of the heap the last collection
// found live.
const liveHeapMetric = "/gc/heap/live:bytes"

// deferCollection makes the process collect garbage only when its memory
// reaches startHeap, until a collection finds more than half of that
// live; then it restores the collector's settings. It leaves them alone
// if the environment sets GOGC or GOMEMLIMIT: the user's pacing wins.
func deferCollection(startHeap int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	// With collection off, the memory limit is the only trigger.
	prev := gcSettings{percent: debug.SetGCPercent(-1), limit: debug.SetMemoryLimit(startHeap)}
	watchLiveHeap(prev, uint64(startHeap/2))
}

// gcSettings are the collector's settings deferCollection restores.
type gcSettings struct {
	percent int
	limit   int64
}

// watchLiveHeap restores prev after the next collection if it finds
// more than maxLive bytes live, and else watches the collection after.
func watchLiveHeap(prev gcSettings, maxLive uint64) {
	// A cleanup runs after the collection that finds its object
	// unreachable: this one is unreachable from the start.
	runtime.AddCleanup(new(gcSentinel), func(prev gcSettings) {
		sample := []metrics.Sample{{Name: liveHeapMetric}}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() <= maxLive {
			watchLiveHeap(prev, maxLive)
			return
		}
		debug.SetGCPercent(prev.percent)
		debug.SetMemoryLimit(prev.limit)
	}, prev)
}

// gcSentinel is the object whose cleanup watchLiveHeap arms. It is
// larger than the allocator's tiny objects, which share a block with
// others and may never be freed alone.
type gcSentinel [32]byte
