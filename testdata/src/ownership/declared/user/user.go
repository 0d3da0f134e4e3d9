// Package user pushes jobs on a queue whose Push is declared, in another
// package, with //psharpvet:send.
package user

import "ownership/declared/queue"

// Submit changes a job after pushing it.
func Submit(q *queue.Queue) {
	j := &queue.Job{ID: 1}
	q.Push(j)
	j.Tags = append(j.Tags, "late") // want `j is written after it was sent with \(\*queue.Queue\).Push \(line \d+\); whoever receives it may be using it concurrently`
}

// SubmitReady finishes the job before pushing it: quiet.
func SubmitReady(q *queue.Queue) {
	j := &queue.Job{ID: 2}
	j.Tags = append(j.Tags, "ready")
	q.Push(j)
	_ = q.Len()
}
