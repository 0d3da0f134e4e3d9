package t3

/*
#include <stdlib.h>
static int twice(int x) { return 2*x; }
*/
import "C"

import "unsafe"

type Buf struct {
	p unsafe.Pointer
	n int
}

func Twice(x int) int { return int(C.twice(C.int(x))) }

func Alloc(ch chan *Buf) {
	b := &Buf{p: C.malloc(16)}
	ch <- b
	C.free(b.p) // use after send
}

func Unsafe(ch chan *Buf, u uintptr) {
	b := (*Buf)(unsafe.Pointer(u))
	ch <- b
	b.n++ // n is written after construction, so this read may race
}

type Num interface{ ~int | ~float64 }

func Sum[T Num](ch chan []T, xs []T) T {
	ch <- xs
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Drain and Zero are the receiving sides: they write what they receive,
// which is the evidence that the uses after the sends above race.
func Drain(ch chan *Buf) {
	for b := range ch {
		b.n = 0
	}
}

func Zero[T Num](ch chan []T) {
	for xs := range ch {
		xs[0] = 0
	}
}
