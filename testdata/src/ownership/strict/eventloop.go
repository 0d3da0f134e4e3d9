package strict

// A machine's event loop hands each event it receives to a handler
// method, which keeps it in the machine on one path and sends it on
// another. The handler's summary is path-insensitive: the machine may
// reach the event, and the event may be given up. Passing the machine to
// the handler again in the next iteration is no use of an earlier event
// when the handler detaches what it gives up (at each of its returns
// after a transfer, the machine reaches none of the event) and nothing
// between two calls of the loop stores a reference.

type meetRequest struct {
	Who   int
	Reply chan<- *meetPair
}

type meetPair struct {
	First, Second *meetRequest
}

type matchmaker struct {
	requests chan *meetRequest
	waiting  *meetRequest
	matched  int
	last     *meetRequest
	sink     meetSink
}

// A meetSink is implemented by code the analysis does not see.
type meetSink interface{ Keep(*meetRequest) }

// pair keeps the first request waiting and sends both once a second one
// comes, after taking the first out of the machine.
func (m *matchmaker) pair(req *meetRequest) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	first := m.waiting
	m.waiting = nil
	m.matched++
	p := &meetPair{First: first, Second: req}
	first.Reply <- p
}

// Match pairs requests: quiet, the handler detaches what it sends, and the
// loop counts in a field of basic type between two calls.
func (m *matchmaker) Match() {
	for req := range m.requests {
		m.pair(req)
		m.matched += 0
	}
}

// pairKeeping also remembers the last request it sent in the machine;
// its pairs go to a receiver that writes them.
func (m *matchmaker) pairKeeping(req *meetRequest, out chan<- *meetPair) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	first := m.waiting
	m.waiting = nil
	out <- &meetPair{First: first, Second: req}
	m.last = req // want `req is stored into m.last after &meetPair\{…\}, which shares memory with it, was sent on out`
}

// MatchKeeping's handler keeps what it sent, which the receiver writes:
// the next call may use it, reported.
func (m *matchmaker) MatchKeeping() {
	out := make(chan *meetPair)
	go scribbler(out)
	for req := range m.requests {
		m.pairKeeping(req, out) // want `m is passed to \(\*strict.matchmaker\).pairKeeping after req, which shares memory with it, was given up .* in an earlier iteration`
	}
}

// pairFiled files the second request in the machine's sink, code the
// analysis cannot see, which may keep it where the machine reaches it.
func (m *matchmaker) pairFiled(req *meetRequest) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	first := m.waiting
	m.waiting = nil
	first.Reply <- &meetPair{First: first, Second: req}
	m.sink.Keep(req) // want `req is passed to Keep after &meetPair\{…\}, which shares memory with it, was sent on first.Reply`
}

// MatchFiled: the event escapes to unseen code, reported in the handler.
// The loop gets no report of its own here, with or without the rule: the
// unseen call links the request to the machine, so the machine's inbox is
// reachable from what was given up, and the walk after the call stops at
// the loop's receive from it, taken for the request/reply join (a gap of
// the joins, which take a may-reach for a reply channel; noticed, left as
// found).
func (m *matchmaker) MatchFiled() {
	for req := range m.requests {
		m.pairFiled(req)
	}
}

// MatchNotified hands the machine to code the analysis cannot see between
// two calls, which may make it reach anything: reported.
func (m *matchmaker) MatchNotified() {
	for req := range m.requests {
		m.pair(req) // want `m is passed to \(\*strict.matchmaker\).pair after req, which shares memory with it, was given up .* in an earlier iteration`
		m.sink.Keep(nil)
	}
}

// MatchRemembering stores a reference between two calls: the machine may
// then reach an earlier request however the handler leaves it, reported.
func (m *matchmaker) MatchRemembering() {
	for req := range m.requests {
		m.pair(req)
		m.last = req // want `req is stored into m.last after it was given up by \(\*strict.matchmaker\).pair`
	}
}

// scribbler receives pairs and writes the requests it gets.
func scribbler(pairs <-chan *meetPair) {
	for p := range pairs {
		p.First.Who = 0
		p.Second.Who = 0
	}
}

// pairLeaving sends a pair to a writing receiver but leaves the first
// request in the machine.
func (m *matchmaker) pairLeaving(req *meetRequest, out chan<- *meetPair) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	out <- &meetPair{First: m.waiting, Second: req} // want `&meetPair\{…\} is sent on out but stays reachable from m.waiting`
}

// MatchLeaving: the receiver writes the requests while the machine still
// reaches the first one. The handler gives up memory of its machine and
// keeps it there, which is its own report above; it leaves nothing of the
// request it was passed in the machine, so the loop's next call is no
// use of it: quiet at the loop.
func (m *matchmaker) MatchLeaving() {
	out := make(chan *meetPair)
	go scribbler(out)
	for req := range m.requests {
		m.pairLeaving(req, out)
	}
}

// pairLate keeps the request it sent in the machine from a deferred call,
// which runs after the handler's last instruction.
func (m *matchmaker) pairLate(req *meetRequest) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	defer func() { m.last = req }()
	first := m.waiting
	m.waiting = nil
	first.Reply <- &meetPair{First: first, Second: req} // want `&meetPair\{…\} is sent on first.Reply but stays reachable from m\.\w+`
}

// MatchLate: the deferred call keeps what the handler sent, reported.
func (m *matchmaker) MatchLate() {
	for req := range m.requests {
		m.pairLate(req) // want `m is passed to \(\*strict.matchmaker\).pairLate after req, which shares memory with it, was given up .* in an earlier iteration`
	}
}

// pairSpawning has a goroutine keep the request it sent in the machine,
// after the handler cleared the field the goroutine writes.
func (m *matchmaker) pairSpawning(req *meetRequest) {
	if m.waiting == nil {
		m.waiting = req
		return
	}
	first := m.waiting
	first.Reply <- &meetPair{First: first, Second: req} // want `&meetPair\{…\} is sent on first.Reply but stays reachable from m.waiting`
	go func() { m.waiting = req }()                     // want `&meetPair\{…\} is handed to another goroutine after it was sent on first.Reply`
	m.waiting = nil                                     // want `m is written after it was handed to the goroutine started at line \d+`
}

// MatchSpawning: the goroutine may keep what the handler sent, reported.
func (m *matchmaker) MatchSpawning() {
	for req := range m.requests {
		m.pairSpawning(req) // want `m is passed to \(\*strict.matchmaker\).pairSpawning after req, which shares memory with it, was given up .* in an earlier iteration`
	}
}
