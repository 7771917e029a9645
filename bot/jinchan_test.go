package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Issue 8 in the bot: /rules with options, setups where one side has nothing to
// choose, the facts of a start, illegal plain moves, and twin games of Jinchan
// and face-down reserves whose public side must not depend on the secrets.

const (
	// jcRedSet is the Jinchan start with Red's roles set (real general g0) and
	// Black's not chosen: only Black has a setup question.
	jcRedSet = "rnbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J1C1/11/RNBAD1KABNR w - - 0 1"
	// jcForced is jinchan.md test 39: Red's decoy e0 is attacked, so Red has no
	// move but the reveal, which the rules make at once.
	jcForced = "5k5/11/3r7/11/11/11/4r6/11/11/11/11/4D1K4 w b - 0 1"
)

func needJinchan(t *testing.T) {
	t.Helper()
	r := defaultRegistry()
	if _, ok := r.Get("jinchan"); !ok || !r.IsOption("fuhe") {
		t.Skip("no jinchan or fuhe")
	}
}

func TestRulesOptions(t *testing.T) {
	needJinchan(t)
	h := newHarness(t)
	out := h.say("alice", "/rules xiangqi fuhe")
	mustContain(t, out, "Xiangqi with face-down reserves (覆合象棋)", "Standard Chinese chess",
		"corner points (a2 and i2 for Red, a7 and i7 for Black): /setup a2=R i2=C",
		"a2a2 (or flip a2) turns it face up", "WXF C2.5", "/new xiangqi fuhe [@opponent]")
	if n := strings.Count(text(out), "\n"); n > 12 {
		t.Errorf("/rules xiangqi fuhe has %d lines", n+1)
	}
	out = h.say("alice", "/rules jinchan")
	mustContain(t, out, "Golden Cicada xiangqi (金蟬象棋)", "/setup real g0", "reveal (free", "forced reveal",
		"b0c3 once b2 is empty", "the stack (Nj) after c3f4", "b2b11", "pass", "/new jinchan [@opponent]")
	if strings.Contains(text(out), "fuhe") {
		t.Error("/rules jinchan explains fuhe")
	}
	mustContain(t, h.say("alice", "/rules jinchan fuhe"), "a2 and k2 for Red, a9 and k9 for Black", "/setup a2=R k2=C", "/new jinchan fuhe")
	mustContain(t, h.say("alice", "/rules 金蟬象棋"), "/setup real g0")
	mustContain(t, h.say("alice", "/rules xiangqi nonsense"), "I don't know “nonsense”", "/rules xiangqi fuhe", "Options: ", " fuhe, ")
	mustContain(t, h.say("alice", "/rules fuhe"), "Xiangqi with face-down reserves") // the chat's default variant
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules xiangqi fuhe"), "覆合（选项 fuhe）", "红方 a2、i2", "翻a2")
	mustContain(t, h.say("alice", "/rules jinchan"), "reveal（现身", "叠子 (Nj)")
}

