package lockedread

import "sync"

type conn struct{ id int }

type Pool struct {
	mu     sync.Mutex
	idle   []*conn
	active int
	nextID int
}

// newConnLocked requires p.mu held.
func (p *Pool) newConnLocked() *conn {
	p.nextID++ // race:
	p.active++
	return &conn{id: p.nextID}
}

func (p *Pool) Get() *conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.idle); n > 0 {
		c := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.active++
		return c
	}
	return p.newConnLocked()
}

// Prewarm calls the Locked helper without taking the lock.
func (p *Pool) Prewarm(n int) {
	for range n {
		c := p.newConnLocked()
		p.mu.Lock()
		p.idle = append(p.idle, c)
		p.mu.Unlock()
	}
}

type ledger struct {
	mu      sync.Mutex
	balance map[string]int
}

func depositLocked(l *ledger, who string, amt int) {
	l.balance[who] += amt
}

type Bank struct{ l ledger }

func NewBank() *Bank { return &Bank{l: ledger{balance: map[string]int{}}} }

func (b *Bank) Deposit(who string, amt int) {
	b.l.mu.Lock()
	defer b.l.mu.Unlock()
	depositLocked(&b.l, who, amt)
}
