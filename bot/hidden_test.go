package bot

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// spyqi is xiangqi with a spy: a Red soldier that only Red knows is a spy. It is
// the smallest variant with a secret, to test that secrets stay private.
func spyqi() *rules.Variant {
	v := variants.Xiangqi().Clone("spyqi")
	v.Name, v.NameZh, v.Summary = "Spyqi", "間諜棋", "Xiangqi where one Red soldier is secretly a spy."
	soldier := v.Kinds[variants.Soldier]
	spy := soldier
	spy.Letter, spy.Name, spy.PublicAs = 'S', "spy", 'P'
	v.Kinds = append(v.Kinds, spy)
	v.StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1S1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	return v
}

func spyRegistry(t testing.TB) *variants.Registry {
	r, err := variants.NewRegistry([]variants.Builder{variants.Xiangqi, spyqi}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestHiddenInformation(t *testing.T) {
	var logs bytes.Buffer
	h := newHarness(t, withRegistry(spyRegistry(t)), withRenderer(NewRenderer(render.Options{Width: 360})))
	h.svc.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h.svc.AddPlatform(linkingPlatform{h.plat})
	h.plat.noDM["alice"] = true

	out := h.say("alice", "/new spyqi @bob side=red")
	id := gameIDIn(t, out)
	out = h.say("bob", "/accept")
	public := boardOf(t, out)
	t.Run("the public board shows the spy as a soldier", func(t *testing.T) {
		if strings.Contains(public.Msg.Alt, "S") || !strings.Contains(public.Msg.Alt, "3  P . P . P . P . P") {
			t.Errorf("public text board:\n%s", public.Msg.Alt)
		}
	})
	t.Run("a player who cannot be reached privately gets a hint with a deep link", func(t *testing.T) {
		var hint *sent
		for i := range out {
			if strings.Contains(out[i].Msg.Text, "alice, I cannot send you your own board of game #1") {
				hint = &out[i]
			}
			if out[i].Private {
				t.Errorf("a private message went out: %+v", out[i])
			}
		}
		if hint == nil {
			t.Fatalf("no hint in:\n%s", text(out))
		}
		if u := hint.Msg.Buttons[0][0].URL; u != "https://t.me/ChuheBot?start=g_"+id {
			t.Errorf("deep link %q", u)
		}
	})
	t.Run("/start g_ID in the private chat delivers the board", func(t *testing.T) {
		h.plat.noDM["alice"] = false
		out := h.dm("alice", "/start g_"+id)
		if len(out) != 1 || !out[0].Private || !strings.Contains(out[0].Msg.Alt, "3  P . P . S . P . P") {
			t.Fatalf("private board:\n%s", text(out))
		}
		mustContain(t, out, "Your board in game #1 (you play Red)")
		if len(out[0].Msg.Image) == 0 {
			t.Error("no private image")
		}
		mustContain(t, h.dm("bob", "/start g_"+id), "Your board in game #1 (you play Black)")
		mustContain(t, h.dm("carol", "/start g_"+id), "Game #1 is played in another chat")
	})
	t.Run("My pieces works for players and only for them", func(t *testing.T) {
		out := h.press("alice", "peek:"+id)
		if len(out) != 1 || !out[0].Private || out[0].To != "alice" || !strings.Contains(out[0].Msg.Alt, "S") {
			t.Fatalf("peek:\n%+v", out)
		}
		mustContain(t, h.press("carol", "peek:"+id), "Only the players of game #1")
		out = h.say("bob", "/peek")
		if len(out) != 1 || !out[0].Private || strings.Contains(out[0].Msg.Alt, "S") {
			t.Fatalf("bob's peek shows the spy or is public:\n%+v", out)
		}
	})
	t.Run("after a move the owner gets the private board, the public only the public one", func(t *testing.T) {
		out := h.say("alice", "e3e4") // the spy steps forward
		for _, s := range out {
			if !s.Private && (strings.Contains(s.Msg.Alt, "S") || strings.Contains(s.Msg.Text, "spy")) {
				t.Errorf("public message shows the spy:\n%s", s.Msg.Alt)
			}
		}
		var private int
		for _, s := range out {
			if s.Private && s.To == "alice" && strings.Contains(s.Msg.Alt, "S") {
				private++
			}
		}
		if private != 1 {
			t.Errorf("alice got %d private boards", private)
		}
		mustContain(t, h.say("carol", "/export #"+id), "1. e3e4")
		if exp := text(h.say("carol", "/export #"+id)); strings.Contains(exp, "4S4") || !strings.Contains(exp, "4P4") {
			t.Errorf("the export names the spy:\n%s", exp)
		}
	})
	t.Run("button data and logs hold no secret", func(t *testing.T) {
		for _, s := range h.plat.since(0) {
			for _, row := range s.Msg.Buttons {
				for _, b := range row {
					if strings.ContainsAny(b.Data, "S") {
						t.Errorf("button data %q", b.Data)
					}
				}
			}
		}
		if l := logs.String(); strings.Contains(l, "P1P1S1P1P") || strings.Contains(l, "4S4") || l == "" {
			t.Errorf("logs show the secret:\n%s", logs.String())
		}
		g := h.game(id)
		if g.Status != storage.StatusActive {
			t.Errorf("status %s", g.Status)
		}
	})
}

// TestHiddenTwins: two games that differ only in a hidden identity give
// byte-identical public images and text boards.
func TestHiddenTwins(t *testing.T) {
	h := newHarness(t, withRegistry(spyRegistry(t)), withRenderer(NewRenderer(render.Options{Width: 360})))
	spy := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1S1P1P/1C5C1/9/RNBAKABNR w"
	plain := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
	var boards []sent
	for _, fen := range []string{spy, plain} {
		out := h.say("alice", "/new spyqi @bob side=red fen="+fen)
		id := gameIDIn(t, out)
		h.say("bob", "/accept "+id)
		boards = append(boards, boardOf(t, h.say("alice", "/m #"+id+" e3e4")))
	}
	a, b := boards[0].Msg, boards[1].Msg
	if !bytes.Equal(a.Image, b.Image) || len(a.Image) == 0 {
		t.Error("public images differ (or are missing)")
	}
	if a.Alt != b.Alt {
		t.Errorf("public text boards differ:\n%s\n%s", a.Alt, b.Alt)
	}
	if strings.ReplaceAll(a.Text, "#1", "#N") != strings.ReplaceAll(b.Text, "#2", "#N") {
		t.Errorf("captions differ:\n%s\n%s", a.Text, b.Text)
	}
}

// TestPrivateHintOncePerGame: a player who cannot be reached privately gets the
// public hint once per game, not after every move; and when it comes depends on
// no secret: the same moves with and without the spy moving give the same public
// messages (issue 13).
func TestPrivateHintOncePerGame(t *testing.T) {
	publicTexts := func(moves []string) []string {
		h := newHarness(t, withRegistry(spyRegistry(t)))
		h.svc.AddPlatform(linkingPlatform{h.plat})
		h.plat.noDM["alice"] = true
		id := gameIDIn(t, h.say("alice", "/new spyqi @bob side=red"))
		var public []string
		hints := 0
		record := func(out []sent) {
			for _, s := range out {
				if s.Private {
					t.Errorf("a private message reached alice, who cannot be reached: %+v", s)
				}
				if strings.Contains(s.Msg.Text, "I cannot send you your own board") {
					hints++
				}
				public = append(public, strings.ReplaceAll(s.Msg.Text, "\n", " | "))
			}
		}
		record(h.say("bob", "/accept "+id))
		for i, m := range moves {
			who := "alice"
			if i%2 == 1 {
				who = "bob"
			}
			record(h.say(who, m))
		}
		if hints != 1 {
			t.Errorf("%d hints for alice in one game, want 1", hints)
		}
		if g := h.game(id); len(g.Moves) != len(moves) {
			t.Fatalf("%d moves played, want %d", len(g.Moves), len(moves))
		}
		// Reached again (she opened the private chat), then blocked: the hint
		// comes back, once.
		h.plat.noDM["alice"] = false
		h.dm("alice", "/start g_"+id)
		h.plat.noDM["alice"] = true
		again := 0
		for _, m := range []string{"h0g2", "a9a8", "h2h1"} {
			who := "alice"
			if len(h.game(id).Moves)%2 == 1 {
				who = "bob"
			}
			for _, s := range h.say(who, m) {
				if strings.Contains(s.Msg.Text, "I cannot send you your own board") {
					again++
				}
			}
		}
		if again != 1 {
			t.Errorf("%d hints after alice blocked the bot again, want 1", again)
		}
		return public
	}
	// e3e4 moves the spy (e3 is the spy's square), c3c4 an ordinary soldier.
	spyMoves := publicTexts([]string{"e3e4", "h9g7", "e4e5", "b9c7"})
	plainMoves := publicTexts([]string{"c3c4", "h9g7", "c4c5", "b9c7"})
	if len(spyMoves) != len(plainMoves) {
		t.Fatalf("the spy's moves change how many public messages come: %d vs %d", len(spyMoves), len(plainMoves))
	}
	for i := range spyMoves {
		a := strings.NewReplacer("e3e4", "X", "e4e5", "Y", "兵五進一", "Z").Replace(spyMoves[i])
		b := strings.NewReplacer("c3c4", "X", "c4c5", "Y", "兵七進一", "Z").Replace(plainMoves[i])
		if a != b {
			t.Errorf("public message %d differs:\n%s\n%s", i, a, b)
		}
	}
}
