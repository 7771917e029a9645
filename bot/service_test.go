package bot

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

func TestChallenge(t *testing.T) {
	t.Run("directed challenge is accepted by the invited player only", func(t *testing.T) {
		h := newHarness(t)
		out := h.say("alice", "/new xiangqi @bob side=red")
		mustContain(t, out, "alice (Red)", "game #1", "bob: press Accept")
		id := gameIDIn(t, out)
		mustContain(t, h.say("carol", "/accept "+id), "Challenge #1 is for bob")
		mustContain(t, h.say("alice", "/accept "+id), "your own")
		out = h.press("bob", "accept:"+id)
		mustContain(t, out, "Game #1 begins: alice (Red) against bob (Black)", "Red to move: alice")
		g := h.game(id)
		if g.Players[1].UserID != "bob" || g.Status != storage.StatusActive {
			t.Errorf("after accept: %+v", g.Players)
		}
	})
	t.Run("open challenge is accepted by anyone but its maker", func(t *testing.T) {
		h := newHarness(t)
		out := h.say("alice", "/new xiangqi side=black 10+5")
		mustContain(t, out, "alice (Black)", "Anyone may accept", "live 10+5")
		mustContain(t, h.say("carol", "/accept"), "Game #1 begins: carol (Red) against alice (Black)")
	})
	t.Run("declined and cancelled challenges end without a game", func(t *testing.T) {
		h := newHarness(t)
		h.say("alice", "/new xiangqi @bob")
		mustContain(t, h.say("carol", "/decline 1"), "is for bob")
		mustContain(t, h.say("bob", "/decline"), "bob declined challenge #1 from alice")
		h.say("alice", "/new xiangqi")
		mustContain(t, h.say("bob", "/cancel 2"), "Only the challenger")
		mustContain(t, h.say("alice", "/cancel"), "Challenge #2 withdrawn")
		for _, id := range []string{"1", "2"} {
			if g := h.game(id); g.Status != storage.StatusAborted {
				t.Errorf("game %s is %s", id, g.Status)
			}
		}
	})
	t.Run("bad arguments say what works", func(t *testing.T) {
		h := newHarness(t)
		mustContain(t, h.say("alice", "/new chess"), "I don't know the variant “chess”", "xiangqi")
		mustContain(t, h.say("alice", "/new xiangqi 500"), "not a time control", "1 to 180 minutes")
		mustContain(t, h.say("alice", "/new xiangqi 30d"), "not a time control", "1d to 14d")
		mustContain(t, h.say("alice", "/new xiangqi @alice"), "cannot challenge yourself")
		mustContain(t, h.say("alice", "/new xiangqi side=green"), "side=red")
		mustContain(t, h.say("alice", "/new xiangqi fen=xyz"), "cannot start from that FEN")
		mustContain(t, h.dm("alice", "/new xiangqi"), "group chats")
	})
	t.Run("a game can start from a FEN", func(t *testing.T) {
		h := newHarness(t)
		out := h.say("alice", "/new xiangqi @bob fen=3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1")
		mustContain(t, out, "Start position: 3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1")
	})
}

