package pingpong

import (
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

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

// echo is a server an importer may write: it answers every Ping twice, so
// the Client gets Pongs after its last round, with a hit the Client
// counts as an error.
type echo struct{}

func (echo) Receive(c *actor.Context) {
	if p, ok := c.Message().(*Ping); ok {
		for range 2 {
			ball := &Ball{Round: p.Ball.Round, Hits: []Hit{{By: "echo", Round: -1}}}
			c.Send(c.Sender(), &Pong{Ball: ball, Stats: &ServerStats{}})
		}
	}
}

// TestLatePongs plays an importer that runs a Client against its own
// server, which sends Pongs after the last round, and appends to the
// errors of the report it got: the Client must not write the list it
// handed over.
func TestLatePongs(t *testing.T) {
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	server := e.Spawn(func() actor.Receiver { return echo{} }, "echo")
	client := e.Spawn(newClient("client"), "client")
	defer func() {
		<-e.Poison(client).Done()
		<-e.Poison(server).Done()
	}()
	done := make(chan *Report, 16)
	e.Send(client, &StartGame{Server: server, Rounds: 3, Done: done})
	select {
	case rep := <-done:
		rep.Errors = append(rep.Errors, "seen by the importer")
	case <-time.After(5 * time.Second):
		t.Fatal("game did not finish")
	}
	time.Sleep(20 * time.Millisecond) // let the late Pongs arrive
}
