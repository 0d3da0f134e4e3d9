package readonlygoroutine

// Item is shared by pointer between a caller and the goroutines it
// starts.
type Item struct{ Name string }

// sortItems reorders its slice: it writes the slice's array, not the
// items the array points to.
func sortItems(items []*Item) { items[0], items[1] = items[1], items[0] }

// renameItems writes the first item.
func renameItems(items []*Item) { items[0].Name = "x" }

// SortCopy hands a goroutine a new slice of the caller's items; the
// goroutine only reorders the slice, so both sides only read the items:
// quiet. A callee's summary says how deep below its argument it writes.
func SortCopy(a, b *Item) string {
	go func() { sortItems([]*Item{a, b}) }()
	return a.Name
}

// RenameCopy hands a goroutine a slice whose first item it renames.
func RenameCopy(a, b *Item) string {
	go func() { renameItems([]*Item{a, b}) }()
	return a.Name // want `a is read after it was handed to the goroutine`
}
