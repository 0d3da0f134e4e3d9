package asm

func Add(a, b *int) int

func UseAsm(ch chan *int) int {
	x := new(int)
	ch <- x
	return Add(x, x)
}
