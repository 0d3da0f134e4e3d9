package syncmap

import (
	"sync"
	"testing"
)

func TestSyncMap(t *testing.T) {
	var r Registry
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := r.GetOrCreate("a", "u")
			r.Touch(s.ID)
			_ = r.Count()
			if i == 7 {
				r.Remove("b")
			}
		}()
	}
	wg.Wait()
	_ = Concurrent([]string{"a", "b", "c"})
}
