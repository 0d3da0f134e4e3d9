// Package slots fills a slot of a slice per goroutine before starting it.
package slots

import (
	"strings"
	"sync"
)

type worker struct {
	name string
	hits int
}

// Workers makes each worker in its slot, then starts a goroutine that
// works on that slot only.
func Workers(names []string) []*worker {
	ws := make([]*worker, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		ws[i] = &worker{name: n}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ws[i].hits += len(ws[i].name)
		}()
	}
	wg.Wait()
	return ws
}

// Upper seeds each slot, then has a goroutine per slot rewrite it.
func Upper(words []string) []string {
	out := make([]string, len(words))
	var wg sync.WaitGroup
	for i := range len(words) {
		out[i] = words[i]
		wg.Go(func() { out[i] = strings.ToUpper(out[i]) })
	}
	wg.Wait()
	return out
}
