package chameneos

import "testing"

func checkGame(t *testing.T, colours []Colour, n int) {
	t.Helper()
	res := Run(colours, n)
	if res.Meetings != n {
		t.Fatalf("broker arranged %d meetings, want %d", res.Meetings, n)
	}
	if len(res.Summaries) != len(colours) {
		t.Fatalf("%d summaries for %d creatures", len(res.Summaries), len(colours))
	}
	total := 0
	var finals [3]int
	for _, s := range res.Summaries {
		if s.SelfMet != 0 {
			t.Fatalf("creature %d met itself %d times", s.Creature, s.SelfMet)
		}
		if len(s.Partners) != s.Meetings {
			t.Fatalf("creature %d: %d partners for %d meetings", s.Creature, len(s.Partners), s.Meetings)
		}
		col := s.Initial
		for _, p := range s.Partners {
			col = Complement(col, p)
		}
		if col != s.Final {
			t.Fatalf("creature %d ended %v, its meetings give %v", s.Creature, s.Final, col)
		}
		total += s.Meetings
		finals[s.Final]++
	}
	if total != 2*n {
		t.Fatalf("creatures met %d times, want %d", total, 2*n)
	}
	meetings, count := res.Census.Snapshot()
	if meetings != 2*n {
		t.Fatalf("census counted %d meetings, want %d", meetings, 2*n)
	}
	if count != finals {
		t.Fatalf("census counts %v, final colours %v", count, finals)
	}
	t.Logf("%d creatures, %d meetings, final colours %v", len(colours), n, finals)
}

func TestChameneos(t *testing.T) {
	checkGame(t, []Colour{Blue, Red, Yellow}, 600)
	checkGame(t, []Colour{Blue, Red, Yellow, Red, Yellow, Blue, Red, Yellow, Red, Blue}, 600)
}
