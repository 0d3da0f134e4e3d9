package testaccessors

// Count reads without the lock, for the package's tests: quiet.
func (p *Pool) Count() int {
	return p.n
}
