// Package rangefunc pins that the variables the body of a range-over-func
// loop captures do not outlive the loop, as those a for loop's body uses
// do not: the iterator may call the body only until the loop ends. So
// handing an element of a captured slice to a goroutine does not keep it
// reachable from state that outlives the handler; writing it after the
// hand-off is still a use after the transfer.
package rangefunc

import "iter"

type box struct{ n int }

// Seq yields 0, …, n-1.
func Seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// Each hands each element to a goroutine of its own, and waits for all:
// quiet.
func Each(ps []*box) {
	done := make(chan bool)
	for i := range Seq(len(ps)) {
		go func(b *box) { b.n++; done <- true }(ps[i])
	}
	for range ps {
		<-done
	}
}

// Late writes the element it handed over.
func Late(ps []*box) {
	done := make(chan bool)
	for i := range Seq(len(ps)) {
		go func(b *box) { b.n++; done <- true }(ps[i])
		ps[i].n = 0 // want `ps\[…\].n is written after ps\[i\], which shares memory with it, was handed to the goroutine started at line 40; the goroutine may be using it concurrently`
	}
	for range ps {
		<-done
	}
}
