package multipaxos

import (
	"os"
	"slices"
	"testing"
	"time"
)

func runMultiPaxos(t *testing.T) *Result {
	t.Helper()
	cfg := Config{Proposers: 2, Acceptors: 3, Learners: 2, Commands: 20, BatchSize: 3, TakeOverAfter: 4}
	done := make(chan *Result, 1)
	go func() { done <- NewEnv(cfg).Run() }()
	select {
	case res := <-done:
		checkMultiPaxos(t, cfg, res)
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
		return nil
	}
}

func checkMultiPaxos(t *testing.T, cfg Config, res *Result) {
	t.Helper()
	if len(res.Leaders) != 2 || res.Leaders[0].ID != 0 || res.Leaders[1].ID != 1 {
		t.Fatalf("leaders = %+v, want proposer 0 then proposer 1", res.Leaders)
	}
	if !res.Leaders[0].Ballot.Less(res.Leaders[1].Ballot) {
		t.Errorf("ballots do not increase: %+v then %+v", *res.Leaders[0].Ballot, *res.Leaders[1].Ballot)
	}
	want := cfg.Commands * (cfg.Commands + 1) / 2
	for i, log := range res.Logs {
		if !slices.Equal(log, res.Logs[0]) {
			t.Errorf("learner %d log %v differs from learner 0 log %v", i, log, res.Logs[0])
		}
		ids := make([]int, 0, len(log))
		for _, c := range log {
			ids = append(ids, c.ID)
		}
		slices.Sort(ids)
		all := make([]int, cfg.Commands)
		for j := range all {
			all[j] = j + 1
		}
		if !slices.Equal(ids, all) {
			t.Errorf("learner %d applied %v, want each of 1..%d once", i, ids, cfg.Commands)
		}
		if res.Sums[i] != want {
			t.Errorf("learner %d sum = %d, want %d", i, res.Sums[i], want)
		}
	}
	if res.Applied != int64(cfg.Learners*cfg.Commands) {
		t.Errorf("applied counter = %d, want %d", res.Applied, cfg.Learners*cfg.Commands)
	}
}

func TestMultiPaxos(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	res := runMultiPaxos(t)
	t.Logf("resubmitted %d commands, log length %d", res.Resubmitted, len(res.Logs[0]))
}
