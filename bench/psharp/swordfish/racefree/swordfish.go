// Package swordfish is a Go port of the Swordfish benchmark of the P# suite
// (originally from the SOTER study), written with protoactor-go: a bank with
// automatic teller machines, checking and savings accounts, transfers and
// balance queries. This is the race-free variant.
//
// Machines:
//
//   - Bank: opens accounts (handing each account actor its *AccountRecord and
//     keeping a copy in its directory), authenticates ATM sessions, freezes
//     an account at the third wrong PIN, starts a TransferActor per transfer
//     and runs the end of day audit.
//   - Account: applies the deposits and withdrawals of ATMs and the debits
//     and credits of transfers; answers balance queries with a mini
//     statement. A frozen account only accepts credits.
//   - SavingsAccount: an account with a daily withdrawal limit that pays
//     interest at the end of the day.
//   - TransferActor: debits the source, credits the destination and answers
//     the ATM with the *Transaction.
//   - ATM: serves the sessions of its shift one at a time: authenticates with
//     the bank, runs the operations against the account, reports at the end.
//   - Run plays the customers: it opens the accounts, hands the ATMs their
//     shifts of sessions (one in ten is a thief trying wrong PINs) and
//     finally asks the bank for the audit.
package swordfish

import (
	"github.com/asynkron/protoactor-go/actor"
)

// Kind of an account.
type Kind int

// Account kinds.
const (
	Checking Kind = iota
	Savings
)

// AccountRecord is the state of an account. The account actor owns the
// record it is opened with.
type AccountRecord struct {
	Number  int
	Owner   string
	Pin     int
	Kind    Kind
	Balance int64 // cents
	RateBP  int   // daily interest of a savings account, in basis points
	Frozen  bool
}

// Clone returns a copy of the record.
func (r *AccountRecord) Clone() *AccountRecord {
	c := *r
	return &c
}

// TxnKind is the kind of a transaction.
type TxnKind int

// Transaction kinds.
const (
	Deposit TxnKind = iota
	Withdraw
	Transfer
	Balance
	Interest
)

// Status of a transaction.
type Status int

// Transaction statuses.
const (
	Pending Status = iota
	Committed
	Rejected
)

// Transaction is one customer operation. It travels from the ATM to the
// account (or to the bank and a Transfer) and back to the ATM, which owns it
// again once it is answered.
type Transaction struct {
	ID      int
	Kind    TxnKind
	Account int
	To      int
	Amount  int64
	Status  Status
	Reason  string
}

// TxnRecord is an entry of an account's history. The account never changes
// its own entries; a statement carries copies of them.
type TxnRecord struct {
	Txn     int
	Kind    TxnKind
	Amount  int64
	Balance int64
}

// Events.
type (
	OpenAccount   struct{ Record *AccountRecord }
	AccountOpened struct{ Number int }
	Authenticate  struct{ Account, Pin int }
	AuthResult    struct {
		Teller *actor.PID
		OK     bool
		Reason string
	}
	Freeze       struct{}
	BalanceQuery struct{}
	EndOfDay     struct{}
	Statement    struct {
		Account  int
		Balance  int64
		Interest int64 // paid at the end of the day
		Frozen   bool
		Recent   []*TxnRecord
	}
	// Leg is one half of a transfer, sent to an account as a Debit or a Credit.
	Leg struct {
		Txn    int
		Amount int64
	}
	Debit   Leg
	Credit  Leg
	LegDone struct {
		OK     bool
		Reason string
	}
	Audit       struct{}
	AuditReport struct {
		Balances map[int]int64
		Interest int64
		Total    int64
	}
)

const (
	maxHistory        = 4
	maxBadPins        = 3
	savingsWithdrawal = 3 // withdrawals per day
)

// ledger is the state and the handlers shared by both kinds of account.
type ledger struct {
	rec         *AccountRecord
	history     []*TxnRecord
	withdrawals int
}

func (l *ledger) record(txn int, kind TxnKind, amount int64) {
	if len(l.history) == maxHistory {
		copy(l.history, l.history[1:])
		l.history = l.history[:maxHistory-1]
	}
	rec := &TxnRecord{Txn: txn, Kind: kind, Amount: amount, Balance: l.rec.Balance}
	l.history = append(l.history, rec)
}

