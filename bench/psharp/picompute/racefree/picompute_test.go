package picompute

import (
	"io"
	"log/slog"
	"testing"

	"github.com/asynkron/protoactor-go/actor"
)

func quietSystem() *actor.ActorSystem {
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}))
}

func TestPiCompute(t *testing.T) {
	system := quietSystem()
	defer system.Shutdown()

	jobs := []Compute{
		{Steps: 200_000, Items: 32},
		{Steps: 120_000, Items: 24},
		{Steps: 160_000, Items: 32},
	}
	results, stats, err := Run(system, 4, jobs)
	if err != nil {
		t.Fatal(err)
	}
	items, steps := 0, 0
	for i, res := range results {
		if res.Job != i+1 {
			t.Fatalf("answer %d is for job %d", i, res.Job)
		}
		items += jobs[i].Items
		steps += jobs[i].Steps
		t.Logf("job %d: pi=%.12f backups=%d duplicates=%d per worker %v",
			res.Job, res.Pi, res.Backups, res.Duplicate, res.PerWorker)
	}
	if got := stats.Items.Load(); got < int64(items) {
		t.Fatalf("workers computed %d items, want at least %d", got, items)
	}
	if got := stats.Terms.Load(); got < int64(steps) {
		t.Fatalf("workers computed %d terms, want at least %d", got, steps)
	}
}
