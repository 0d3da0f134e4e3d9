package closeorder // want package:"lockset summaries: 12"

import "context"

// This package pins the ordering of two entry points by the close of a
// channel both name (chanclose.go): what a goroutine writes before it
// closes a channel, on every path, is ordered with what another entry
// point reads after receiving from that channel. A write after the
// close, a close on some paths only, and a send instead of a close
// still race.

// A Future is completed by its own goroutine.
type Future struct {
	done chan struct{}
	val  int
	err  error
	ch   chan int
	sent int
	late int
	some int
}

// Start returns a future its goroutines complete.
func Start(cond bool) *Future {
	f := &Future{done: make(chan struct{}), ch: make(chan int)}
	go f.run(cond)
	go f.send()
	return f
}

func (f *Future) run(cond bool) {
	f.val = 1 // want `f.val is written in the goroutine started in Start \(line 26\) via \(\*Future\).run without a lock and read in \(\*Future\).Peek without a lock`
	f.setErr()
	if cond {
		f.some = 1
		close(f.done)
		f.late = 2 // want `f.late is written in the goroutine started in Start \(line 26\) via \(\*Future\).run without a lock and read in \(\*Future\).Late without a lock`
		return
	}
	f.finish()
}

// setErr writes before run's close.
func (f *Future) setErr() { f.err = nil }

// finish closes done on every path.
func (f *Future) finish() {
	defer close(f.done)
}

func (f *Future) send() {
	f.sent = 1 // want `f.sent is written in the goroutine started in Start \(line 27\) via \(\*Future\).send without a lock and read in \(\*Future\).Sent without a lock`
	f.ch <- 1
}

// Wait reads after the close: quiet.
func (f *Future) Wait() (int, error) {
	<-f.done
	return f.val, f.err
}

// WaitContext reads in the case that received: quiet.
func (f *Future) WaitContext(ctx context.Context) int {
	select {
	case <-f.done:
		return f.val
	case <-ctx.Done():
		return 0
	}
}

// WaitThenRead waits in a helper: quiet.
func (f *Future) WaitThenRead() int {
	f.await()
	return f.val
}

func (f *Future) await() { <-f.done }

// Peek does not wait: racy.
func (f *Future) Peek() int {
	return f.val
}

// Late reads what run writes after closing.
func (f *Future) Late() int {
	<-f.done
	return f.late
}

// Some reads what run writes before a close on one of its paths only
// (the other closes in finish): ordered on both.
func (f *Future) Some() int {
	<-f.done
	return f.some
}

// Sent reads after a receive that a send completed: a send is not a
// close, so the value may be written again.
func (f *Future) Sent() int {
	<-f.ch
	return f.sent
}
