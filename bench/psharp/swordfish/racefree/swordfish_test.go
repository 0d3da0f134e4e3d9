package swordfish

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"testing"

	"github.com/asynkron/protoactor-go/actor"
)

func quietSystem() *actor.ActorSystem {
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}))
}

// scenario makes up a day at the bank: the accounts and, for every ATM, a
// shift of customer sessions. Every tenth visitor is a thief who tries a
// wrong PIN on the first account, which is also the busiest one.
func scenario(seed int64, accounts, atms, sessions int) ([]*AccountRecord, [][]*Session) {
	rng := rand.New(rand.NewSource(seed))
	recs := make([]*AccountRecord, accounts)
	for i := range recs {
		recs[i] = &AccountRecord{Number: 1001 + i, Owner: fmt.Sprintf("customer%d", i),
			Pin: 1000 + rng.Intn(9000), Balance: int64(100_00 + rng.Intn(900_00))}
		if i%3 == 2 {
			recs[i].Kind, recs[i].RateBP = Savings, 50
		}
	}
	shifts := make([][]*Session, atms)
	for i := range sessions {
		acct := recs[rng.Intn(accounts)]
		if rng.Intn(3) == 0 {
			acct = recs[0]
		}
		s := &Session{Customer: fmt.Sprintf("visitor%d", i), Account: acct.Number, Pin: acct.Pin}
		if i%10 == 9 {
			s.Account, s.Pin = recs[0].Number, recs[0].Pin+1
		}
		for range 2 + rng.Intn(4) {
			op := Op{Kind: TxnKind(rng.Intn(4)), Amount: int64(1_00 + rng.Intn(200_00))}
			if op.Kind == Transfer {
				op.To = recs[rng.Intn(accounts)].Number
			}
			s.Ops = append(s.Ops, op)
		}
		shifts[i%atms] = append(shifts[i%atms], s)
	}
	return recs, shifts
}

func TestSwordfish(t *testing.T) {
	system := quietSystem()
	defer system.Shutdown()

	const accounts, sessions = 6, 100
	recs, shifts := scenario(11, accounts, 4, sessions)
	out, err := Run(system, recs, shifts)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Reports) != sessions {
		t.Fatalf("%d session reports, want %d", len(out.Reports), sessions)
	}
	if len(out.Audit.Balances) != accounts {
		t.Fatalf("audit saw %d accounts, want %d", len(out.Audit.Balances), accounts)
	}

	var deposited, withdrawn int64
	committed, rejected := 0, 0
	refusals := make(map[string]int)
	for _, r := range out.Reports {
		if !r.Authenticated {
			refusals[r.Reason]++
			if len(r.Results) > 0 || len(r.Receipts) > 0 {
				t.Fatalf("%s was served without authentication", r.Customer)
			}
			continue
		}
		for _, txn := range r.Results {
			switch {
			case txn.Status == Pending:
				t.Fatalf("transaction %d of %s is still pending", txn.ID, r.Customer)
			case txn.Status == Rejected:
				rejected++
			case txn.Kind == Deposit:
				deposited += txn.Amount
				committed++
			case txn.Kind == Withdraw:
				withdrawn += txn.Amount
				committed++
			default:
				committed++
			}
		}
		for _, receipt := range r.Receipts {
			if len(receipt) > maxHistory {
				t.Fatalf("%s got a mini statement of %d lines", r.Customer, len(receipt))
			}
		}
	}
	if refusals["wrong pin"] != maxBadPins || refusals["account frozen"] == 0 {
		t.Fatalf("refusals %v: the thief should have frozen the account after %d wrong PINs",
			refusals, maxBadPins)
	}
	if committed == 0 || out.Audit.Interest <= 0 {
		t.Fatalf("%d transactions committed, %d interest paid", committed, out.Audit.Interest)
	}
	for num, bal := range out.Audit.Balances {
		if bal < 0 {
			t.Fatalf("account %d is overdrawn: %d", num, bal)
		}
	}
	// Transfers move money between accounts; only deposits, withdrawals and
	// interest change the total.
	want := out.Initial + deposited - withdrawn + out.Audit.Interest
	if out.Audit.Total != want {
		t.Fatalf("the bank holds %d, the books say %d", out.Audit.Total, want)
	}
	t.Logf("refusals %v; transactions committed %d, rejected %d; interest %d; total %d",
		refusals, committed, rejected, out.Audit.Interest, out.Audit.Total)
}

// TestForeignStatement plays an importer that asks an account for a mini
// statement through the bank's exported protocol (OpenAccount, then
// Authenticate for the account's PID, then BalanceQuery) and edits the
// statement it gets, while an ATM of the same bank prints a statement of
// the same account: the account must not hand both of them the same
// history entries.
func TestForeignStatement(t *testing.T) {
	system := quietSystem()
	defer system.Shutdown()
	root := system.Root
	bank := root.Spawn(NewBank())
	defer func() { _ = root.PoisonFuture(bank).Wait() }()

	const number, pin = 1001, 1234
	ask := func(pid *actor.PID, msg any) any {
		t.Helper()
		v, err := root.RequestFuture(pid, msg, timeout).Result()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	ask(bank, &OpenAccount{Record: &AccountRecord{Number: number, Pin: pin, Balance: 100_00}})
	auth := ask(bank, &Authenticate{Account: number, Pin: pin}).(*AuthResult)
	if !auth.OK {
		t.Fatalf("authentication failed: %s", auth.Reason)
	}
	ask(auth.Teller, &Transaction{ID: 1, Kind: Deposit, Account: number, Amount: 5_00})
	mine := ask(auth.Teller, &BalanceQuery{}).(*Statement)
	if len(mine.Recent) == 0 {
		t.Fatal("the statement lists no transaction")
	}

	atm := root.Spawn(NewATM(1, bank))
	defer func() { _ = root.PoisonFuture(atm).Wait() }()
	shift := &Shift{Sessions: []*Session{{Customer: "c", Account: number, Pin: pin,
		Ops: []Op{{Kind: Balance}}}}}
	f := root.RequestFuture(atm, shift, timeout)
	for _, r := range mine.Recent {
		r.Amount = 0 // the importer's statement is its own to edit
	}
	v, err := f.Result()
	if err != nil {
		t.Fatal(err)
	}
	reports := v.([]*SessionReport)
	if len(reports) != 1 || len(reports[0].Receipts) != 1 {
		t.Fatalf("reports %+v, want one session with one receipt", reports)
	}
}
