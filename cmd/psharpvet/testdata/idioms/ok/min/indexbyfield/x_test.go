package indexbyfield

import "testing"

func TestLengths(t *testing.T) { _ = Lengths([]string{"a", "bb", "ccc", "d", "e"}) }
