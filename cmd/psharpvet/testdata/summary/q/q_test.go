package q

import "testing"

func TestSend(t *testing.T) {
	ch := make(chan []int, 1)
	xs := []int{1}
	ch <- xs
	xs[0] = 2
}
