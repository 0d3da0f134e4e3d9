package loops

// A value received in a loop is new memory each iteration: a request kept
// by an earlier iteration is another object, though the heap analysis
// names both by the one receive.

type Req struct{ n int }

type Broker struct {
	waiting *Req
	out     chan *Req
}

// Pair keeps every other request until its partner comes: the request it
// hands on is never the one it keeps.
func (b *Broker) Pair(in chan *Req) {
	for req := range in {
		b.handle(req)
	}
}

func (b *Broker) handle(req *Req) {
	if b.waiting == nil {
		b.waiting = req
		return
	}
	first := b.waiting
	b.waiting = nil
	b.out <- first
	b.out <- req
}

// PairKeeping remembers the request it sends: reported where it sends it,
// not again at the call, where b.waiting holds an earlier request.
func (b *Broker) PairKeeping(in chan *Req) {
	for req := range in {
		b.handleKeeping(req)
	}
}

func (b *Broker) handleKeeping(req *Req) {
	b.waiting = req
	b.out <- req // want `req is sent on b.out but stays reachable from b.waiting`
}

// PairStoring stores the new request before it hands it on: the path
// from the receive stores, so the kept request may be this one.
func (b *Broker) PairStoring(in chan *Req) {
	for req := range in {
		b.waiting = req
		b.out <- req // want `req is sent on b.out but stays reachable from b.waiting`
	}
}

func consume(out chan *Req) {
	for r := range out {
		r.n++
	}
}
