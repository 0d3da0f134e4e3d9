package iterseq

import (
	"slices"
	"testing"
)

func TestSum(t *testing.T) {
	_ = Sum(slices.Values([]int{1, 2, 3, 4, 5, 6, 7, 8}), func(x int) int { return x * x })
}
