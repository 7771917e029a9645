package console_test

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Issue 8 end to end: hidden pieces through the console, as people see them.

// block is one message of the console's output: who sees it ("[chat]" or
// "[dm NAME]") and its lines.
type block struct {
	to   string
	text string
}

var blockHead = regexp.MustCompile(`^(\[chat\]|\[dm [^\]]+\]) `)

// blocks splits console output into messages; image paths are made relative to
// the session's folder, so that two sessions compare equal.
func (s *session) blocks(out string) []block {
	var bs []block
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if m := blockHead.FindStringSubmatch(l); m != nil {
			bs = append(bs, block{to: m[1]})
		}
		if len(bs) == 0 {
			continue
		}
		b := &bs[len(bs)-1]
		b.text += strings.ReplaceAll(l, s.dir, "DIR") + "\n"
	}
	return bs
}

// image reads the PNG a block shows, or nil.
func (s *session) image(b block) []byte {
	m := regexp.MustCompile(`image DIR(\S+\.png)`).FindStringSubmatch(b.text)
	if m == nil {
		return nil
	}
	png, err := os.ReadFile(s.dir + m[1])
	if err != nil {
		s.t.Fatal(err)
	}
	return png
}

// step is one thing that happens: a line typed, or the clock moving on and the
// scheduler running.
type step struct {
	line    string
	advance time.Duration // with line "": advance the clock, then Tick
}

// hiddenGames is the session: a Jinchan game where alice chooses her real general
// (jinchanSecret) privately and bob gets the default at the deadline; a Jinchan
// game from a custom start that ends in a forced reveal; and a face-down game
// (fuhe) where alice puts fuheSecret on her corner points. Alice never reveals or
// flips the secrets that differ, so the twin sessions must look the same in
// public. It returns the session and each step's output.
func hiddenGames(t *testing.T, jinchanSecret, fuheSecret string) (*session, []string) {
	s := newSession(t)
	steps := []step{
		{line: "alice: /new jinchan @bob side=red 10+5"},
		{line: "bob: /accept"},
		{line: "alice (dm): /setup 1 " + jinchanSecret},
		{advance: 6 * time.Minute}, // bob did not answer: the default
		{line: "alice: b2a2"},
		{line: "bob: reveal"},
		{line: "bob: d9f9"},
		{line: "alice: b0c3"}, // 目
		{line: "bob: f9f4"},
		{line: "alice: e0e2"}, // illegal, whichever general is real: explained
		{line: "alice: nice cicada"},
		{line: "alice: c3f4"}, // 目 onto the lone cicada: the stack (Nj)
		{line: "alice: /peek"},
		{line: "bob: [peek:1]"},
		{line: "alice: /new jinchan @bob side=red fen=5k5/11/3r7/11/11/11/10r/11/11/11/11/4D1K4 b b - 0 1"},
		{line: "bob: /accept 2"},
		{line: "bob: /m #2 k5e5"}, // Red's decoy e0 is attacked: nothing but the reveal
		{line: "alice: /m #2 g0g1"},
		{line: "alice: /new xiangqi fuhe @bob side=red"},
		{line: "bob: /accept 3"},
		{line: "alice (dm): /setup 3 " + fuheSecret},
		{line: "bob (dm): /setup 3 a7=N i7=P"},
		{line: "alice: /m #3 flip a2"},
		{line: "bob: /m #3 i7i7"},
		{line: "alice: /m #3 i2i3"}, // face down: cannot move
		{line: "alice: /m #3 a2a1"},
		{line: "carol: /board 3"},
	}
	var outs []string
	for _, st := range steps {
		if st.line == "" {
			s.clock.Advance(st.advance)
			outs = append(outs, s.tick())
			continue
		}
		outs = append(outs, s.say(st.line))
	}
	return s, outs
}

