package afterspawn // want package:"lockset summaries"

// This package pins the branches a go statement's spawner can still take:
// a path from the go statement that found a value set does not find it
// nil at a later test, unless it loaded the value again.

type Ctx struct {
	handler func(*Ctx)
	a, b    int
	c, d    int
}

// Serve starts the handler's goroutine only when the request set one,
// leaves the loop, and resets the context only when no handler took it:
// quiet.
func Serve(c *Ctx, next func(*Ctx) bool) {
	var h func(*Ctx)
	for next(c) {
		h = c.handler
		c.handler = nil
		if h != nil {
			go func() {
				h(c)
				c.a = 0
			}()
			break
		}
	}
	if h == nil {
		c.a = 0
	}
}

// ServeFlag remembers the test in a boolean: quiet.
func ServeFlag(c *Ctx, h func(*Ctx)) {
	took := h != nil
	if took {
		go func() {
			h(c)
			c.b = 0
		}()
	}
	if !took {
		c.b = 0
	}
}

// ServeForced resets also when forced, a test the go statement's path
// did not decide: reported.
func ServeForced(c *Ctx, h func(*Ctx), force bool) {
	if h != nil {
		go func() {
			h(c)
			c.c = 0 // want `c.c is written in the goroutine started in ServeForced \(line \d+\) without a lock and written in ServeForced after the go statement without a lock`
		}()
	}
	if h == nil || force {
		c.c = 1
	}
}

// ServeAgain stays in the loop after the go statement and loads the
// handler again, so the next test may find it nil: reported.
func ServeAgain(c *Ctx, next func(*Ctx) bool) {
	for next(c) {
		h := c.handler
		if h != nil {
			go func() {
				h(c)
				_ = c.d // want `c.d is read in the goroutine started in ServeAgain \(line \d+\) without a lock and written in ServeAgain after the go statement without a lock`
			}()
			continue
		}
		c.d = 1
	}
}
