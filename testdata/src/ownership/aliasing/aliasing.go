// Package aliasing checks condition 2: a given-up argument must not be
// reachable from another operand of the same call.
package aliasing

type T struct{ x int }

type Holder struct {
	p *T
	n int
}

// give sends p and then works on h.
func give(ch chan *T, p *T, h *Holder) {
	ch <- p
	h.n++
}

// GiveField gives up h.p while passing h too.
func GiveField(ch chan *T, h *Holder) {
	give(ch, h.p, h) // want `h.p is given up by aliasing.give \(which sends it on a channel at aliasing.go:\d+\) but is also reachable from h, another operand of the same call; aliasing.give may use it after giving it up`
}

// GiveFresh passes unrelated memory.
func GiveFresh(ch chan *T, h *Holder) {
	give(ch, &T{}, h)
}

func giveBoth(ch chan *T, a, b *T) {
	ch <- a
	b.x++
}

// SameTwice passes the same pointer as the given-up and the kept operand.
func SameTwice(ch chan *T) {
	p := &T{}
	giveBoth(ch, p, p) // want `p is given up by aliasing.giveBoth .* but is also reachable from p, another operand of the same call`
}

// Distinct passes two different pointers.
func Distinct(ch chan *T) {
	giveBoth(ch, &T{}, &T{})
}
