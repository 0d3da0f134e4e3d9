package lenread

import (
	"sync"
	"testing"
)

func TestLen(t *testing.T) {
	q := &Queue{index: map[int]bool{}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); q.Push(1) }()
	go func() { defer wg.Done(); _ = q.Len(); _ = q.Distinct() }()
	wg.Wait()
}
