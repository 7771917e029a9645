package bot

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
)

// Issue 16 (pieces 23–34) in the console: a short game of each named game of
// these pieces, each piece's power used once; a step says what the chat must
// say after it.

type strat2bStep struct {
	move    string
	says    []string // in the answer to the move
	refused bool     // the move is refused (with says) and the same player moves again
	keeps   bool     // the move keeps the turn (the first of a double move)
}

// strat2bSteps makes the steps of a game: moves, what the chat says after
// some, moves written "!c2c3" that are refused and "=a3a4" that keep the turn.
func strat2bSteps(moves string, says map[string][]string) []strat2bStep {
	var out []strat2bStep
	for _, m := range strings.Fields(moves) {
		bare := strings.TrimLeft(m, "!=")
		out = append(out, strat2bStep{move: bare, says: says[m], refused: m[0] == '!', keeps: m[0] == '='})
	}
	return out
}

var strat2bGames = []struct {
	slug  string
	fen   string // start position, "" for the game's own
	steps []strat2bStep
}{
	// 遠: with the d9 advisor its only advisor target, d1f9 takes the other
	// advisor. 虢: i1i9 over the enemy soldier i6 takes it with the rook; the
	// black 虢 takes g3 over its own horse and soldier.
	{"zhanlue", "", strat2bSteps("c1d1 a9a8 d1f9 b9c7 g1i1 a8b8 i3i4 h9g7 i4i5 b8b9 i5h5 h7h6 i1i9 g8g3", map[string][]string{
		"i1i9": {"Black loses: soldier i6"},
	})},
	// 柱: c2e2+b2d2 drags the b2 cannon (a hop over the 柱, as the 柱 hops over
	// it), which may not move on Red's next turn. 指: at f5 its targets are a5
	// and f9, so it takes a5.
	{"zhanbao", "", strat2bSteps("c1c2 h9g7 c2e2+b2d2 a6a5 !d2d3 g1f1 b9c7 !f1f9 f1f5 i9h9 f5a5", map[string][]string{
		"!d2d3": {"locked"},
		"!f1f9": {"exactly two enemy pieces are its targets"},
	})},
	// 樹: c1f1 passes over file e, f1f9 passes the river and takes the f9
	// advisor. 主: Black takes it (c6c5), so Red moves Black's horse b9c7,
	// which Black may not move next.
	{"zhanji", "", strat2bSteps("!c1d1 c1f1 h9i7 g1g2 a9a8 g2d2 a8a9 d2d5 a9a8 d5c5 c6c5 b9c7 !c7b5 i9h9 f1f9", map[string][]string{
		"!c1d1": {"must pass over file e"},
		"c6c5":  {"Red to move"},
		"!c7b5": {"locked"},
	})},
	// 美: across the river at d5 it keeps the black general from moving up or
	// down; taken on e5, it gives Red a double move (a3a4, then b0c2). 畈:
	// across at f5 it keeps Black's cannon from crossing (b7b0).
	{"zhanli", "", strat2bSteps("c1d1 a9a8 d1d2 i9i8 d2d3 h9g7 d3d4 b9c7 d4d5 !e9e8 a8b8 g1f1 i8h8 f1f2 b8a8 f2f3 h8i8 "+
		"f3f4 a8b8 f4f5 !b7b0 b8a8 d5e5 e6e5 =a3a4 !a4a5 b0c2", map[string][]string{
		"!e9e8": {"your general may move only sideways"},
		"!b7b0": {"may not cross the river"},
		"=a3a4": {"Red to move"},
		"!a4a5": {"another piece"},
	})},
	// From a set position (a whole game would take long to empty Red's half):
	// 空: a2a7 leaves the general alone in Red's half, so the three black
	// pieces there go, and the 空. 苦: in check from the i0 rook, the 苦 takes
	// Red's own rook (a8a7), so the rook must go back to a start point.
	{"zhanfa", "3k4r/Y8/9/2X6/9/2p6/6p2/R6n1/9/4K4 w", strat2bSteps("a2a7 i9i0 a8a7 !d9e9 i0a9", map[string][]string{
		"a2a7":  {"Black loses: horse h2, soldier g3, soldier c4"},
		"!d9e9": {"must go straight back to an empty start point"},
	})},
}

