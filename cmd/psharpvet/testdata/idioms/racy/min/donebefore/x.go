package donebefore

import "sync"

func Pair(g func() int) int {
	var b int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Done()
		b = g() // race:
	}()
	wg.Wait()
	return b
}
