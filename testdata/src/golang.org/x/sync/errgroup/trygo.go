package errgroup

// TryGo runs f in a new goroutine and reports that it did; this stub has
// no limit on the number of goroutines.
func (g *Group) TryGo(f func() error) bool {
	g.Go(f)
	return true
}
