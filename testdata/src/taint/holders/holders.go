// Package holders checks the places a summary names for a link through
// memory the function made and stored below its port: the array an
// append makes and stores back into a field is named by the field's
// place, so the caller links the argument's memory at the field's
// elements, not anywhere in the receiver.
package holders

// Entry is what a log holds.
type Entry struct{ Term int }

// Log keeps entries.
type Log struct {
	entries []*Entry
	marks   []int
	last    *Box
	spare   *Box
}

// Box holds an entry.
type Box struct {
	e    *Entry
	next *Box
}

// Add appends e to the log: the new array holds it at entries>[].
func (l *Log) Add(e *Entry) { // want Add:`^summary 0->1\(entries>\[\]\) writes 0$`
	l.entries = append(l.entries, e)
}

// Wrap stores e in a new box that two fields of the log hold: both
// places are named.
func (l *Log) Wrap(e *Entry) { // want Wrap:`^summary 0->1\(last>e,spare>e\) writes 0$`
	b := &Box{e: e}
	l.last, l.spare = b, b
}

// Chain stores e in a new box that only another new box points to: the
// place below the log is not named, the link holds anywhere.
func (l *Log) Chain(e *Entry) { // want Chain:`^summary 0->1 writes 0$`
	b := &Box{e: e}
	l.last = &Box{next: b}
}
