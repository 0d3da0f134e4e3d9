// Package boundedasync is the BoundedAsync benchmark of P# (ported from the P
// sample) written with plain goroutines and channels.
//
// A Scheduler creates N Process machines arranged in a ring and lets them
// advance a counter in lock-step with bounded asynchrony: every Process asks
// the Scheduler for permission (Req) before each step, and the Scheduler only
// answers (Resp) once all processes have asked. On every step a Process
// announces its new count to its two neighbours (MyCount), which check that
// no neighbour is more than one step away from them. After the last round the
// Scheduler halts the processes and collects their summaries.
//
// Machines and handlers:
//   - Scheduler: start, onReq, finish
//   - Process: onInitialize, onResp, onMyCount, onHalt
//
// Every machine is a goroutine that owns its fields and reads events from its
// own buffered inbox channel. This is the race-free variant.
package boundedasync

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Initialize gives a Process its scheduler and its neighbours.
type Initialize struct {
	Scheduler *Scheduler
	Neighbors []*Process
	Size      int
}

// Req asks the Scheduler for permission to take the next step.
type Req struct {
	From  int
	Count int
}

// Resp grants the next step. Counts is the Scheduler's view of every
// process's count when the round was granted; it is shared by all processes
// of the round and must not be modified.
type Resp struct {
	Round  int
	Counts []int
}

// MyCount announces a Process's count to a neighbour.
type MyCount struct {
	From  int
	Count int
}

// Halt stops a Process; it answers with its Summary.
type Halt struct {
	Reply chan<- *Summary
}

// Summary is what a Process reports when it halts.
type Summary struct {
	ID         int
	Count      int
	Heard      map[int][]int
	Violations []string
}

// Outcome is the result of a whole run.
type Outcome struct {
	Rounds    int
	Summaries []*Summary
}

const inboxSize = 64

// Scheduler grants steps to the processes.
type Scheduler struct {
	inbox     chan any
	processes []*Process
	rounds    int
	round     int
	counts    []int
	asked     int
	done      chan *Outcome
}

// Process is one participant of the ring.
type Process struct {
	id         int
	inbox      chan any
	scheduler  *Scheduler
	neighbors  []*Process
	count      int
	heard      map[int][]int
	violations []string
}

func newScheduler(n, rounds int) *Scheduler {
	s := &Scheduler{
		inbox:  make(chan any, inboxSize),
		rounds: rounds,
		counts: make([]int, n),
		done:   make(chan *Outcome, 1),
	}
	for i := 0; i < n; i++ {
		s.processes = append(s.processes, &Process{
			id:    i,
			inbox: make(chan any, inboxSize),
			heard: make(map[int][]int),
		})
	}
	return s
}

func (s *Scheduler) send(ev any) { s.inbox <- ev }
func (p *Process) send(ev any)   { p.inbox <- ev }

func (s *Scheduler) run() {
	s.start()
	for ev := range s.inbox {
		switch e := ev.(type) {
		case *Req:
			if s.onReq(e) {
				s.finish()
				return
			}
		default:
			panic(fmt.Sprintf("scheduler: unexpected event %T", ev))
		}
	}
}

// start wires the ring: every process gets its own slice of neighbours.
func (s *Scheduler) start() {
	n := len(s.processes)
	for i, p := range s.processes {
		left := s.processes[(i+n-1)%n]
		right := s.processes[(i+1)%n]
		p.send(&Initialize{Scheduler: s, Neighbors: []*Process{left, right}, Size: n})
	}
}

// onReq records a request and reports whether the run is over.
func (s *Scheduler) onReq(r *Req) bool {
	s.counts[r.From] = r.Count
	s.asked++
	if s.asked < len(s.processes) {
		return false
	}
	s.asked = 0
	if s.round == s.rounds {
		return true
	}
	s.round++
	counts := s.counts
	s.counts = make([]int, len(s.processes))
	resp := &Resp{Round: s.round, Counts: counts}
	for _, p := range s.processes {
		p.send(resp)
	}
	return false
}

func (s *Scheduler) finish() {
	replies := make(chan *Summary, len(s.processes))
	for _, p := range s.processes {
		p.send(&Halt{Reply: replies})
	}
	out := &Outcome{Rounds: s.round, Summaries: make([]*Summary, len(s.processes))}
	for range s.processes {
		sum := <-replies
		out.Summaries[sum.ID] = sum
	}
	s.done <- out
}

func (p *Process) run() {
	for ev := range p.inbox {
		switch e := ev.(type) {
		case *Initialize:
			p.onInitialize(e)
		case *Resp:
			p.onResp(e)
		case *MyCount:
			p.onMyCount(e)
		case *Halt:
			p.onHalt(e)
			return
		default:
			panic(fmt.Sprintf("process %d: unexpected event %T", p.id, ev))
		}
	}
}

func (p *Process) onInitialize(e *Initialize) {
	p.scheduler = e.Scheduler
	p.neighbors = e.Neighbors
	for _, n := range p.neighbors {
		p.heard[n.id] = nil
	}
	p.scheduler.send(&Req{From: p.id, Count: p.count})
}

func (p *Process) violation(format string, args ...any) {
	p.violations = append(p.violations, fmt.Sprintf("process %d: ", p.id)+fmt.Sprintf(format, args...))
}

func (p *Process) onResp(e *Resp) {
	// Bounded asynchrony, globally: nobody is behind, nobody is ahead.
	for i, c := range e.Counts {
		if c < p.count || c > p.count+1 {
			p.violation("round %d: process %d at %d while I am at %d", e.Round, i, c, p.count)
		}
	}
	p.count++
	if p.count != e.Round {
		p.violation("count %d in round %d", p.count, e.Round)
	}
	for _, n := range p.neighbors {
		n.send(&MyCount{From: p.id, Count: p.count})
	}
	p.scheduler.send(&Req{From: p.id, Count: p.count})
}

func (p *Process) onMyCount(e *MyCount) {
	if d := e.Count - p.count; d < -1 || d > 1 {
		p.violation("neighbour %d at %d while I am at %d", e.From, e.Count, p.count)
	}
	p.heard[e.From] = append(p.heard[e.From], e.Count)
}

func (p *Process) onHalt(e *Halt) {
	e.Reply <- &Summary{
		ID:         p.id,
		Count:      p.count,
		Heard:      p.heard,
		Violations: p.violations,
	}
	p.heard, p.violations = nil, nil
}

// Run runs n processes for the given number of rounds.
func Run(n, rounds int) (*Outcome, error) {
	if n < 2 || rounds < 1 {
		return nil, errors.New("boundedasync: need at least two processes and one round")
	}
	s := newScheduler(n, rounds)
	var wg sync.WaitGroup
	for _, p := range s.processes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.run()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.run()
	}()

	select {
	case out := <-s.done:
		wg.Wait()
		return out, nil
	case <-time.After(5 * time.Second):
		return nil, errors.New("boundedasync: run did not finish")
	}
}
