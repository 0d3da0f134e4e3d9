package pointers // want package:` written\(fieldwrites/pointers.cursor.pos\) unsafe}$`

import "unsafe"

// A package that imports unsafe may write fields by pointer arithmetic,
// which the pass cannot see: its fact says so.
type cursor struct{ pos int }

func (c *cursor) advance() { c.pos++ }

func size(c *cursor) uintptr { return unsafe.Sizeof(*c) }