// TestGuides: every guide speaks every language with the same arguments, and its
// example moves are what the rules say.
func TestGuides(t *testing.T) {
	needJinchan(t)
	// The guides live with the variant and the option: jinchan's, and fuhe's,
	// whose corner points depend on the board it is played on.
	reg := defaultRegistry()
	jcBase, _ := reg.Get("jinchan")
	fuhe, _ := reg.Option("fuhe")
	withFuhe, err := reg.Build("xiangqi", []string{"fuhe"})
	if err != nil {
		t.Fatal(err)
	}
	for name, g := range map[string]rules.Texts{"jinchan": jcBase.Guide, "fuhe": fuhe.GuideFor(withFuhe)} {
		for i, s := range []string{g.En, g.Hant, g.Hans} {
			if strings.TrimSpace(s) == "" || strings.Contains(s, "%!") {
				t.Errorf("%s: language %d is %q", name, i, s)
			}
		}
	}
	jc, err := reg.Build("jinchan", nil)
	if err != nil {
		t.Fatal(err)
	}
	start, err := rules.ApplySecrets(jc, "", [2]string{"real g0", "real e11"})
	if err != nil {
		t.Fatal(err)
	}
	// line plays moves from fen and returns the game.
	line := func(v *rules.Variant, fen string, moves ...string) *rules.Game {
		t.Helper()
		g, err := rules.NewGame(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range moves {
			m, err := rules.ParseMove(g.Position(), text)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatalf("%s after %v: %v", text, g.Moves(), err)
			}
		}
		return g
	}
	line(jc, start, "reveal", "h2h5")                            // reveal costs no move; the cicada slides
	line(jc, start, "b0c2")                                      // 日
	line(jc, start, "b2b11")                                     // cannon takes horse (遁馬 follows)
	g := line(jc, start, "b2a2", "d9f9", "b0c3", "f9f4", "c3f4") // 目, then 目 onto a lone cicada
	if fen := g.Position().PublicFEN(); !strings.Contains(fen, "(Nj)") {
		t.Errorf("no stack after c3f4: %s", fen)
	}
	if _, err := rules.ParseMove(line(jc, start).Position(), "b0c3"); err == nil {
		t.Error("b0c3 is legal at the start, the guide says it needs b2 empty")
	}
	fh, err := reg.Build("xiangqi", []string{"fuhe"})
	if err != nil {
		t.Fatal(err)
	}
	fstart, err := rules.ApplySecrets(fh, "", [2]string{"a2=R i2=C", "a7=N i7=P"})
	if err != nil {
		t.Fatal(err)
	}
	line(fh, fstart, "a2a2")
	line(fh, fstart, "flip a2")
	line(fh, fstart, "翻a2")
}

// TestPlainIllegalMove: a plain message of the player to move that reads as a
// move but is not legal gets the reason; chat talk and everybody else's texts
// stay unanswered.
func TestPlainIllegalMove(t *testing.T) {
	h := newHarness(t)
	id := h.start("side=red")
	h.say("alice", "h2e2")
	h.say("bob", "h9g7")
	version := h.game(id).Version
	out := h.say("alice", "C8.5") // b2e2, but e2 holds alice's own cannon
	mustContain(t, out, "C8.5 is not allowed: e2 is occupied by your own cannon", "Possible moves: b2a2 (炮八平九)")
	if len(out) != 1 || out[0].Private {
		t.Errorf("want one public answer, got:\n%s", text(out))
	}
	mustContain(t, h.say("alice", "炮八平五"), "炮八平五 is not allowed")
	for _, c := range []struct{ user, text string }{
		{"alice", "good game"},  // chat talk
		{"alice", "b4"},         // not a move (a ParseError)
		{"alice", "hello C8.5"}, // not a move either
		{"bob", "h9h7"},         // not bob's turn
		{"carol", "C8.5"},       // a spectator
	} {
		if out := h.say(c.user, c.text); len(out) != 0 {
			t.Errorf("%s: %q answered: %s", c.user, c.text, text(out))
		}
	}
	if h.game(id).Version != version {
		t.Error("a refused move changed the game")
	}
	// Alice to move in two games: an illegal text is not about one game, so it
	// stays unanswered; a legal one in just one game is played there.
	out = h.say("alice", "/new xiangqi @carol side=red")
	id2 := gameIDIn(t, out)
	h.say("carol", "/accept "+id2)
	if out := h.say("alice", "a0a5"); len(out) != 0 {
		t.Errorf("an illegal move with two games to move in was answered: %s", text(out))
	}
	mustContain(t, h.say("alice", "e2e6"), "Game #"+id, "Last move: e2e6")
}

