package owned // want package:"lockset summaries"

// This package pins owned fields (owned.go): a field whose comment says
// that one goroutine owns it is not compared between entry points, as
// net/http's persistConn.readLimit, "owned by readLoop", which Read
// touches only on readLoop's goroutine through the bufio.Reader that
// wraps the connection. A field of the same name that another struct
// declares without the comment turns the rule off for the name; a field
// without the comment is compared as before.

import (
	"bufio"
	"net"
	"sync"
)

// persistConn is net/http's.
type persistConn struct {
	mu        sync.Mutex
	conn      net.Conn
	br        *bufio.Reader
	readLimit int64 // bytes allowed to be read; owned by readLoop
	sawEOF    bool  // whether we've seen EOF; owned by readLoop
	reads     int   // how many reads
	closed    bool
}

// Dial makes the connection and starts its read loop.
func Dial(c net.Conn) *persistConn {
	pc := &persistConn{conn: c}
	pc.br = bufio.NewReader(pc)
	go pc.readLoop()
	return pc
}

// Read limits the reads of the connection.
func (pc *persistConn) Read(p []byte) (int, error) {
	if int64(len(p)) > pc.readLimit {
		p = p[:pc.readLimit]
	}
	n, err := pc.conn.Read(p)
	if err != nil {
		pc.sawEOF = true // want `pc.sawEOF is written in \(\*persistConn\).Read without a lock and read in the goroutine started in Dial \(line \d+\) via \(\*persistConn\).readLoop without a lock`
	}
	pc.readLimit -= int64(n)
	pc.reads++ // want `pc.reads is read in \(\*persistConn\).Read without a lock and written in the goroutine started in Dial \(line \d+\) via \(\*persistConn\).readLoop without a lock`
	return n, err
}

func (pc *persistConn) readLoop() {
	for !pc.sawEOF {
		pc.readLimit = 1 << 20
		pc.reads = 0
		pc.br.Peek(1)
	}
}

// Close closes the connection under the lock.
func (pc *persistConn) Close() error {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pc.closed = true
	return pc.conn.Close()
}

// body declares sawEOF without the comment: the name is not owned.
type body struct {
	sawEOF bool
}

func (b *body) done() bool { return b.sawEOF }
