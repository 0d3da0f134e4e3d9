// Package lasttransfer pins the rule that condition 2 (a
// given-up argument reachable from another operand of the same call) does
// not hold against a callee whose transfers are the last thing it does on
// every path: it cannot use the other operand after giving the argument
// up. A message that names its sender, handed to the peer's send method,
// is the common case. A callee that goes on using its receiver after the
// send is still reported. Handing the argument to a goroutine last is a
// transfer like a send: the scheduler idiom.
package lasttransfer

type host struct {
	inbox chan any
	count int
}

type client struct {
	host  *host
	state int
}

type request struct{ from *client }

// send only sends.
func (h *host) send(ev any) { h.inbox <- ev }

// sendAll sends through send, the last thing it does.
func (h *host) sendAll(ev any) {
	if ev == nil {
		return
	}
	h.send(ev)
}

// sendCount counts after it sent.
func (h *host) sendCount(ev any) {
	h.inbox <- ev
	h.count++
}

// Ask names the client in its request to the host: quiet.
func (c *client) Ask() {
	c.host.send(&request{from: c})
}

// AskAll goes through a helper that sends last: quiet.
func (c *client) AskAll() {
	c.host.sendAll(&request{from: c})
}

// AskCount's callee writes its receiver, which the request reaches, after
// sending it: reported.
func (c *client) AskCount() {
	c.host.sendCount(&request{from: c}) // want `&request\{…\} is given up by \(\*lasttransfer.host\).sendCount .* but is also reachable from c.host, another operand of the same call`
}

// scheduler runs what it is given on a goroutine of its own, last.
type scheduler struct{ started int }

func (s *scheduler) schedule(fn func()) { go fn() }

// scheduleCount counts after the goroutine started.
func (s *scheduler) scheduleCount(fn func()) {
	go fn()
	s.started++
}

type inbox struct {
	sched *scheduler
	n     int
}

func (in *inbox) process() { in.n++ }

// Run hands the inbox's method to its scheduler, which starts it last:
// quiet.
func (in *inbox) Run() {
	in.sched.schedule(in.process)
}

// RunCount's scheduler writes itself, which the method value reaches, after
// starting it: reported.
func (in *inbox) RunCount() {
	in.sched.scheduleCount(in.process) // want `in.process is given up by \(\*lasttransfer.scheduler\).scheduleCount .* but is also reachable from in.sched, another operand of the same call`
}
