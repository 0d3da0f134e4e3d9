package subtests // want package:"lockset summaries"

// This package pins parallel subtests (subtests.go): a subtest that calls
// t.Parallel runs after its test function returns, beside the other
// parallel subtests of that function and beside other instances of
// itself.

// Tally is what the tests share.
type Tally struct{ n int }

// Add adds k.
func (t *Tally) Add(k int) { t.n += k }
