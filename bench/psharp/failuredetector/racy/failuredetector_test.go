package failuredetector

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func runDetector(t *testing.T) *Result {
	t.Helper()
	cfg := Config{Nodes: 5, Observers: 2, Rounds: 7, Timeout: 50 * time.Millisecond,
		HaltAt: map[int]int{2: 3, 4: 1}, UnregisterAt: 4}
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan *Result, 1)
	pid := engine.Spawn(NewDriver(cfg, out), "driver")
	defer func() { <-engine.Poison(pid).Done() }()
	select {
	case res := <-out:
		checkDetector(t, cfg, res)
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
		return nil
	}
}

func checkDetector(t *testing.T, cfg Config, res *Result) {
	t.Helper()
	if !slices.Equal(res.Failed, []int{3, 1}) {
		t.Errorf("failed nodes %v, want [3 1]", res.Failed)
	}
	if len(res.Rounds) != cfg.Rounds || res.Rounds[cfg.Rounds-1].Alive != cfg.Nodes-2 {
		t.Errorf("rounds %v, want %d rounds ending with %d live nodes", res.Rounds, cfg.Rounds, cfg.Nodes-2)
	}
	if res.TimedOut < 2 {
		t.Errorf("timer went off %d times, want at least 2", res.TimedOut)
	}
	want := []ObserverReport{
		{ID: 0, Failed: []int{3, 1}, Alive: []int{0, 2, 4}},
		{ID: 1, Failed: []int{3}, Alive: []int{0, 1, 2, 4}},
	}
	for i, r := range res.Reports {
		if r.ID != want[i].ID || !slices.Equal(r.Failed, want[i].Failed) || !slices.Equal(r.Alive, want[i].Alive) || r.Bad != 0 {
			t.Errorf("observer report %+v, want %+v", r, want[i])
		}
	}
}

func TestFailureDetector(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	res := runDetector(t)
	t.Logf("rounds %v, timer fired %d times", res.Rounds, res.TimedOut)
}