// withdraw applies a withdrawal; limit is the number of withdrawals allowed
// a day, or 0 for no limit.
func (l *ledger) withdraw(txn int, amount int64, limit int) (bool, string) {
	switch {
	case l.rec.Frozen:
		return false, "account frozen"
	case amount > l.rec.Balance:
		return false, "insufficient funds"
	case limit > 0 && l.withdrawals >= limit:
		return false, "withdrawal limit reached"
	}
	l.rec.Balance -= amount
	l.withdrawals++
	l.record(txn, Withdraw, -amount)
	return true, ""
}

func (l *ledger) deposit(txn int, amount int64) {
	l.rec.Balance += amount
	l.record(txn, Deposit, amount)
}

func (l *ledger) statement(interest int64) *Statement {
	return &Statement{Account: l.rec.Number, Balance: l.rec.Balance, Interest: interest,
		Frozen: l.rec.Frozen, Recent: l.recent()}
}

// recent returns copies of the history's entries: whoever receives a
// statement owns it, and may change it.
func (l *ledger) recent() []*TxnRecord {
	out := make([]*TxnRecord, len(l.history))
	for i, r := range l.history {
		c := *r
		out[i] = &c
	}
	return out
}

// receive handles the events every account understands.
func (l *ledger) receive(c actor.Context, limit int) {
	switch msg := c.Message().(type) {
	case *Transaction:
		switch {
		case l.rec.Frozen:
			msg.Status, msg.Reason = Rejected, "account frozen"
		case msg.Kind == Deposit:
			l.deposit(msg.ID, msg.Amount)
			msg.Status = Committed
		case msg.Kind == Withdraw:
			if ok, reason := l.withdraw(msg.ID, msg.Amount, limit); ok {
				msg.Status = Committed
			} else {
				msg.Status, msg.Reason = Rejected, reason
			}
		default:
			msg.Status, msg.Reason = Rejected, "not an account operation"
		}
		c.Respond(msg)
	case *Debit:
		ok, reason := l.withdraw(msg.Txn, msg.Amount, limit)
		c.Respond(&LegDone{OK: ok, Reason: reason})
	case *Credit:
		l.deposit(msg.Txn, msg.Amount)
		c.Respond(&LegDone{OK: true})
	case *BalanceQuery, *EndOfDay:
		c.Respond(l.statement(0))
	case *Freeze:
		l.rec.Frozen = true
	}
}

// Account is a checking account.
type Account struct{ ledger }

// Receive handles the events of a checking account.
func (a *Account) Receive(c actor.Context) { a.receive(c, 0) }

// SavingsAccount limits withdrawals and pays interest.
type SavingsAccount struct {
	ledger
	closed bool // the day is over, interest is paid
}

// Receive handles the events of a savings account.
func (s *SavingsAccount) Receive(c actor.Context) {
	if _, ok := c.Message().(*EndOfDay); ok && !s.closed {
		interest := s.rec.Balance * int64(s.rec.RateBP) / 10000
		s.rec.Balance += interest
		s.record(0, Interest, interest)
		s.withdrawals, s.closed = 0, true
		c.Respond(s.statement(interest))
		return
	}
	s.receive(c, savingsWithdrawal)
}

// TransferActor moves money between two accounts for one transfer
// transaction and answers the requester with it.
type TransferActor struct {
	behavior  actor.Behavior
	txn       *Transaction
	from, to  *actor.PID
	requester *actor.PID
}

func newTransfer(txn *Transaction, from, to, requester *actor.PID) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		t := &TransferActor{behavior: actor.NewBehavior(), txn: txn, from: from,
			to: to, requester: requester}
		t.behavior.Become(t.debiting)
		return t
	})
}

// Receive delegates to the current behaviour.
func (t *TransferActor) Receive(c actor.Context) { t.behavior.Receive(c) }

