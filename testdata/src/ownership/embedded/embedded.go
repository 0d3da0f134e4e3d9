// Package embedded checks methods promoted through embedded fields.
package embedded

type Item struct{ n int }

// Emitter sends items to its consumer.
type Emitter struct {
	out chan *Item
}

// Emit gives up it.
func (e *Emitter) Emit(it *Item) {
	e.out <- it
}

// Consume is the consumer: it writes the items it receives.
func (e *Emitter) Consume() {
	for it := range e.out {
		it.n = 0
	}
}

// Worker embeds an Emitter by value.
type Worker struct {
	Emitter
	cur *Item
}

// PtrWorker embeds an Emitter by pointer.
type PtrWorker struct {
	*Emitter
}

// ValueEmbed emits through the promoted method and writes the item.
func ValueEmbed(w *Worker) {
	it := &Item{}
	w.Emit(it)
	it.n = 1 // want `it is written after it was given up by \(\*embedded.Emitter\).Emit \(line \d+\)`
}

// PointerEmbed does the same through an embedded pointer.
func PointerEmbed(w *PtrWorker) int {
	it := &Item{}
	w.Emit(it)
	return it.n // want `it is read after it was given up by \(\*embedded.Emitter\).Emit`
}

// EmitFresh emits a new item and forgets it.
func EmitFresh(w *Worker) {
	w.Emit(&Item{n: 1})
}

// Flush sends the worker's current item on the promoted channel and keeps
// it in the worker.
func (w *Worker) Flush() {
	w.out <- w.cur // want `w.cur is sent on w.out but stays reachable from w.cur`
}

// Hand sends the current item and forgets it.
func (w *Worker) Hand() {
	cur := w.cur
	w.cur = nil
	w.out <- cur
}

// EmitCurrent gives up the worker's current item through the promoted
// method but keeps it in the worker.
func (w *Worker) EmitCurrent() {
	w.Emit(w.cur) // want `w.cur is given up by \(\*embedded.Emitter\).Emit \(which sends it on a channel at embedded.go:\d+\) but stays reachable from w.cur`
}
