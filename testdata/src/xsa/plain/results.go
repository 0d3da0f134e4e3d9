package plain

// A machine whose handler says, by a constant result, that the machine is
// done: the run loop returns when it returns true (results.go).

// finisher ends its loop when onEvent returns true, which it does right
// after sending its summary: quiet.
type finisher struct {
	inbox chan event
	seen  []string
	out   chan<- *summary
}

func startFinishers(out chan<- *summary) {
	f := &finisher{inbox: make(chan event), out: out}
	go f.run()
	g := &goOn{inbox: make(chan event), out: out}
	go g.run()
	n := &negated{inbox: make(chan event), out: out}
	go n.run()
}

func (f *finisher) run() {
	for e := range f.inbox {
		if f.onEvent(e) {
			return
		}
	}
}

func (f *finisher) onEvent(e event) bool {
	if !e.stop {
		f.seen = append(f.seen, e.name)
		return false
	}
	f.out <- &summary{Seen: f.seen}
	return true
}

// goOn's handler returns false after its summary, so the loop handles
// the next event, which appends to what was sent: reported.
type goOn struct {
	inbox chan event
	seen  []string
	out   chan<- *summary
}

func (g *goOn) run() {
	for e := range g.inbox {
		if g.onEvent(e) {
			return
		}
	}
}

func (g *goOn) onEvent(e event) bool {
	if !e.stop {
		g.seen = append(g.seen, e.name)
		return false
	}
	g.out <- &summary{Seen: g.seen} // want `&summary{…} is sent on g.out but stays reachable from g.seen`
	return false
}

// negated's loop goes on while its handler returns true, and the handler
// sends its summary when it returns false: quiet.
type negated struct {
	inbox chan event
	seen  []string
	out   chan<- *summary
}

func (n *negated) run() {
	for e := range n.inbox {
		if !n.keepGoing(e) {
			return
		}
	}
}

func (n *negated) keepGoing(e event) bool {
	if e.stop {
		n.out <- &summary{Seen: n.seen}
		return false
	}
	n.seen = append(n.seen, e.name)
	return true
}
