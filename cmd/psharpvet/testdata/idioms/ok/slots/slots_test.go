package slots

import "testing"

func TestSlots(t *testing.T) {
	if ws := Workers([]string{"a", "bb"}); ws[1].hits != 2 {
		t.Fatal(ws[1].hits)
	}
	if got := Upper([]string{"a", "b"}); got[1] != "B" {
		t.Fatal(got)
	}
}
