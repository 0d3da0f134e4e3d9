package once

import "sync"

// Pool is configured by its owner (WithLimit) before its first Go, whose
// lazy initialisation reads the limit inside initOnce.Do: a read inside a
// Once is the initialiser using what was configured, no evidence that
// the limit is shared (quiet). A write inside it is lazy initialisation,
// which another method's unsynchronised write races with, as does the
// goroutine's read (reported).
type Pool struct {
	initOnce sync.Once
	limit    int
	tokens   chan struct{}
}

func (p *Pool) WithLimit(n int) *Pool {
	p.limit = n
	return p
}

func (p *Pool) init() {
	p.initOnce.Do(func() { p.tokens = make(chan struct{}, p.limit) })
}

func (p *Pool) Go(f func()) {
	p.init()
	p.tokens <- struct{}{}
	go func() {
		f()
		<-p.tokens // want `p.tokens is read in the goroutine started in \(\*Pool\).Go \(line 29\) without a lock and written in \(\*Pool\).Drain without a lock`
	}()
}

func (p *Pool) Drain() {
	p.tokens = nil // want `p.tokens is written in \(\*Pool\).Drain without a lock and written in \(\*Pool\).Go inside p.initOnce.Do`
}
