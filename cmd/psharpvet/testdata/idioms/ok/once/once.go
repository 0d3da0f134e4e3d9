package once

import (
	"os"
	"strings"
	"sync"
)

type Client struct {
	once sync.Once
	conn *conn
	err  error
	addr string
}

type conn struct{ addr string }

func (c *Client) get() (*conn, error) {
	c.once.Do(func() {
		c.conn = &conn{addr: c.addr}
	})
	return c.conn, c.err
}

func (c *Client) Addr() (string, error) {
	cn, err := c.get()
	if err != nil {
		return "", err
	}
	return cn.addr, nil
}

// Package-level lazy init via OnceValue / OnceValues / OnceFunc.
var homeDir = sync.OnceValue(func() string {
	return strings.TrimSpace(os.Getenv("HOME"))
})

func Home() string { return homeDir() }

var config = sync.OnceValues(func() (map[string]string, error) {
	return map[string]string{"a": "b"}, nil
})

func Setting(k string) string {
	m, err := config()
	if err != nil {
		return ""
	}
	return m[k]
}

type Server struct {
	stop     func()
	stopped  chan struct{}
	initOnce sync.Once
	table    map[string]int
}

func NewServer() *Server {
	s := &Server{stopped: make(chan struct{})}
	s.stop = sync.OnceFunc(func() { close(s.stopped) })
	return s
}

func (s *Server) Stop() { s.stop() }

func (s *Server) Lookup(k string) int {
	s.initOnce.Do(func() {
		s.table = map[string]int{"a": 1}
	})
	return s.table[k]
}

var (
	regOnce sync.Once
	reg     map[string]func()
)

func Registry() map[string]func() {
	regOnce.Do(func() {
		reg = map[string]func(){"noop": func() {}}
	})
	return reg
}
