package machines // want package:"lockset summaries"

// Plain-Go machines whose dispatcher the analysis cannot see declare their
// handlers with //psharpvet:handler: the handlers of one type run one at a
// time, and race only with the goroutines they start and other entry
// points.

import "sync"

// Machine is driven one event at a time by a dispatcher of its own.
type Machine struct {
	mu    sync.Mutex
	state int
	snap  int
	total int
}

// OnStart is a handler: it never runs concurrently with OnEvent.
//
//psharpvet:handler
func (m *Machine) OnStart() {
	m.state = 1
	m.publish()
}

// OnEvent is a handler; the goroutine it starts outlives the event.
//
//psharpvet:handler
func (m *Machine) OnEvent(n int) {
	if m.total > 100 { // want `m.total is read in \(\*Machine\).OnEvent without a lock and written in the goroutine started in \(\*Machine\).OnEvent \(line \d+\) without a lock`
		return
	}
	m.state += n
	m.publish()
	go func() { m.total += n }()
}

func (m *Machine) publish() {
	m.mu.Lock()
	m.snap = m.state
	m.mu.Unlock()
}

// Snapshot may be called from any goroutine.
func (m *Machine) Snapshot() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.snap
}

// Undeclared has the same methods without the directive: exported methods
// of a type with a lock may run concurrently with each other.
type Undeclared struct {
	mu    sync.Mutex
	state int
	snap  int
}

func (u *Undeclared) OnStart() {
	u.state = 1 // want `u.state is written in \(\*Undeclared\).OnStart without a lock and read in \(\*Undeclared\).OnEvent via \(\*Undeclared\).publish holding u.mu`
	u.publish()
}

func (u *Undeclared) OnEvent(n int) {
	u.state += n // want `u.state is written in \(\*Undeclared\).OnEvent without a lock and read in \(\*Undeclared\).OnStart`
	u.publish()
}

func (u *Undeclared) publish() {
	u.mu.Lock()
	u.snap = u.state
	u.mu.Unlock()
}
