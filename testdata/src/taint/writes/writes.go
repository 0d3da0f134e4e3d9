// Package writes pins the Writes list of the taint summaries: the ports
// whose memory a function may write, itself, through its callees or
// through the goroutines it starts. Unlike the basic package, every want
// here states the writes clause exactly, so a summary that drops or adds a
// written port fails.
package writes

type Node struct {
	val  int
	next *Node
}

type List struct {
	head *Node
	size int
}

// SetSize writes a field of the receiver's own object.
func (l *List) SetSize(n int) { // want SetSize:`^summary writes 0$`
	l.size = n
}

// Len only reads the receiver.
func (l *List) Len() int { // want Len:`^summary$`
	return l.size
}

// bumpHead writes through its parameter, two objects down.
func bumpHead(l *List) { // want bumpHead:`^summary writes 0$`
	l.head.val++
}

// relink writes its first parameter and only reads the second.
func relink(dst, src *Node) { // want relink:`^summary 0->1\(next\) writes 0$`
	dst.next = src.next
}

// sum only reads what its parameter reaches.
func sum(n *Node) int { // want sum:`^summary$`
	t := 0
	for ; n != nil; n = n.next {
		t += n.val
	}
	return t
}

// total calls a callee that only reads: nothing is written.
func total(l *List) int { // want total:`^summary$`
	return sum(l.head)
}

// grow writes through a callee that writes its receiver.
func grow(l *List) { // want grow:`^summary writes 0$`
	l.SetSize(l.size + 1)
}

// spawnWriter starts a goroutine that writes through the variable it
// captures: the spawner's summary writes the parameter's memory.
func spawnWriter(n *Node, done chan bool) { // want spawnWriter:`^summary writes 0$`
	go func() {
		n.val = 1
		done <- true
	}()
}

// spawnThroughCell starts a goroutine that writes through a captured
// variable the spawner later reassigns (so it lives in a cell): what the
// variable points to is written, the cell is the spawner's own.
func spawnThroughCell(n *Node, done chan bool) { // want spawnThroughCell:`^summary writes 0$`
	m := n
	go func() {
		m.val = 1
		done <- true
	}()
	m = nil
	_ = m
}

// spawnRebind starts a goroutine that assigns the captured variable
// itself, which is a local of spawnRebind, and only reads the node. The
// literal writes its free-variable port at depth 0 only (the cell), and a
// caller counts as written only what lies that deep below its argument
// (Summary.WritesDepth), so the node is not written.
func spawnRebind(n *Node, done chan *Node) { // want spawnRebind:`^summary$`
	go func() {
		n = n.next
		done <- n
	}()
}

// spawnReader starts a goroutine that only reads what it captures.
func spawnReader(n *Node, out chan int) { // want spawnReader:`^summary$`
	go func() {
		out <- sum(n)
	}()
}