// TestSetupOneSide: a custom start that sets one side's secrets asks only the
// other side; one that sets both asks nobody, and a forced reveal at the start
// is announced when the game begins.
func TestSetupOneSide(t *testing.T) {
	needJinchan(t)
	t.Run("one side asked, answered", func(t *testing.T) {
		h := newHarness(t)
		id := gameIDIn(t, h.say("alice", "/new jinchan @bob side=red fen="+jcRedSet))
		out := h.say("bob", "/accept")
		mustContain(t, out, "First bob chooses a secret setup")
		var asked []string
		for _, s := range out {
			if s.Private {
				asked = append(asked, s.To)
			}
		}
		if fmt.Sprint(asked) != "[bob]" {
			t.Errorf("asked %v", asked)
		}
		mustContain(t, h.dm("alice", "/setup real e0"), "You have nothing to choose in game #"+id, "when bob has chosen")
		mustContain(t, h.dm("alice", "/setup"), "You have nothing to choose")
		out = h.dm("bob", "/setup real g11")
		mustContain(t, out, "Noted: game #"+id+" begins.", "Game #"+id+" begins: bob has chosen their secret setup.")
		if g := h.game(id); g.Status != storage.StatusActive || !strings.Contains(g.StartFEN, "d") {
			t.Errorf("after bob's answer: %s %q", g.Status, g.StartFEN)
		}
		mustContain(t, h.say("alice", "reveal"), "Red reveals its generals: the one on g0 is the real general")
	})
	t.Run("one side asked, defaulted", func(t *testing.T) {
		h := newHarness(t)
		id := gameIDIn(t, h.say("alice", "/new jinchan @bob side=red 10+5 fen="+jcRedSet))
		h.say("bob", "/accept")
		h.clock.Advance(6 * time.Minute)
		out := h.tick()
		mustContain(t, out, "I chose at random for bob.", "Game #"+id+" begins")
		if strings.Contains(text(out), "alice") && strings.Contains(text(out), "random for alice") {
			t.Errorf("alice was defaulted:\n%s", text(out))
		}
		if g := h.game(id); g.Status != storage.StatusActive || g.Secrets["red"] != "" || g.Secrets["black"] == "" {
			t.Errorf("after the timeout: %s %v", g.Status, g.Secrets)
		}
	})
	t.Run("nobody asked; a forced reveal at the start", func(t *testing.T) {
		h := newHarness(t)
		out := h.say("alice", "/new jinchan @bob side=red fen="+jcForced)
		id := gameIDIn(t, out)
		mustContain(t, out, "Start position: 5k5/11/3r7/11/11/11/4r6/11/11/11/11/4K1K4 w b - 0 1")
		out = h.say("bob", "/accept")
		mustContain(t, out, "Game #"+id+" begins: alice (Red) against bob (Black).",
			"Red has no move with its generals hidden, so they are revealed: the one on g0 is the real general; the one on e0 was the decoy and is now a guard (衛).")
		if strings.Contains(text(out), "secret setup") {
			t.Errorf("a setup was asked:\n%s", text(out))
		}
		if b := boardOf(t, out); !strings.Contains(b.Msg.Alt, "G . K") {
			t.Errorf("public board after the forced reveal:\n%s", b.Msg.Alt)
		}
		mustContain(t, h.say("alice", "g0g1"), "Last move: g0g1")
	})
	t.Run("a forced reveal after a move, in Chinese", func(t *testing.T) {
		h := newHarness(t)
		h.say("admin", "/settings language zh-Hant")
		fen := strings.Replace(jcForced, "4r6", "10r", 1)
		fen = strings.Replace(fen, " w ", " b ", 1)
		id := gameIDIn(t, h.say("alice", "/new jinchan @bob side=red fen="+fen))
		h.say("bob", "/accept "+id)
		mustContain(t, h.say("bob", "k5e5"), "紅方除了亮明無棋可走，被迫亮明：e0 衛、g0 帥")
	})
}

