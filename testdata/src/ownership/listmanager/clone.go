package listmanager

import "slices"

// CloneManager keeps a list of ints and answers with a clone of it.
type CloneManager struct {
	list []int
}

func (m *CloneManager) add(v int) {
	m.list = append(m.list, v)
}

// get sends a clone: the manager keeps only its own array.
func (m *CloneManager) get(reply chan []int) {
	reply <- slices.Clone(m.list)
}

// getShared sends the manager's own array.
func (m *CloneManager) getShared(reply chan []int) {
	reply <- m.list // want `m.list is sent on reply but stays reachable from m.list`
}

// getSubslice sends part of the manager's own array.
func (m *CloneManager) getSubslice(reply chan []int) {
	reply <- m.list[:1] // want `is sent on reply but stays reachable from m.list`
}
