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

// Gather results into a map under a mutex.
func FetchAll(ctx context.Context, ids []int) (map[int]*User, error) {
	g, ctx := errgroup.WithContext(ctx)
	var mu sync.Mutex
	users := make(map[int]*User, len(ids))
	for _, id := range ids {
		g.Go(func() error {
			u, err := fetch(ctx, id)
			if err != nil {
				return err
			}
			mu.Lock()
			users[id] = u
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return users, nil
}

// Append to a slice under a mutex, with SetLimit.
func Names(ctx context.Context, ids []int) ([]string, error) {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(3)
	var mu sync.Mutex
	var names []string
	for _, id := range ids {
		g.Go(func() error {
			u, err := fetch(ctx, id)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			names = append(names, u.Name)
			return nil
		})
	}
	err := g.Wait()
	return names, err
}

// Pipeline with errgroup: producer + consumers, results via channel.
func Pipeline(ctx context.Context, ids []int) (int, error) {
	g, ctx := errgroup.WithContext(ctx)
	idc := make(chan int)
	g.Go(func() error {
		defer close(idc)
		for _, id := range ids {
			select {
			case idc <- id:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	res := make(chan *User)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		g.Go(func() error {
			defer wg.Done()
			for id := range idc {
				u, err := fetch(ctx, id)
				if err != nil {
					return err
				}
				select {
				case res <- u:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	}
	go func() { wg.Wait(); close(res) }()
	total := 0
	for u := range res {
		total += u.ID
	}
	return total, g.Wait()
}

// Struct fields set by separate goroutines of an errgroup; read after Wait.
type Page struct {
	Header string
	Body   string
}

func Load(ctx context.Context) (*Page, error) {
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
	g.Go(func() error {
		u, err := fetch(ctx, 2)
		if err != nil {
			return err
		}
		p.Body = u.Name
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return p, nil
}
