// Package appendonly checks the rule that an append growing the slice a
// field holds writes nothing a header of it sent earlier can reach: the
// append writes past the field's length, which never shrinks while the
// array stays, and the header sent has at most that length.
package appendonly

// Report is what a machine sends when it is done.
type Report struct {
	Errors []string
}

// Grower only ever appends to its errors, or starts them anew.
type Grower struct {
	errs []string
	done chan *Report
}

// Note records an error: an append to the field's own slice.
func (g *Grower) Note(msg string) {
	g.errs = append(g.errs, msg)
}

// Restart drops the errors: the next append makes a new array.
func (g *Grower) Restart() {
	g.errs = nil
}

// Finish sends the errors so far while the field keeps them. Later
// appends write past the length sent, and the receiver (Collect) only
// reads: quiet.
func (g *Grower) Finish() {
	g.done <- &Report{Errors: g.errs}
}

// Collect is the receiving side of the reports: it only reads them.
func Collect(done chan *Report) int {
	r := <-done
	return len(r.Errors)
}

// Notes is what an Exporter hands to a receiver this package does not
// contain, which may append to it as well.
type Notes struct {
	Lines []string
}

// Exporter grows its lines only by appends, but nobody in the package
// receives what it sends: an unseen receiver is no proof that the
// appends race with nothing.
type Exporter struct {
	lines []string
	out   chan *Notes
}

// Note records a line.
func (e *Exporter) Note(msg string) {
	e.lines = append(e.lines, msg)
}

// Export sends the lines while the field keeps them.
func (e *Exporter) Export() {
	e.out <- &Notes{Lines: e.lines} // want `&Notes{…} is sent on e.out but stays reachable from e.lines`
}

// Item is a record a Batcher collects.
type Item struct {
	Qty int
}

// Batch is what a Batcher sends.
type Batch struct {
	Items []*Item
}

// Batcher grows its items only by appends, but they are pointers: the
// receiver shares the items themselves, which the rule says nothing of.
type Batcher struct {
	items []*Item
	out   chan *Batch
}

// Add records an item.
func (b *Batcher) Add(it *Item) {
	b.items = append(b.items, it)
}

// Flush sends the items while the field keeps them.
func (b *Batcher) Flush() {
	b.out <- &Batch{Items: b.items} // want `&Batch{…} is sent on b.out but stays reachable from b.items`
}

// Drain is the receiving side of the batches: it only reads them.
func Drain(out chan *Batch) int {
	return len((<-out).Items)
}

// Truncator reuses its array: after the truncation, the next append
// writes the first element the receiver reads.
type Truncator struct {
	lines []string
	done  chan *Report
}

// Note records a line.
func (t *Truncator) Note(msg string) {
	t.lines = append(t.lines, msg)
}

// Reset keeps the array and shortens the slice.
func (t *Truncator) Reset() {
	t.lines = t.lines[:0]
}

// Finish sends the lines while the field keeps them.
func (t *Truncator) Finish() {
	t.done <- &Report{Errors: t.lines} // want `&Report{…} is sent on t.done but stays reachable from t.lines`
}

// Overwriter appends too, but also rewrites an element in place.
type Overwriter struct {
	notes []string
	done  chan *Report
}

// Note records a note.
func (o *Overwriter) Note(msg string) {
	o.notes = append(o.notes, msg)
}

// Amend rewrites the first note, which the receiver may be reading.
func (o *Overwriter) Amend(msg string) {
	o.notes[0] = msg
}

// Finish sends the notes while the field keeps them.
func (o *Overwriter) Finish() {
	o.done <- &Report{Errors: o.notes} // want `&Report{…} is sent on o.done but stays reachable from o.notes`
}

// Borrower appends into an array it was lent, which a longer header of
// the lender's may reach.
type Borrower struct {
	items []string
	done  chan *Report
}

// Lend sets the items to a prefix of the caller's buffer.
func (b *Borrower) Lend(buf []string) {
	b.items = buf[:0]
}

// Note records an item.
func (b *Borrower) Note(msg string) {
	b.items = append(b.items, msg)
}

// Finish sends the items while the field keeps them.
func (b *Borrower) Finish() {
	b.done <- &Report{Errors: b.items} // want `&Report{…} is sent on b.done but stays reachable from b.items`
}

// Shared grows its log only by appends, but the receiver of what it
// sends appends to the same array too: both write the element past the
// length sent.
type Shared struct {
	log  []string
	out  chan *Entries
	seen []*Entries
}

// Entries is the log as Shared sends it.
type Entries struct {
	Lines []string
}

// Note records a line.
func (s *Shared) Note(msg string) {
	s.log = append(s.log, msg)
}

// Publish sends the log while the field keeps it.
func (s *Shared) Publish() {
	s.out <- &Entries{Lines: s.log} // want `&Entries{…} is sent on s.out but stays reachable from s.log`
}

// Tail receives what Publish sends and adds a line of its own.
func (s *Shared) Tail() {
	e := <-s.out
	e.Lines = append(e.Lines, "tail")
	s.seen = append(s.seen, e)
}
