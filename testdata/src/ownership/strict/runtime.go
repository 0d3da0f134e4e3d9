package strict

import "runtime"

// The runtime is not analysed. Its functions only read their operands
// (runtime.KeepAlive), except the writers the model lists, such as
// runtime.ReadMemStats, which stay unknown callees: the strict reading
// assumes they write what they are passed.

type stats struct {
	mem runtime.MemStats
	n   int
}

func watchStats(s *stats) { _ = s.mem.HeapAlloc + uint64(s.n) }

// Refresh hands the stats to a reader and refills them: ReadMemStats
// writes what the reader reads.
func Refresh(s *stats) {
	go watchStats(s)
	runtime.ReadMemStats(&s.mem) // want `s is passed to runtime.ReadMemStats after it was handed to the goroutine started at line \d+`
}

// Keep hands the stats to a reader and keeps them alive: both only read.
func Keep(s *stats) {
	go watchStats(s)
	runtime.KeepAlive(s)
}
