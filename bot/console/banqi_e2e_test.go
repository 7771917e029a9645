package console_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Issue 20 end to end: a whole banqi game through the console. The deal is
// made at /new and stored only; the first flip gives the colours (the caption
// follows the seats); nobody gets a private message; no public line shows a
// face-down piece; the end names the winner by seat and publishes the deal.
func TestConsoleBanqi(t *testing.T) {
	s := newSession(t)
	out := s.say("alice: /new banqi @bob first=creator")
	expect(t, out, "[chat] alice (first player) proposes a game of Banqi (dark chess)")
	out = s.say("bob: /accept")
	expect(t, out, "[chat] Game #1 begins: alice (first player) against bob (second player).",
		"First player: alice · Second player: bob", "First player to move: alice",
		"The deal is fixed: sha256(start + salt) = ")
	v, _ := defaultRegistry().Get("banqi")
	g, err := rules.NewGame(v, s.storedStart(t))
	if err != nil {
		t.Fatal(err)
	}
	all := out
	secret := regexp.MustCompile(`\*[KABRNCPkabrncp]`)
	for ply := 0; ply < 600 && !g.Outcome().Over; ply++ {
		p := g.Position()
		m := pickBanqi(p, ply)
		who := "alice"
		if p.Seat(p.ToMove()) == 1 {
			who = "bob"
		}
		text := rules.FormatCoord(p, m)
		if m.Flags&rules.FlagSpecial != 0 && ply%2 == 0 {
			text = text[:2] // a flip typed as its cell: "c3"
		}
		out := s.say(who + ": " + text)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if s.moves("1") != ply+1 {
			t.Fatalf("ply %d: %s: %s was not played:\n%s", ply, who, text, out)
		}
		if strings.Contains(out, "[dm") {
			t.Errorf("ply %d: a private message in banqi:\n%s", ply, out)
		}
		if !g.Outcome().Over && secret.MatchString(out) {
			t.Errorf("ply %d: a face-down identity is public:\n%s", ply, out)
		}
		if ply == 0 {
			c := map[rules.Side]string{rules.Red: "Red", rules.Black: "Black"}
			me := g.Position().SideOf(0)
			expect(t, out, fmt.Sprintf("%s: alice · %s: bob", c[me], c[me.Other()]), "The first player plays "+c[me])
		}
		all += out
	}
	o := g.Outcome()
	if !o.Over {
		t.Fatalf("the game did not end: %s", g.Position().PublicFEN())
	}
	final := s.news() + all[strings.LastIndex(all, "[chat]"):]
	switch {
	case o.Draw:
		expect(t, final, "Game #1 is drawn")
	default:
		winner := map[int]string{0: "alice", 1: "bob"}[g.Position().Seat(o.Winner)]
		expect(t, final, "Game #1: "+winner+" (")
	}
	expect(t, final, "The deal was: ", "Salt: ")
	t.Logf("%d plies, %+v", len(g.Moves()), o)
}

// pickBanqi is a scripted player: a capture if there is one, else mostly
// moves, a flip now and then.
func pickBanqi(p *rules.Position, ply int) rules.Move {
	var quiet, flips []rules.Move
	for _, m := range p.LegalMoves(nil) {
		switch {
		case m.Flags&rules.FlagCapture != 0:
			return m
		case m.Flags&rules.FlagSpecial != 0:
			flips = append(flips, m)
		default:
			quiet = append(quiet, m)
		}
	}
	if len(quiet) > 0 && (ply%3 != 0 || len(flips) == 0) {
		return quiet[ply%len(quiet)]
	}
	return flips[(ply*5)%len(flips)]
}
