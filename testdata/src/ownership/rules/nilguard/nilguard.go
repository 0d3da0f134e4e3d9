// Package nilguard pins the rule that a location found nil by a test
// holds nothing on the branch where the test found it so (taint's
// nilguard.go): a field tested nil, or reset on the other branch, does not
// keep what was sent reachable. A test that says nothing of the field on
// the path of the send, or a store between the load and the test, keeps
// the report.
package nilguard

type report struct{ lines []string }

type batcher struct {
	cur  *report
	done []*report
	out  chan []*report
}

// Flush files the current report, if any, and sends the filed ones: the
// current report holds nothing on either path to the send. Quiet.
func (b *batcher) Flush() {
	if b.cur != nil {
		b.done = append(b.done, b.cur)
		b.cur = nil
	}
	done := b.done
	b.done = nil
	b.out <- done
}

// FlushEq tests the other way round, nil first: quiet.
func (b *batcher) FlushEq() {
	if nil == b.cur {
		// nothing to file
	} else {
		b.done = append(b.done, b.cur)
		b.cur = nil
	}
	done := b.done
	b.done = nil
	b.out <- done
}

// FlushKept files the current report but keeps it as the current one:
// reported.
func (b *batcher) FlushKept() {
	if b.cur != nil {
		b.done = append(b.done, b.cur)
	}
	done := b.done
	b.done = nil
	b.out <- done // want `done is sent on b.out but stays reachable from b.cur`
}

// FlushWrongBranch sends on the branch where the report is set: reported.
func (b *batcher) FlushWrongBranch() {
	done := append(b.done, b.cur)
	b.done = nil
	if b.cur != nil {
		b.out <- done // want `done is sent on b.out but stays reachable from b.cur`
	}
}

// FlushStale tests a value loaded before the field was set again: the
// test says nothing of what the field holds now. Reported.
func (b *batcher) FlushStale(next *report) {
	old := b.cur
	b.cur = next
	if old == nil {
		done := append(b.done, next)
		b.done = nil
		b.out <- done // want `done is sent on b.out but stays reachable from b.cur`
	}
}

// Add writes the current report, which a report sent earlier may still
// hold.
func (b *batcher) Add(s string) {
	b.cur.lines = append(b.cur.lines, s)
}
