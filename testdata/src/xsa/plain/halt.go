package plain

// A worker is a machine on a goroutine of its own: its run loop handles
// events until a stop event, sends a summary that shares its fields, and
// returns. Once its goroutine has ended none of its handlers runs again.
type worker struct {
	inbox chan event
	seen  []string
	count int
}

type event struct {
	name string
	stop bool
}

type summary struct {
	Seen  []string
	Count int
}

// startWorkers starts machines whose goroutines end after their
// summary.
func startWorkers(out chan<- *summary) {
	w := &worker{inbox: make(chan event)}
	go w.run(out)
	l := &looper{inbox: make(chan event)}
	go l.run(out)
	k := &keeper{inbox: make(chan event)}
	go k.run(out)
	k.inbox <- event{name: "x"}
}

func (w *worker) run(out chan<- *summary) {
	for e := range w.inbox {
		if e.stop {
			w.report(out)
			return
		}
		w.onEvent(e)
	}
}

func (w *worker) onEvent(e event) {
	w.seen = append(w.seen, e.name)
	w.count++
}

// report hands over the events seen: quiet, the goroutine ends next.
func (w *worker) report(out chan<- *summary) {
	out <- &summary{Seen: w.seen, Count: w.count}
}

// A looper reports on a stop event but goes on handling events, so the
// next one appends to the array the receiver holds.
type looper struct {
	inbox chan event
	seen  []string
}

func (l *looper) run(out chan<- *summary) {
	for e := range l.inbox {
		if e.stop {
			out <- &summary{Seen: l.seen} // want `&summary{…} is sent on out but stays reachable from l.seen`
			continue
		}
		l.seen = append(l.seen, e.name)
	}
}

// A keeper's goroutine ends after its summary, but another method of
// the type, called by whoever holds the keeper, still appends to what
// was sent.
type keeper struct {
	inbox chan event
	seen  []string
}

func (k *keeper) run(out chan<- *summary) {
	for e := range k.inbox {
		if e.stop {
			out <- &summary{Seen: k.seen} // want `&summary{…} is sent on out but stays reachable from k.seen`
			return
		}
		k.note(e.name)
	}
}

func (k *keeper) note(name string) { k.seen = append(k.seen, name) }

// Note records a name from outside the machine's goroutine.
func (k *keeper) Note(name string) { k.note(name) }

// A sweeper's body is a method value started through a helper, and its
// helpers call each other. Quiet.
type sweeper struct {
	inbox chan event
	seen  []string
	out   chan<- *summary
}

func startSweepers(out chan<- *summary) {
	start := func(run func()) { go func() { run() }() }
	s := &sweeper{inbox: make(chan event), out: out}
	start(s.run)
}

func (s *sweeper) run() {
	for e := range s.inbox {
		if e.stop {
			s.out <- &summary{Seen: s.seen}
			return
		}
		s.sweep(e.name, 2)
	}
}

func (s *sweeper) sweep(name string, n int) {
	s.seen = append(s.seen, name)
	if n > 0 {
		s.resweep(name, n-1)
	}
}

func (s *sweeper) resweep(name string, n int) { s.sweep(name, n) }

// A rerun's method value is also kept, to be called again after its
// goroutine ended: the next run appends to what was sent.
type rerun struct {
	inbox chan event
	seen  []string
	out   chan<- *summary
	again func()
}

func startReruns(out chan<- *summary) {
	start := func(run func()) { go func() { run() }() }
	r := &rerun{inbox: make(chan event), out: out}
	start(r.run)
	r.again = r.run
}

func (r *rerun) run() {
	for e := range r.inbox {
		if e.stop {
			r.out <- &summary{Seen: r.seen} // want `&summary{…} is sent on r.out but stays reachable from r.seen`
			return
		}
		r.seen = append(r.seen, e.name)
	}
}
