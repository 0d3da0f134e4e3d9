package user // want package:"lockset summaries: 1"

// This package imports lib's summaries with -callable: Hold is a lock
// wrapper only through lib's summary of Lock, so its own summary, the
// one function of its fact, is not empty only if Lock's was exported.

import "locksetcallable/lib"

// Hold takes c's lock and returns holding it.
func Hold(c *lib.Counter) { c.Lock() }

// hold does the same, unexported: not in the fact.
func hold(c *lib.Counter) { c.Lock() }
