// Package selectsend pins the rule that after a select that sends, only
// the sending case's branch is after the transfer.
package selectsend

type Frame struct {
	Seq  int
	Data []byte
}

// TrySend offers the frame without blocking and reuses it when nobody
// took it: quiet.
func TrySend(ch chan *Frame, f *Frame) bool {
	select {
	case ch <- f:
		return true
	default:
	}
	f.Seq++
	return false
}

// SendOrQuit gives up on quit and then recycles the frame: quiet.
func SendOrQuit(ch chan *Frame, quit chan bool, free *[]*Frame) {
	f := &Frame{Data: make([]byte, 16)}
	select {
	case ch <- f:
		return
	case <-quit:
	}
	*free = append(*free, f)
}

// SendThenWrite writes the frame on the path where the case sent it:
// reported.
func SendThenWrite(ch chan *Frame, quit chan bool) {
	f := &Frame{}
	select {
	case ch <- f:
	case <-quit:
	}
	f.Seq = 1 // want `f is written after it was sent on ch \(line \d+\); the receiver may be using it concurrently`
}

// A Meta describes a snapshot; a Restore request carries it to the loop,
// which replies on done when it has finished with it.
type Meta struct{ Index int }

type Restore struct {
	Meta *Meta
	done chan error
}

// Wait returns the loop's reply.
func (r *Restore) Wait() error { return <-r.done }

// RestoreAndWait sends the request in a select and, on the sending case,
// waits for the reply before it returns: the caller has its meta back.
func RestoreAndWait(ch chan *Restore, quit chan bool, m *Meta) error {
	r := &Restore{Meta: m, done: make(chan error, 1)}
	select {
	case ch <- r:
		if err := r.Wait(); err != nil {
			return err
		}
	case <-quit:
		return nil
	}
	return nil
}

// RestoreNoWait sends the request and returns at once.
func RestoreNoWait(ch chan *Restore, quit chan bool, m *Meta) {
	r := &Restore{Meta: m, done: make(chan error, 1)}
	select {
	case ch <- r:
	case <-quit:
	}
}

// UseAfterWait renumbers the meta after the restore replied: quiet.
func UseAfterWait(ch chan *Restore, quit chan bool) {
	m := &Meta{}
	if err := RestoreAndWait(ch, quit, m); err == nil {
		m.Index++
	}
}

// UseAfterNoWait renumbers it while the loop may still read it: reported.
func UseAfterNoWait(ch chan *Restore, quit chan bool) {
	m := &Meta{}
	RestoreNoWait(ch, quit, m)
	m.Index++ // want `m is written after it was given up by selectsend.RestoreNoWait`
}
