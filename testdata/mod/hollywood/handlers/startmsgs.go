package handlers

// Hollywood delivers Initialized, then Started, to each new actor before
// any other message: what a handler does on them happens before the
// goroutines it starts later.

import (
	"net"

	"github.com/anthdm/hollywood/actor"
)

// Server listens on Initialized and accepts on Started: quiet.
type Server struct {
	addr string
	ln   net.Listener
	pid  *actor.PID
	n    int
}

func (s *Server) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Initialized:
		ln, err := net.Listen("tcp", s.addr)
		if err != nil {
			panic(err)
		}
		s.ln = ln
	case actor.Started:
		s.pid = c.PID()
		s.start()
	case actor.Stopped:
		s.ln.Close()
	}
}

// start is called only from Receive, on Started, after s.pid is set.
func (s *Server) start() {
	go s.acceptLoop()
}

func (s *Server) acceptLoop() {
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		_ = s.pid
		conn.Close()
	}
}

// LateListener sets its address on Started, but starts its loop on
// Initialized, before that: reported.
type LateListener struct {
	addr string
}

func (l *LateListener) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Initialized:
		go l.loop()
	case actor.Started:
		l.addr = "localhost:0" // want `l.addr is written in \(\*LateListener\).Receive without a lock and read in the goroutine started in \(\*LateListener\).Receive \(line \d+\) via \(\*LateListener\).loop without a lock`
	}
}

func (l *LateListener) loop() {
	_ = l.addr
}

// Restarter writes its field on Started after it started the goroutine
// on the same message: reported.
type Restarter struct {
	state int
}

func (r *Restarter) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		go r.watch()
		r.state = 1 // want `r.state is written in \(\*Restarter\).Receive without a lock and read in the goroutine started in \(\*Restarter\).Receive \(line \d+\) via \(\*Restarter\).watch without a lock`
	}
}

func (r *Restarter) watch() {
	_ = r.state
}

type tick struct{}

// Ticker writes its field on every tick, while the goroutine Started
// began still reads it: reported.
type Ticker struct {
	last int
}

func (t *Ticker) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		go t.report()
	case tick:
		t.last++ // want `t.last is written in \(\*Ticker\).Receive without a lock and read in the goroutine started in \(\*Ticker\).Receive \(line \d+\) via \(\*Ticker\).report without a lock`
	}
}

func (t *Ticker) report() {
	_ = t.last
}

// Configured sets its limit on Started and starts a worker for each job
// message: quiet.
type Configured struct {
	limit int
}

func (w *Configured) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		w.limit = 10
	case tick:
		go w.work()
	}
}

func (w *Configured) work() {
	_ = w.limit
}

// Discovery sets its engine on Initialized and, on Started, starts a
// goroutine that starts the reader: the reader starts after both, quiet.
type Discovery struct {
	engine *actor.Engine
	seen   int
}

func (d *Discovery) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Initialized:
		d.engine = c.Engine()
	case actor.Started:
		go d.discover()
	}
}

func (d *Discovery) discover() {
	entries := make(chan int)
	go func() {
		for range entries {
			_ = d.engine
		}
	}()
	close(entries)
}

// EarlyDiscovery starts its discovery on Initialized and sets its engine
// on Started, after: the reader the discovery goroutine starts races with
// the write (reported).
type EarlyDiscovery struct {
	engine *actor.Engine
}

func (d *EarlyDiscovery) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Initialized:
		go d.discover()
	case actor.Started:
		d.engine = c.Engine() // want `d.engine is written in \(\*EarlyDiscovery\).Receive without a lock and read in the goroutine started in \(\*EarlyDiscovery\).discover \(line \d+\) without a lock`
	}
}

func (d *EarlyDiscovery) discover() {
	entries := make(chan int)
	go func() {
		for range entries {
			_ = d.engine
		}
	}()
	close(entries)
}