func TestMove(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	t.Run("a legal move is played and the board posted", func(t *testing.T) {
		out := h.say("alice", "/m h2e2")
		b := boardOf(t, out)
		if !strings.Contains(b.Msg.Text, "Last move: h2e2 (炮二平五)") || !strings.Contains(b.Msg.Text, "Black to move: bob") {
			t.Errorf("caption:\n%s", b.Msg.Text)
		}
		if !strings.Contains(b.Msg.Alt, "2  . C . . C . . . .") {
			t.Errorf("text board:\n%s", b.Msg.Alt)
		}
		if g := h.game(id); len(g.Moves) != 1 || g.Moves[0].Text != "h2e2" {
			t.Errorf("stored moves %+v", g.Moves)
		}
	})
	t.Run("a move out of turn changes nothing", func(t *testing.T) {
		v := h.game(id).Version
		mustContain(t, h.say("alice", "/m e2e6"), "not your turn in game #1: bob (Black) is to move", "Nothing was changed")
		if h.game(id).Version != v {
			t.Error("the game changed")
		}
	})
	t.Run("an illegal move says why and what that piece can do", func(t *testing.T) {
		v := h.game(id).Version
		mustContain(t, h.say("bob", "/m h9h7"), "h9h7 is not allowed", "Possible moves", "h9g7")
		if h.game(id).Version != v {
			t.Error("the game changed")
		}
	})
	t.Run("an unreadable move says what to type", func(t *testing.T) {
		mustContain(t, h.say("bob", "/m hello"), "cannot read “hello”", "h2e2", "Moves you could play now")
		mustContain(t, h.say("bob", "/m"), "Write the move after /m")
	})
	t.Run("a non-player is told so", func(t *testing.T) {
		mustContain(t, h.say("carol", "/m #1 h9g7"), "not playing in game #1", "/board #1")
	})
	t.Run("plain messages: a legal move is taken, an illegal one explained, chat talk ignored", func(t *testing.T) {
		if out := h.say("bob", "nice opening"); len(out) != 0 {
			t.Errorf("chat talk answered: %s", text(out))
		}
		if out := h.say("carol", "h9g7"); len(out) != 0 {
			t.Errorf("a spectator's move text answered: %s", text(out))
		}
		// The player to move wrote a move that is not legal: say why (TestPlainIllegalMove).
		mustContain(t, h.say("bob", "h9h7"), "h9h7 is not allowed: a horse does not move like that", "h9g7 (馬8進7)")
		out := h.say("bob", "h9g7")
		mustContain(t, out, "Last move: h9g7")
	})
	t.Run("WXF and Chinese notation", func(t *testing.T) {
		mustContain(t, h.say("alice", "/m H2+3"), "Last move: h0g2")
		mustContain(t, h.say("bob", "/走 車9平8"), "Last move: i9h9")
	})
	t.Run("a move in a private chat says where to play", func(t *testing.T) {
		mustContain(t, h.dm("alice", "/m a0a1"), "group chat where the game is played (#1)")
		mustContain(t, h.dm("carol", "h2e2"), "Games are played in group chats")
	})
}

func TestRouting(t *testing.T) {
	h := newHarness(t)
	g1 := h.start("")
	out := h.say("alice", "/new xiangqi @carol side=red")
	g2 := gameIDIn(t, out)
	board2 := boardOf(t, h.say("carol", "/accept "+g2))
	t.Run("two games to move in: the reply says how to choose", func(t *testing.T) {
		mustContain(t, h.say("alice", "/m h2e2"), "several games here: #1 #2", "reply to its board", "#1")
		if out := h.say("alice", "a0a1"); len(out) == 0 {
			t.Error("a plain move legal in both games got no answer")
		} else {
			mustContain(t, out, "several games")
		}
	})
	t.Run("#ID chooses", func(t *testing.T) {
		mustContain(t, h.say("alice", "/m #"+g1+" h2e2"), "Game #1", "Last move: h2e2")
	})
	t.Run("the only game where the sender is to move is chosen", func(t *testing.T) {
		mustContain(t, h.say("alice", "/m b2e2"), "Game #2", "Last move: b2e2")
	})
	t.Run("a reply to a board goes to that game", func(t *testing.T) {
		mustContain(t, h.reply("carol", board2.Ref, "h9g7"), "Game #2", "Last move: h9g7")
	})
	t.Run("someone without a game here is told how to start", func(t *testing.T) {
		mustContain(t, h.say("dave", "/m h2e2"), "no game in this chat", "/new")
	})
}

