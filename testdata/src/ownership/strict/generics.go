package strict

import "slices"

// A Peer is a node the notifiers send on.
type Peer struct {
	down bool
	hits int
}

// NotifyAlive sends what is left of alive without id, then reads id.
// slices.DeleteFunc is summarised on its generic body, where an element
// may be a pointer its predicate keeps; for []int nothing of the
// predicate's (id, which the closure captures) reaches the result, so
// reading id after the send is no race.
func NotifyAlive(out chan []int, alive []int, id int) int {
	rest := slices.DeleteFunc(slices.Clone(alive), func(n int) bool { return n == id })
	out <- rest
	return id
}

// NotifyPeers keeps, through its predicate, the last peer it looked at,
// which stays in what it sends, and writes it after the send: with
// pointer elements the predicate's captures do reach the result.
func NotifyPeers(out chan []*Peer, peers []*Peer) {
	var last *Peer
	rest := slices.DeleteFunc(slices.Clone(peers), func(p *Peer) bool { last = p; return p.down })
	out <- rest
	if last != nil { // want `last is read after rest, which shares memory with it, was sent on out`
		last.hits++
	}
}

// cloneOf copies s into a new array, as slices.Clone does: the copy's
// elements are s's, so for pointer elements it reaches what they point
// to.
func cloneOf[S ~[]E, E any](s S) S { return append(S{}, s...) }

// A Roster keeps the peers it announces.
type Roster struct {
	peers []*Peer
	sizes []int
}

// Announce sends a copy of the roster's peers and then counts a hit on
// the first: the copy holds the same peers, reported.
func (r *Roster) Announce(out chan []*Peer) {
	list := cloneOf(r.peers)
	out <- list       // want `list is sent on out but stays reachable from r.peers`
	r.peers[0].hits++ // want `r.peers\[…\] is read after list, which shares memory with it, was sent on out`
}

// AnnounceSizes sends a copy of the roster's sizes and then writes its
// own: the copy is a new array of ints, quiet.
func (r *Roster) AnnounceSizes(out chan []int) {
	sizes := cloneOf(r.sizes)
	out <- sizes
	r.sizes[0]++
}
