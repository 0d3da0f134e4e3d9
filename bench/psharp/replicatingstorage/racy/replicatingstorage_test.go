package replicatingstorage

import (
	"os"
	"testing"
	"time"
)

func TestReplicatingStorage(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	cfg := Config{
		Replicas:    3,
		Writes:      60,
		Window:      4,
		MaxFailures: 2,
		Seed:        7,
		SyncEvery:   200 * time.Microsecond,
		RepairEvery: 300 * time.Microsecond,
		FailEvery:   2 * time.Millisecond,
	}
	res := Run(cfg)

	if len(res.Log) != cfg.Writes {
		t.Fatalf("manager log has %d entries, want %d", len(res.Log), cfg.Writes)
	}
	for i, e := range res.Log {
		if e.Seq != i+1 {
			t.Fatalf("log[%d].Seq = %d", i, e.Seq)
		}
	}
	if len(res.Replicas) != cfg.Replicas {
		t.Fatalf("%d live replicas, want %d", len(res.Replicas), cfg.Replicas)
	}
	for id, log := range res.Replicas {
		if len(log) != len(res.Log) {
			t.Fatalf("replica %d has %d entries, want %d", id, len(log), len(res.Log))
		}
		for i := range log {
			if log[i] != res.Log[i] {
				t.Fatalf("replica %d differs from the manager at seq %d", id, i+1)
			}
		}
	}
	if len(res.ClientAcks) != cfg.Writes || len(res.Acked) != cfg.Writes {
		t.Fatalf("client got %d acks, manager sent %d, want %d",
			len(res.ClientAcks), len(res.Acked), cfg.Writes)
	}
	seen := make(map[int]bool)
	for id, seq := range res.ClientAcks {
		if seq < 1 || seq > cfg.Writes || seen[seq] {
			t.Fatalf("write %d acknowledged with bad seq %d", id, seq)
		}
		seen[seq] = true
	}
	if res.Failures > cfg.MaxFailures {
		t.Fatalf("%d failures injected, max %d", res.Failures, cfg.MaxFailures)
	}
	if got := res.Stats.Stored; got < int64(cfg.Writes*cfg.Replicas) {
		t.Fatalf("nodes stored %d entries, want at least %d", got, cfg.Writes*cfg.Replicas)
	}
	t.Logf("failures=%d stored=%d syncReports=%d", res.Failures,
		res.Stats.Stored, res.Stats.SyncReports)
}
