package chunks

import "testing"

func TestChunks(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5, 6, 7}
	_ = Square(xs, 3)
	Scale(xs, 2, 3)
}
