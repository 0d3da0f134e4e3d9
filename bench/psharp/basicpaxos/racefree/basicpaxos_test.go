package basicpaxos

import (
	"fmt"
	"testing"
)

func TestBasicPaxos(t *testing.T) {
	const instances = 60
	out, err := Run(instances)
	if err != nil {
		t.Fatal(err)
	}
	chosen := make([]string, instances)
	for li, ds := range out.Decisions {
		seen := make(map[int]bool)
		for _, d := range ds {
			if d.Conflict != nil {
				t.Fatalf("learner %d: instance %d chose %q and %q", li, d.Instance, d.Value.Cmd, d.Conflict.Cmd)
			}
			if seen[d.Instance] {
				t.Fatalf("learner %d decided instance %d twice", li, d.Instance)
			}
			seen[d.Instance] = true
			cmd := d.Value.Cmd
			if cmd != fmt.Sprintf("p0-cmd%d", d.Instance) && cmd != fmt.Sprintf("p1-cmd%d", d.Instance) {
				t.Fatalf("learner %d: instance %d chose %q, which nobody proposed", li, d.Instance, cmd)
			}
			if chosen[d.Instance] == "" {
				chosen[d.Instance] = cmd
			} else if chosen[d.Instance] != cmd {
				t.Fatalf("learners disagree on instance %d: %q and %q", d.Instance, chosen[d.Instance], cmd)
			}
		}
		if len(seen) != instances {
			t.Fatalf("learner %d decided %d instances, want %d", li, len(seen), instances)
		}
	}
	wins := make(map[byte]int)
	for _, r := range out.Reports {
		for k, cmd := range r.Log {
			if cmd != chosen[k] {
				t.Fatalf("proposer %d logged %q for instance %d, learners chose %q", r.Proposer, cmd, k, chosen[k])
			}
		}
		t.Logf("proposer %d: %d attempts, %d nacks", r.Proposer, r.Attempts, r.Nacks)
	}
	for _, cmd := range chosen {
		wins[cmd[1]]++
	}
	t.Logf("instances won: p0 %d, p1 %d", wins['0'], wins['1'])
}
