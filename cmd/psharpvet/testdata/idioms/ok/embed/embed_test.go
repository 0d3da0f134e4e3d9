package embed

import (
	"sync"
	"testing"
)

func TestEmbed(t *testing.T) {
	c := NewCounter()
	r := &Resource{Name: "r"}
	st := &Stats{}
	h1, h2 := Handler{st, "a"}, Handler{st, "b"}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc("a")
			_ = c.Get("a")
			r.Label("x")
			_ = r.Describe()
			h1.Serve(i%2 == 0)
			h2.Serve(false)
			_, _ = st.Snapshot()
		}()
	}
	wg.Wait()
}
