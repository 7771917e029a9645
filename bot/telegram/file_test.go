package telegram

import (
	"context"
	"testing"

	"github.com/chuhe/chuhe/bot"
)

// TestSendFile: a message's file goes as a document after the board and its
// text, replying to the board (issue 23: /export mine, a game's GIF); a file
// alone is a document alone.
func TestSendFile(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	ref, err := h.a.Send(context.Background(), "-100500", bot.Message{
		Text: "Game #1 as an animation (3 moves).", Image: fakePNG("b"), File: []byte("GIF89a"), FileName: "game-1.gif",
	})
	if err != nil {
		t.Fatal(err)
	}
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 2 || !ms[0].IsPhoto() || string(ms[1].Document) != "GIF89a" || ms[1].ReplyTo != ms[0].ID || ref.ID == "" {
		t.Fatalf("messages: %+v", ms)
	}
	if _, err := h.a.Send(context.Background(), "-100500", bot.Message{File: []byte("[Event \"Chuhe #1\"]"), FileName: "chuhe-games.pgn"}); err != nil {
		t.Fatal(err)
	}
	ms = h.srv.BotMessages(group.ID)
	if len(ms) != 3 || string(ms[2].Document) != "[Event \"Chuhe #1\"]" {
		t.Fatalf("a file alone: %+v", ms[2:])
	}
	if calls := h.srv.Calls("sendDocument"); len(calls) != 2 {
		t.Errorf("%d sendDocument calls, want 2", len(calls))
	}
}
