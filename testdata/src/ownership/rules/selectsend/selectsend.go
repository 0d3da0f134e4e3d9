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
