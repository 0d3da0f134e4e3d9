package addinside

import "sync"

func Lengths(items []string) []int {
	out := make([]int, len(items))
	var wg sync.WaitGroup
	for i, s := range items {
		go func() {
			wg.Add(1)
			defer wg.Done()
			out[i] = len(s) // race:
		}()
	}
	wg.Wait()
	return out
}
