// Package aliases holds uses after a transfer made through another value
// than the one given up, which the heap analysis says may share memory
// with it. By default only the given value's own access path is evidence:
// these are quiet (ownership/strict reports the same shapes).
package aliases

type Node struct {
	Val  int
	Next *Node
}

type List struct {
	head *Node
	n    int
}

func (l *List) push(v int) {
	l.head = &Node{Val: v, Next: l.head}
	l.n++
}

// SendLinked sends a and then writes b, which a reaches: a race, but one
// made through another variable than the one given up. The default
// reading trades it for the many aliases the heap analysis only suspects
// (ownership/strict reports it).
func SendLinked(ch chan *Node, a, b *Node) {
	a.Next = b
	ch <- a
	b.Val = 2
}

// SendHead sends the list's head and then writes it through the list: the
// same access path, reported.
func SendHead(ch chan *Node, l *List) {
	n := l.head
	ch <- n
	l.head = nil
	n.Val = 1 // want `n is written after it was sent on ch`
}

// SendBuilt sends a message built around b and then writes b: b is stored
// into the literal that is sent, so the message surely reaches it, and
// the access is the given value's own (reported by default).
func SendBuilt(ch chan *Node, b *Node) {
	ch <- &Node{Val: 1, Next: b}
	b.Val = 2 // want `b.Val is written after &Node\{…\}, which shares memory with it, was sent on ch`
}

// SendBuiltCopy sends a message built around a copy of b: quiet.
func SendBuiltCopy(ch chan *Node, b *Node) {
	c := *b
	ch <- &Node{Val: 1, Next: &c}
	b.Val = 2
}
