// Package elementsperiteration pins the rule that a counted loop sending
// the address of the element its counter indexes, &jobs[i], sends another
// element each iteration when the elements hold no pointers: the counter
// grows by one, the array is the same, and the loop is not entered again.
// An address computed twice in one iteration, a loop run again by an
// outer loop and a slice that changes between iterations stay reported;
// elements that hold pointers are in ownership/strict/elements.
package elementsperiteration

// Job holds no pointers.
type Job struct {
	N, Done int
}

// worker writes every job it gets.
func worker(ch chan *Job, done chan struct{}) {
	for j := range ch {
		j.Done = j.N * 2
	}
	close(done)
}

// SendEach sends each job once: quiet.
func SendEach(jobs []Job) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for i := range jobs {
		ch <- &jobs[i]
	}
	close(ch)
	<-done
}

// SendEachCounted sends each job once, with a three-clause loop: quiet.
func SendEachCounted(jobs []Job, n int) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for i := 0; i < n; i++ {
		ch <- &jobs[i]
	}
	close(ch)
	<-done
}

// SendEachTwice sends every job twice, in an inner loop: reported.
func SendEachTwice(jobs []Job) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for i := range jobs {
		for k := 0; k < 2; k++ {
			ch <- &jobs[i] // want `&jobs\[i\] is sent again on ch after it was sent on ch`
		}
	}
	close(ch)
	<-done
}

// SendRounds runs the loop twice: the counter starts again at zero,
// reported.
func SendRounds(jobs []Job) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for r := 0; r < 2; r++ {
		for i := range jobs {
			ch <- &jobs[i] // want `&jobs\[i\] is sent again on ch after it was sent on ch`
		}
	}
	close(ch)
	<-done
}

// SendLast indexes a slice that ends at the last job, one element shorter
// in front each iteration: s[i] is the last job every time, reported.
func SendLast(jobs []Job) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for i := range jobs {
		s := jobs[len(jobs)-1-i:]
		ch <- &s[i] // want `&s\[i\] is sent again on ch after it was sent on ch`
	}
	close(ch)
	<-done
}