// twinScript plays one Jinchan game and one face-down game with the given
// secrets of alice (Red), which stay hidden until the end, and returns every
// public message and the log, with alice's private boards.
func twinScript(t *testing.T, jinchanSecret, fuheSecret string) (public []sent, private []sent, logs string) {
	t.Helper()
	return twinGame(t, func(h *harness) []func() []sent {
		return []func() []sent{
			func() []sent { return h.say("alice", "/new jinchan @bob side=red 10+5") },
			func() []sent { return h.say("bob", "/accept") },
			func() []sent { return h.dm("alice", "/setup "+jinchanSecret) },
			func() []sent { return h.dm("bob", "/setup real g11") },
			func() []sent { return h.say("alice", "b2a2") },
			func() []sent { return h.say("bob", "reveal") },
			func() []sent { return h.say("bob", "d9f9") },
			func() []sent { return h.say("alice", "b0c3") },
			func() []sent { return h.say("bob", "f9f4") },
			func() []sent { return h.say("alice", "e0e2") },    // illegal for either general: answered
			func() []sent { return h.say("alice", "reveal?") }, // chat talk
			func() []sent { return h.say("alice", "c3f4") },    // the stack (Nj)
			func() []sent { return h.say("alice", "/peek") },
			func() []sent { return h.say("bob", "e11f11") },
			func() []sent { return h.say("alice", "/m e0f0") },
			func() []sent { return h.say("carol", "/board") },
			func() []sent { return h.say("carol", "/export") },
			func() []sent { return h.say("alice", "/games") },
			func() []sent { return h.say("alice", "/new xiangqi fuhe @bob side=red") },
			func() []sent { return h.say("bob", "/accept 2") },
			func() []sent { return h.dm("alice", "/setup 2 "+fuheSecret) },
			func() []sent { return h.dm("bob", "/setup 2 a7=N i7=P") },
			func() []sent { return h.say("alice", "/m #2 flip a2") },
			func() []sent { return h.say("bob", "/m #2 i7i7") },
			func() []sent { return h.say("alice", "/m #2 i2i3") }, // face down: cannot move
			func() []sent { return h.say("alice", "/m #2 a2a6") },
			func() []sent { return h.say("carol", "/board 2") },
		}
	})
}

// TestHiddenTwinGames plays the same games twice with alice's secrets swapped:
// which general is real (she never reveals), and the kind of the face-down piece
// she never flips. Every public message, image, button and log line must be the
// same; her private boards must not.
func TestHiddenTwinGames(t *testing.T) {
	needJinchan(t)
	pubA, privA, logA := twinScript(t, "real g0", "a2=R i2=C")
	pubB, privB, logB := twinScript(t, "real e0", "a2=R i2=N")
	samePublic(t, pubA, pubB, logA, logB)
	all := text(pubA)
	for _, want := range []string{
		"Black reveals its generals: the one on g11 is the real general",
		"e0e2 is not allowed",
		"Last move: c3f4",
		"Red turns the piece on a2 face up: a chariot (車).",
		"Black turns the piece on i7 face up: a soldier (卒).",
		"i2i3 is not allowed",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the public messages lack %q", want)
		}
	}
	for _, s := range pubA {
		for _, secret := range []string{"decoy", "*R", "*C", "*N", "D", "(Nd)"} {
			if strings.Contains(s.Msg.Alt, secret) || strings.Contains(s.Msg.Text, "decoy general") {
				t.Errorf("a public message shows %q:\n%s\n%s", secret, s.Msg.Text, s.Msg.Alt)
			}
		}
	}
	if len(privA) == 0 || len(privA) != len(privB) {
		t.Fatalf("alice got %d and %d private messages", len(privA), len(privB))
	}
	differ := 0
	for i := range privA {
		if privA[i].Msg.Alt != privB[i].Msg.Alt {
			differ++
		}
		if len(privA[i].Msg.Image) > 0 && !bytes.Equal(privA[i].Msg.Image, privB[i].Msg.Image) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("alice's private boards do not show her secrets")
	}
}

// TestDisclosure: at the end the secrets left are told to everybody.
func TestDisclosure(t *testing.T) {
	needJinchan(t)
	h := newHarness(t)
	h.say("alice", "/new jinchan @bob side=red")
	h.say("bob", "/accept")
	h.dm("alice", "/setup real e0")
	h.dm("bob", "/setup real g11")
	h.say("alice", "reveal")
	out := h.say("bob", "/resign yes")
	mustContain(t, out, "bob resigned", "the general on e11 is a decoy general")
	if strings.Contains(text(out), "e0 is") {
		t.Errorf("revealed generals disclosed again:\n%s", text(out))
	}
}
