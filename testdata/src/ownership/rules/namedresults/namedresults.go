// Package namedresults pins that returning a named result, `return ctx,
// cancel, &h{…}`, is no write of it: each result is assigned to itself,
// which the compiler drops, so a goroutine that captured it still reads
// the value it was handed. Assigning it anew after the go statement is a
// write.
package namedresults

type harness struct{ n int }

func run() {}

// start hands the closure that captures stop to a goroutine and returns
// stop beside a new harness: quiet.
func start(n int) (stop func(), h *harness) {
	done := make(chan struct{})
	stop = func() { close(done) }
	go func() {
		defer stop()
		run()
	}()
	return stop, &harness{n: n}
}

// restart replaces stop while the goroutine may still call it.
func restart(n int) (stop func(), h *harness) {
	done := make(chan struct{})
	stop = func() { close(done) }
	go func() {
		defer stop()
		run()
	}()
	stop = func() {} // want `stop is written after it was handed to the goroutine started at line \d+`
	return stop, &harness{n: n}
}
