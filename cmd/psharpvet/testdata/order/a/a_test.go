package a

import "testing"

func TestSend(t *testing.T) {
	ch := make(chan []int, 1)
	ys := []int{1}
	ch <- ys
	ys[0] = 3
}
