// Package pingpong is the PingPong benchmark of P# ported to Go on top of the
// Hollywood actor framework (github.com/anthdm/hollywood).
//
// A Client and a Server exchange Ping and Pong messages for a fixed number of
// rounds. A single *Ball travels back and forth: whoever holds the ball
// records a Hit in it and hands it over, so the ownership of the ball moves
// with every message and the sender never touches it after the send. The
// Server keeps per-client statistics and piggybacks a snapshot (a fresh copy)
// of them on every Pong. The driver, Run, plays the environment: it spawns
// both machines, starts the game, waits for the Client's Report, asks the
// Server for its final statistics and poisons both actors.
//
// Machines and handlers:
//   - Server: onPing, onStatsRequest
//   - Client: onStart, onPong (serve sends the next Ping)
//
// This is the race-free variant.
package pingpong

import (
	"errors"
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Hit is one touch of the ball by a player.
type Hit struct {
	By    string
	Round int
}

// Ball is the payload that travels between Client and Server. It belongs to
// the machine that received it last.
type Ball struct {
	Round  int
	SentAt time.Time
	Hits   []Hit
}

// ServerStats summarises what the Server has seen so far.
type ServerStats struct {
	Served     int
	LastRound  int
	Clients    int
	OutOfOrder int
	MaxLatency time.Duration
}

func (s *ServerStats) snapshot() *ServerStats {
	c := *s
	return &c
}

// StartGame tells the Client which Server to play against.
type StartGame struct {
	Server *actor.PID
	Rounds int
	Done   chan<- *Report
}

// Ping carries the ball from the Client to the Server.
type Ping struct {
	Ball *Ball
}

// Pong carries the ball back, together with the Server's statistics.
type Pong struct {
	Ball  *Ball
	Stats *ServerStats
}

// StatsRequest asks the Server for a copy of its statistics.
type StatsRequest struct{}

// Report is what the Client hands back to the driver when the game is over.
type Report struct {
	Rounds     int
	Pongs      int
	LastServed int
	Ball       *Ball
	Errors     []string
}

// Server answers every Ping with a Pong.
type Server struct {
	name    string
	stats   *ServerStats
	clients map[string]int // last round seen, per client
}

func newServer(name string) actor.Producer {
	return func() actor.Receiver {
		return &Server{
			name:    name,
			stats:   &ServerStats{},
			clients: make(map[string]int),
		}
	}
}

// Receive dispatches the Server's events.
func (s *Server) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Initialized, actor.Started, actor.Stopped:
	case *Ping:
		s.onPing(c, msg)
	case *StatsRequest:
		s.onStatsRequest(c)
	}
}

func (s *Server) onPing(c *actor.Context, p *Ping) {
	ball := p.Ball
	from := c.Sender().String()
	last, known := s.clients[from]
	if !known {
		s.stats.Clients++
	}
	if ball.Round != last+1 {
		s.stats.OutOfOrder++
	}
	if lat := time.Since(ball.SentAt); lat > s.stats.MaxLatency {
		s.stats.MaxLatency = lat
	}
	s.clients[from] = ball.Round
	s.stats.Served++
	s.stats.LastRound = ball.Round

	ball.Hits = append(ball.Hits, Hit{By: s.name, Round: ball.Round})
	ball.SentAt = time.Now()
	c.Send(c.Sender(), &Pong{Ball: ball, Stats: s.stats.snapshot()})
}

func (s *Server) onStatsRequest(c *actor.Context) {
	c.Respond(s.stats.snapshot())
}

// Client serves the ball and returns every Pong until the game is over.
type Client struct {
	name       string
	server     *actor.PID
	rounds     int
	round      int
	pongs      int
	lastServed int
	errs       []string
	done       chan<- *Report
}

func newClient(name string) actor.Producer {
	return func() actor.Receiver {
		return &Client{name: name}
	}
}

// Receive dispatches the Client's events.
func (cl *Client) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Initialized, actor.Started, actor.Stopped:
	case *StartGame:
		cl.onStart(c, msg)
	case *Pong:
		cl.onPong(c, msg)
	}
}

func (cl *Client) onStart(c *actor.Context, m *StartGame) {
	cl.server = m.Server
	cl.rounds = m.Rounds
	cl.done = m.Done
	ball := &Ball{Hits: make([]Hit, 0, 2*m.Rounds)}
	cl.serve(c, ball)
}

// serve records the Client's hit and hands the ball to the Server.
func (cl *Client) serve(c *actor.Context, ball *Ball) {
	cl.round++
	ball.Round = cl.round
	ball.Hits = append(ball.Hits, Hit{By: cl.name, Round: cl.round})
	ball.SentAt = time.Now()
	c.Send(cl.server, &Ping{Ball: ball})
}

func (cl *Client) onPong(c *actor.Context, m *Pong) {
	ball := m.Ball
	cl.pongs++
	if n := len(ball.Hits); n == 0 || ball.Hits[n-1].Round != cl.round || ball.Hits[n-1].By == cl.name {
		cl.errs = append(cl.errs, fmt.Sprintf("round %d: unexpected last hit", cl.round))
	}
	if cl.round == cl.rounds {
		cl.finish(ball, m.Stats)
		return
	}
	cl.serve(c, ball)

	// Book-keeping on the statistics snapshot, which the Client owns.
	if m.Stats.Served < cl.lastServed {
		cl.errs = append(cl.errs, fmt.Sprintf("round %d: server count went back", cl.round))
	}
	cl.lastServed = m.Stats.Served
}

func (cl *Client) finish(ball *Ball, stats *ServerStats) {
	cl.lastServed = stats.Served
	errs := cl.errs
	cl.errs = nil // handed over with the report: a late Pong starts a new list
	cl.done <- &Report{
		Rounds:     cl.round,
		Pongs:      cl.pongs,
		LastServed: cl.lastServed,
		Ball:       ball,
		Errors:     errs,
	}
}

// Result is the outcome of one game.
type Result struct {
	Report *Report
	Stats  *ServerStats
}

// Run plays a game of the given number of rounds and shuts everything down.
func Run(rounds int) (*Result, error) {
	if rounds <= 0 {
		return nil, errors.New("pingpong: rounds must be positive")
	}
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		return nil, err
	}
	server := e.Spawn(newServer("server"), "server", actor.WithID("0"))
	client := e.Spawn(newClient("client"), "client", actor.WithID("0"))
	defer func() {
		<-e.Poison(client).Done()
		<-e.Poison(server).Done()
	}()

	done := make(chan *Report, 1)
	e.Send(client, &StartGame{Server: server, Rounds: rounds, Done: done})

	var rep *Report
	select {
	case rep = <-done:
	case <-time.After(5 * time.Second):
		return nil, errors.New("pingpong: game did not finish")
	}
	res, err := e.Request(server, &StatsRequest{}, time.Second).Result()
	if err != nil {
		return nil, fmt.Errorf("pingpong: stats: %w", err)
	}
	stats, ok := res.(*ServerStats)
	if !ok {
		return nil, fmt.Errorf("pingpong: unexpected stats reply %T", res)
	}
	return &Result{Report: rep, Stats: stats}, nil
}
