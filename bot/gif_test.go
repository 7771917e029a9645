package bot

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
)

// gifIn is the GIF file of the messages, or nil.
func gifIn(out []sent) []byte {
	for _, s := range out {
		if strings.HasSuffix(s.Msg.FileName, ".gif") && len(s.Msg.File) > 0 {
			return s.Msg.File
		}
	}
	return nil
}

// TestGIFHiddenTwins: the GIF of a game is made of public views only: two
// games that differ only in a hidden identity (the spy) give byte-identical
// GIFs, at the end of the game and from /export gif, and no GIF leaks what the
// public board does not show.
func TestGIFHiddenTwins(t *testing.T) {
	h := newHarness(t, withRegistry(spyRegistry(t)), withRenderer(NewRenderer(render.Options{Width: 240})))
	spy := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1S1P1P/1C5C1/9/RNBAKABNR w"
	plain := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
	var ends, exports [][]byte
	for _, fen := range []string{spy, plain} {
		id := gameIDIn(t, h.say("alice", "/new spyqi @bob side=red 3d fen="+fen))
		h.say("bob", "/accept "+id)
		h.say("alice", "/m #"+id+" e3e4")
		h.say("bob", "/m #"+id+" h9g7")
		exports = append(exports, gifIn(h.say("carol", "/export gif #"+id)))
		ends = append(ends, gifIn(h.say("bob", "/resign #"+id+" yes")))
	}
	for what, pair := range map[string][][]byte{"end of game": ends, "/export gif": exports} {
		if len(pair[0]) == 0 || !bytes.Equal(pair[0], pair[1]) {
			t.Errorf("%s: the GIFs differ (or are missing: %d, %d bytes)", what, len(pair[0]), len(pair[1]))
		}
	}
	g, err := gif.DecodeAll(bytes.NewReader(ends[0]))
	if err != nil || len(g.Image) != 3 {
		t.Fatalf("end-of-game GIF: %v, %d frames, want 3", err, len(g.Image))
	}
	// A live game ends with no GIF by default; the setting turns it on.
	id := gameIDIn(t, h.say("alice", "/new spyqi @bob side=red 10+0"))
	h.say("bob", "/accept "+id)
	h.say("alice", "/m #"+id+" e3e4")
	if gifIn(h.say("bob", "/resign #"+id+" yes")) != nil {
		t.Error("a live game ended with a GIF by default")
	}
	h.say("admin", "/settings gif on")
	id = gameIDIn(t, h.say("alice", "/new spyqi @bob side=red 10+0"))
	h.say("bob", "/accept "+id)
	h.say("alice", "/m #"+id+" e3e4")
	if gifIn(h.say("bob", "/resign #"+id+" yes")) == nil {
		t.Error("gif on: a live game ended without its GIF")
	}
	h.say("admin", "/settings gif off")
	id = gameIDIn(t, h.say("alice", "/new spyqi @bob side=red 3d"))
	h.say("bob", "/accept "+id)
	h.say("alice", "/m #"+id+" e3e4")
	if gifIn(h.say("bob", "/resign #"+id+" yes")) != nil {
		t.Error("gif off: a correspondence game ended with a GIF")
	}
}
