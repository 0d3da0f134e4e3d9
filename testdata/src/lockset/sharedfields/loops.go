// Package sharedfields tests memory that several instances of a goroutine
// or an actor reach through a field of their own: a counter every worker
// holds a pointer to is one location, not one per worker.
package sharedfields

import (
	"sync"
	"sync/atomic"
)

// Stats is shared by the workers of a pool.
type Stats struct {
	mu      sync.Mutex
	Applied int
	Locked  int
	Atomic  atomic.Int64
	Limit   int
}

// Learner holds a pointer to its pool's stats.
type Learner struct {
	id    int
	stats *Stats
	own   *Stats
	seen  int
}

func (l *Learner) run(wg *sync.WaitGroup) {
	defer wg.Done()
	l.stats.Applied++ // want `Learner.stats.Applied is read in the goroutine started in \(\*Env\).Run \(line \d+\) via \(\*Learner\).run without a lock and written in another instance`
	l.stats.mu.Lock()
	l.stats.Locked++
	l.stats.mu.Unlock()
	l.stats.Atomic.Add(1)
	_ = l.stats.Limit // read-only: nobody writes it after construction
	l.own.Applied++   // each learner's own
	l.seen++          // each learner's own
}

// Env holds the learners, built in NewEnv, each given the same stats.
type Env struct {
	stats    *Stats
	learners []*Learner
}

// NewEnv builds an environment whose learners share one Stats.
func NewEnv(n int) *Env {
	env := &Env{stats: &Stats{Limit: n}}
	for i := range n {
		env.learners = append(env.learners, &Learner{id: i, stats: env.stats, own: &Stats{}})
	}
	return env
}

// Run starts every learner and waits for them.
func (env *Env) Run() int {
	var wg sync.WaitGroup
	for _, l := range env.learners {
		wg.Add(1)
		go l.run(&wg)
	}
	wg.Wait()
	return env.stats.Applied
}

// Client counts its hits in a Stats its caller gives it.
type Client struct {
	stats *Stats
	hits  int
}

func (c *Client) loop(done chan<- bool) {
	c.stats.Applied++ // want `Client.stats.Applied is read in the goroutine started in RunClients \(line \d+\) via \(\*Client\).loop without a lock and written in another instance`
	c.hits++
	done <- true
}

// RunClients gives every client the same local Stats.
func RunClients(n int) int {
	stats := &Stats{}
	done := make(chan bool)
	for range n {
		c := &Client{stats: stats}
		go c.loop(done)
	}
	for range n {
		<-done
	}
	return stats.Applied
}

// OwnClient is a Client that RunOwnClients gives a Stats of its own.
type OwnClient struct {
	stats *Stats
}

func (c *OwnClient) loop(done chan<- bool) {
	c.stats.Applied++
	done <- true
}

// RunOwnClients gives every client a Stats of its own: quiet.
func RunOwnClients(n int) {
	done := make(chan bool)
	for range n {
		c := &OwnClient{stats: &Stats{}}
		go c.loop(done)
	}
	for range n {
		<-done
	}
}
