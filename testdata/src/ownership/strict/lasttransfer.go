package strict

// The strict reading keeps condition 2 sound, and a callee whose last act
// on every path is its send cannot use another operand after it: the
// rule of ownership/rules/lasttransfer holds here too.

type host struct {
	inbox chan any
	count int
}

type client struct {
	host *host
}

type request struct{ from *client }

// send only sends.
func (h *host) send(ev any) { h.inbox <- ev }

// sendCount counts after it sent.
func (h *host) sendCount(ev any) {
	h.inbox <- ev
	h.count++
}

// Ask names the client in its request to the host: quiet.
func (c *client) Ask() {
	c.host.send(&request{from: c})
}

// AskCount's callee writes its receiver, which the request reaches, after
// sending it: reported.
func (c *client) AskCount() {
	c.host.sendCount(&request{from: c}) // want `&request\{…\} is given up by \(\*strict.host\).sendCount .* but is also reachable from c.host, another operand of the same call`
}
