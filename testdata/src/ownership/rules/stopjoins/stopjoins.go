// Package stopjoins pins the join rows whose call waits for the
// goroutines another call started: pprof.StopCPUProfile returns after the
// profile writer that pprof.StartCPUProfile handed the writer to is done,
// and trace.Stop after trace.Start's.
package stopjoins

import (
	"bytes"
	"runtime/pprof"
	"runtime/trace"
)

// Profile reads the buffer after StopCPUProfile: quiet.
func Profile(work func()) []byte {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return nil
	}
	work()
	pprof.StopCPUProfile()
	return buf.Bytes()
}

// Trace reads the buffer after trace.Stop: quiet.
func Trace(work func()) []byte {
	var buf bytes.Buffer
	if err := trace.Start(&buf); err != nil {
		return nil
	}
	work()
	trace.Stop()
	return buf.Bytes()
}

// Peek reads the buffer while the profile writer may still write it:
// reported.
func Peek(work func()) int {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return 0
	}
	work()
	n := buf.Len() // want `buf is passed to \(\*bytes.Buffer\).Len after &buf, which shares memory with it, was given up by pprof.StartCPUProfile \(line \d+\)`
	pprof.StopCPUProfile()
	return n
}

// Mixed stops the trace, not the profile: the profile writer still runs.
// Reported.
func Mixed(work func()) int {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return 0
	}
	work()
	trace.Stop()
	return buf.Len() // want `buf is passed to \(\*bytes.Buffer\).Len after &buf, which shares memory with it, was given up by pprof.StartCPUProfile \(line \d+\)`
}
