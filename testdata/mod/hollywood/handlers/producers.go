package handlers

// An object an actor keeps and also hands to a child it spawns, through
// the producer that makes it (actorfields.go).

import "github.com/anthdm/hollywood/actor"

type Score struct {
	Points int
	Name   string
}

type join struct{ s *Score }
type tally struct{}
type hit struct{}

// Lobby keeps each player's score and spawns the player with it: the
// player adds to it while the lobby sums it up. Reported.
type Lobby struct {
	scores []*Score
}

func (l *Lobby) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case join:
		s := m.s
		l.scores = append(l.scores, s)
		c.SpawnChild(func() actor.Receiver { return &Player{score: s} }, "player")
	case tally:
		total := 0
		for _, s := range l.scores {
			total += s.Points // want `l.scores\[\*\].Points is read in \(\*Lobby\).Receive without a lock and written in \(\*Player\).Receive without a lock`
		}
		c.Respond(total)
	}
}

type Player struct {
	score *Score
}

func (p *Player) Receive(c *actor.Context) {
	if _, ok := c.Message().(hit); ok {
		p.score.Points++
	}
}

// Roster keeps the score it hands to a viewer, which only reads it, as
// the roster does: quiet.
type Roster struct {
	scores map[string]*Score
}

func (r *Roster) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case join:
		s := m.s
		r.scores[s.Name] = s
		c.SpawnChild(func() actor.Receiver { return &Viewer{score: s} }, "viewer")
	case tally:
		for _, s := range r.scores {
			_ = s.Points
		}
	}
}

type Viewer struct {
	score *Score
}

func (v *Viewer) Receive(c *actor.Context) {
	if _, ok := c.Message().(tally); ok {
		c.Respond(v.score.Points)
	}
}
