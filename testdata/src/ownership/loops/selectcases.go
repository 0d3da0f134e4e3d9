package loops

// Envelope carries a request by value, as an RPC struct does.
type Envelope struct {
	Command interface{}
	Reply   chan error
}

// Request is what an envelope may carry.
type Request struct{ body []byte }

// Control is what a control channel carries.
type Control struct{ done bool }

func (c *Control) finish() { c.done = true }

func forward(e Envelope, out chan Envelope) { out <- e }

func drain(out chan Envelope) {
	for e := range out {
		e.Command.(*Request).body = nil
	}
}

// SelectCases forwards a request and marks control messages done: the
// values of different receiving cases are different objects, so the
// write is not to what was forwarded.
func SelectCases(envs chan Envelope, ctl chan *Control, out chan Envelope) {
	go drain(out)
	for {
		select {
		case e := <-envs:
			forward(e, out)
		case c := <-ctl:
			c.finish()
		}
	}
}

// SelectCaseWritten writes the request it has just forwarded.
func SelectCaseWritten(envs chan Envelope, ctl chan *Control, out chan Envelope) {
	for {
		select {
		case e := <-envs:
			forward(e, out)
			e.Command.(*Request).body = nil // want `is written after it was given up by loops.forward`
		case c := <-ctl:
			c.finish()
		}
	}
}
