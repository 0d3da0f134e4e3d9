package script // want package:"lockset summaries"

import (
	"strings"
	"sync"
)

// Script loads its digest from a server on first use when it was made
// with WithRemote, and hashes it when it is made otherwise (rueidis'
// Lua). Exec reads the digest without the lock only on scripts whose
// digest was hashed when they were made. Quiet.
type Script struct {
	src    string
	digest string
	mu     sync.RWMutex
	remote bool
}

// An Option configures a Script while it is made.
type Option func(*Script)

// WithRemote makes the script load its digest.
func WithRemote(on bool) Option { return func(s *Script) { s.remote = on } }

// New makes a script.
func New(src string, opts ...Option) *Script {
	s := &Script{src: src}
	for _, o := range opts {
		o(s)
	}
	if !s.remote {
		s.digest = strings.ToUpper(src)
	}
	return s
}

// Exec returns the script's digest.
func (s *Script) Exec() string {
	var d string
	if s.remote {
		s.mu.RLock()
		d = s.digest
		s.mu.RUnlock()
		if d == "" {
			s.mu.Lock()
			if s.digest == "" {
				s.digest = load(s.src)
			}
			d = s.digest
			s.mu.Unlock()
		}
	} else {
		d = s.digest
	}
	return d
}

func load(src string) string { return strings.ToLower(src) }

// CopyFrom tests another script's fixed flag: it says nothing of s's
// digest, which it reads where o's flag is zero while Exec writes it
// where s's flag is set. Racy.
func (s *Script) CopyFrom(o *Script) string {
	if o.remote {
		return ""
	}
	return s.digest // want `s.digest is read in \(\*Script\).CopyFrom without a lock and written in \(\*Script\).Exec holding s.mu`
}
