// Package a has a report in its code and one in its test, whose test
// variant go list puts after package b: the in-process checker prints the
// second after b's.
package a

// Send writes xs after sending it.
func Send(ch chan []int) {
	xs := []int{1}
	ch <- xs
	xs[0] = 2
}
