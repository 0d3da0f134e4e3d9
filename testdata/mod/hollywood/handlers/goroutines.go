package handlers // want package:"lockset summaries"

// Hollywood actors whose handlers share fields with goroutines, for the
// lockset pass.

import (
	"sync"

	"github.com/anthdm/hollywood/actor"
)

// Counter starts a goroutine that outlives the message it was started
// for: the next message's handler races with it.
type Counter struct {
	n     int
	total int
	cache map[string]int
}

type incr struct{}
type get struct{}

func (a *Counter) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case incr:
		a.n++
		go func() { a.total++ }() // want `a.total is written in the goroutine started in \(\*Counter\).Receive \(line \d+\) without a lock and read in \(\*Counter\).Receive without a lock`
	case get:
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // joined before the handler returns: quiet
			defer wg.Done()
			a.cache["n"] = a.n
		}()
		wg.Wait()
		c.Respond(a.total)
	}
}

// SpawnFuncShared runs a function as an actor and keeps writing what it
// captures.
func SpawnFuncShared(e *actor.Engine) {
	hits := 0
	e.SpawnFunc(func(c *actor.Context) { hits++ }, "counter") // want `hits is read in the goroutine started in SpawnFuncShared \(line \d+\) without a lock and written in SpawnFuncShared after the go statement without a lock`
	hits = 10
}

// Serial counts messages in its handler and publishes a snapshot under
// its lock for other goroutines. The framework runs Receive on one message
// at a time, so its unlocked count never races with itself: quiet. (A
// method of a type with a lock would otherwise run concurrently with
// itself, and the locked read of s.n shows it is shared.)
type Serial struct {
	mu   sync.Mutex
	n    int
	snap int
}

func (s *Serial) Receive(c *actor.Context) {
	if _, ok := c.Message().(string); ok {
		s.n++
		s.mu.Lock()
		s.snap = s.n
		s.mu.Unlock()
	}
}

// Snapshot may be called from any goroutine.
func (s *Serial) Snapshot() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap
}
