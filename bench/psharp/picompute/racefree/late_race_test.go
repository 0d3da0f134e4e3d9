//go:build race

package picompute

import (
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// TestLateJobs plays an importer whose first job takes longer than Run's
// request timeout (5 s). Run gives up on it, and its deferred poison of the
// master gives up too, after protoactor's 10 s, while the two workers
// compute the job's one item (the second as a backup): a stopping master
// waits for its children and still handles their messages. So Run returns
// with the master running; the importer reuses its jobs slice, and the
// master, given the first worker's result, answers the first job and
// starts the queued second one: it must not read the importer's slice for
// it. It runs only under the race detector, for about 25 s.
func TestLateJobs(t *testing.T) {
	system := quietSystem()
	defer system.Shutdown()

	// An item that takes about 25 s to compute, past Run's 15 s.
	const probe = 20_000_000
	began := time.Now()
	(&Worker{stats: &Stats{}}).compute(&WorkItem{Last: probe, Width: 1.0 / probe})
	steps := int(25 * time.Second / max(time.Since(began)/probe, 1))

	answered := make(chan struct{})
	sub := system.EventStream.Subscribe(func(evt any) {
		if dl, ok := evt.(*actor.DeadLetterEvent); ok {
			if res, ok := dl.Message.(*PiResult); ok && res.Job == 1 {
				close(answered) // the answer to a future that timed out
			}
		}
	})
	defer system.EventStream.Unsubscribe(sub)

	jobs := []Compute{{Steps: steps, Items: 1}, {Steps: 1000, Items: 2}}
	if _, _, err := Run(system, 2, jobs); err == nil {
		t.Skip("the first job was answered in time")
	}
	jobs[1] = Compute{Steps: 10, Items: 1} // Run has returned: the slice is the importer's again
	select {
	case <-answered:
		time.Sleep(time.Second) // the master starts the second job right after the answer
	case <-time.After(2 * time.Minute):
		t.Skip("the master stopped before a worker's result came in")
	}
}
