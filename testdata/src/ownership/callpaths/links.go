package callpaths

// Ballot is never changed once made.
type Ballot struct{ Round int }

// Nack refuses a proposal with the ballot promised.
type Nack struct{ Promised *Ballot }

// Proposer keeps the nacks it receives in a map of its own and counts
// them: it writes its own fields, not what it received.
type Proposer struct {
	inbox chan *Nack
	nacks map[int]*Nack
	count int
}

func (p *Proposer) note(m *Nack) {
	p.nacks[p.count] = m
	p.count++
}

// Run receives nacks.
func (p *Proposer) Run() {
	for m := range p.inbox {
		p.note(m)
	}
}

// Refuser keeps the ballot it promised and refuses with it.
type Refuser struct {
	promised *Ballot
	prop     *Proposer
}

// Refuse sends the ballot it keeps to a proposer that stores what it
// receives in its map and writes only its own fields: quiet.
func (r *Refuser) Refuse() {
	r.prop.inbox <- &Nack{Promised: r.promised}
}

// Order is a message its receiver rewrites.
type Order struct{ Lines []int }

// Vetoer keeps the order it sends.
type Vetoer struct {
	order *Order
	prop  *Rewriter
}

// Rewriter keeps what it receives in a map and rewrites it later.
type Rewriter struct {
	inbox chan *Order
	kept  map[int]*Order
	count int
}

func (w *Rewriter) keep(o *Order) {
	w.kept[w.count] = o
	w.count++
}

// Run receives orders and clears the ones it kept.
func (w *Rewriter) Run() {
	for o := range w.inbox {
		w.keep(o)
		for _, k := range w.kept {
			k.Lines = nil
		}
	}
}

// Veto sends the order it keeps to a receiver that rewrites what it
// received through its map: reported.
func (v *Vetoer) Veto() {
	v.prop.inbox <- v.order // want `v.order is sent on v.prop.inbox but stays reachable from v.order`
}
