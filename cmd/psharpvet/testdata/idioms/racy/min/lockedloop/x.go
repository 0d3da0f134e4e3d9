package lockedloop

import "sync"

type Pool struct {
	mu     sync.Mutex
	idle   []int
	nextID int
}

func (p *Pool) newLocked() int {
	p.nextID++ // race:
	return p.nextID
}

func (p *Pool) Get() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.newLocked()
}

func (p *Pool) Prewarm(n int) {
	for range n {
		c := p.newLocked()
		p.mu.Lock()
		p.idle = append(p.idle, c)
		p.mu.Unlock()
	}
}

func (p *Pool) PrewarmOne() {
	c := p.newLocked() // also racy: same location as line 12, folded into that report
	p.mu.Lock()
	p.idle = append(p.idle, c)
	p.mu.Unlock()
}
