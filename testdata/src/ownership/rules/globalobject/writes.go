package globalobject

// lastSeen keeps the last value seen, as codecs that cache per-type state
// in package-level memory do.
var lastSeen any

// see stores its argument in package-level memory.
func see(v any) { lastSeen = v }

type Stats struct{ sent int }

// stats is package-level memory written by account.
var stats = &Stats{}

// account reads the event and counts it in package-level memory.
func account(e *Event) { stats.sent += len(e.Kind) }

// SeeThenAccount hands the event to a goroutine that only reads it, then
// calls account, which writes package-level memory. see linked the event
// to "some global memory" in its summary only; this function names no
// variable that holds it, so account is not seen writing it: quiet.
func SeeThenAccount() {
	e := &Event{Kind: "a"}
	see(e)
	go func() { println(e.Kind) }()
	account(e)
}

// lastEvent is a package-level variable the next function names.
var lastEvent *Event

// retag reads the event's kind and rewrites the remembered event's.
func retag(e *Event) { lastEvent.Kind = e.Kind + "!" }

// RememberThenRetag stores the event in a variable it names, hands it to a
// reading goroutine, then calls retag, which writes what that variable
// holds: reported, at the go statement (the variable keeps it) and at the
// call.
func RememberThenRetag() {
	e := &Event{Kind: "a"}
	lastEvent = e
	go func() { println(e.Kind) }() // want `e is handed to a new goroutine but stays reachable from globalobject.lastEvent \(stored at line \d+\)`
	retag(e)                        // want `e is passed to globalobject.retag after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}
