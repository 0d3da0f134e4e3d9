package strict

// Under the strict reading a call after a transfer uses what its callees
// read and write of its operands, by their summaries, when every callee
// has one; a callee that links what was given up to another operand (or
// to package-level memory) stores it, which is a use, wherever it
// touches.

type note struct{ text string }

type notebook struct {
	last  *note
	count int
	out   chan *note
}

// tally touches only the notebook's counter.
func (b *notebook) tally(n *note) { b.count++ }

// keep stores the note in the notebook, which outlives the call.
func (b *notebook) keep(n *note) { b.last = n }

// Publish sends the note, then counts it: the call reaches the note
// through its argument but never touches it. Quiet.
func (b *notebook) Publish(text string) {
	n := &note{text: text}
	b.out <- n
	b.tally(n)
}

// PublishAndKeep sends the note, then keeps it: whoever reads b.last
// later races with the receiver.
func (b *notebook) PublishAndKeep(text string) {
	n := &note{text: text}
	b.out <- n
	b.keep(n) // want `n is passed to \(\*strict.notebook\).keep after it was sent on b.out`
}

// Reread reads what a later handler finds in the notebook.
func (b *notebook) Reread() string { return b.last.text }
