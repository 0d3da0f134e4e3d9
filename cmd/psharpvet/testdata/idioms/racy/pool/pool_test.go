package pool

import (
	"testing"
)

func TestProcess(t *testing.T) {
	_ = Process([]Job{{0, "a"}, {1, "b"}, {2, "c"}, {3, "d"}}, 3)
}

func TestCount(t *testing.T) {
	_, _ = Count([]Job{{0, "a"}, {1, "b"}, {2, "c"}})
}

func TestDispatch(t *testing.T) {
	Dispatch([]*Task{{Input: "a", Attempts: 1}, {Input: "b", Attempts: 1}, {Input: "c"}})
}

func TestLengths(t *testing.T) {
	for range 20 {
		o := Lengths([]string{"a", "bb", "ccc"})
		_ = o[0] + o[1] + o[2]
	}
}
