// Package iface checks transfers through interface values and calls.
package iface

type T struct{ x int }

// sender is closed: only this package implements it, so calls through it
// resolve to the implementations below.
type sender interface {
	send(ch chan *T, p *T)
}

type direct struct{}

func (direct) send(ch chan *T, p *T) { ch <- p }

type viaHelper struct{}

func (viaHelper) send(ch chan *T, p *T) { forward(ch, p) }

func forward(ch chan *T, p *T) { ch <- p }

// CallClosed gives up p through an interface call.
func CallClosed(s sender, ch chan *T) {
	p := &T{}
	s.send(ch, p)
	p.x = 1 // want `p is written after it was given up by`
}

// CallClosedDone does not use p again.
func CallClosedDone(s sender, ch chan *T) {
	s.send(ch, &T{})
}

// SendAny sends a pointer inside an interface value.
func SendAny(ch chan any) {
	p := &T{}
	var v any = p
	ch <- v
	p.x = 1 // want `is written after it was sent on ch`
}

// SendStringer sends an interface that holds a value with no references.
func SendAnyInt(ch chan any) {
	n := 3
	ch <- n
	n++
	_ = n
}
