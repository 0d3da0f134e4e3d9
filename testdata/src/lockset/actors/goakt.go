package actors

import (
	"sync"

	"github.com/tochemey/goakt/v4/actor"
)

// AktCounter counts in Receive, which GoAkt runs on one message at a time,
// and publishes a snapshot under its lock; its unlocked count never races
// with itself. The goroutine an earlier message started does.
type AktCounter struct {
	mu    sync.Mutex
	n     int
	total int
	snap  int
}

func (a *AktCounter) PreStart(*actor.Context) error { return nil }
func (a *AktCounter) PostStop(*actor.Context) error { return nil }

func (a *AktCounter) Receive(ctx *actor.ReceiveContext) {
	switch ctx.Message().(type) {
	case int:
		a.n++
		a.mu.Lock()
		a.snap = a.n
		a.mu.Unlock()
		go func() { a.total++ }() // want `a.total is written in the goroutine started in \(\*AktCounter\).Receive \(line \d+\) without a lock and read in \(\*AktCounter\).Receive without a lock`
	case string:
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // joined before the handler returns: quiet
			defer wg.Done()
			a.n *= 2
		}()
		wg.Wait()
		ctx.Response(a.total)
	}
}

// Snapshot may be called from any goroutine.
func (a *AktCounter) Snapshot() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.snap
}

// Phased switches its handler with Become: busy is a handler of the same
// actor, run one message at a time with Receive (their unlocked count is
// quiet), and races with the goroutine an earlier message left running.
type Phased struct {
	mu    sync.Mutex
	n     int
	total int
	snap  int
}

func (p *Phased) PreStart(*actor.Context) error { return nil }
func (p *Phased) PostStop(*actor.Context) error { return nil }

func (p *Phased) Receive(ctx *actor.ReceiveContext) {
	p.n++
	p.mu.Lock()
	p.snap = p.n
	p.mu.Unlock()
	go func() { p.total++ }() // want `p.total is written in the goroutine started in \(\*Phased\).Receive \(line \d+\) without a lock and read in \(\*Phased\).busy without a lock`
	ctx.Become(p.busy)
}

func (p *Phased) busy(ctx *actor.ReceiveContext) {
	p.n--
	if p.total > 10 {
		ctx.UnBecome()
	}
}

// Snapshot may be called from any goroutine.
func (p *Phased) Snapshot() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.snap
}
