package cow

import (
	"sync"
	"testing"
)

func TestCOW(t *testing.T) {
	s := NewStore(&Config{Endpoint: "a"})
	var r Routes
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				s.SetFlag("x", true)
				s.SetTimeout(i)
				r.Add("k", "v")
			} else {
				_ = s.Enabled("x")
				_ = s.Endpoint()
				_ = s.Get().Timeout
				_ = r.Lookup("k")
			}
		}()
	}
	wg.Wait()
}
