// Package loops checks sends in loops: a fresh object per iteration is a
// new transfer each time; the same object sent twice is a race.
package loops

type Job struct {
	id   int
	data []byte
}

// Fresh allocates a job per iteration.
func Fresh(ch chan *Job, n int) {
	for i := 0; i < n; i++ {
		j := &Job{id: i}
		j.data = make([]byte, 16)
		ch <- j
	}
}

// Reused sends the same job on every iteration.
func Reused(ch chan *Job, n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		ch <- j // want `j is sent again on ch after it was sent on ch`
	}
}

// ReusedWritten mutates the job it sent on the previous iteration.
func ReusedWritten(ch chan *Job, n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		j.id = i // want `j is written after it was sent on ch`
		ch <- j
	}
}

// ReusedBuffer sends the same buffer in every job.
func ReusedBuffer(ch chan *Job, n int) {
	buf := make([]byte, 64)
	for i := 0; i < n; i++ {
		buf[0] = byte(i) // want `is written after it was sent on ch`
		ch <- &Job{id: i, data: buf}
	}
}

// FreshSlices sends a fresh slice per iteration.
func FreshSlices(ch chan []int, n int) {
	for i := 0; i < n; i++ {
		s := make([]int, n)
		s[i] = i
		ch <- s
	}
}

// Received forwards what it receives: the receiver owns each value.
func Received(in, out chan *Job) {
	for j := range in {
		j.id++
		out <- j
	}
}