func TestDrawTakebackResign(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	h.say("alice", "h2e2")
	h.say("bob", "h9g7")
	t.Run("draw offered and declined", func(t *testing.T) {
		out := h.say("alice", "/draw")
		mustContain(t, out, "alice (Red) offers a draw in game #1")
		if got := out[0].Msg.Buttons[0][1].Data; got != "draw:yes:1" && got != "draw:no:1" {
			t.Errorf("button data %q", got)
		}
		mustContain(t, h.say("carol", "/draw #1"), "not playing in game #1")
		mustContain(t, h.say("alice", "/draw"), "waiting for bob")
		mustContain(t, h.press("bob", "draw:no:1"), "bob declined the draw offer")
		if g := h.game(id); g.DrawOffer != storage.NoSide || g.Status != storage.StatusActive {
			t.Errorf("after decline: offer %d status %s", g.DrawOffer, g.Status)
		}
	})
	t.Run("a draw offer lapses when the other side moves instead", func(t *testing.T) {
		h.say("bob", "/draw")
		h.say("alice", "h0g2")
		if g := h.game(id); g.DrawOffer != storage.NoSide {
			t.Errorf("offer still stands after alice moved")
		}
		mustContain(t, h.say("alice", "/draw yes"), "no draw offer")
	})
	t.Run("takeback asked and allowed", func(t *testing.T) {
		// Black to move; bob asks to take back his last move h9g7 (and alice's reply).
		mustContain(t, h.say("bob", "/takeback"), "bob asks to take back")
		mustContain(t, h.say("alice", "/takeback"), "2 moves taken back", "Black to move: bob", "Last move: h2e2")
		g := h.game(id)
		if len(g.Moves) != 1 || g.TakebackRequest != storage.NoSide {
			t.Errorf("after takeback: %d moves, request %d", len(g.Moves), g.TakebackRequest)
		}
		mustContain(t, h.say("bob", "h9g7"), "Last move: h9g7")
	})
	t.Run("takeback refused", func(t *testing.T) {
		h.say("alice", "/takeback")
		mustContain(t, h.press("bob", "takeback:no:1"), "bob refused the takeback")
		if len(h.game(id).Moves) != 2 {
			t.Error("moves changed")
		}
	})
	t.Run("resign asks first, then ends the game", func(t *testing.T) {
		out := h.say("bob", "/resign")
		mustContain(t, out, "Resign game #1 against alice?")
		if h.game(id).Status != storage.StatusActive {
			t.Fatal("resigned without confirmation")
		}
		mustContain(t, h.press("bob", "resign:no:1"), "goes on")
		mustContain(t, h.press("bob", "resign:yes:1"), "no longer open", "/resign #1")
		h.say("bob", "/resign")
		mustContain(t, h.press("bob", "resign:yes:1"), "bob resigned game #1", "alice (Red) wins by resignation · 1-0")
		g := h.game(id)
		if g.Status != storage.StatusFinished || g.Result != "1-0" || g.Reason != "resignation" {
			t.Errorf("after resign: %s %s %s", g.Status, g.Result, g.Reason)
		}
		mustContain(t, h.say("alice", "/m #1 a0a1"), "Game #1 is over")
	})
}

func TestCheckmate(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new xiangqi @bob fen=3k5/9/R8/9/9/9/9/9/9/4K4 w")
	id := gameIDIn(t, out)
	h.say("bob", "/accept")
	out = h.say("alice", "a7d7")
	mustContain(t, out, "alice (Red) wins by checkmate · 1-0")
	if g := h.game(id); g.Status != storage.StatusFinished || g.Reason != "checkmate" {
		t.Errorf("game %s %s", g.Status, g.Reason)
	}
	mustContain(t, h.say("alice", "/export"), `[Result "1-0"]`, `[FEN "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1"]`, "1. a7d7 1-0")
}

func TestAbort(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	h.say("alice", "h2e2")
	mustContain(t, h.say("bob", "/abort"), "no game here you may abort")
	mustContain(t, h.say("bob", "/abort #1"), "Only a chat admin")
	// A game with moves is aborted after a confirmation, which only the asker can give.
	mustContain(t, h.say("admin", "/abort #1"), "Abort game #1? Its 1 move ends without a result.")
	if g := h.game(id); g.Status != storage.StatusActive {
		t.Fatalf("aborted before the confirmation: %s", g.Status)
	}
	if out := h.press("alice", "abort:yes:1"); len(out) != 1 || !out[0].Notice || !strings.Contains(out[0].Msg.Text, "is for admin") {
		t.Errorf("alice pressing the admin's button: %s", describe(out))
	}
	mustContain(t, h.press("admin", "abort:yes:1"), "Game #1 was aborted by admin")
	if g := h.game(id); g.Status != storage.StatusAborted {
		t.Errorf("status %s", g.Status)
	}
}

func TestClockCorrespondence(t *testing.T) {
	h := newHarness(t)
	id := h.start("1d")
	h.say("alice", "h2e2") // bob has until epoch+1d
	t.Run("no reminder while the deadline is far", func(t *testing.T) {
		h.clock.Advance(11 * time.Hour)
		if out := h.tick(); len(out) != 0 {
			t.Errorf("early reminder: %s", text(out))
		}
	})
	t.Run("one reminder half a day before", func(t *testing.T) {
		h.clock.Advance(90 * time.Minute) // 12h30 into the day
		mustContain(t, h.tick(), "bob, it is your move in game #1 against alice: 11h 30m left")
		h.clock.Advance(6 * time.Hour)
		if out := h.tick(); len(out) != 0 {
			t.Errorf("second reminder within 12h: %s", text(out))
		}
	})
	t.Run("out of time loses, announced", func(t *testing.T) {
		h.clock.Advance(6 * time.Hour) // past the deadline
		out := h.tick()
		mustContain(t, out, "Game #1: bob (Black) ran out of time", "alice (Red) wins by time")
		g := h.game(id)
		if g.Status != storage.StatusFinished || g.Result != "1-0" || g.Reason != "timeout" {
			t.Errorf("after timeout: %s %s %s", g.Status, g.Result, g.Reason)
		}
		if out := h.tick(); len(out) != 0 {
			t.Errorf("announced twice: %s", text(out))
		}
	})
}

