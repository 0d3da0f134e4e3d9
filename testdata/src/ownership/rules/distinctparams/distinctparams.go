// Package distinctparams pins P#'s assumption that distinct parameters,
// and distinct access paths from them, do not alias on entry, and
// condition 2, which enforces it where an argument is given up.
package distinctparams

type Msg struct {
	ID   int
	Body []byte
}

// Append grows the body: Body is written after construction, so reading
// it after a send may race with the receiver.
func (m *Msg) Append(b byte) { m.Body = append(m.Body, b) }

type Stats struct {
	sent  int
	bytes int
	last  *Msg
}

// relay sends m and then updates the statistics: quiet, since st is
// assumed distinct from m.
func relay(ch chan *Msg, m *Msg, st *Stats) {
	ch <- m
	st.sent++
}

// forward sends the request's message and then counts it in the request's
// statistics: distinct paths from one parameter do not alias, so quiet.
type Request struct {
	M     *Msg
	Stats Stats
}

func forward(ch chan *Msg, r *Request) {
	ch <- r.M
	r.Stats.sent++
}

// RelayFresh passes distinct memory: quiet.
func RelayFresh(ch chan *Msg, st *Stats) {
	relay(ch, &Msg{ID: 1}, st)
}

// RelayLast gives up a message that is still reachable from the other
// operand: condition 2 reports the call.
func RelayLast(ch chan *Msg, st *Stats) {
	relay(ch, st.last, st) // want `st.last is given up by distinctparams.relay .* but is also reachable from st, another operand of the same call`
}

// RelayTouch sends m and then reads it through the same parameter:
// reported.
func RelayTouch(ch chan *Msg, m *Msg, st *Stats) {
	ch <- m
	st.bytes += len(m.Body) // want `m is read after it was sent on ch \(line \d+\); the receiver may be using it concurrently`
}

// Serve is the receiving side of the channels above: it writes what it
// receives.
func Serve(ch chan *Msg) {
	for m := range ch {
		m.Body = m.Body[:0]
	}
}
