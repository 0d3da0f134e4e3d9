package boundedasync

import (
	"os"
	"testing"
)

func TestBoundedAsync(t *testing.T) {
	if os.Getenv("PSHARP_RACY") == "" {
		t.Skip("racy variant: run with PSHARP_RACY=1 go test -race")
	}
	const n, rounds = 5, 200
	out, err := Run(n, rounds)
	if err != nil {
		t.Fatal(err)
	}
	if out.Rounds != rounds {
		t.Fatalf("scheduler ran %d rounds, want %d", out.Rounds, rounds)
	}
	for i, sum := range out.Summaries {
		if sum == nil || sum.ID != i {
			t.Fatalf("missing summary for process %d", i)
		}
		if len(sum.Violations) > 0 {
			t.Fatalf("process %d: %v", i, sum.Violations)
		}
		if sum.Count != rounds {
			t.Fatalf("process %d reached %d, want %d", i, sum.Count, rounds)
		}
		if len(sum.Heard) != 2 {
			t.Fatalf("process %d heard from %d neighbours, want 2", i, len(sum.Heard))
		}
		for _, nb := range []int{(i + n - 1) % n, (i + 1) % n} {
			counts := sum.Heard[nb]
			if len(counts) != rounds {
				t.Fatalf("process %d heard %d counts from %d, want %d", i, len(counts), nb, rounds)
			}
			for k, c := range counts {
				if c != k+1 {
					t.Fatalf("process %d: announcement %d of %d was %d", i, k, nb, c)
				}
			}
		}
	}
}
