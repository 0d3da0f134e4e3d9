package rangeelements

type Entry struct {
	Item  Item
	Owner *Item
}

// SendEntryBatches batches the entries a map holds under the loop's
// counter, resetting each entry's owner first, and sends each batch: a
// different entry each iteration, and the item it points to is its own:
// quiet.
func SendEntryBatches(ch chan []*Item, entries map[int]*Entry, n int) {
	batch := make([]*Item, 0, 4)
	for i := 0; i < n; i++ {
		e, ok := entries[i]
		if !ok {
			continue
		}
		e.Owner.done = false
		batch = append(batch, &e.Item, e.Owner)
		if len(batch) >= 4 {
			ch <- batch
			batch = make([]*Item, 0, 4)
		}
	}
}

// SendSameEntry sends the entry under one fixed key on every iteration:
// the same memory each time, reported.
func SendSameEntry(ch chan *Entry, entries map[int]*Entry, n int) {
	for i := 0; i < n; i++ {
		ch <- entries[0] // want `entries\[0\] is sent again on ch after it was sent on ch`
	}
}

// SendEntries sends each element of a page that has an owner: what an
// element points to is its own, so no iteration sends what an earlier
// one sent: quiet.
func SendEntries(ch chan *Entry, page []*Entry) {
	for _, e := range page {
		if e.Owner == nil {
			continue
		}
		ch <- e
	}
}

// SendFirstEntry sends the first element each time: reported.
func SendFirstEntry(ch chan *Entry, page []*Entry) {
	for range page {
		e := page[0]
		if e.Owner == nil {
			continue
		}
		ch <- e // want `e is sent again on ch after it was sent on ch`
	}
}

// MarkOwners is the receiving side of the entries: it writes them and
// the items they point to.
func MarkOwners(ch chan *Entry) {
	for e := range ch {
		e.Item.done = true
		e.Owner.done = true
	}
}
