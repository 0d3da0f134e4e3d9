package msgindex // want package:"lockset summaries"

import "sync"

// This package pins the index a job carries (msgindex.go): workers that
// write out[j.Index] write distinct elements when every job sent carries
// the counter of the loop that sends it, once per iteration.

type Job struct {
	Index int
	Text  string
}

// Lengths sends jobs by value: quiet.
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

// Pointers sends new jobs: quiet.
func Pointers(texts []string) []int {
	jobs := make(chan *Job, len(texts))
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
	for i := 0; i < len(texts); i++ {
		jobs <- &Job{Index: i, Text: texts[i]}
	}
	close(jobs)
	wg.Wait()
	return out
}

// Given forwards jobs whose indices come from the caller: two may be
// equal. Reported.
func Given(in []Job) []int {
	jobs := make(chan Job)
	out := make([]int, len(in))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				out[j.Index] = len(j.Text) // want `out\[\*\] is written in the goroutine started in Given \(line 66\) without a lock and written in another instance of goroutine started in Given \(line 66\) without a lock`
			}
		}()
	}
	for _, j := range in {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	return out
}

// Twice sends each index twice, from an inner loop. Reported.
func Twice(texts []string) []int {
	jobs := make(chan Job)
	out := make([]int, len(texts))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				out[j.Index]++ // want `out\[\*\] is read in the goroutine started in Twice \(line 88\) without a lock and written in another instance of goroutine started in Twice \(line 88\) without a lock`
			}
		}()
	}
	for i := range texts {
		for range 2 {
			jobs <- Job{Index: i}
		}
	}
	close(jobs)
	wg.Wait()
	return out
}
