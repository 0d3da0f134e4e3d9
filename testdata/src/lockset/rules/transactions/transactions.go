package transactions // want package:"lockset summaries"

// This package pins three rules that a transaction type needs: its lock
// is its database's lock, taken through a helper the database makes
// (tx := &Tx{db: db}; tx.lock() takes db.mu); a named error result tested
// right after the call that set it hands on the lock the callee returns
// holding; and the boolean a helper's literal stores (writable) fixes the
// callee's branch on that field, so that a writable transaction holds the
// write lock.

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("closed")

type DB struct {
	mu     sync.RWMutex
	items  map[string]string
	closed bool
}

type Tx struct {
	db       *DB
	writable bool
}

func Open() *DB {
	db := &DB{items: map[string]string{}}
	go db.expire()
	return db
}

// expire deletes in writable transactions: quiet against Load, Close and
// other calls of Update.
func (db *DB) expire() {
	for i := 0; i < 3; i++ {
		db.Update(func(tx *Tx) error {
			tx.Delete("x")
			return nil
		})
	}
}

func (db *DB) Close() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.closed = true
	return nil
}

func (db *DB) Load(k, v string) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.items[k] = v // want `db.items\[\*\] is written in \(\*DB\).Load holding db.mu and written in \(\*DB\).Swapped holding other.mu`
}

// Begin reads db.closed holding the lock tx.lock took: quiet.
func (db *DB) Begin(writable bool) (*Tx, error) {
	tx := &Tx{db: db, writable: writable}
	tx.lock()
	if db.closed {
		tx.unlock()
		return nil, ErrClosed
	}
	return tx, nil
}

func (tx *Tx) lock() {
	if tx.writable {
		tx.db.mu.Lock()
	} else {
		tx.db.mu.RLock()
	}
}

func (tx *Tx) unlock() {
	if tx.writable {
		tx.db.mu.Unlock()
	} else {
		tx.db.mu.RUnlock()
	}
}

func (tx *Tx) Commit() error {
	tx.unlock()
	tx.db = nil
	return nil
}

func (tx *Tx) Rollback() error {
	tx.unlock()
	tx.db = nil
	return nil
}

func (tx *Tx) Delete(k string) { delete(tx.db.items, k) }

// managed writes the database between Begin and the deferred Commit,
// holding the lock Begin returned holding on its nil error, which it
// tests through its named result.
func (db *DB) managed(writable bool, fn func(tx *Tx) error) (err error) {
	var tx *Tx
	tx, err = db.Begin(writable)
	if err != nil {
		return
	}
	defer func() {
		if writable {
			tx.Commit()
		} else {
			tx.Rollback()
		}
	}()
	db.items["last"] = "managed"
	err = fn(tx)
	return
}

// Update and Set write holding db.mu for writing: quiet.
func (db *DB) Update(fn func(tx *Tx) error) error { return db.managed(true, fn) }

func (db *DB) Set(k, v string) error {
	tx, err := db.Begin(true)
	if err != nil {
		return err
	}
	db.items[k] = v
	return tx.Commit()
}

// Mutate writes in a transaction its caller chooses: when that is a
// read-only one, two calls write holding db.mu only for reading. Racy.
func (db *DB) Mutate(writable bool, k string) error {
	tx, err := db.Begin(writable)
	if err != nil {
		return err
	}
	db.items[k] = "" // want `db.items\[\*\] is written in \(\*DB\).Mutate holding db.mu \(read\) and written in another call of \(\*DB\).Mutate holding db.mu \(read\)`
	return tx.Rollback()
}

// After writes once the transaction is over: racy.
func (db *DB) After() {
	db.Update(func(tx *Tx) error { return nil })
	db.items["after"] = "" // want `db.items\[\*\] is written in \(\*DB\).After without a lock`
}

// Peek reads without a transaction: racy.
func (db *DB) Peek() string {
	return db.items["after"] // want `db.items\[\*\] is read in \(\*DB\).Peek without a lock`
}

// rollback undoes what a writable transaction wrote: only a writable one
// wrote, and only it holds the write lock.
func (db *DB) rollback(tx *Tx) {
	if tx.writable {
		db.items["undo"] = "" // want `db.items\[\*\] is written in \(\*DB\).ViewAs via \(\*DB\).rollback holding db.mu \(read\) and written in \(\*DB\).Mutate holding db.mu \(read\)`
	}
	tx.unlock()
}

// View runs fn in a read-only transaction that a deferred literal rolls
// back: the tx Begin returned is read-only, so the rollback writes
// nothing. Quiet.
func (db *DB) View(fn func(tx *Tx) error) error {
	tx, err := db.Begin(false)
	if err != nil {
		return err
	}
	defer func() { db.rollback(tx) }()
	return fn(tx)
}

// ViewAs rolls back a transaction of its caller's kind: a read-only one
// may write in rollback under the read lock only. Racy.
func (db *DB) ViewAs(writable bool) error {
	tx, err := db.Begin(writable)
	if err != nil {
		return err
	}
	db.rollback(tx)
	return nil
}

// Failed writes on the branch where Begin failed, which holds no lock:
// the named error gives the lock to its nil branch only. Racy.
func (db *DB) Failed() (err error) {
	var tx *Tx
	tx, err = db.Begin(true)
	if err == nil {
		return tx.Commit()
	}
	db.items["failed"] = "" // want `db.items\[\*\] is written in \(\*DB\).Failed without a lock`
	return
}

// Swapped locks the transaction of another database, which its literal
// names, while it writes its own: racy.
func (db *DB) Swapped(other *DB) {
	tx := &Tx{db: other, writable: true}
	tx.lock()
	db.items["swapped"] = "" // reported at Load's write
	tx.unlock()
}
