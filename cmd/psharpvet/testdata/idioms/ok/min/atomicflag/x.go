package atomicflag

import "sync/atomic"

type Table struct {
	ready atomic.Bool
	data  map[string]int
}

func (t *Table) Build() {
	t.data = map[string]int{"a": 1}
	t.ready.Store(true)
}

func (t *Table) Lookup(k string) int {
	if !t.ready.Load() {
		return 0
	}
	return t.data[k]
}

func Serve(t *Table) int {
	go t.Build()
	return t.Lookup("a")
}
