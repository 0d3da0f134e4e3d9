package atomicflag

import "testing"

func TestServe(t *testing.T) {
	for range 50 {
		_ = Serve(&Table{})
	}
}