func (t *TransferActor) debiting(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		c.Request(t.from, &Debit{Txn: t.txn.ID, Amount: t.txn.Amount})
	case *LegDone:
		if !msg.OK {
			t.finish(c, Rejected, msg.Reason)
			return
		}
		c.Request(t.to, &Credit{Txn: t.txn.ID, Amount: t.txn.Amount})
		t.behavior.Become(t.crediting)
	}
}

func (t *TransferActor) crediting(c actor.Context) {
	if _, ok := c.Message().(*LegDone); ok {
		t.finish(c, Committed, "")
	}
}

func (t *TransferActor) finish(c actor.Context, status Status, reason string) {
	t.txn.Status, t.txn.Reason = status, reason
	c.Send(t.requester, t.txn)
	c.Stop(c.Self())
}

type directoryEntry struct {
	pid     *actor.PID
	record  *AccountRecord // the bank's own copy
	badPins int
}

// Bank is the hub of the system.
type Bank struct {
	accounts map[int]*directoryEntry

	// the audit in progress
	auditor  *actor.PID
	awaiting int
	report   *AuditReport
}

// NewBank returns the props of a bank.
func NewBank() *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return &Bank{accounts: make(map[int]*directoryEntry)}
	})
}

// Receive handles the events of the bank.
func (b *Bank) Receive(c actor.Context) {
	switch msg := c.Message().(type) {
	case *OpenAccount:
		b.onOpen(c, msg.Record)
	case *Authenticate:
		b.onAuthenticate(c, msg)
	case *Transaction:
		b.onTransfer(c, msg)
	case *Audit:
		b.onAudit(c)
	case *Statement:
		b.onAuditStatement(c, msg)
	}
}

func (b *Bank) onOpen(c actor.Context, rec *AccountRecord) {
	var props *actor.Props
	if rec.Kind == Savings {
		props = actor.PropsFromProducer(func() actor.Actor {
			return &SavingsAccount{ledger: ledger{rec: rec}}
		})
	} else {
		props = actor.PropsFromProducer(func() actor.Actor {
			return &Account{ledger{rec: rec}}
		})
	}
	entry := &directoryEntry{record: rec.Clone()}
	entry.pid = c.Spawn(props)
	b.accounts[rec.Number] = entry
	c.Respond(&AccountOpened{Number: rec.Number})
}

func (b *Bank) onAuthenticate(c actor.Context, msg *Authenticate) {
	entry, ok := b.accounts[msg.Account]
	switch {
	case !ok:
		c.Respond(&AuthResult{Reason: "no such account"})
	case entry.record.Frozen:
		c.Respond(&AuthResult{Reason: "account frozen"})
	case entry.record.Pin != msg.Pin:
		entry.badPins++
		if entry.badPins >= maxBadPins {
			entry.record.Frozen = true
			c.Send(entry.pid, &Freeze{})
		}
		c.Respond(&AuthResult{Reason: "wrong pin"})
	default:
		c.Respond(&AuthResult{Teller: entry.pid, OK: true})
	}
}

func (b *Bank) onTransfer(c actor.Context, txn *Transaction) {
	from, okFrom := b.accounts[txn.Account]
	to, okTo := b.accounts[txn.To]
	if txn.Kind != Transfer || !okFrom || !okTo || txn.Account == txn.To {
		txn.Status, txn.Reason = Rejected, "invalid transfer"
		c.Respond(txn)
		return
	}
	c.Spawn(newTransfer(txn, from.pid, to.pid, c.Sender()))
}

func (b *Bank) onAudit(c actor.Context) {
	b.auditor = c.Sender()
	b.report = &AuditReport{Balances: make(map[int]int64)}
	b.awaiting = len(b.accounts)
	for _, e := range b.accounts {
		c.Request(e.pid, &EndOfDay{})
	}
}

func (b *Bank) onAuditStatement(c actor.Context, st *Statement) {
	if b.report == nil {
		return
	}
	b.report.Balances[st.Account] = st.Balance
	b.report.Interest += st.Interest
	b.report.Total += st.Balance
	if b.awaiting--; b.awaiting == 0 {
		c.Send(b.auditor, b.report)
		b.auditor, b.report = nil, nil
	}
}
