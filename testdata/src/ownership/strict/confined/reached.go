package confined

import (
	"context"
	"fmt"
)

// This file holds what code outside can reach from what the package hands
// it: the fields of the package's structs that it can name (the exported
// ones, and those promoted from an embedded field), an interface value
// only through the types the package boxes that implement it, and what
// it returns only when the package keeps it.

// Stash is as Entry; a Shelf, which importers get, holds the last one in
// an unexported field.
type Stash struct{ Term int }

// Shelf keeps a Stash where code outside cannot name it.
type Shelf struct{ last *Stash }

var shelf = &Shelf{}

// TheShelf hands importers the package's shelf.
func TheShelf() *Shelf { return shelf }

func keepStash(ch chan *Stash) {
	x := &Stash{Term: 1}
	shelf.last = x
	ch <- x // quiet: no importer can reach shelf.last
}

// Open is as Stash; an OpenShelf exports the field that holds it.
type Open struct{ Term int }

// OpenShelf keeps an Open where importers can read it.
type OpenShelf struct{ Last *Open }

var openShelf = &OpenShelf{}

// TheOpenShelf hands importers the package's open shelf.
func TheOpenShelf() *OpenShelf { return openShelf }

func keepOpen(ch chan *Open) {
	x := &Open{Term: 1}
	openShelf.Last = x
	ch <- x // want `x is sent on ch but stays reachable from confined.openShelf.Last`
}

// Drawn is as Stash; a Cabinet embeds a drawer, whose exported field
// holding it is promoted.
type Drawn struct{ Term int }

type drawer struct{ Last *Drawn }

// Cabinet keeps a Drawn in its embedded drawer.
type Cabinet struct{ drawer }

var cabinet = &Cabinet{}

// TheCabinet hands importers the package's cabinet.
func TheCabinet() *Cabinet { return cabinet }

func keepDrawn(ch chan *Drawn) {
	x := &Drawn{Term: 1}
	cabinet.Last = x
	ch <- x // want `x is sent on ch but stays reachable from confined.cabinet.drawer.Last`
}

// Note is as Entry; the package boxes one in an interface that stays in
// the package, and hands fmt an error, which no *Note implements.
type Note struct{ Term int }

var (
	lastNote *Note
	notes    = map[string]any{}
)

func keepNote(ch chan *Note) {
	x := &Note{Term: 1}
	lastNote = x
	notes["last"] = x
	ch <- x // quiet: no interface value the package hands out can hold a *Note
}

func wrapNote(err error) error { return fmt.Errorf("note: %w", err) }

// Fault is as Note, but a *Fault is an error, which the package hands fmt.
type Fault struct{ Term int }

func (f *Fault) Error() string { return fmt.Sprint(f.Term) }

var lastFault *Fault

func keepFault(ch chan *Fault) {
	x := &Fault{Term: 1}
	lastFault = x
	ch <- x // want `x is sent on ch but stays reachable from confined.lastFault`
}

func wrapFault() error { return fmt.Errorf("fault: %w", error(lastFault)) }

type receiptKey struct{}

// Receipt is as Entry; an exported function reads one out of the
// caller's context and keeps nothing.
type Receipt struct{ Term int }

var lastReceipt *Receipt

// ReceiptTerm returns the term of the context's receipt.
func ReceiptTerm(ctx context.Context) int {
	if r, ok := ctx.Value(receiptKey{}).(*Receipt); ok {
		return r.Term
	}
	return 0
}

func keepReceipt(ch chan *Receipt) {
	x := &Receipt{Term: 1}
	lastReceipt = x
	ch <- x // quiet: the caller's receipts are read, never kept
}

// Voucher is as Receipt, but the package keeps the context's voucher,
// which its caller may write.
type Voucher struct{ Term int }

var lastVoucher *Voucher

// TakeVoucher keeps the context's voucher.
func TakeVoucher(ctx context.Context) {
	if v, ok := ctx.Value(receiptKey{}).(*Voucher); ok {
		lastVoucher = v
	}
}

func keepVoucher(ch chan *Voucher) {
	ch <- lastVoucher // want `lastVoucher is sent on ch but stays reachable from confined.lastVoucher`
}

// Reach drives this file's functions.
func Reach() error {
	keepStash(make(chan *Stash, 1))
	keepOpen(make(chan *Open, 1))
	keepDrawn(make(chan *Drawn, 1))
	keepNote(make(chan *Note, 1))
	keepFault(make(chan *Fault, 1))
	keepReceipt(make(chan *Receipt, 1))
	keepVoucher(make(chan *Voucher, 1))
	if err := wrapFault(); err != nil {
		return err
	}
	return wrapNote(nil)
}
