package keylock

import (
	"sync"
	"testing"
)

func TestRun(t *testing.T) {
	c := &Counters{m: map[string]*entry{}}
	s := &Striped{locks: map[string]*sync.Mutex{}, vals: map[string]*int{}}
	for range 20 {
		Run(c, s)
	}
}
