package waits

import "sync"

// This package pins the Waits facts: the ports a function receives
// from, or waits on as a group, on some path, directly or through its
// callees.

type Req struct {
	done chan struct{}
}

// roundTrip sends r and waits for its reply.
func roundTrip(ch chan *Req, r *Req) { // want roundTrip:`^waits\[1\] must\[1\]$`
	ch <- r
	<-r.done
}

// viaHelper waits through roundTrip.
func viaHelper(ch chan *Req, r *Req) { // want viaHelper:`^waits\[1\] must\[1\]$`
	roundTrip(ch, r)
}

type Runner struct {
	stop chan struct{}
	wg   sync.WaitGroup
}

// RunUntilStop returns once another goroutine calls Stop, or when ok
// says so: it waits on its receiver on some path only.
func (r *Runner) RunUntilStop(ok func() bool) { // want RunUntilStop:`^waits\[0\]$`
	for ok() {
		select {
		case <-r.stop:
			return
		default:
		}
	}
}

func (r *Runner) Stop() { close(r.stop) }

// Wait wraps a WaitGroup's Wait.
func (r *Runner) Wait() { r.wg.Wait() } // want Wait:`^waits\[0\] must\[0\]$`

// Run returns only once it is stopped: it waits on every path.
func (r *Runner) Run(work func()) { // want Run:`^waits\[0\] must\[0\]$`
	for {
		select {
		case <-r.stop:
			return
		default:
			work()
		}
	}
}

// RunOrTimeout returns when stopped or on a timeout of its own: some
// path only.
func (r *Runner) RunOrTimeout(timeout chan struct{}) { // want RunOrTimeout:`^waits\[0 1\]$`
	select {
	case <-r.stop:
	case <-timeout:
	}
}

// fire only sends: it waits on nothing.
func fire(ch chan *Req, r *Req) {
	ch <- r
}

// RunWorkers waits on its receiver, which the workers it starts capture
// (so the parameter lives in a local the closures share).
func (r *Runner) RunWorkers(n int) { // want RunWorkers:`^waits\[0\] must\[0\]$`
	for i := 0; i < n; i++ {
		go func() { r.wg.Done() }()
	}
	<-r.stop
}

// awaitOrCancel receives from its request's channel in both cases of a
// select, one of whose bodies is empty: every path waits.
func awaitOrCancel(r *Req, cancel chan struct{}) { // want awaitOrCancel:`^waits\[0 1\] must\[0\]$`
	select {
	case <-cancel:
		<-r.done
	case <-r.done:
	}
}
