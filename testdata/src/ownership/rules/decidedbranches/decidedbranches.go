// Package decidedbranches pins the rule that the walk after a transfer
// takes only the branches a path from it can: a test of a value that the
// tests leading to the transfer decided goes the same way again, until
// the path defines the value anew.
package decidedbranches

type Msg struct{ Seq int }

// Hand sends the message only when there is a handler, and updates it
// only when there is none: quiet.
func Hand(out chan<- *Msg, m *Msg, h func()) {
	if h != nil {
		out <- m
	}
	if h == nil {
		m.Seq++
	}
}

// HandLoop leaves the loop after the send, then updates the message only
// if no handler took it: quiet.
func HandLoop(out chan<- *Msg, m *Msg, next func() func()) {
	var h func()
	for {
		h = next()
		if h != nil {
			out <- m
			break
		}
		if m.Seq > 10 {
			return
		}
	}
	if h == nil {
		m.Seq = 0
	}
}

// HandForced also updates when forced, which the send's path did not
// decide: reported.
func HandForced(out chan<- *Msg, m *Msg, h func(), force bool) {
	if h != nil {
		out <- m
	}
	if h == nil || force {
		m.Seq++ // want `m is written after it was sent on out`
	}
}

// HandAgain loads the next handler in the loop after the send, so the
// next test may find it nil: reported.
func HandAgain(out chan<- *Msg, m *Msg, next func() func()) {
	for i := 0; i < 3; i++ {
		h := next()
		if h != nil {
			out <- m
			continue
		}
		m.Seq++ // want `m is written after it was sent on out`
	}
}
