package q_test

import (
	"testing"

	"summary/q"
)

func TestSendJob(t *testing.T) {
	ch := make(chan *q.Job, 1)
	j := &q.Job{}
	ch <- j
	j.ID = 3
}
