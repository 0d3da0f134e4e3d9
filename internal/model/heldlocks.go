// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package model

import (
	"regexp"
	"strings"
	"sync"
)

// A DocLock is a lock that a function's doc comment says its caller
// holds: "Lock should be held.", "fs lock should be held.", "c.mu must be
// held.", "The caller must hold s.mu.", "Read lock is held on entry."
type DocLock struct {
	// Owner names what the lock belongs to, as the comment writes it: a
	// parameter or receiver ("fs" in "fs lock", "c" in "c.mu"), the
	// receiver's type ("client lock", "connReader.mu"), or "" for the
	// receiver.
	Owner string
	// Field is the lock's field path below the owner ("mu", "out.mu"),
	// or "" for the owner's lock: its only lock field, or the one
	// conventionally named (mu).
	Field string
	// Read says the comment asks only for a read lock, Write that it
	// asks for the write lock; a comment that says neither ("Lock should
	// be held") may mean either.
	Read, Write bool
}

// lockPhrase matches how comments name a lock: "Lock", "the fs lock",
// "read lock", "c.mu", "idleMu".
const lockPhrase = `(?P<lock>(?:the\s+)?(?:\w+\s+){0,2}(?:lock|mutex|rlock)|\w+(?:\.\w+)+|\w*(?:mu|mtx|lock|mutex)\w*)`

// heldOnEntryDocs returns the sentence shapes of the convention; each
// names the lock with lockPhrase. Like the two expressions below, they
// are compiled on first use: HeldOnEntry reads only the doc comments
// that mention a lock or a hold (mayStateHeld), which many units of a
// go vet run (each a process of its own) never meet, and compiling them
// at start-up cost every process about a millisecond.
var heldOnEntryDocs = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?i)^` + lockPhrase + `\s+(?:must|should|needs to|has to|is expected to|is assumed to|is required to)\s+be\s+(?:held|locked|acquired|taken)\b`),
		regexp.MustCompile(`(?i)^` + lockPhrase + `\s+(?:is|are)\s+(?:held|locked|acquired)\s+(?:on entry|upon entry|by the caller|when called)`),
		regexp.MustCompile(`(?i)^` + lockPhrase + `\s+held(?:\s+on entry)?$`),
		regexp.MustCompile(`(?i)\bcallers?\s+(?:must|should|needs to|has to)\s+(?:hold|have locked|lock|acquire)\s+` + lockPhrase),
		regexp.MustCompile(`(?i)\b(?:must|should)\s+be\s+called\s+(?:with|while holding)\s+` + lockPhrase + `(?:\s+(?:held|locked|acquired))?`),
		regexp.MustCompile(`(?i)\brequires\s+(?:that\s+)?` + lockPhrase + `\s+(?:to\s+be\s+|is\s+|be\s+)?(?:held|locked)`),
		regexp.MustCompile(`(?i)\bassumes?\s+(?:that\s+)?` + lockPhrase + `\s+is\s+(?:held|locked)`),
	}
})

// negation marks a sentence that states the opposite ("Lock should not
// be held", "does not need the client lock", "called without the lock").
var negation = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:not|no|without|never|unlocked)\b|n't\b`)
})

// sentenceEnd splits a comment into sentences: a period, semicolon or
// colon followed by space (a dot inside c.mu does not end one).
var sentenceEnd = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[.;:!?](?:\s+|$)`)
})

// HeldOnEntry returns the locks a function's doc comment says are held
// when it is called.
func HeldOnEntry(doc string) []DocLock {
	if !mayStateHeld(doc) {
		return nil
	}
	var out []DocLock
	for _, s := range sentenceEnd().Split(strings.Join(strings.Fields(doc), " "), -1) {
		s = strings.TrimSpace(s)
		if s == "" || negation().MatchString(s) {
			continue
		}
		for _, re := range heldOnEntryDocs() {
			m := re.FindStringSubmatch(s)
			if m == nil {
				continue
			}
			if l, ok := parseLockPhrase(m[re.SubexpIndex("lock")]); ok {
				out = append(out, l)
			}
			break
		}
	}
	return out
}

// heldWords are words one of which every sentence of heldOnEntryDocs
// contains, lower-cased.
var heldWords = []string{"held", "lock", "acquire", "taken", "hold", "called"}

// mayStateHeld reports whether doc contains one of heldWords: most doc
// comments do not, and need not be split into sentences and matched.
func mayStateHeld(doc string) bool {
	lower := strings.ToLower(doc)
	for _, w := range heldWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// parseLockPhrase reads a lockPhrase match.
func parseLockPhrase(p string) (DocLock, bool) {
	words := strings.Fields(p)
	if len(words) == 1 && strings.Contains(words[0], ".") {
		owner, field, _ := strings.Cut(words[0], ".")
		return DocLock{Owner: owner, Field: field}, true
	}
	var l DocLock
	last := strings.ToLower(words[len(words)-1])
	switch last {
	case "lock", "mutex", "rlock":
	default:
		if len(words) > 1 {
			return DocLock{}, false
		}
		// A bare field name: "mu must be held", "idleMu must be held".
		return DocLock{Field: words[0]}, true
	}
	l.Read = last == "rlock"
	for _, w := range words[:len(words)-1] {
		switch lw := strings.ToLower(w); lw {
		case "the", "its", "this", "a", "our", "own":
		case "write", "exclusive":
			l.Write = true
		case "read", "shared":
			l.Read = true
		default:
			if l.Owner != "" {
				return DocLock{}, false // "the stream's account lock": too far
			}
			l.Owner = w
		}
	}
	return l, true
}

// PrimaryLockNames are the conventional names of a type's main lock, in
// order of preference, when it has more than one lock field.
var PrimaryLockNames = []string{"mu", "Mutex", "RWMutex", "mtx", "mutex", "lock", "Lock"}