func TestClockLive(t *testing.T) {
	h := newHarness(t)
	id := h.start("1+2")
	h.clock.Advance(20 * time.Second)
	h.say("alice", "h2e2")
	g := h.game(id)
	if g.Clock.RemainingRed != 42*time.Second {
		t.Errorf("red has %s, want 60-20+2 = 42s", g.Clock.RemainingRed)
	}
	mustContain(t, h.say("alice", "/board"), "Red: alice 0:42 · Black: bob 1:00")
	h.clock.Advance(61 * time.Second)
	mustContain(t, h.say("bob", "h9g7"), "Too late", "alice (Red) wins by time")
	if g := h.game(id); g.Status != storage.StatusFinished || len(g.Moves) != 1 {
		t.Errorf("late move: %s with %d moves", g.Status, len(g.Moves))
	}
}

func TestChallengeLapses(t *testing.T) {
	h := newHarness(t)
	h.say("alice", "/new xiangqi")
	h.clock.Advance(challengeTTL + time.Minute)
	mustContain(t, h.tick(), "Challenge #1 lapsed")
	if g := h.game("1"); g.Status != storage.StatusAborted {
		t.Errorf("status %s", g.Status)
	}
}

func TestRestart(t *testing.T) {
	h := newHarness(t)
	id := h.start("2d")
	h.say("alice", "h2e2")
	h.say("bob", "h9g7")
	h.say("bob", "/draw")
	h.restart()
	t.Run("the game goes on where it was", func(t *testing.T) {
		mustContain(t, h.say("alice", "/board"), "Last move: h9g7", "Red to move: alice", "Draw offered by bob")
		mustContain(t, h.say("alice", "h0g2"), "Last move: h0g2")
		if g := h.game(id); len(g.Moves) != 3 {
			t.Errorf("%d moves", len(g.Moves))
		}
	})
	t.Run("the clock survived: the deadline is acted on after a restart", func(t *testing.T) {
		h.restart()
		h.clock.Advance(49 * time.Hour)
		mustContain(t, h.tick(), "bob (Black) ran out of time")
	})
}

// racingStore lets another write land between the service's read and its write.
type racingStore struct {
	storage.Store
	once   sync.Once
	before func()
}

func (s *racingStore) ChangeGame(ctx context.Context, c storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	s.once.Do(s.before)
	return s.Store.ChangeGame(ctx, c)
}

func TestRaceConflict(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	rs := &racingStore{Store: h.store}
	rs.before = func() {
		// Another process (or a bug) plays Red's move first.
		g := h.game(id)
		if _, err := h.store.AppendMove(context.Background(), id, g.Version,
			storage.MoveRecord{Text: "b2e2", At: h.clock.Now(), Side: 0}, nil); err != nil {
			t.Fatal(err)
		}
	}
	svc, err := New(Config{Store: rs, Variants: h.reg, Clock: h.clock, Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	h.svc = svc
	out := h.say("alice", "h2e2")
	mustContain(t, out, "Game #1 changed meanwhile", "nothing of yours was done", "now bob's turn (Black)")
	g := h.game(id)
	if len(g.Moves) != 1 || g.Moves[0].Text != "b2e2" {
		t.Errorf("moves %+v", g.Moves)
	}
	// The service recovers: the next move is checked against the stored game.
	mustContain(t, h.say("bob", "h9g7"), "Last move: h9g7")
}

func TestConcurrentMoves(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	var wg sync.WaitGroup
	for _, mv := range []string{"h2e2", "b2e2", "h0g2", "b0c2"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.say("alice", "/m "+mv)
		}()
	}
	wg.Wait()
	if g := h.game(id); len(g.Moves) != 1 {
		t.Errorf("%d moves landed, want exactly 1", len(g.Moves))
	}
}

func TestReplies(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("alice", "/frobnicate"), "don't know the command /frobnicate", "/new", "/help")
	mustContain(t, h.say("alice", "/"+strings.Repeat("x", 1200)), "too long")
	if out := h.say("alice", strings.Repeat("chat ", 300)); len(out) != 0 {
		t.Errorf("a long chat message was answered")
	}
	mustContain(t, h.say("alice", "/help"), "/new", "/move", "/takeback", "/settings")
	mustContain(t, h.say("alice", "/help m"), "/move", "/m h2e2", "炮二平五")
	mustContain(t, h.say("alice", "/rules xiangqi"), "Xiangqi", "coordinates h2e2 (from h2 to e2)", "WXF C2.5", "Chinese 炮二平五", "/new xiangqi")
	mustContain(t, h.say("alice", "/variants"), "xiangqi")
	mustContain(t, h.say("alice", "/board"), "No game is being played here")
	mustContain(t, h.say("alice", "/board #9"), "no game #9")
	mustContain(t, h.press("alice", "bogus"), "no longer works")
	mustContain(t, h.say("alice", "/move@ChuheBot"), "Write the move")
	if out := h.say("alice", "/move@OtherBot h2e2"); len(out) != 0 {
		t.Errorf("answered another bot's command")
	}
}

