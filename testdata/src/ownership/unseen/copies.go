package unseen

import "maps"

// maps.Clone's copy is made by the runtime, out of the analysis's sight,
// but the model knows what it does (a Copies row): the copy is a new map
// holding the original's entries. By default an unseen call links
// nothing, so the entries the copy shares with the original were missed.

type item struct{ n int }

type table struct {
	counts map[string]int
	items  map[string]*item
	snaps  chan map[string]int
	shared chan map[string]*item
}

// SnapCounts sends a copy of a map of numbers and counts on in the
// original: quiet.
func (t *table) SnapCounts(k string) {
	t.snaps <- maps.Clone(t.counts)
	t.counts[k]++
}

// SnapItems sends a copy of a map of pointers and writes an item both
// maps hold: reported.
func (t *table) SnapItems(k string) {
	t.shared <- maps.Clone(t.items) // want `maps.Clone\(t.items\) is sent on t.shared but stays reachable from t.items\[…\]`
	t.items[k].n++                  // want `t.items\[…\].n is written after maps.Clone\(t.items\), which shares memory with it, was sent on t.shared`
}
