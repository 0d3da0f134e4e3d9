package indexbyfield

import "sync"

type Job struct {
	Index int
	Text  string
}

// Each job carries its own slot index; workers write distinct elements.
func Lengths(texts []string) []int {
	jobs := make(chan Job)
	out := make([]int, len(texts))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				out[j.Index] = len(j.Text)
			}
		}()
	}
	for i, t := range texts {
		jobs <- Job{Index: i, Text: t}
	}
	close(jobs)
	wg.Wait()
	return out
}
