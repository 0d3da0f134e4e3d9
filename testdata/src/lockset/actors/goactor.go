package actors

import (
	"sync"

	"github.com/vladopajic/go-actor/actor"
)

// Tally's DoWork runs over and over on its actor's goroutine, never
// concurrently with itself; a goroutine it leaves running races with the
// next call.
type Tally struct {
	in    actor.Mailbox[int]
	mu    sync.Mutex
	n     int
	total int
	snap  int
}

func (w *Tally) DoWork(ctx actor.Context) actor.WorkerStatus {
	select {
	case <-ctx.Done():
		return actor.WorkerEnd
	case v := <-w.in.ReceiveC():
		if w.total > 1000 { // want `w.total is read in \(\*Tally\).DoWork without a lock and written in the goroutine started in \(\*Tally\).DoWork \(line \d+\) without a lock`
			return actor.WorkerEnd
		}
		w.n += v
		w.mu.Lock()
		w.snap = w.n
		w.mu.Unlock()
		if v > 100 {
			go func() { w.total += v }()
		}
		return actor.WorkerContinue
	}
}

// Snapshot may be called from any goroutine.
func (w *Tally) Snapshot() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snap
}
