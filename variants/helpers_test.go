package variants

import (
	"sort"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Helpers shared by the variants' table tests.

func legalTexts(p *rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, rules.FormatCoord(p, m))
	}
	sort.Strings(out)
	return out
}

func mustPosition(t *testing.T, v *rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", fen, err)
	}
	return p
}

// playAll plays moves on a game, failing the test on an illegal one.
func playAll(t *testing.T, g *rules.Game, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := rules.ParseMove(g.Position(), text)
		if err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("play %s: %v", text, err)
		}
	}
}

// checkMoves checks a spec row: every move of legal is a legal move that
// ParseMove accepts, every move of illegal is neither. It returns the legal
// moves, sorted, for checks of a complete list.
func checkMoves(t *testing.T, p *rules.Position, legal, illegal string) []string {
	t.Helper()
	got := legalTexts(p)
	for _, m := range strings.Fields(legal) {
		if !contains(got, m) {
			t.Errorf("%s should be legal; legal moves: %v", m, got)
		}
		if _, err := rules.ParseMove(p, m); err != nil {
			t.Errorf("ParseMove(%s): %v", m, err)
		}
	}
	for _, m := range strings.Fields(illegal) {
		if contains(got, m) {
			t.Errorf("%s should be illegal", m)
		}
		if _, err := rules.ParseMove(p, m); err == nil {
			t.Errorf("ParseMove(%s) accepted an illegal move", m)
		}
	}
	return got
}

// checkRefusal checks that move is refused in p with exactly reason.
func checkRefusal(t *testing.T, p *rules.Position, move, reason string) {
	t.Helper()
	_, err := rules.ParseMove(p, move)
	ie, ok := err.(*rules.IllegalMoveError)
	if !ok {
		t.Fatalf("ParseMove(%s) error = %v, want *IllegalMoveError", move, err)
	}
	if ie.Reason != reason {
		t.Errorf("reason = %q, want %q", ie.Reason, reason)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n >= 100 {
		return itoa(n/100) + "." + itoa(n%100) // a spec case's sub-case: 503 is 05.03
	}
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
