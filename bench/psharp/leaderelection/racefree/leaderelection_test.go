package leaderelection

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestLeaderElection(t *testing.T) {
	cfg := Config{Processes: 9, Rounds: 4, Seed: 42}
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	stats := &Stats{}
	result := make(chan *Outcome, 1)
	driver := engine.Spawn(NewDriver(cfg, stats, result), "driver")
	defer func() {
		select {
		case <-engine.Poison(driver).Done():
		case <-time.After(5 * time.Second):
			t.Error("driver did not stop")
		}
	}()

	var out *Outcome
	select {
	case out = <-result:
	case <-time.After(5 * time.Second):
		t.Fatal("election did not finish")
	}
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if len(out.Rounds) != cfg.Rounds {
		t.Fatalf("%d rounds, want %d", len(out.Rounds), cfg.Rounds)
	}
	for i, r := range out.Rounds {
		if r.Leader != slices.Max(r.Ring) {
			t.Fatalf("round %d elected %d, want %d", r.Round, r.Leader, slices.Max(r.Ring))
		}
		if len(r.Reports) != len(r.Ring)-1 {
			t.Fatalf("round %d: %d reports for a ring of %d", r.Round, len(r.Reports), len(r.Ring))
		}
		if len(r.Members) != len(r.Ring) {
			t.Fatalf("round %d: leader learned %d members, ring has %d", r.Round, len(r.Members), len(r.Ring))
		}
		if want := cfg.Processes - i; len(r.Ring) != want {
			t.Fatalf("round %d: ring of %d, want %d", r.Round, len(r.Ring), want)
		}
		if i > 0 && slices.Contains(r.Ring, out.Rounds[i-1].Leader) {
			t.Fatalf("round %d: crashed leader %d still in the ring", r.Round, out.Rounds[i-1].Leader)
		}
		if r.Hops != len(r.Ring)-1 {
			t.Fatalf("round %d: announcement made %d hops, want %d", r.Round, r.Hops, len(r.Ring)-1)
		}
		t.Logf("round %d: ring %v initiators %v leader %d", r.Round, r.Ring, r.Initiators, r.Leader)
	}
	if stats.Messages.Load() == 0 {
		t.Fatal("no messages counted")
	}
}

// spy is an actor an importer may write: it rewrites the announcements it
// gets.
type spy struct{}

func (spy) Receive(c *actor.Context) {
	if m, ok := c.Message().(*Elected); ok {
		m.Round, m.Leader = 0, 0
	}
}

// TestForeignSuccessor plays an importer that looks a process of the ring
// up by name, makes its own actor the process's successor and sends the
// process an announcement: the process must not read what it forwarded.
func TestForeignSuccessor(t *testing.T) {
	engine, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	result := make(chan *Outcome, 1)
	driver := engine.Spawn(NewDriver(Config{Processes: 3, Rounds: 1, Seed: 1}, &Stats{}, result), "driver")
	defer func() { <-engine.Poison(driver).Done() }()
	var proc *actor.PID
	for deadline := time.Now().Add(5 * time.Second); proc == nil && time.Now().Before(deadline); {
		for id := 1; id <= 30 && proc == nil; id++ {
			proc = engine.Registry.GetPID(driver.ID+"/process", strconv.Itoa(id))
		}
	}
	if proc == nil {
		t.Fatal("no process found")
	}
	s := engine.Spawn(func() actor.Receiver { return spy{} }, "spy")
	defer func() { <-engine.Poison(s).Done() }()
	engine.Send(proc, &Setup{Next: s})
	for round := 100; round < 110; round++ {
		engine.Send(proc, &Elected{Round: round, Leader: -1})
	}
	time.Sleep(20 * time.Millisecond)
}
