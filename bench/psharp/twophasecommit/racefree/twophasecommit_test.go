package twophasecommit

import "testing"

func TestTwoPhaseCommit(t *testing.T) {
	const participants, puts, batch, seed = 3, 150, 3, 11
	out, err := Run(participants, puts, batch, seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Log) != len(out.Client.Decisions) {
		t.Fatalf("coordinator decided %d transactions, client saw %d", len(out.Log), len(out.Client.Decisions))
	}
	model := make(map[string]int)
	writes, commits, timeouts := 0, 0, 0
	for i, d := range out.Log {
		if d != out.Client.Decisions[i] {
			t.Fatalf("decision %d differs between coordinator and client", i)
		}
		if d.Txn.ID != i+1 {
			t.Fatalf("decision %d is for transaction %d", i, d.Txn.ID)
		}
		writes += len(d.Txn.Writes)
		if d.Reason == "timeout" {
			timeouts++
		}
		if !d.Committed {
			continue
		}
		commits++
		for _, w := range d.Txn.Writes {
			model[w.Key] = w.Value
		}
	}
	t.Logf("%d transactions: %d committed, %d timed out, timer fired %d times", len(out.Log), commits, timeouts, out.TimerFired)
	if writes != puts {
		t.Fatalf("transactions carried %d writes, want %d", writes, puts)
	}
	if commits == 0 || commits == len(out.Log) {
		t.Fatalf("%d of %d transactions committed; want both outcomes", commits, len(out.Log))
	}
	if out.TimerFired < timeouts {
		t.Fatalf("%d timeouts decided but the timer fired %d times", timeouts, out.TimerFired)
	}
	lost := 0
	if len(out.Participants) != participants {
		t.Fatalf("%d participant reports, want %d", len(out.Participants), participants)
	}
	for _, p := range out.Participants {
		lost += p.LostVote
		if len(p.Errors) > 0 {
			t.Fatalf("participant %d: %v", p.ID, p.Errors)
		}
		if p.Pending != 0 {
			t.Fatalf("participant %d still has %d prepared transactions", p.ID, p.Pending)
		}
		if len(p.Store) != len(model) {
			t.Fatalf("participant %d stores %d keys, want %d", p.ID, len(p.Store), len(model))
		}
		for k, v := range model {
			if p.Store[k] != v {
				t.Fatalf("participant %d: %s = %d, want %d", p.ID, k, p.Store[k], v)
			}
		}
	}
	if timeouts > lost {
		t.Fatalf("%d timeouts with only %d lost votes", timeouts, lost)
	}
	for k, r := range out.Client.Reads {
		want, ok := model[k]
		if r.Found != ok || r.Value != want {
			t.Fatalf("read %s from participant %d = %d (found %v), want %d (found %v)", k, r.From, r.Value, r.Found, want, ok)
		}
	}
}
