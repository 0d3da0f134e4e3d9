package fixedflag

import (
	"sync"

	"lockset/rules/fixedflag/script"
)

// Broker publishes with a script made when the broker is made, from
// any goroutine: its Publish runs beside itself. Quiet.
type Broker struct {
	mu      sync.Mutex
	sent    int
	publish *script.Script
}

// NewBroker makes a broker.
func NewBroker() *Broker { return &Broker{publish: script.New("x")} }

// Publish runs the script and counts.
func (b *Broker) Publish() string {
	d := b.publish.Exec()
	b.mu.Lock()
	b.sent++
	b.mu.Unlock()
	return d
}
