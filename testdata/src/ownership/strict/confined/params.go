package confined

// This file holds the parameters and receivers of exported functions and
// methods: a *T that code outside hands in crosses into the package only
// if the function keeps it beyond the call.

// Stamp is as Entry, with exported methods that take a *Stamp from their
// caller and only read it, compare it or pass it to a helper that only
// reads it: what the caller hands in is never kept, so every *Stamp the
// package keeps is still one only it can address.
type Stamp struct{ Round, Leader int }

// Before reports whether s is older than o; nil is older than any stamp.
func (s *Stamp) Before(o *Stamp) bool {
	if s == nil {
		return o != nil
	}
	if o == nil {
		return false
	}
	return s.Round < o.Round || s.Round == o.Round && s.Leader < o.Leader
}

// Equal reports whether s and o are the same stamp.
func (s *Stamp) Equal(o *Stamp) bool { return sameStamp(s, o, 2) }

func sameStamp(a, b *Stamp, depth int) bool {
	if depth > 0 {
		return sameStamp(a, b, depth-1) // a recursive call keeps nothing more
	}
	return a == b || a != nil && b != nil && a.Round == b.Round && a.Leader == b.Leader
}

var lastStamp *Stamp

func keepStamp(ch chan *Stamp) {
	x := &Stamp{Round: 1}
	lastStamp = x
	ch <- x // quiet: the exported methods keep no caller's *Stamp
}

// Token is as Entry, but an exported method keeps its receiver, which
// code outside may have made (&confined.Token{}) and go on writing.
type Token struct{ Round int }

var lastToken *Token

// Register makes t the last token.
func (t *Token) Register() { lastToken = t }

func keepToken(ch chan *Token) {
	x := &Token{Round: 1}
	lastToken = x
	ch <- x // want `x is sent on ch but stays reachable from confined.lastToken`
}

// Ticket is as Entry, but an exported function hands its caller's
// *Ticket to a helper that keeps it.
type Ticket struct{ Seat int }

var lastTicket *Ticket

// Check files t.
func Check(t *Ticket) bool { return file(t) }

func file(t *Ticket) bool {
	lastTicket = t
	return t.Seat > 0
}

func keepTicket(ch chan *Ticket) {
	ch <- lastTicket // want `lastTicket is sent on ch but stays reachable from confined.lastTicket`
}

// Loop is as Entry, but the helper that keeps the caller's *Loop is
// reached through two helpers that call each other.
type Loop struct{ Hops int }

var lastLoop *Loop

// Walk walks l.
func Walk(l *Loop) { walkA(l, 3) }

func walkA(l *Loop, n int) {
	if n > 0 {
		walkB(l, n-1)
	}
}

func walkB(l *Loop, n int) {
	walkA(l, n)
	if n == 0 {
		lastLoop = l
	}
}

func keepLoop(ch chan *Loop) {
	ch <- lastLoop // want `lastLoop is sent on ch but stays reachable from confined.lastLoop`
}

// RunParams drives this file's cases.
func RunParams() bool {
	keepStamp(make(chan *Stamp, 1))
	keepToken(make(chan *Token, 1))
	keepTicket(make(chan *Ticket, 1))
	keepLoop(make(chan *Loop, 1))
	return lastStamp.Before(nil) || lastStamp.Equal(lastStamp)
}
