package waitcall // want package:"lockset summaries"

// This package pins calls that wait as joins: a call of a function that
// receives from a channel of a value related to the goroutine (its
// capture) on every path to its returns returns after the goroutine
// signalled it; one that may return without receiving is no join.

type runner struct {
	stop chan struct{}
	n    int
}

// run works until it is stopped.
func (r *runner) run() {
	for {
		select {
		case <-r.stop:
			return
		default:
			r.n++
		}
	}
}

func (r *runner) Stop() { close(r.stop) }

// waitRunner runs until the goroutine stops the runner: the goroutine's
// write is before its Stop, which run waits for. Quiet.
func waitRunner() int {
	r := &runner{stop: make(chan struct{})}
	var got int
	go func() {
		got = 1
		r.Stop()
	}()
	r.run()
	return got
}

// otherRunner waits on a runner the goroutine does not stop: racy.
func otherRunner() int {
	r := &runner{stop: make(chan struct{})}
	other := &runner{stop: make(chan struct{})}
	var got int
	go func() {
		got = 1 // want `got is written in the goroutine started in otherRunner \(line \d+\) without a lock and read in otherRunner after the go statement without a lock`
		r.Stop()
	}()
	other.run()
	return got
}

// runFor returns when stopped, or when its own deadline passes: it waits
// on the runner on some paths only.
func (r *runner) runFor(deadline <-chan struct{}) {
	select {
	case <-r.stop:
	case <-deadline:
	}
}

// deadlineRunner may go on before the goroutine stopped the runner:
// racy.
func deadlineRunner(deadline <-chan struct{}) int {
	r := &runner{stop: make(chan struct{})}
	var got int
	go func() {
		got = 1 // want `got is written in the goroutine started in deadlineRunner \(line \d+\) without a lock and read in deadlineRunner after the go statement without a lock`
		r.Stop()
	}()
	r.runFor(deadline)
	return got
}
