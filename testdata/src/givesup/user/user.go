// Package user gives up parameters through a function of another package.
package user

import "givesup/dep"

func Use(ch chan *dep.Item, it *dep.Item) { // want Use:`^givesup\(1: passes it to dep.Send at user.go:\d+, which sends it on a channel at dep.go:\d+\)$`
	dep.Send(ch, it)
}

func Read(it *dep.Item) int {
	return dep.Keep(it)
}
