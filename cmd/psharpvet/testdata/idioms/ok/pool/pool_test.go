package pool

import "testing"

func TestPool(t *testing.T) {
	_ = Process([]Job{{1, "a"}, {2, "b"}, {3, "c"}}, 3)
	_ = ProcessTasks([]*Task{{Input: "a"}, {Input: "b"}})
	_ = Parallel([]string{"a", "bb", "ccc"})
}
