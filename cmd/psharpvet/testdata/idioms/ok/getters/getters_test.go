package getters

import (
	"strconv"
	"sync"
	"testing"
)

func TestTotal(t *testing.T) {
	r := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 100 {
			r.Add(strconv.Itoa(i), i)
		}
	}()
	go func() {
		defer wg.Done()
		for range 100 {
			_ = r.Total()
		}
	}()
	wg.Wait()
}
