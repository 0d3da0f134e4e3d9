// Package confined holds what the strict reading proves from an exported
// struct whose objects no code outside the package can address
// (fieldwrites' confinement): no pointer to one, nor any value that may
// lead to one, crosses the package's boundary, and the package never takes
// the address of one held inside other memory. Its exported fields are
// then written by the package's code only, whose writes the facts record.
// A type whose pointers leave the package (a result of an exported
// function, an interface handed to another package, a parameter of an
// exported function) or whose objects live inside other memory is still
// reported.
package confined

import (
	"fmt"
	"slices"
)

// Entry's fields are exported, but every *Entry stays in the package.
type Entry struct{ Term, Index int }

var lastEntry *Entry

func keepEntry(ch chan *Entry) {
	e := &Entry{Term: 1, Index: 2}
	lastEntry = e
	ch <- e // quiet: only the package can write an Entry, and it never does
}

// log keeps entries and sends copies of the slice: the entries are shared.
type log struct {
	entries []*Entry
	out     chan []*Entry
}

func (l *log) ship() {
	l.out <- slices.Clone(l.entries) // quiet: slices.Clone keeps nothing
}

// Len is a method an importer may call on a log it got as an interface:
// its receiver's entries are in an unexported field, which only the
// package sets.
func (l *log) Len() int { return len(l.entries) }

// Leaked is as Entry, but an exported function hands one out.
type Leaked struct{ Term int }

var lastLeaked *Leaked

func keepLeaked(ch chan *Leaked) {
	x := &Leaked{Term: 1}
	lastLeaked = x
	ch <- x // want `x is sent on ch but stays reachable from confined.lastLeaked`
}

// LastLeaked gives the importer the address it may write through.
func LastLeaked() *Leaked { return lastLeaked }

// Boxed is as Entry, but one is handed to another package in an
// interface.
type Boxed struct{ Term int }

var lastBoxed *Boxed

func keepBoxed(ch chan *Boxed) {
	x := &Boxed{Term: 1}
	lastBoxed = x
	ch <- x // want `x is sent on ch but stays reachable from confined.lastBoxed`
}

// describeBoxed hands the kept Boxed to fmt, which may keep it.
func describeBoxed() string { return fmt.Sprint(lastBoxed) }

// Given is as Entry, but an exported function takes one from its caller,
// who keeps it.
type Given struct{ Term int }

var lastGiven *Given

// Remember keeps the caller's Given.
func Remember(g *Given) { lastGiven = g }

func keepGiven(ch chan *Given) {
	ch <- lastGiven // want `lastGiven is sent on ch but stays reachable from confined.lastGiven`
}

// Asserted is as Entry, but an exported function takes any value and
// keeps it when it is an *Asserted, which the caller may keep too.
type Asserted struct{ Term int }

var lastAsserted *Asserted

// Accept keeps v if it is an *Asserted.
func Accept(v any) {
	if a, ok := v.(*Asserted); ok {
		lastAsserted = a
	}
}

func keepAsserted(ch chan *Asserted) {
	ch <- lastAsserted // want `lastAsserted is sent on ch but stays reachable from confined.lastAsserted`
}

// Held is as Entry, but a Batch, which an importer may make with its own
// *Held in the exported field, hands them to the package through an
// exported method.
type Held struct{ Term int }

// Batch holds items.
type Batch struct{ Items []*Held }

var lastHeld *Held

// Keep keeps the batch's first item.
func (b *Batch) Keep() { lastHeld = b.Items[0] }

func keepHeld(ch chan *Held) {
	ch <- lastHeld // want `lastHeld is sent on ch but stays reachable from confined.lastHeld`
}

// Inner is as Entry, but one lives inside a holder, which an exported
// function returns: its address is the holder's memory.
type Inner struct{ Term int }

type holder struct{ In Inner }

var lastInner *Inner

// NewHolder returns a holder whose Inner the importer may write.
func NewHolder() *holder { return &holder{} }

func keepInner(ch chan *Inner, h *holder) {
	p := &h.In
	lastInner = p
	ch <- p // want `p is sent on ch but stays reachable from confined.lastInner`
}

// Run drives the package; its signature carries no pointer to any of the
// types above.
func Run() int {
	keepEntry(make(chan *Entry, 1))
	l := &log{entries: []*Entry{{Term: 1}}, out: make(chan []*Entry, 1)}
	l.ship()
	_ = l.Len()
	keepLeaked(make(chan *Leaked, 1))
	keepGiven(make(chan *Given, 1))
	keepAsserted(make(chan *Asserted, 1))
	keepHeld(make(chan *Held, 1))
	keepInner(make(chan *Inner, 1), NewHolder())
	keepBoxed(make(chan *Boxed, 1))
	return len(describeBoxed())
}
