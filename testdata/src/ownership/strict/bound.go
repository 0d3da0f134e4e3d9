package strict

import (
	"slices"
	"sync"
)

// A method value (x.M) holds a copy of its receiver and nothing else. When
// the receiver carries no ownership (here a peer, which synchronises
// itself), the method value is shared memory too: handing it to
// slices.IndexFunc, whose summary links the slice to the function it
// calls, does not make the slice's array reach what a message sent later
// reaches.

type peer struct {
	mu   sync.Mutex
	down bool
}

func (p *peer) same(o *peer) bool { return p == o }

type roster struct{ chain []*peer }

type master struct {
	chain []*peer
	out   chan *roster
}

// Remove finds the failed peer with a method value bound to it and sends
// a copy of the chain: quiet.
func (m *master) Remove(failed *peer) {
	i := slices.IndexFunc(m.chain, failed.same)
	m.chain = slices.Delete(m.chain, i, i+1)
	m.out <- &roster{chain: slices.Clone(m.chain)}
	m.chain = append(m.chain, failed)
}

// RemoveShared sends the chain's own array and then writes it: reported,
// method value or not.
func (m *master) RemoveShared(failed *peer) {
	i := slices.IndexFunc(m.chain, failed.same)
	m.out <- &roster{chain: m.chain} // want `&roster\{…\} is sent on m.out but stays reachable from m.chain;`
	m.chain[i] = nil                 // want `m.chain\[…\] is written after &roster\{…\}, which shares memory with it, was sent on m.out`
}

// A filter keeps what it matched: a method value bound to it carries the
// filter's memory, which the callee may link to the slice.
type filter struct{ seen []*peer }

func (f *filter) match(p *peer) bool {
	f.seen = append(f.seen, p)
	return p.down
}

// RemoveFiltered hands IndexFunc a method value bound to a filter, which
// carries ownership: reported.
func (m *master) RemoveFiltered(f *filter) {
	i := slices.IndexFunc(m.chain, f.match)
	m.chain = slices.Delete(m.chain, i, i+1)
	m.out <- &roster{chain: slices.Clone(m.chain)} // want `&roster\{…\} is sent on m.out but stays reachable from m.chain`
	m.chain = append(m.chain, nil)                 // want `m.chain is written after &roster\{…\}, which shares memory with it, was sent on m.out`
}

// RemoveLiteral hands IndexFunc a function literal: its binding is the
// captured variable, which either side may write: reported.
func (m *master) RemoveLiteral(failed *peer) {
	i := slices.IndexFunc(m.chain, func(p *peer) bool { return p == failed })
	m.chain = slices.Delete(m.chain, i, i+1)
	m.out <- &roster{chain: slices.Clone(m.chain)} // want `&roster\{…\} is sent on m.out but stays reachable from m.chain`
	m.chain = append(m.chain, nil)                 // want `m.chain is written after &roster\{…\}, which shares memory with it, was sent on m.out`
}

// RemoveUnseen hands the method value and the chain to code the analysis
// cannot see: the method value is still shared memory, but the strict
// reading's rule for an unseen callee links the chain's array to its own
// elements, so the copy reaches the array: reported.
func (m *master) RemoveUnseen(failed *peer, visit func([]*peer, func(*peer) bool)) {
	visit(m.chain, failed.same)
	m.out <- &roster{chain: slices.Clone(m.chain)} // want `&roster\{…\} is sent on m.out but stays reachable from m.chain`
	m.chain = append(m.chain, nil)                 // want `m.chain is written after &roster\{…\}, which shares memory with it, was sent on m.out`
}
