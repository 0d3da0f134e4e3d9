package callpaths

// Entry is kept by an acceptor, sent in promises, and stamped again.
type Entry struct {
	Slot   int
	Ballot int
}

// Promise carries entries.
type Promise struct{ Accepted []*Entry }

// Acceptor keeps its entries in a map.
type Acceptor struct {
	accepted map[int]*Entry
	out      chan *Promise
}

// entries collects the entries by a range over the map.
func (a *Acceptor) entries() []*Entry {
	out := make([]*Entry, 0, len(a.accepted))
	for _, e := range a.accepted {
		out = append(out, e)
	}
	return out
}

// Stamp rewrites the ballot of a kept entry.
func (a *Acceptor) Stamp(slot, ballot int) {
	if e, ok := a.accepted[slot]; ok {
		e.Ballot = ballot
	}
}

// Promise sends the entries it keeps and stamps, collected by a helper:
// reported.
func (a *Acceptor) Promise() {
	a.out <- &Promise{Accepted: a.entries()} // want `&Promise{…} is sent on a.out but stays reachable from a.accepted\[…\]`
}

// PromiseInline collects them itself: reported.
func (a *Acceptor) PromiseInline() {
	var es []*Entry
	for _, e := range a.accepted {
		es = append(es, e)
	}
	a.out <- &Promise{Accepted: es} // want `&Promise{…} is sent on a.out but stays reachable from a.accepted\[…\]`
}

// PromiseOne sends the one entry a comma-ok lookup found: reported.
func (a *Acceptor) PromiseOne(slot int) {
	if e, ok := a.accepted[slot]; ok {
		a.out <- &Promise{Accepted: []*Entry{e}} // want `&Promise{…} is sent on a.out but stays reachable from a.accepted\[…\]`
	}
}

// Vote is never changed once made.
type Vote struct {
	Slot  int
	Voter int
}

// Tally carries votes.
type Tally struct{ Votes []*Vote }

// Counter keeps its votes in a map.
type Counter struct {
	votes map[int]*Vote
	out   chan *Tally
}

func (c *Counter) all() []*Vote {
	out := make([]*Vote, 0, len(c.votes))
	for _, v := range c.votes {
		out = append(out, v)
	}
	return out
}

// Publish sends the votes it keeps, which nothing writes: quiet.
func (c *Counter) Publish() {
	c.out <- &Tally{Votes: c.all()}
}

// PublishOne sends one vote a comma-ok lookup found: quiet.
func (c *Counter) PublishOne(slot int) {
	if v, ok := c.votes[slot]; ok {
		c.out <- &Tally{Votes: []*Vote{v}}
	}
}