func TestStratagem2bGames(t *testing.T) {
	for _, gm := range strat2bGames {
		t.Run(gm.slug, func(t *testing.T) {
			h := newHarness(t)
			fen := ""
			if gm.fen != "" {
				fen = " fen=" + gm.fen
			}
			mustContain(t, h.say("alice", "/new "+gm.slug+" @bob"+fen), "game #1")
			mustContain(t, h.say("bob", "/accept"), "Game #1 begins")
			who := []string{"alice", "bob"}
			ply := 0
			for i, st := range gm.steps {
				out := h.say(who[ply%2], st.move)
				if len(st.says) > 0 {
					mustContain(t, out, st.says...)
				}
				if st.refused {
					continue
				}
				if s := text(out); strings.Contains(s, "not allowed") || strings.Contains(s, "cannot") {
					t.Fatalf("move %d %s refused: %s", i+1, st.move, s)
				}
				if !st.keeps {
					ply++
				}
			}
			mustContain(t, h.say(who[ply%2], "/resign"), "resign")
		})
	}
}

// TestStratagem2bRules: /rules shows each piece's guide in three languages.
func TestStratagem2bRules(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("alice", "/rules zhanlue"), "遠 (YA, 23)", "b4h8", "虢 (GO, 24)", "b2b8")
	mustContain(t, h.say("alice", "/rules sanshiliuji GO"), "虢 (GO, 24)")
	mustContain(t, h.say("alice", "/rules zhanbao"), "柱 (ZU, 25)", "c2e2+c5e5", "指 (ZI, 26)", "b4g4")
	mustContain(t, h.say("alice", "/rules zhanji"), "樹 (SU, 29)", "c1f1", "主 (ZH, 30)", "h9g7")
	mustContain(t, h.say("alice", "/rules zhanli"), "美 (ME, 31)", "b0c2", "畈 (FA, 33)", "e4e5")
	mustContain(t, h.say("alice", "/rules zhanfa"), "空 (KO, 32)", "a2a7", "苦 (KU, 34)", "d2b9")
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/rules zhanlue"), "遠（YA，23）", "虢（GO，24）")
	mustContain(t, h.say("alice", "/rules zhanbao"), "柱（ZU，25）", "指（ZI，26）")
	mustContain(t, h.say("alice", "/rules zhanji"), "樹（SU，29）", "主（ZH，30）")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules zhanlue"), "远（YA，23）", "虢（GO，24）")
	mustContain(t, h.say("alice", "/rules zhanji"), "树（SU，29）", "主（ZH，30）")
}

// TestStratagem2bImages draws the start of each named game of pieces 23–34 from
// both sides: the glyphs are in the font, and the Red X piece (on c1) is drawn
// where c1 is: bottom left from Red's side, top right from Black's.
func TestStratagem2bImages(t *testing.T) {
	rd, err := render.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := defaultRegistry()
	for _, slug := range []string{"zhanlue", "zhanbao", "zhanji", "zhanli", "zhanfa"} {
		v, ok := reg.Get(slug)
		if !ok {
			t.Fatalf("%s is not registered", slug)
		}
		for _, k := range v.Kinds {
			if m := render.MissingGlyphs(k.Glyph[0] + k.Simple[0]); m != nil {
				t.Errorf("%s: the font lacks %q", slug, string(m))
			}
		}
		with, err := rules.NewPosition(v, v.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		without, err := rules.NewPosition(v, strings.Replace(v.StartFEN, "/2X3Y2/", "/6Y2/", 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []rules.Side{rules.Red, rules.Black} {
			a := decodeBoard(t, rd.From(s), with)
			b := decodeBoard(t, rd.From(s), without)
			box := image.Rectangle{}
			for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
				for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
					if a.At(x, y) != b.At(x, y) {
						box = box.Union(image.Rect(x, y, x+1, y+1))
					}
				}
			}
			w, h := a.Bounds().Dx(), a.Bounds().Dy()
			c := image.Pt((box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
			left, low := c.X < w/2, c.Y > h/2
			if box.Empty() || box.Dx() > w/5 || left != (s == rules.Red) || low != (s == rules.Red) {
				t.Errorf("%s from %v: the X piece is drawn in %v of a %dx%d image", slug, s, box, w, h)
			}
		}
	}
}

func decodeBoard(t *testing.T, rd *render.Renderer, p *rules.Position) image.Image {
	t.Helper()
	data, err := rd.PNG(p.View(rules.Public))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
