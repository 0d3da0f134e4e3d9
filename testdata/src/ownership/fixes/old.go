//go:build go1.20

package fixes

// OldGo reads after a send in a file for Go 1.20, which has no
// slices.Clone.
func OldGo(ch chan []int) int {
	xs := []int{1}
	ch <- xs
	return xs[0] // want `xs is read after it was sent on ch`
}
