package strict

import "regexp"

// A callee the analysis cannot see (here a function declared without a
// body, implemented in assembly, say) may, in the strict reading, link
// everything its operands reach. It cannot make a value of a type that is
// immutable by convention (a *regexp.Regexp, a *time.Location, an actor
// framework's PID) point to the others, though: that would mutate it. Nor
// is a port that reaches such a value of another port linked to it: the
// value carries no ownership (Hollywood's Context.Send(pid, msg) had the
// actor that keeps the PID reach every message it sends).

func fileUnder(key any, v any)

type tagSet struct{ tags []string }

type crawler struct {
	pattern *regexp.Regexp
	tags    *tagSet
	out     chan *page
	indexed int
}

type page struct{ body []byte }

// IndexTagged files the page under the crawler's tag set, which the
// unseen callee may make point to the page.
func (c *crawler) IndexTagged(body []byte) {
	p := &page{body: body}
	fileUnder(c.tags, p)
	c.out <- p // want `p is sent on c.out but stays reachable from c.tags`
}

// file and fileTagged hand the crawler's pattern or tag set and the page
// on: their summaries say what the page reaches afterwards.
func (c *crawler) file(p *page)       { fileUnder(c.pattern, p) }
func (c *crawler) fileTagged(p *page) { fileUnder(c.tags, p) }

// IndexVia files the page through a method whose summary would, without
// the exception, have the page reach the crawler through its pattern,
// then counts it: quiet.
func (c *crawler) IndexVia(body []byte) {
	p := &page{body: body}
	c.file(p)
	c.out <- p
	c.indexed++
}

// IndexTaggedVia does the same with the tag set, which the page may
// reach, and which it clears after the send: reported.
func (c *crawler) IndexTaggedVia(body []byte) {
	p := &page{body: body}
	c.fileTagged(p)
	c.out <- p
	c.tags.tags = nil // want `c.tags is read after p, which shares memory with it, was sent on c.out`
}
