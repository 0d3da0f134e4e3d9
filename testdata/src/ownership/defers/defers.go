// Package defers checks deferred calls after a transfer.
package defers

type T struct{ x int }

func show(p *T) int { return p.x }

// DeferAfterSend defers a call with the sent pointer: its arguments are
// evaluated at the defer statement, after the send.
func DeferAfterSend(ch chan *T) {
	p := &T{}
	ch <- p
	defer show(p) // want `p is passed to defers.show after it was sent on ch`
}

// DeferClose closes the channel after sending: the channel is not
// transferred.
func DeferClose(ch chan *T) {
	defer close(ch)
	p := &T{}
	ch <- p
}

// DeferBeforeSend defers a use made before the send; the deferred call
// only runs the show of a value copied at the defer statement.
func DeferBeforeSend(ch chan *T) {
	p := &T{x: 1}
	n := p.x
	defer func(n int) { _ = n }(n)
	ch <- p
}

// DeferLiteralAfterSend defers a literal that writes the sent pointer.
func DeferLiteralAfterSend(ch chan *T) {
	p := &T{}
	ch <- p
	defer func() { // want `p is passed to a function literal after it was sent on ch \(line \d+\)`
		p.x = 1
	}()
}

type Reply struct{ N int }

func respond(ch chan *Reply, r *Reply) { ch <- r }

// Handle defers the reply: it is given up when Handle returns, so filling
// it in after the defer statement is not a use after the transfer. Quiet.
func Handle(ch chan *Reply) {
	r := &Reply{}
	defer respond(ch, r)
	r.N = 42
}

// HandleClosure defers a literal that sends the reply. Quiet.
func HandleClosure(ch chan *Reply) {
	r := &Reply{}
	defer func() { ch <- r }()
	r.N = 1
}

// HandleEarly replies at once and then writes the reply: reported.
func HandleEarly(ch chan *Reply) {
	r := &Reply{}
	respond(ch, r)
	r.N = 1 // want `r is written after it was given up by defers.respond`
}

// consume writes what it receives: reading a sent value races with it.
func consume(ch chan *T) {
	for p := range ch {
		p.x++
	}
}
