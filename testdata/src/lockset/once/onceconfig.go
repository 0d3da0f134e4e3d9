package once

import "sync"

// Pool's limit is set by WithLimit and read by the lazy initialisation
// inside initOnce.Do: the read inside the Once is evidence that the limit
// is shared, as it is for net's UnixListener, whose SetUnlinkOnClose
// races with Close's read inside unlinkOnce.Do (a race the race detector
// shows). A configuration method called only before the first use (conc's
// WithMaxGoroutines, which panics after it) is reported too: that is the
// trade. A write inside the Once is lazy initialisation, which another
// method's unsynchronised write races with, as does the goroutine's read.
type Pool struct {
	initOnce sync.Once
	limit    int
	tokens   chan struct{}
}

func (p *Pool) WithLimit(n int) *Pool {
	p.limit = n // want `p.limit is written in \(\*Pool\).WithLimit without a lock and read in \(\*Pool\).Go inside p.initOnce.Do`
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
		<-p.tokens // want `p.tokens is read in the goroutine started in \(\*Pool\).Go \(line \d+\) without a lock and written in \(\*Pool\).Drain without a lock`
	}()
}

func (p *Pool) Drain() {
	p.tokens = nil // want `p.tokens is written in \(\*Pool\).Drain without a lock and written in \(\*Pool\).Go inside p.initOnce.Do`
}
