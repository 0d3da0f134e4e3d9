package locked

import (
	"sync"
	"time"
)

type conn struct {
	id       int
	lastUsed time.Time
}

type Pool struct {
	mu     sync.Mutex
	idle   []*conn
	active int
	nextID int
	max    int
}

// newConnLocked requires p.mu held.
func (p *Pool) newConnLocked() *conn {
	p.nextID++
	p.active++
	return &conn{id: p.nextID}
}

// popIdleLocked requires p.mu held.
func (p *Pool) popIdleLocked() *conn {
	n := len(p.idle)
	if n == 0 {
		return nil
	}
	c := p.idle[n-1]
	p.idle = p.idle[:n-1]
	p.active++
	return c
}

func (p *Pool) Get() *conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.popIdleLocked(); c != nil {
		return c
	}
	return p.newConnLocked()
}

func (p *Pool) Put(c *conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.active--
	c.lastUsed = time.Now()
	p.putIdleLocked(c)
}

func (p *Pool) putIdleLocked(c *conn) {
	if len(p.idle) >= p.max {
		return
	}
	p.idle = append(p.idle, c)
}

func (p *Pool) Stats() (idle, active int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle), p.active
}

// Helper taking the struct explicitly (not a method), lock held by caller.
type ledger struct {
	mu      sync.Mutex
	balance map[string]int
}

func transferLocked(l *ledger, from, to string, amt int) bool {
	if l.balance[from] < amt {
		return false
	}
	l.balance[from] -= amt
	l.balance[to] += amt
	return true
}

type Bank struct {
	l ledger
}

func NewBank() *Bank {
	return &Bank{l: ledger{balance: map[string]int{"a": 100, "b": 100}}}
}

func (b *Bank) Transfer(from, to string, amt int) bool {
	b.l.mu.Lock()
	defer b.l.mu.Unlock()
	return transferLocked(&b.l, from, to, amt)
}

func (b *Bank) Balance(who string) int {
	b.l.mu.Lock()
	defer b.l.mu.Unlock()
	return b.l.balance[who]
}
