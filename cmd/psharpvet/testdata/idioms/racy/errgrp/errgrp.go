package errgrp

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/sync/errgroup"
)

type User struct {
	ID   int
	Name string
}

func fetch(ctx context.Context, id int) (*User, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &User{ID: id, Name: fmt.Sprint("u", id)}, nil
}

// Results gathered into a map with no lock.
func FetchAll(ctx context.Context, ids []int) (map[int]*User, error) {
	g, ctx := errgroup.WithContext(ctx)
	users := make(map[int]*User, len(ids))
	for _, id := range ids {
		g.Go(func() error {
			u, err := fetch(ctx, id)
			if err != nil {
				return err
			}
			users[id] = u // race:
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return users, nil
}

// `=` instead of `:=`: every goroutine writes the outer u and err.
func Names(ctx context.Context, ids []int) ([]string, error) {
	g, ctx := errgroup.WithContext(ctx)
	var mu sync.Mutex
	var names []string
	var u *User
	var err error
	for _, id := range ids {
		g.Go(func() error {
			u, err = fetch(ctx, id) // race:
			if err != nil {
				return err
			}
			mu.Lock()
			names = append(names, u.Name)
			mu.Unlock()
			return nil
		})
	}
	if werr := g.Wait(); werr != nil {
		return nil, werr
	}
	return names, nil
}

type Page struct {
	Header string
	Body   string
}

// Returns the page built so far without waiting on the error path.
func Load(ctx context.Context, fail bool) (*Page, error) {
	p := &Page{}
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		u, err := fetch(ctx, 1)
		if err != nil {
			return err
		}
		p.Header = u.Name
		return nil
	})
	if fail {
		return p, fmt.Errorf("aborted, header %q", p.Header) // race:
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return p, nil
}
