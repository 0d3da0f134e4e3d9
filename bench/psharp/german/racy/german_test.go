package german

import (
	"os"
	"testing"
)

func TestGerman(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	const clients, ops, seed = 4, 400, 7
	out, err := Run(clients, ops, seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Ops) != ops {
		t.Fatalf("%d operations completed, want %d", len(out.Ops), ops)
	}
	excl, local := 0, int64(0)
	perClient := make(map[int][2]int) // reads, writes
	for _, op := range out.Ops {
		rw := perClient[op.Client]
		if op.Excl {
			excl++
			rw[1]++
		} else {
			rw[0]++
		}
		perClient[op.Client] = rw
		if op.Local {
			local++
		}
	}
	if out.Final.Value != excl || len(out.Final.Writers) != excl {
		t.Fatalf("final line value %d with %d writes, want %d", out.Final.Value, len(out.Final.Writers), excl)
	}
	t.Logf("%d exclusive operations, %d served locally, %d grants", excl, local, out.Final.Epoch)
	if out.LocalHits != local {
		t.Fatalf("local hits = %d, want %d", out.LocalHits, local)
	}
	epoch := 0
	for i, w := range out.Final.Writers {
		if w.Epoch < epoch {
			t.Fatalf("write %d has epoch %d after epoch %d", i, w.Epoch, epoch)
		}
		epoch = w.Epoch
	}
	if epoch != out.Final.Epoch {
		t.Fatalf("last write in epoch %d, line epoch %d", epoch, out.Final.Epoch)
	}
	if len(out.Reports) != clients+1 {
		t.Fatalf("%d reports, want %d", len(out.Reports), clients+1)
	}
	for _, r := range out.Reports {
		if len(r.Violations) > 0 {
			t.Fatalf("machine %d: %v", r.ID, r.Violations)
		}
		if r.ID < 0 {
			continue
		}
		if rw := perClient[r.ID]; r.Reads != rw[0] || r.Writes != rw[1] {
			t.Fatalf("client %d did %d reads and %d writes, want %v", r.ID, r.Reads, r.Writes, rw)
		}
	}
}
