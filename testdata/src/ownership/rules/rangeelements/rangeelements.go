// Package rangeelements pins the rule that slice elements visited by a
// loop, and map entries looked up by its counter, are distinct objects down
// to what they point to, and that a call returning only memory it
// allocated returns new memory each iteration.
package rangeelements

type Item struct {
	Key  string
	Val  []byte
	done bool
}

// SendPage sends each element of a page: quiet.
func SendPage(ch chan *Item, page []*Item) {
	for _, it := range page {
		if it.Key == "" {
			continue
		}
		ch <- it
	}
}

// SendIndexed sends each element by index: quiet.
func SendIndexed(ch chan *Item, page []*Item) {
	for i := 0; i < len(page); i++ {
		ch <- page[i]
	}
}

func newItem(i int) *Item {
	return &Item{Key: string(rune('a' + i)), Val: make([]byte, 8)}
}

// SendNew sends what a constructor returns on each iteration: quiet.
func SendNew(ch chan *Item, n int) {
	for i := 0; i < n; i++ {
		ch <- newItem(i)
	}
}

// SendFirst sends the same element on every iteration: reported.
func SendFirst(ch chan *Item, page []*Item) {
	for range page {
		ch <- page[0] // want `page\[0\] is sent again on ch after it was sent on ch`
	}
}

func first(page []*Item) *Item { return page[0] }

// SendPicked sends what a call returns of its argument: not new memory,
// so reported.
func SendPicked(ch chan *Item, page []*Item, n int) {
	for i := 0; i < n; i++ {
		ch <- first(page) // want `first\(page\) is sent again on ch after it was sent on ch`
	}
}

// Mark is the receiving side: it writes what it receives, so one item
// sent twice is written by two receivers at once.
func Mark(ch chan *Item) {
	for it := range ch {
		it.done = true
	}
}
