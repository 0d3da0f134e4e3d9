package robust

import "sync"

// A trie walked through its children maps: the walk's pointer is a φ of
// lookups of itself, and the map entry is then deleted. Naming the
// lookups (and deciding whether the entry is taken out) must terminate.

type trieNode struct {
	children map[string]*trieNode
	hits     int
}

type Trie struct {
	mu   sync.Mutex
	root *trieNode
}

// Remove walks to the parent of the last key and takes the child out.
func (t *Trie) Remove(keys []string) *trieNode {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.root
	for _, k := range keys[:len(keys)-1] {
		cur = cur.children[k]
		if cur == nil {
			return nil
		}
	}
	last := keys[len(keys)-1]
	n := cur.children[last]
	delete(cur.children, last)
	return n
}

// Hit counts a visit of every node on the path.
func (t *Trie) Hit(keys []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.root
	for _, k := range keys {
		cur = cur.children[k]
		if cur == nil {
			return
		}
		cur.hits++
	}
}