func TestLanguages(t *testing.T) {
	h := newHarness(t)
	h.admins["bob"] = true
	mustContain(t, h.say("bob", "/settings language zh-Hans"), "已保存", "语言 zh-Hans")
	mustContain(t, h.say("bob", "/新局 象棋 @alice"), "发起象棋对局 #1")
	mustContain(t, h.say("alice", "/接受"), "对局 #1 开始")
	id := "1"
	red := h.game(id).Players[0].UserID
	mustContain(t, h.say(red, "/走 炮二平五"), "上一步：h2e2 (炮二平五)", "轮到黑方")
	mustContain(t, h.say(red, "/走 炮二平五"), "还没轮到你")
	h.say("bob", "/settings notation wxf")
	mustContain(t, h.say("bob", "/board"), "上一步：C2.5")
	mustContain(t, h.say("bob", "/settings language zh-Hant"), "已儲存")
	mustContain(t, h.say("bob", "/幫助"), "指令")
	h2 := newHarness(t)
	h2.admins["carol"] = true
	mustContain(t, h2.say("carol", "/settings language=klingon"), "not a language I speak")
	mustContain(t, h2.say("carol", "/settings variant chess"), "don't know the variant")
	h2.say("carol", "/settings time 10+5")
	mustContain(t, h2.say("carol", "/new"), "live 10+5")
}

func TestSettingsNeedAdmin(t *testing.T) {
	h := newHarness(t)
	ev := h.event("carol", "/settings language zh-Hant", false)
	ev.Admin = false
	mustContain(t, h.handle(ev), "Only a chat admin")
	ev = h.event("carol", "/settings", false)
	ev.Admin = false
	mustContain(t, h.handle(ev), "Settings of this chat: language en")
}

func TestGamesAndExport(t *testing.T) {
	h := newHarness(t)
	h.start("")
	h.say("alice", "h2e2")
	h.say("carol", "/new xiangqi")
	out := h.say("bob", "/games")
	mustContain(t, out, "#1 Xiangqi (象棋) vs alice: your move", "#2 by carol: /accept 2")
	mustContain(t, h.say("alice", "/games"), "#1 Xiangqi (象棋) vs bob: bob to move")
	mustContain(t, h.dm("alice", "/games"), "(in another chat)")
	mustContain(t, h.say("carol", "/export #1"), `[Red "alice"]`, `[Black "bob"]`, "1. h2e2 *", "FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
}

func TestSuggestMoves(t *testing.T) {
	h := newHarness(t)
	h.start("")
	got := h.svc.SuggestMoves(context.Background(), "test", "group", "alice", "h2", 3)
	if len(got) != 3 || !strings.HasPrefix(got[0], "h2") {
		t.Errorf("suggestions %q", got)
	}
	if got := h.svc.SuggestMoves(context.Background(), "test", "group", "bob", "", 3); got != nil {
		t.Errorf("suggested moves to the player not to move: %q", got)
	}
}

// TestErrorsNeverLeak checks the apology for an internal error: nothing of the
// error reaches the chat.
func TestErrorsNeverLeak(t *testing.T) {
	h := newHarness(t)
	h.start("")
	bs := &brokenStore{Store: h.store}
	svc, err := New(Config{Store: bs, Variants: h.reg, Clock: h.clock, Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	h.svc = svc
	out := h.say("alice", "h2e2")
	mustContain(t, out, "Something went wrong on my side; nothing was changed")
	if strings.Contains(text(out), "disk on fire") {
		t.Error("the error text reached the chat")
	}
}

type brokenStore struct{ storage.Store }

func (b *brokenStore) ChangeGame(ctx context.Context, c storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	return nil, nil, errors.New("disk on fire")
}