func TestConsoleHiddenPieces(t *testing.T) {
	a, outA := hiddenGames(t, "real g0", "a2=R i2=C")
	b, outB := hiddenGames(t, "real e0", "a2=R i2=N")
	all := strings.Join(outA, "")

	t.Run("the secret choice: one answer privately, the other by default", func(t *testing.T) {
		expect(t, outA[1], "[chat] Game #1: alice (Red) against bob (Black). First each player chooses a secret setup",
			"[dm alice] Game #1 (Golden Cicada xiangqi (金蟬象棋)): Which of your two generals is the real one?",
			"Answer me here: /setup 1 real e0", "[dm bob] Game #1")
		expect(t, outA[2], "[dm alice] Noted. Game #1 begins when bob has chosen too.")
		if strings.Contains(outA[2], "[chat]") {
			t.Errorf("the answer was echoed in public:\n%s", outA[2])
		}
		expect(t, outA[3], "[chat] Game #1: time for the setup is up; I chose at random for bob.",
			"Game #1 begins", "[dm alice] Your board in game #1 (you play Red).", "[dm bob] Your board in game #1 (you play Black).")
		if strings.Contains(outA[3], "random for alice") {
			t.Error("alice's answer was replaced")
		}
	})
	t.Run("private boards go to their owners after every move", func(t *testing.T) {
		for i := 3; i <= 13; i++ {
			if i == 9 || i == 10 {
				continue // a refused move and chat talk
			}
			for _, bl := range a.blocks(outA[i]) {
				switch {
				case strings.HasPrefix(bl.text, "[dm alice] image"), strings.HasPrefix(bl.text, "[dm bob] image"):
				case strings.Contains(bl.text, "Your board in game #1"):
					owner := map[bool]string{true: "[dm alice]", false: "[dm bob]"}[strings.Contains(bl.text, "you play Red")]
					if bl.to != owner {
						t.Errorf("step %d: %s got %s", i, bl.to, bl.text)
					}
				}
			}
			if i == 12 || i == 13 {
				continue // /peek and My pieces: just the owner's board
			}
			if !strings.Contains(outA[i], "[dm alice] image") || (i < 5 && !strings.Contains(outA[i], "[dm bob] image")) {
				t.Errorf("step %d: a private board is missing:\n%s", i, outA[i])
			}
		}
		expect(t, outA[12], "[dm alice] Your board in game #1 (you play Red).")
		expect(t, outA[13], "[dm bob] Your board in game #1 (you play Black).")
		if strings.Contains(outA[12], "[chat]") || strings.Contains(outA[12], "[dm bob]") || strings.Contains(outA[13], "[dm alice]") {
			t.Errorf("a peek went astray:\n%s\n%s", outA[12], outA[13])
		}
		// Alice's own board shows her decoy (D, drawn 衛); the public one never does.
		mine := a.blocks(outA[12])
		if len(mine) != 2 || !strings.Contains(mine[1].text, "  0  R . B A D . K A B N R  0") {
			t.Errorf("alice's board:\n%s", outA[12])
		}
		pub := a.blocks(outA[11])
		if !strings.Contains(pub[1].text, "  0  R . B A K . K A B N R  0") {
			t.Errorf("public board after c3f4:\n%s", pub[0].text)
		}
		// The private image differs from the public one of the same moment.
		var public, private []byte
		for _, bl := range a.blocks(outA[11]) {
			switch bl.to {
			case "[chat]":
				if img := a.image(bl); img != nil {
					public = img
				}
			case "[dm alice]":
				if img := a.image(bl); img != nil {
					private = img
				}
			}
		}
		if len(public) == 0 || len(private) == 0 || bytes.Equal(public, private) {
			t.Errorf("public image %d bytes, alice's %d, equal %v", len(public), len(private), bytes.Equal(public, private))
		}
	})
	t.Run("a reveal, a 目 move and a stack, an illegal move explained", func(t *testing.T) {
		expect(t, outA[5], "reveals its generals: the one on", "is the real general; the one on", "was the decoy and is now a guard (衛).")
		if !strings.Contains(outA[5], "[chat] Black reveals its generals") {
			t.Errorf("the reveal is not public:\n%s", outA[5])
		}
		expect(t, outA[7], "Last move: b0c3")
		expect(t, outA[9], "[chat] e0e2 is not allowed")
		if outA[10] != "" {
			t.Errorf("chat talk answered:\n%s", outA[10])
		}
		expect(t, outA[11], "Last move: c3f4", "  4  P . P . P N P . P . P  4", "stacks: f4=(Nj)")
	})
	t.Run("a forced reveal", func(t *testing.T) {
		expect(t, outA[14], "Start position: 5k5/11/3r7/11/11/11/10r/11/11/11/11/4K1K4 b b - 0 1")
		expect(t, outA[15], "[chat] Game #2 begins: alice (Red) against bob (Black).")
		if strings.Contains(outA[15], "secret setup") {
			t.Error("a start with its secrets set asked for a setup")
		}
		expect(t, outA[16], "[chat] Red has no move with its generals hidden, so they are revealed: the one on g0 is the real general; the one on e0 was the decoy and is now a guard (衛).",
			"Last move: k5e5", "  0  . . . . G . K . . . .  0")
		expect(t, outA[17], "Last move: g0g1")
	})
	t.Run("a face-down game with flips", func(t *testing.T) {
		expect(t, outA[19], "[dm alice] Game #3 (Xiangqi with face-down reserves (覆合象棋)): Which pieces do you put face down on your corner points a2 and i2?")
		expect(t, outA[21], "[dm bob] Noted. Both have chosen: game #3 begins.", "[chat] Game #3 begins",
			"  2 *X C . . . . . C*X  2", "[dm alice] Your board in game #3", "  2 *R C . . . . . C*C  2")
		expect(t, outA[22], "[chat] Red turns the piece on a2 face up: a chariot (車).", "Last move: a2a2", "  2  R C . . . . . C*X  2")
		expect(t, outA[23], "[chat] Black turns the piece on i7 face up: a soldier (卒).")
		expect(t, outA[24], "i2i3 is not allowed")
		expect(t, outA[25], "Last move: a2a1")
	})
	t.Run("no public message shows a secret", func(t *testing.T) {
		for i, out := range outA {
			for _, bl := range a.blocks(out) {
				if bl.to != "[chat]" {
					continue
				}
				for _, secret := range []string{"*R", "*C", "*N", "*n", "*p", "decoy general", " D ", "*D", "(ND)", "(Nd)"} {
					if strings.Contains(bl.text, secret) {
						t.Errorf("step %d: public message shows %q:\n%s", i, secret, bl.text)
					}
				}
			}
		}
	})
	t.Run("the twin session with other secrets looks the same in public", func(t *testing.T) {
		if len(outA) != len(outB) {
			t.Fatalf("%d and %d steps", len(outA), len(outB))
		}
		privateDiffers := false
		for i := range outA {
			ba, bb := a.blocks(outA[i]), b.blocks(outB[i])
			pa, pb := public(ba), public(bb)
			if len(pa) != len(pb) {
				t.Errorf("step %d: %d and %d public messages", i, len(pa), len(pb))
				continue
			}
			for j := range pa {
				if pa[j].text != pb[j].text {
					t.Errorf("step %d: public messages differ:\n%s\n%s", i, pa[j].text, pb[j].text)
				}
				if !bytes.Equal(a.image(pa[j]), b.image(pb[j])) {
					t.Errorf("step %d: public images differ: %s", i, pa[j].text)
				}
			}
			if len(ba) == len(bb) {
				for j := range ba {
					if ba[j].to == "[dm alice]" && (ba[j].text != bb[j].text || !bytes.Equal(a.image(ba[j]), b.image(bb[j]))) {
						privateDiffers = true
					}
				}
			}
		}
		if !privateDiffers {
			t.Error("alice's private boards are the same with other secrets")
		}
	})
	t.Run("/rules explains jinchan and fuhe with example moves", func(t *testing.T) {
		expect(t, a.say("carol: /rules jinchan"), "[chat] Golden Cicada xiangqi (金蟬象棋)", "/setup real g0", "reveal (free",
			"b0c3 once b2 is empty", "the stack (Nj) after c3f4", "/new jinchan")
		expect(t, a.say("carol: /rules xiangqi fuhe"), "[chat] Xiangqi with face-down reserves (覆合象棋)",
			"/setup a2=R i2=C", "a2a2 (or flip a2) turns it face up", "/new xiangqi fuhe")
	})
	t.Run("the end tells the secrets left", func(t *testing.T) {
		expect(t, a.say("alice: /resign #1 yes"), "[chat] alice resigned game #1.", "bob (Black) wins by resignation",
			"Red: the general on e0 is a decoy general.")
		expect(t, b.say("alice: /resign #1 yes"), "Red: the general on g0 is a decoy general.")
		expect(t, a.say("bob: /resign #3 yes"), "Red: the face-down piece on i2 is a cannon")
	})
	if t.Failed() {
		t.Logf("session:\n%s", all)
	}
}

// public keeps the chat's messages.
func public(bs []block) []block {
	var out []block
	for _, b := range bs {
		if b.to == "[chat]" {
			out = append(out, b)
		}
	}
	return out
}
