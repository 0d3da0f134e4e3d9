package strict

// A loop that fills a new slice only under a condition and sends it each
// iteration sends new memory each time: on the paths that appended
// nothing the slice is nil, on the others it is this iteration's array,
// though the merge of the two paths forgets which append made it.

type ref struct{ id int }

type assignment struct {
	succ ref
	keys []int
}

type ringManager struct {
	ring []ref
	out  chan *assignment
}

// Assign builds each node's keys anew: quiet.
func (m *ringManager) Assign(ids []int) {
	for i, id := range ids {
		succ := m.ring[(i+1)%len(ids)]
		var keys []int
		for k := 0; k < 64; k++ {
			if k%len(ids) == id {
				keys = append(keys, k)
			}
		}
		m.out <- &assignment{succ: succ, keys: keys}
	}
}

// AssignReusing hands a node the previous node's keys when it owns none:
// the same array is sent twice.
func (m *ringManager) AssignReusing(ids []int) {
	var last []int
	for i, id := range ids {
		succ := m.ring[(i+1)%len(ids)]
		var keys []int
		for k := 0; k < 64; k++ {
			if k%len(ids) == id {
				keys = append(keys, k)
			}
		}
		if len(keys) == 0 {
			keys = last
		}
		m.out <- &assignment{succ: succ, keys: keys} // want `&assignment\{…\} is sent again on m.out after it was sent on m.out \(line 49\) in an earlier iteration`
		last = keys
	}
}

// AssignOrLast makes every node's keys anew, but hands the first node the
// keys sent last: an earlier iteration's array, though the append that
// made it runs again on the path.
func (m *ringManager) AssignOrLast(ids []int) {
	var last []int
	for i, id := range ids {
		succ := m.ring[(i+1)%len(ids)]
		keys := append([]int(nil), id)
		if id == 0 {
			keys = last
		}
		m.out <- &assignment{succ: succ, keys: keys} // want `&assignment\{…\} is sent again on m.out after it was sent on m.out \(line 65\) in an earlier iteration`
		last = keys
	}
}

// AssignFilled has a helper fill the first node's assignment with the
// keys sent last: handing them to the call is the use.
func (m *ringManager) AssignFilled(ids []int) {
	var last []int
	for _, id := range ids {
		keys := append([]int(nil), id)
		a := &assignment{keys: keys}
		if id == 0 {
			fillKeys(a, last) // want `a is passed to strict.fillKeys after it was sent on m.out \(line 80\)`
		}
		m.out <- a
		last = keys
	}
}

func fillKeys(a *assignment, keys []int) { a.keys = keys }
