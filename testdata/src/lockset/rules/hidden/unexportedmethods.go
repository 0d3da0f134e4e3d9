package hidden

import "sync"

// An exported interface with unexported methods: another package can
// call only its exported methods (it can neither name start and stop
// nor implement the interface), so start and stop run only where this
// package calls them, here one task at a time on the agent's loop.

type Candidate interface {
	Conn() string
	Rebind(conn string)
	start(conn string)
	stop()
}

type candidate struct {
	mu   sync.Mutex
	conn string
	port int
}

// NewCandidate hands the candidate out behind the interface.
func NewCandidate() Candidate { return &candidate{} }

// start writes the connection unlocked, stop reads it under the lock:
// both run on the agent's loop only. Quiet.
func (c *candidate) start(conn string) {
	c.conn = conn
	c.port = 1
}

func (c *candidate) stop() {
	c.mu.Lock()
	_ = c.port
	c.mu.Unlock()
}

// Conn and Rebind are the interface's exported methods: importers call
// them concurrently. A race.
func (c *candidate) Conn() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn
}

func (c *candidate) Rebind(conn string) {
	c.conn = conn // want `c.conn is written in \(\*candidate\).Rebind without a lock and read in \(\*candidate\).Conn holding c.mu`
}

type Agent struct {
	tasks chan func()
}

func NewAgent() *Agent {
	a := &Agent{tasks: make(chan func())}
	go a.loop()
	return a
}

func (a *Agent) loop() {
	for t := range a.tasks {
		t()
	}
}

// Add and Remove run the candidate's unexported methods as tasks.
func (a *Agent) Add(c Candidate) { a.tasks <- func() { c.start("udp") } }

func (a *Agent) Remove(c Candidate) { a.tasks <- func() { c.stop() } }
