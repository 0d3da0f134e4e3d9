package ergoactors

import (
	"ergo.services/ergo/act"
	"ergo.services/ergo/gen"
)

// Client makes synchronous calls.
type Client struct {
	act.Actor
	server gen.PID
	total  int
}

// HandleMessage calls the server and then changes the request, which the
// server may have kept; the response is the client's own.
func (c *Client) HandleMessage(from gen.PID, message any) error {
	req := &Order{ID: 1}
	resp, err := c.Call(c.server, req)
	if err != nil {
		return err
	}
	req.Items = nil // want `req is written after it was sent with \(gen.Process\).Call \(line \d+\); whoever receives it may be using it concurrently`
	if o, ok := resp.(*Order); ok {
		o.ID++ // the response is owned by the caller: quiet
		c.total += o.ID
	}
	return nil
}

// Server answers calls with its own state and keeps changing it.
type Server struct {
	act.Actor
	state *Order
}

func (s *Server) HandleCall(from gen.PID, ref gen.Ref, request any) (any, error) {
	if s.state == nil {
		s.state = &Order{}
	}
	if _, ok := request.(string); ok {
		s.SendResponse(from, ref, s.state) // want `s.state is sent with \(gen.Process\).SendResponse but stays reachable from s.state; whoever receives it may be using it concurrently`
	}
	return nil, nil
}

// Copier answers with a copy: quiet.
type Copier struct {
	act.Actor
	state Order
}

func (s *Copier) HandleCall(from gen.PID, ref gen.Ref, request any) (any, error) {
	s.SendResponse(from, ref, &Order{ID: s.state.ID, Items: append([]string(nil), s.state.Items...)})
	s.state.ID++
	return nil, nil
}

// Publisher publishes its list as an event and keeps appending to it.
type Publisher struct {
	act.Actor
	token gen.Ref
	list  []string
}

func (p *Publisher) HandleMessage(from gen.PID, message any) error {
	if s, ok := message.(string); ok {
		p.list = append(p.list, s)
		p.SendEvent("list", p.token, p.list) // want `p.list is sent with \(gen.Process\).SendEvent but stays reachable from p.list \(stored at line \d+\); whoever receives it may be using it concurrently`
	}
	return nil
}
