package chainreplication

import (
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

func runChain(t *testing.T) *Result {
	t.Helper()
	cfg := Config{Servers: 4, Clients: 2, Updates: 40, Window: 4, CrashAt: []int{15, 45}, CrashIndex: []int{1, -1},
		DetectDelay: 2 * time.Millisecond}
	quiet := actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	})
	system := actor.NewActorSystem(quiet)
	defer system.Shutdown()
	out := make(chan *Result, 1)
	env := system.Root.Spawn(actor.PropsFromProducer(NewEnv(cfg, out)))
	defer func() { _ = system.Root.PoisonFuture(env).Wait() }()
	select {
	case res := <-out:
		checkChain(t, cfg, res)
		return res
	case <-time.After(5 * time.Second):
		t.Fatal("simulation did not finish")
		return nil
	}
}

func checkChain(t *testing.T, cfg Config, res *Result) {
	t.Helper()
	if len(res.Chains) != 2 || len(res.Chains[1]) != cfg.Servers-2 {
		t.Fatalf("chain reconfigurations %v, want two failures", res.Chains)
	}
	for _, c := range res.Clients {
		if c.Acked != cfg.Updates || c.Queries != cfg.Updates {
			t.Errorf("client %d: %d updates acknowledged, %d queries answered, want %d", c.Client, c.Acked, c.Queries, cfg.Updates)
		}
		if c.Stale != 0 {
			t.Errorf("client %d read %d stale values", c.Client, c.Stale)
		}
	}
	if len(res.States) != cfg.Servers-2 {
		t.Fatalf("%d server states, want %d", len(res.States), cfg.Servers-2)
	}
	seqs := func(st ServerState) []int {
		var out []int
		for _, u := range st.History {
			out = append(out, u.Seq)
		}
		return out
	}
	head := seqs(res.States[0])
	if len(head) != cfg.Clients*cfg.Updates {
		t.Errorf("head history holds %d updates, want %d", len(head), cfg.Clients*cfg.Updates)
	}
	for i, st := range res.States {
		if h := seqs(st); !slices.Equal(h, head) {
			t.Errorf("server %d history %v differs from the head's %v", i, h, head)
		}
		for c := 0; c < cfg.Clients; c++ {
			for r := cfg.Updates - 3; r <= cfg.Updates; r++ {
				key := "c" + string(rune('0'+c)) + "/k" + string(rune('0'+r%4))
				if st.Store[key] != r {
					t.Errorf("server %d: %s = %d, want %d", i, key, st.Store[key], r)
				}
			}
		}
	}
}

func TestChainReplication(t *testing.T) {
	res := runChain(t)
	t.Logf("survivors %d, history length %d", len(res.States), len(res.States[0].History))
}
