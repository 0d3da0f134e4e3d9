// Package taintbudget checks the -budget reports of the taint analysis,
// under a budget of two abstract objects per function (TestBudget).
package taintbudget

type T struct{ next *T }

// Chain makes more objects than the budget allows: reported, and its
// summary is the conservative one.
func Chain(p *T) *T { // want `the heap analysis of taintbudget.Chain stopped at its budget \(\d+ passes, \d+ abstract objects; the budget is \d+ passes and 2 objects\): its summary is the conservative one` Chain:`^summary.*$`
	a := &T{next: p}
	b := &T{next: a}
	c := &T{next: b}
	return c
}

// Small stays within it: quiet.
func Small() int { return 1 } // want Small:`^summary$`
