package regress

type T struct{ x int }

// AppendAfterSend stores the sent pointer into the caller's list, which
// the rules count as a use like keep.next = p (reported as "p is stored
// into keep.next after it was sent on ch" in basic.StoredAfterSend).
//
// Expected: "p is stored after it was sent on ch (line N); the receiver
// may be using it concurrently" (or "stored into ...") at the append.
// Before the fix: no diagnostic. The variadic argument is a slice literal built
// after the send, so the walker treats it as fresh memory: the store of p
// into it is a store into fresh memory, and passing the fresh slice to
// append is not a use, although append copies p into list's array.
func AppendAfterSend(ch chan *T, list []*T) []*T {
	p := &T{}
	ch <- p
	return append(list, p) // want `p is stored.* after it was sent on ch`
}

// consume is the receiving side: it writes what it receives.
func consume(ch chan *T) {
	for p := range ch {
		p.x++
	}
}
