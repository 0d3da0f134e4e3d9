package chord

import (
	"slices"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func runChord(t *testing.T) *Result {
	t.Helper()
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *Result, 1)
	pid := engine.Spawn(NewManager([]int{0, 3, 7, 12}, []int{9, 5}, 42, done), "manager")
	defer func() { <-engine.Poison(pid).Done() }()
	select {
	case res := <-done:
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
		return nil
	}
}

func checkChord(t *testing.T, res *Result) {
	t.Helper()
	initial := []int{0, 3, 7, 12}
	final := []int{0, 3, 5, 7, 9, 12}
	if !slices.Equal(res.Ring, final) {
		t.Fatalf("final ring = %v, want %v", res.Ring, final)
	}
	for k := 0; k < ringSize; k++ {
		if got, want := res.Rounds[1][k], SuccessorOf(initial, k); got != want {
			t.Errorf("round 1: key %d found at %d, want %d", k, got, want)
		}
		if got, want := res.Rounds[4][k], SuccessorOf(final, k); got != want {
			t.Errorf("round 4: key %d found at %d, want %d", k, got, want)
		}
	}
	for round := 2; round <= 3; round++ {
		for k, owner := range res.Rounds[round] {
			if !slices.Contains(final, owner) {
				t.Errorf("round %d: key %d found at unknown node %d", round, k, owner)
			}
		}
	}
	stored := 0
	for id, keys := range res.Keys {
		for _, k := range keys {
			if SuccessorOf(final, k) != id {
				t.Errorf("node %d stores key %d", id, k)
			}
		}
		stored += len(keys)
	}
	if stored != ringSize {
		t.Errorf("%d keys stored, want %d", stored, ringSize)
	}
}

func TestChord(t *testing.T) {
	checkChord(t, runChord(t))
}

// TestLateReports plays an importer that sends the manager reports after
// it handed over its result, and reads the result meanwhile: the manager
// must not touch what it handed over.
func TestLateReports(t *testing.T) {
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *Result, 1)
	pid := engine.Spawn(NewManager([]int{0, 3, 7, 12}, []int{9, 5}, 42, done), "manager")
	defer func() { <-engine.Poison(pid).Done() }()
	var res *Result
	select {
	case res = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
	}
	for i := range 8 {
		engine.Send(pid, &KeysReport{ID: 100 + i, Keys: []int{i}})
		engine.Send(pid, &LookupsDone{Round: 100 + i, Owners: map[int]int{}})
	}
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
		if len(res.Keys) == 0 || len(res.Rounds) == 0 {
			t.Fatal("empty result")
		}
	}
	checkChord(t, res)
}
