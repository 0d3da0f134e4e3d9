package pool

import (
	"strings"
	"sync"
)

type Job struct {
	ID   int
	Text string
}

type Result struct {
	JobID int
	Upper string
}

// Workers append to a shared slice without a lock.
func Process(jobs []Job, workers int) []Result {
	in := make(chan Job)
	var results []Result
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				results = append(results, Result{j.ID, strings.ToUpper(j.Text)}) // race:
			}
		}()
	}
	for _, j := range jobs {
		in <- j
	}
	close(in)
	wg.Wait()
	return results
}

// Collector reads the count before waiting for the workers.
func Count(jobs []Job) (int, []int) {
	in := make(chan Job, len(jobs))
	lens := make([]int, len(jobs))
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				lens[j.ID] = len(j.Text)
				mu.Lock()
				done++
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		in <- j
	}
	close(in)
	first := lens[0] // race:
	wg.Wait()
	return first, lens
}

// Task pointer sent to the worker, then the dispatcher writes a field.
type Task struct {
	Input    string
	Output   string
	Attempts int
}

func Dispatch(tasks []*Task) {
	in := make(chan *Task)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range in {
				t.Output = strings.Repeat(t.Input, t.Attempts)
			}
		}()
	}
	for _, t := range tasks {
		in <- t
		t.Attempts++ // race:
	}
	close(in)
	wg.Wait()
}

// wg.Add inside the goroutine: Wait may return before any Add.
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
