package readonly

// An unknown callee may link the memory of its operands, but bytes hold
// no references: sending the buffer gives up none of c. Quiet.
func sendBytes(ch chan []byte, c *Config, parse func([]byte, *Config)) {
	buf := make([]byte, 8)
	parse(buf, c)
	ch <- buf
	c.Name = "x"
}

// Two pointers passed to an unknown callee may reach each other
// afterwards, but nothing shows that they do: the default reading is
// quiet (ownership/strict reports it).
func sendLinked(ch chan *Config, c *Config, link func(a, b *Config)) {
	d := &Config{}
	link(d, c)
	ch <- d
	c.Name = "x"
}
