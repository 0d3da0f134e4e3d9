package cleanup

import "testing"

func TestCleanup(t *testing.T) {
	for _, refuse := range []bool{false, true} {
		if c, err := Dial(refuse); err == nil {
			c.Wait()
		}
		if c, err := Open(refuse); err == nil {
			c.Wait()
		}
	}
}
