// Package queue is a user's own work queue, drained by goroutines the
// analysis cannot see: its Push declares the transfer.
package queue

// Job is work for the queue's workers.
type Job struct {
	ID   int
	Tags []string
}

// Queue hands jobs to workers.
type Queue struct{ ring [64]*Job }

// Push hands j to a worker.
//
//psharpvet:send j
func (q *Queue) Push(j *Job) { q.ring[j.ID%64] = j } // want Push:"declared\\(send \\[0\\]\\)"

// Len is not a transfer.
func (q *Queue) Len() int { return len(q.ring) }
