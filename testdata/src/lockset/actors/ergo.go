package actors // want package:"lockset summaries"

// The package holds actors of the frameworks served through stand-ins
// (ergo, GoAkt, go-actor) whose handlers share fields with goroutines, for
// the lockset pass: one actor's handlers run one at a time, and race only
// with the goroutines they start and do not join.

import (
	"sync"

	"ergo.services/ergo/act"
	"ergo.services/ergo/gen"
)

// ErgoCounter counts in one callback and answers in another: ergo runs a
// process's callbacks one at a time, so they never race with each other.
// The goroutine its message starts outlives the message.
type ErgoCounter struct {
	act.Actor
	mu    sync.Mutex
	n     int
	total int
	snap  int
}

func (a *ErgoCounter) HandleMessage(from gen.PID, message any) error {
	a.n++
	a.mu.Lock()
	a.snap = a.n
	a.mu.Unlock()
	if _, ok := message.(string); ok {
		go func() { a.total++ }() // want `a.total is written in the goroutine started in \(\*ErgoCounter\).HandleMessage \(line \d+\) without a lock and read in \(\*ErgoCounter\).HandleCall without a lock`
	}
	return nil
}

func (a *ErgoCounter) HandleCall(from gen.PID, ref gen.Ref, request any) (any, error) {
	a.n = 0
	return a.total, nil
}

// Snapshot may be called from any goroutine.
func (a *ErgoCounter) Snapshot() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.snap
}
