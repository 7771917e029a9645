package bot

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// TestJieqiGame plays the start of a jieqi game through the service: the
// shuffle is dealt when the game is created and kept only in the stored game;
// reveals are announced; a capture of a face-down piece is announced without
// its identity, which only the capturer gets, privately; nothing public or
// logged holds the shuffle; the end of the game discloses everything.
func TestJieqiGame(t *testing.T) {
	var logs bytes.Buffer
	h := newHarness(t)
	h.svc.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	var out []sent
	out = append(out, h.say("alice", "/new jieqi @bob side=red")...)
	id := gameIDIn(t, out)
	out = append(out, h.say("bob", "/accept "+id)...)
	rec := h.game(id)
	v, _ := defaultRegistry().Get("jieqi")
	if rec.StartFEN == "" || rec.StartFEN == variants.JieqiStart {
		t.Fatalf("no shuffle stored: %q", rec.StartFEN)
	}
	start, err := rules.NewPosition(v, rec.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := rules.NewPosition(v, variants.JieqiStart)
	if start.PublicFEN() != plain.PublicFEN() {
		t.Fatalf("the dealt start looks different: %s", start.PublicFEN())
	}
	kindAt := func(sq string) rules.Kind {
		s, _ := v.Board.Parse(sq)
		return v.Kinds[start.At(s).Kind()]
	}
	out = append(out, h.say("alice", "h2e2")...)
	mustContain(t, out, "Red's face-down piece from h2 turns up on e2: "+withArticle(kindAt("h2").Name))
	out = append(out, h.say("bob", "a9a8")...)
	mustContain(t, out, "Black's face-down piece from a9 turns up on a8: "+withArticle(kindAt("a9").Name))
	capture := h.say("alice", "b2b9")
	out = append(out, capture...)
	mustContain(t, capture, "Red captures a face-down piece on b9; it is taken away unseen.")
	told := "b2b9: the face-down piece Red captured on b9 was " + withArticle(kindAt("b9").Name) + " (" + kindAt("b9").Glyph[1] + ")."
	var dms []sent
	for _, s := range capture {
		if s.Private {
			dms = append(dms, s)
		}
	}
	if len(dms) != 1 || dms[0].To != "alice" || !strings.Contains(dms[0].Msg.Text, "Game #"+id+", for you alone:\n"+told) {
		t.Errorf("the capturer's private message: %+v", dms)
	}
	mustContain(t, dms, "Red's pool of pieces not yet seen, as Red knows it: R")
	board, _, _ := strings.Cut(rec.StartFEN, " ")
	for _, s := range out {
		if s.Private {
			if s.Msg.Text != dms[0].Msg.Text {
				t.Errorf("a private message other than the capturer's: %+v", s.Msg.Text)
			}
			continue
		}
		for _, line := range strings.Split(s.Msg.Text, "\n") {
			if strings.Contains(line, "b9") && strings.Contains(line, "captures") &&
				(strings.Contains(line, kindAt("b9").Name) || strings.Contains(line, kindAt("b9").Glyph[1])) {
				t.Errorf("the captured identity is public: %s", line)
			}
		}
		if strings.Contains(s.Msg.Text, board) || strings.Contains(s.Msg.Alt, board) {
			t.Errorf("the shuffle is in a message: %s", s.Msg.Text)
		}
	}
	if strings.Contains(logs.String(), board) || strings.Contains(logs.String(), "*") && strings.Contains(logs.String(), "*P") {
		t.Errorf("the shuffle is in the log:\n%s", logs.String())
	}
	end := h.say("alice", "/resign yes")
	mustContain(t, end, told, "Red: the face-down piece on a0 is a "+kindAt("a0").Name)
	if strings.Contains(text(end), "pool") {
		t.Errorf("the end repeats a private pool:\n%s", text(end))
	}
	export := h.say("carol", "/export "+id)
	if all := text(export); strings.Contains(all, board) || strings.Contains(all, "*P") || strings.Contains(all, "*p") {
		t.Errorf("the export shows the shuffle:\n%s", all)
	}
}

// withArticle is "a soldier", "an advisor".
func withArticle(name string) string {
	if strings.ContainsAny(name[:1], "aeiou") {
		return "an " + name
	}
	return "a " + name
}

// TestJieqiOptionsInChat: `/new jieqi captured=public move-limit=80` takes both
// options; the capture names the piece to everybody and nobody gets a DM.
func TestJieqiOptionsInChat(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new jieqi captured=public move-limit=80 @bob side=red")
	id := gameIDIn(t, out)
	if rec := h.game(id); strings.Join(rec.Options, ",") != "captured captured=public,move-limit move-limit=80" {
		t.Fatalf("options %q", rec.Options)
	}
	h.say("bob", "/accept "+id)
	h.say("alice", "h2e2")
	h.say("bob", "a9a8")
	capture := h.say("alice", "b2b9")
	mustContain(t, capture, "Red captures a face-down piece on b9: it was ")
	for _, s := range capture {
		if s.Private {
			t.Errorf("a private message with captured=public: %s", s.Msg.Text)
		}
	}
	mustContain(t, h.say("alice", "/new jieqi captured=owner @bob"), "capturer, none or public")
}

// TestJieqiPool: the caption shows the public pool; /pool sends a player
// privately his own pool with the captures he identified and his FEN; the
// owner of the captured piece learns nothing more; pool=hide shows no pool.
func TestJieqiPool(t *testing.T) {
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new jieqi @bob side=red"))
	out := h.say("bob", "/accept "+id)
	mustContain(t, out, "Not yet seen: 仕2 相2 馬2 車2 炮2 兵5 / 士2 象2 馬2 車2 砲2 卒5")
	v, _ := defaultRegistry().Get("jieqi")
	start, err := rules.NewPosition(v, h.game(id).StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	b9, _ := v.Board.Parse("b9")
	k := v.Kinds[start.At(b9).Kind()]
	h.say("alice", "h2e2")
	h.say("bob", "a9a8")
	h.say("alice", "b2b9")
	mine := h.say("alice", "/pool")
	if len(mine) != 1 || !mine[0].Private || mine[0].To != "alice" {
		t.Fatalf("/pool: %+v", mine)
	}
	mustContain(t, mine, "Game #"+id+", your pool (Red)", "the face-down piece Red captured on b9 was "+withArticle(k.Name),
		"Your FEN: ")
	theirs := h.say("bob", "/pool")
	if len(theirs) != 1 || !theirs[0].Private || strings.Contains(text(theirs), "b9 was") {
		t.Fatalf("bob's /pool: %+v", theirs)
	}
	hide := newHarness(t)
	id = gameIDIn(t, hide.say("alice", "/new jieqi pool=hide @bob side=red"))
	if out := hide.say("bob", "/accept "+id); strings.Contains(text(out), "Not yet seen") {
		t.Errorf("pool=hide shows a pool:\n%s", text(out))
	}
	mustContain(t, hide.say("alice", "/pool"), "shows no pools")
}

// TestJieqiCapturedNoneEnd: with captured=none nobody is told what a captured
// face-down piece was until the game ends; then the end names it with the
// move that took it (jieqi.md §7.5).
func TestJieqiCapturedNoneEnd(t *testing.T) {
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new jieqi captured=none @bob side=red"))
	h.say("bob", "/accept "+id)
	v, _ := defaultRegistry().Get("jieqi")
	start, err := rules.NewPosition(v, h.game(id).StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	b9, _ := v.Board.Parse("b9")
	k := v.Kinds[start.At(b9).Kind()]
	h.say("alice", "h2e2")
	h.say("bob", "a9a8")
	capture := h.say("alice", "b2b9")
	for _, s := range capture {
		if s.Private || strings.Contains(s.Msg.Text, "b9 was") {
			t.Errorf("captured=none tells: %+v", s.Msg.Text)
		}
	}
	end := h.say("bob", "/resign yes")
	mustContain(t, end, "b2b9: the face-down piece captured on b9 was "+withArticle(k.Name)+" ("+k.Glyph[rules.Black]+").")
}
