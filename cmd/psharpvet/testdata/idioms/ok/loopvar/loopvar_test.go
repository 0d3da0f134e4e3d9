package loopvar

import "testing"

func TestLoopvar(t *testing.T) {
	_ = StartAll([]Server{{"a", 1}, {"b", 2}})
	_ = Squares(5)
	Pointers([]Server{{"a", 1}, {"b", 2}})
	_ = Adjusted([]int{0, 1, 2})
}
