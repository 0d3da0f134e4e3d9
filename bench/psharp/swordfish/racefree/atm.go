package swordfish

import (
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Op is one operation a customer asks an ATM for.
type Op struct {
	Kind   TxnKind
	To     int // destination of a transfer
	Amount int64
}

// Session is a customer's visit to an ATM.
type Session struct {
	Customer string
	Account  int
	Pin      int
	Ops      []Op
}

// SessionReport is what an ATM hands back at the end of a session.
type SessionReport struct {
	Customer      string
	Authenticated bool
	Reason        string
	Results       []*Transaction
	Receipts      [][]int64 // amounts of the mini statements
}

// Shift is the list of sessions an ATM serves, in order; the ATM answers it
// with one report per session.
type Shift struct{ Sessions []*Session }

// ATM serves the sessions of a shift one at a time.
type ATM struct {
	behavior actor.Behavior
	id       int
	bank     *actor.PID

	client  *actor.PID
	shift   []*Session
	reports []*SessionReport
	session *Session
	teller  *actor.PID // the account of the current session
	next    int        // index of the next operation
	report  *SessionReport
	txnSeq  int
}

// NewATM returns the props of ATM number id of bank.
func NewATM(id int, bank *actor.PID) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		a := &ATM{behavior: actor.NewBehavior(), id: id, bank: bank}
		a.behavior.Become(a.idle)
		return a
	})
}

// Receive delegates to the current behaviour.
func (a *ATM) Receive(c actor.Context) { a.behavior.Receive(c) }

func (a *ATM) idle(c actor.Context) {
	if msg, ok := c.Message().(*Shift); ok {
		a.client, a.shift, a.reports = c.Sender(), msg.Sessions, nil
		a.nextSession(c)
	}
}

func (a *ATM) authenticating(c actor.Context) {
	if msg, ok := c.Message().(*AuthResult); ok {
		if !msg.OK {
			a.report.Reason = msg.Reason
			a.nextSession(c)
			return
		}
		a.report.Authenticated = true
		a.teller = msg.Teller
		a.behavior.Become(a.serving)
		a.nextOp(c)
	}
}

func (a *ATM) serving(c actor.Context) {
	switch msg := c.Message().(type) {
	case *Transaction:
		a.report.Results = append(a.report.Results, msg)
		a.nextOp(c)
	case *Statement:
		a.onStatement(msg)
		a.nextOp(c)
	}
}

// nextSession closes the current session, if any, and starts the next one.
func (a *ATM) nextSession(c actor.Context) {
	if a.report != nil {
		a.reports = append(a.reports, a.report)
		a.report, a.session, a.teller = nil, nil, nil
	}
	if len(a.shift) == 0 {
		c.Send(a.client, a.reports)
		a.client, a.reports = nil, nil
		a.behavior.Become(a.idle)
		return
	}
	a.session, a.shift, a.next = a.shift[0], a.shift[1:], 0
	a.report = &SessionReport{Customer: a.session.Customer}
	c.Request(a.bank, &Authenticate{Account: a.session.Account, Pin: a.session.Pin})
	a.behavior.Become(a.authenticating)
}

func (a *ATM) nextOp(c actor.Context) {
	s := a.session
	if a.next == len(s.Ops) {
		a.nextSession(c)
		return
	}
	op := s.Ops[a.next]
	a.next++
	if op.Kind == Balance {
		c.Request(a.teller, &BalanceQuery{})
		return
	}
	a.txnSeq++
	txn := &Transaction{ID: a.id*100000 + a.txnSeq, Kind: op.Kind, Account: s.Account,
		To: op.To, Amount: op.Amount}
	if op.Kind == Transfer {
		c.Request(a.bank, txn)
	} else {
		c.Request(a.teller, txn)
	}
}

// onStatement prints the mini statement on the receipt.
func (a *ATM) onStatement(st *Statement) {
	receipt := make([]int64, 0, len(st.Recent))
	for _, r := range st.Recent {
		receipt = append(receipt, r.Amount)
	}
	a.report.Receipts = append(a.report.Receipts, receipt)
}

// Outcome is what the driver observed.
type Outcome struct {
	Initial int64
	Reports []*SessionReport
	Audit   *AuditReport
}

const timeout = 5 * time.Second

// Run opens the accounts, hands every ATM its shift of sessions and finally
// asks the bank for the end of day audit.
func Run(system *actor.ActorSystem, accounts []*AccountRecord, shifts [][]*Session) (*Outcome, error) {
	root := system.Root
	bank := root.Spawn(NewBank())
	defer func() { _ = root.PoisonFuture(bank).Wait() }()

	out := &Outcome{}
	for _, rec := range accounts {
		out.Initial += rec.Balance
		num := rec.Number
		if _, err := root.RequestFuture(bank, &OpenAccount{Record: rec}, timeout).Result(); err != nil {
			return nil, fmt.Errorf("open account %d: %w", num, err)
		}
	}

	futures := make([]*actor.Future, len(shifts))
	for i, sessions := range shifts {
		atm := root.Spawn(NewATM(i+1, bank))
		defer func() { _ = root.PoisonFuture(atm).Wait() }()
		futures[i] = root.RequestFuture(atm, &Shift{Sessions: sessions}, timeout)
	}
	for i, f := range futures {
		v, err := f.Result()
		if err != nil {
			return nil, fmt.Errorf("ATM %d: %w", i+1, err)
		}
		out.Reports = append(out.Reports, v.([]*SessionReport)...)
	}

	v, err := root.RequestFuture(bank, &Audit{}, timeout).Result()
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	out.Audit = v.(*AuditReport)
	return out, nil
}
