package unlinked // want package:"lockset summaries"

import "sync"

// A pointer loaded from a field under the lock and unlinked from it in
// the same section (pkt := q.tail; q.tail = pkt.next) is the loader's
// own object, in its callees too: q.tail no longer names it, and two
// callers that each unlink one do not share it. A pointer read out and
// left in place, or unlinked on one branch only, is still the field's
// object.

type packet struct {
	next *packet
	buf  []byte
	from string
}

func (p *packet) reset() {
	p.next = nil
	p.buf = p.buf[:0]
	p.from = ""
}

type Queue struct {
	mu         sync.Mutex
	head, tail *packet
	free       []*packet
}

// Push links a packet in under the lock.
func (q *Queue) Push(buf []byte, from string) {
	p := &packet{buf: buf, from: from}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.head != nil {
		q.head.next = p
	}
	q.head = p
	if q.tail == nil {
		q.tail = p
	}
}

// Pop unlinks the oldest packet, then reads and resets it unlocked.
// Quiet: each caller resets only the packet it took.
func (q *Queue) Pop(b []byte) (int, string) {
	q.mu.Lock()
	pkt := q.tail
	if pkt == nil {
		q.mu.Unlock()
		return 0, ""
	}
	q.tail = pkt.next
	if pkt == q.head {
		q.head = nil
	}
	q.mu.Unlock()
	n := copy(b, pkt.buf)
	from := pkt.from
	pkt.reset()
	return n, from
}

// Peek reads the oldest packet's sender after the unlock, leaving the
// packet in the queue: Retag rewrites it under the lock. A race.
func (q *Queue) Peek() string {
	q.mu.Lock()
	pkt := q.tail
	q.mu.Unlock()
	if pkt == nil {
		return ""
	}
	return pkt.from // want `q.tail.from is read in \(\*Queue\).Peek without a lock and written in \(\*Queue\).Retag holding q.mu`
}

// Retag rewrites the oldest packet's sender under the lock.
func (q *Queue) Retag(from string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.tail != nil {
		q.tail.from = from
	}
}

// MaybePop unlinks the packet on one branch only, and resets it on both.
// A race with Retag: on the other branch the packet is still q.tail.
func (q *Queue) MaybePop(take bool) {
	q.mu.Lock()
	pkt := q.tail
	if pkt == nil {
		q.mu.Unlock()
		return
	}
	if take {
		q.tail = pkt.next
	}
	q.mu.Unlock()
	pkt.from = "" // want `q.tail.from is written in \(\*Queue\).MaybePop without a lock and written in \(\*Queue\).Retag holding q.mu`
}
