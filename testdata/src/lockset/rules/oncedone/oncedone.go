package oncedone // want package:"lockset summaries"

import (
	"sync"
	"time"
)

// This package pins the order sync.Once gives: what the Once runs
// happens before any call of its Do returns, so what an entry point does
// after Do, on every path, is ordered after it (net's nsswitchConfig,
// whose tryUpdate rewrites what init set).

type config struct {
	initOnce    sync.Once
	mu          sync.Mutex
	lastChecked time.Time
	path        string
	sema        chan struct{}
}

var conf config

func (c *config) init() {
	c.lastChecked = time.Now()
	c.path = "/etc/conf"
	c.sema = make(chan struct{}, 1)
}

// Update rewrites c.lastChecked after its own call of Do. Quiet.
func Update() {
	conf.initOnce.Do(conf.init)
	conf.mu.Lock()
	defer conf.mu.Unlock()
	conf.lastChecked = time.Now()
}

// Path reads c.path after Do through a helper: ordered after init's
// write, not after Rename's.
func Path() string {
	conf.ensure()
	return conf.path // want `conf.path is read in the goroutine started in init \(line 61\) via Path without a lock and written in the goroutine started in init \(line 62\) via Rename without a lock`
}

func (c *config) ensure() { c.initOnce.Do(c.init) }

// Rename writes c.path without calling Do first. Reported.
func Rename(p string) {
	conf.path = p // want `conf.path is written in the goroutine started in init \(line 62\) via Rename without a lock and written in the goroutine started in init \(line 60\) via \(\*config\).init inside conf.initOnce.Do`
}

// MaybeReset calls Do on one path only. Reported.
func MaybeReset(now bool) {
	if now {
		conf.initOnce.Do(conf.init)
	}
	conf.sema = nil // want `conf.sema is written in the goroutine started in init \(line 63\) via MaybeReset without a lock and written in the goroutine started in init \(line 60\) via \(\*config\).init inside conf.initOnce.Do`
}

func init() {
	go Update()
	go Path()
	go Rename("x")
	go MaybeReset(resetNow)
}

// resetNow is no constant: MaybeReset calls Do on one path only.
var resetNow = time.Now().Unix()%2 == 0
