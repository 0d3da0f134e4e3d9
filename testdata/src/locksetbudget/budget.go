package locksetbudget // want package:"lockset summaries"

// This package checks the -budget reports of the lockset pass, under a
// budget of two block visits per function (TestBudget).

import "sync"

type T struct {
	mu sync.Mutex
	n  int
}

// Branchy has more blocks than the budget visits: reported.
func (t *T) Branchy(k int) { // want `the lockset dataflow of \(\*T\).Branchy stopped at its budget \(2 visits of its \d+ blocks\) before it settled: the blocks it did not reach are not checked`
	t.mu.Lock()
	if k > 0 {
		t.n++
	} else {
		t.n--
	}
	t.mu.Unlock()
}

// Straight is one block: quiet.
func (t *T) Straight() {
	t.mu.Lock()
	t.n = 0
	t.mu.Unlock()
}
