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
	Err   error
}

// Process runs a fixed pool of workers; results channel closed after Wait.
func Process(jobs []Job, workers int) []Result {
	in := make(chan Job)
	out := make(chan Result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				out <- Result{JobID: j.ID, Upper: strings.ToUpper(j.Text)}
			}
		}()
	}
	go func() {
		for _, j := range jobs {
			in <- j
		}
		close(in)
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	var results []Result
	for r := range out {
		results = append(results, r)
	}
	return results
}

// Pointer jobs: each job owned by the worker that receives it, which fills its result.
type Task struct {
	Input  string
	Output string
}

func ProcessTasks(tasks []*Task) []*Task {
	in := make(chan *Task)
	done := make(chan *Task)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range in {
				t.Output = strings.Repeat(t.Input, 2)
				done <- t
			}
		}()
	}
	go func() {
		defer close(in)
		for _, t := range tasks {
			in <- t
		}
	}()
	go func() { wg.Wait(); close(done) }()
	var out []*Task
	for t := range done {
		out = append(out, t)
	}
	return out
}

// Results written into preallocated slots by index, read after Wait.
func Parallel(inputs []string) []int {
	out := make([]int, len(inputs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, s := range inputs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i] = len(s)
		}()
	}
	wg.Wait()
	return out
}
