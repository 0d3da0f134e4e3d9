// Package dep exports gives-up facts used by package user.
package dep

type Item struct{ N int }

func Send(ch chan *Item, it *Item) { // want Send:`^givesup\(1: sends it on a channel at dep.go:\d+\)$`
	ch <- it
}

func Keep(it *Item) int { return it.N }
