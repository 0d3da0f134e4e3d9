// Package callpaths checks what a call links and returns of its operands:
// the places below them that the callee's summary names (the entries of a
// map field, the array of a slice field), not the whole operand, and the
// type of a map's entries, however they are read.
package callpaths

// TxnRecord is an entry of a ledger's history.
type TxnRecord struct{ Amount int }

// Statement reports the recent entries of a ledger.
type Statement struct{ Recent []*TxnRecord }

// Ledger keeps a bounded history, which it shifts in place, and answers
// with statements.
type Ledger struct {
	history []*TxnRecord
	out     chan *Statement
}

// statement returns the ledger's own history array in a new statement.
func (l *Ledger) statement() *Statement { return &Statement{Recent: l.history} }

// statementCopy returns a copy of the history in a new statement.
func (l *Ledger) statementCopy() *Statement {
	recent := make([]*TxnRecord, len(l.history))
	copy(recent, l.history)
	return &Statement{Recent: recent}
}

// Record appends to the history, shifting it once it is full.
func (l *Ledger) Record(r *TxnRecord) {
	if len(l.history) == 4 {
		copy(l.history, l.history[1:])
		l.history = l.history[:3]
	}
	l.history = append(l.history, r)
}

// Report sends the history array that Record keeps shifting: reported,
// as the array the getter returns, not the ledger.
func (l *Ledger) Report() {
	l.out <- l.statement() // want `l.statement\(\) is sent on l.out but stays reachable from l.history`
}

// ReportCopy sends a copy of the history: the records it shares are never
// written, so quiet.
func (l *Ledger) ReportCopy() {
	l.out <- l.statementCopy()
}
