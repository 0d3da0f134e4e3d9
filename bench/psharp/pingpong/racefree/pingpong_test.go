package pingpong

import "testing"

func TestPingPong(t *testing.T) {
	const rounds = 200
	res, err := Run(rounds)
	if err != nil {
		t.Fatal(err)
	}
	rep := res.Report
	if rep.Rounds != rounds || rep.Pongs != rounds {
		t.Fatalf("rounds = %d, pongs = %d, want %d", rep.Rounds, rep.Pongs, rounds)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("client errors: %v", rep.Errors)
	}
	if got := len(rep.Ball.Hits); got != 2*rounds {
		t.Fatalf("ball has %d hits, want %d", got, 2*rounds)
	}
	for i, h := range rep.Ball.Hits {
		wantBy := "client"
		if i%2 == 1 {
			wantBy = "server"
		}
		if h.By != wantBy || h.Round != i/2+1 {
			t.Fatalf("hit %d = %+v, want %s in round %d", i, h, wantBy, i/2+1)
		}
	}
	if rep.LastServed != rounds {
		t.Fatalf("client saw %d served, want %d", rep.LastServed, rounds)
	}
	st := res.Stats
	if st.Served != rounds || st.LastRound != rounds || st.Clients != 1 || st.OutOfOrder != 0 {
		t.Fatalf("server stats = %+v", st)
	}
}
