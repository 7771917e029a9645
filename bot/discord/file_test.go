package discord

import (
	"io"
	"testing"

	"github.com/chuhe/chuhe/bot"
)

// TestConvertFile: a document goes as an attachment beside the board image,
// typed by its name (issue 23: /export mine, a game's GIF).
func TestConvertFile(t *testing.T) {
	out, err := convert(bot.Message{Text: "game over", Image: []byte("\x89PNG"), ImageName: "board-1.png",
		File: []byte("GIF89a"), FileName: "game-1.gif"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.files) != 2 || out.files[1].Name != "game-1.gif" || out.files[1].ContentType != "image/gif" {
		t.Fatalf("files = %+v", out.files)
	}
	if b, _ := io.ReadAll(out.files[1].Reader); string(b) != "GIF89a" {
		t.Errorf("attachment holds %q", b)
	}
	out, err = convert(bot.Message{File: []byte("[Event \"x\"]"), FileName: "chuhe-games.pgn"})
	if err != nil || len(out.files) != 1 || out.files[0].Name != "chuhe-games.pgn" || out.files[0].ContentType == "" {
		t.Errorf("a file alone: %+v, %v", out.files, err)
	}
}
