package b

// Send writes zs after sending it.
func Send(ch chan []int) {
	zs := []int{1}
	ch <- zs
	zs[0] = 2
}
