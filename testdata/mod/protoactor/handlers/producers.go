package handlers // want package:"lockset summaries"

// For the lockset pass: an object an actor keeps and also hands to an
// actor it spawns, through the producer that makes it (actorfields.go).

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"
)

type Record struct {
	Frozen  bool
	Balance int64
	mu      sync.Mutex
	Notes   []string
}

// Clone returns a copy of r.
func (r *Record) Clone() *Record {
	return &Record{Frozen: r.Frozen, Balance: r.Balance}
}

type open struct {
	id  int
	rec *Record
}
type check struct{ id int }
type freeze struct{}
type note struct{ s string }

type entry struct {
	rec *Record
	pid *actor.PID
}

// Directory keeps each record it hands to the account it spawns and
// reads the flag the account writes: reported, on both sides.
type Directory struct {
	entries map[int]*entry
}

func (d *Directory) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *open:
		d.open(c, m.id, m.rec)
	case *check:
		if d.entries[m.id].rec.Frozen { // want `d.entries\[\*\].rec.Frozen is read in \(\*Directory\).Receive without a lock and written in \(\*Account\).Receive without a lock`
			c.Respond(false)
		}
		d.entries[m.id].rec.mu.Lock()
		d.entries[m.id].rec.Notes = append(d.entries[m.id].rec.Notes, "checked")
		d.entries[m.id].rec.mu.Unlock()
	}
}

func (d *Directory) open(c actor.Context, id int, rec *Record) {
	props := actor.PropsFromProducer(func() actor.Actor {
		return &Account{rec: rec}
	})
	d.entries[id] = &entry{rec: rec, pid: c.Spawn(props)}
}

// Account owns the record its producer captured.
type Account struct {
	rec *Record
}

func (a *Account) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *freeze:
		a.rec.Frozen = true
	case *note:
		// Both lock the record's own mutex: quiet.
		a.rec.mu.Lock()
		a.rec.Notes = append(a.rec.Notes, m.s)
		a.rec.mu.Unlock()
	}
}

// Registry hands each account a copy and keeps the original: quiet.
type Registry struct {
	entries map[int]*entry
}

func (r *Registry) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *open:
		own := m.rec.Clone()
		props := actor.PropsFromProducer(func() actor.Actor {
			return &Ledger{book: book{rec: own}}
		})
		r.entries[m.id] = &entry{rec: m.rec, pid: c.Spawn(props)}
	case *check:
		if r.entries[m.id].rec.Frozen {
			c.Respond(false)
		}
	}
}

type book struct{ rec *Record }

// Ledger holds its record in an embedded struct a nested literal fills;
// the record the archive keeps is reported here.
type Ledger struct{ book }

func (l *Ledger) Receive(c actor.Context) {
	if _, ok := c.Message().(*freeze); ok {
		l.rec.Frozen = true // want `l.book.rec.Frozen is written in \(\*Ledger\).Receive without a lock and read in \(\*Archive\).Receive without a lock`
	}
}

// Archive keeps the record it hands over, in a field of its own, and
// reads it only: the ledger it spawns writes it (the nested literal is
// followed): reported.
type Archive struct {
	last *Record
}

func (a *Archive) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *open:
		rec := m.rec
		a.last = rec
		c.Spawn(actor.PropsFromProducer(func() actor.Actor {
			return &Ledger{book{rec: rec}}
		}))
	case *check:
		_ = a.last.Balance
		_ = a.last.Frozen
	}
}
