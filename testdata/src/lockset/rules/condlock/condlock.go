package condlock // want package:"lockset summaries"

// This package pins the rule that a condition variable made with
// sync.NewCond(&x.mu) locks x.mu when its L is locked.

import "sync"

// Queue's Get locks through the condition variable, Put through the
// mutex: the same lock, quiet.
type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Queue) Get() int {
	q.cond.L.Lock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.cond.L.Unlock()
	return v
}

// Pool's condition variable is made with another mutex than the one Put
// takes: reported.
type Pool struct {
	mu, waitMu sync.Mutex
	cond       *sync.Cond
	free       []int
}

func NewPool() *Pool {
	p := &Pool{}
	p.cond = sync.NewCond(&p.waitMu)
	return p
}

func (p *Pool) Put(v int) {
	p.mu.Lock()
	p.free = append(p.free, v) // want `p.free is written in \(\*Pool\).Put holding p.mu and read in \(\*Pool\).Get holding p.waitMu`
	p.mu.Unlock()
	p.cond.Signal()
}

func (p *Pool) Get() int {
	p.cond.L.Lock()
	for len(p.free) == 0 {
		p.cond.Wait()
	}
	v := p.free[0] // want `p.free is read in \(\*Pool\).Get holding p.waitMu and written in \(\*Pool\).Put holding p.mu`
	p.cond.L.Unlock()
	return v
}

// Shared's condition variable is set to another object's in one place:
// reported.
type Shared struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

func NewShared(parent *Shared) *Shared {
	s := &Shared{}
	s.cond = sync.NewCond(&s.mu)
	if parent != nil {
		s.cond = parent.cond
	}
	return s
}

func (s *Shared) Inc() {
	s.mu.Lock()
	s.n++ // want `s.n is written in \(\*Shared\).Inc holding s.mu and read in \(\*Shared\).Wait holding s.cond.L`
	s.mu.Unlock()
	s.cond.Broadcast()
}

func (s *Shared) Wait(n int) {
	s.cond.L.Lock()
	for s.n < n {
		s.cond.Wait()
	}
	s.cond.L.Unlock()
}
