package xsa

import "github.com/asynkron/protoactor-go/actor"

// Report is what a tally sends when it is done; the header is a copy of
// the tally's, its array the tally's own.
type Report struct{ Entries []*Entry }

// Done asks a tally to send its report; Restart to start again.
type (
	Done    struct{}
	Restart struct{}
)

// Tally collects entries until Done, then sets its latch and sends a copy
// of its report: every handler tests the latch before it touches the
// report, and nothing clears it, so nothing reads the report after the
// send. Quiet with xsa.
type Tally struct {
	result   chan<- *Report
	report   Report
	finished bool
}

func (t *Tally) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		if t.finished {
			return
		}
		t.report.Entries = append(t.report.Entries, m)
	case Done:
		if t.finished || t.result == nil {
			return
		}
		t.finish()
	}
}

func (t *Tally) finish() {
	t.finished = true
	out := t.report
	t.result <- &out
}

// LeakyTally tests its latch on Done but not on an entry, which it
// appends to the report it sent.
type LeakyTally struct {
	result   chan<- *Report
	report   Report
	finished bool
}

func (t *LeakyTally) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		t.report.Entries = append(t.report.Entries, m)
	case Done:
		if t.finished {
			return
		}
		t.finish()
	}
}

func (t *LeakyTally) finish() {
	t.finished = true
	out := t.report
	t.result <- &out // want `&out is sent on t.result but stays reachable from t.report`
}

// RestartingTally clears its flag on Restart, so the flag is no latch: an
// entry after Restart appends to the report it sent.
type RestartingTally struct {
	result   chan<- *Report
	report   Report
	finished bool
}

func (t *RestartingTally) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		if t.finished {
			return
		}
		t.report.Entries = append(t.report.Entries, m)
	case Done:
		if t.finished {
			return
		}
		t.finish()
	case Restart:
		t.finished = false
	}
}

func (t *RestartingTally) finish() {
	t.finished = true
	out := t.report
	t.result <- &out // want `&out is sent on t.result but stays reachable from t.report`
}

// LateTally sets its latch only after the send, and reads the report in
// between.
type LateTally struct {
	result   chan<- *Report
	report   Report
	sent     int
	finished bool
}

func (t *LateTally) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		if t.finished {
			return
		}
		t.report.Entries = append(t.report.Entries, m)
	case Done:
		if t.finished {
			return
		}
		out := t.report
		t.result <- &out // want `&out is sent on t.result but stays reachable from t.report`
		t.sent = len(t.report.Entries)
		t.finished = true
	}
}

// Session holds its tally by value, and Reset replaces the whole session,
// which clears the tally's flag too: the flag is no latch.
type Session struct {
	tally HeldTally
}

// Reset starts the session again.
func (s *Session) Reset() { *s = Session{} }

// HeldTally is Tally held by value in a Session.
type HeldTally struct {
	result   chan<- *Report
	report   Report
	finished bool
}

func (t *HeldTally) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		if t.finished {
			return
		}
		t.report.Entries = append(t.report.Entries, m)
	case Done:
		if t.finished {
			return
		}
		t.finish()
	}
}

func (t *HeldTally) finish() {
	t.finished = true
	out := t.report
	t.result <- &out // want `&out is sent on t.result but stays reachable from t.report`
}
