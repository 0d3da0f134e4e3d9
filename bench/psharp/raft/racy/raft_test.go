package raft

import (
	"os"
	"slices"
	"testing"
	"time"
)

func runRaft(t *testing.T) *Result {
	t.Helper()
	cfg := Config{Servers: 3, Registers: 4, Commands: 16, Period: time.Millisecond,
		ClientTimeout: 40 * time.Millisecond, Seed: 7}
	done := make(chan *Result, 1)
	go func() { done <- Run(cfg) }()
	select {
	case res := <-done:
		checkRaft(t, cfg, res)
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
		return nil
	}
}

func checkRaft(t *testing.T, cfg Config, res *Result) {
	t.Helper()
	terms := make(map[int]int)
	for _, l := range res.Leaders {
		if other, ok := terms[l.Term]; ok && other != l.ID {
			t.Errorf("two leaders in term %d: %d and %d", l.Term, other, l.ID)
		}
		terms[l.Term] = l.ID
	}
	if res.Isolated < 0 {
		t.Fatalf("the leader was never isolated")
	}
	last := res.Leaders[len(res.Leaders)-1]
	if last.ID == res.Isolated {
		t.Errorf("isolated server %d is still the last elected leader: %+v", res.Isolated, res.Leaders)
	}
	want := make([]int, cfg.Registers)
	for i := 1; i <= cfg.Commands; i++ {
		want[i%cfg.Registers] += i
	}
	committed := slices.Min(res.Commits)
	for s := range res.States {
		if !slices.Equal(res.States[s], want) {
			t.Errorf("server %d state %v, want %v", s, res.States[s], want)
		}
		if res.Applied[s] != cfg.Commands {
			t.Errorf("server %d applied %d commands, want %d", s, res.Applied[s], cfg.Commands)
		}
		if !slices.Equal(res.Logs[s][:committed], res.Logs[0][:committed]) {
			t.Errorf("server %d committed log differs from server 0", s)
		}
	}
}

func TestRaft(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	res := runRaft(t)
	t.Logf("leaders %v, isolated %d, sent %d, dropped %d, commit indexes %v", res.Leaders, res.Isolated, res.Sent, res.Dropped, res.Commits)
}
