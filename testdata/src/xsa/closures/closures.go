// Package closures holds function literals that run again, whose
// captured variables keep what they send: the xsa pass checks the
// literal's next run.
package closures

// Item is what the literals collect.
type Item struct{ V int }

type job struct {
	items []*Item
	note  string
}

// Handlers returns a handler that sends its batch and starts a new one:
// quiet.
func Handlers(out chan []*Item) func(*Item, bool) {
	var batch []*Item
	return func(it *Item, flush bool) {
		if flush {
			out <- batch
			batch = nil
			return
		}
		batch = append(batch, it)
	}
}

// Sloppy sends its batch and keeps appending to it.
func Sloppy(out chan []*Item) func(*Item, bool) {
	var batch []*Item
	return func(it *Item, flush bool) {
		if flush {
			out <- batch // want `batch is sent on out but stays reachable from batch`
			return
		}
		batch = append(batch, it)
	}
}

// Fields sends the items of a captured struct and appends to them on its
// next run, through the struct's field.
func Fields(out chan []*Item) func(*Item, bool) {
	var j job
	return func(it *Item, flush bool) {
		if flush {
			out <- j.items // want `j.items is sent on out but stays reachable from j`
			return
		}
		j.items = append(j.items, it)
	}
}

// Restart sends a new one-item batch on each run, so its own next run
// overwrites the variable before reading it; but another literal captures
// the same variable and writes the item the receiver now owns.
func Restart(out chan []*Item) (send func(*Item), touch func()) {
	var batch []*Item
	send = func(it *Item) {
		batch = []*Item{it}
		out <- batch // want `batch is sent on out but stays reachable from batch`
	}
	touch = func() { batch[0].V++ }
	return send, touch
}

// RestartAlone is Restart without the other literal: quiet.
func RestartAlone(out chan []*Item) func(*Item) {
	var batch []*Item
	return func(it *Item) {
		batch = []*Item{it}
		out <- batch
	}
}
