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

// SendSameEntry does the same with the entry under one fixed key: the
// same memory each time, reported.
func SendSameEntry(ch chan []*Item, entries map[int]*Entry, n int) {
	for i := 0; i < n; i++ {
		e := entries[0]
		e.Owner.done = false // want `e.Owner is written after it was sent on ch`
		ch <- []*Item{e.Owner}
	}
}

// SendEntries sends each element of a page and then keeps it in a list:
// what an element points to is its own, so the list keeps nothing another
// iteration sent: quiet.
func SendEntries(ch chan *Entry, page []*Entry) []*Entry {
	var sent []*Entry
	for _, e := range page {
		ch <- e
		sent = append(sent, e)
	}
	return sent
}

// SendFirstEntry sends the first element each time: reported.
func SendFirstEntry(ch chan *Entry, page []*Entry) []*Entry {
	var sent []*Entry
	for range page {
		e := page[0]
		ch <- e // want `e is sent again on ch after it was sent on ch`
		sent = append(sent, e)
	}
	return sent
}

// MarkOwners is the receiving side of the entries: it writes the items
// they point to.
func MarkOwners(ch chan *Entry) {
	for e := range ch {
		e.Owner.done = true
	}
}
