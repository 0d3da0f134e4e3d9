package failuredetector

import (
	"slices"
	"strings"
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
	res := runDetector(t)
	t.Logf("rounds %v, timer fired %d times", res.Rounds, res.TimedOut)
}

// spy is an observer an importer may write: it reorders the live list of
// each notification and puts it back.
type spy struct{}

func (spy) Receive(c *actor.Context) {
	if m, ok := c.Message().(*NodeFailed); ok {
		slices.Reverse(m.Alive)
		slices.Reverse(m.Alive)
	}
}

// watcher registers the spy with every detector it sees start.
type watcher struct{ spy *actor.PID }

func (w watcher) Receive(c *actor.Context) {
	if ev, ok := c.Message().(actor.ActorStartedEvent); ok && strings.Contains(ev.PID.ID, "/detector/") {
		c.Send(ev.PID, &Register{Observer: w.spy})
	}
}

// TestForeignObserver plays an importer that learns the detector's PID
// from the engine's events and registers an observer of its own, which
// writes the notifications it gets: the detector must not share its live
// list with it.
func TestForeignObserver(t *testing.T) {
	cfg := Config{Nodes: 5, Observers: 1, Rounds: 7, Timeout: 50 * time.Millisecond,
		HaltAt: map[int]int{2: 3, 4: 1}}
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	s := engine.Spawn(func() actor.Receiver { return spy{} }, "spy")
	w := engine.Spawn(func() actor.Receiver { return watcher{spy: s} }, "watcher")
	engine.Subscribe(w)
	time.Sleep(10 * time.Millisecond) // let the subscription land
	out := make(chan *Result, 1)
	pid := engine.Spawn(NewDriver(cfg, out), "driver")
	defer func() {
		<-engine.Poison(pid).Done()
		<-engine.Poison(w).Done()
		<-engine.Poison(s).Done()
	}()
	select {
	case <-out:
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
	}
}
