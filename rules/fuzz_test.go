package rules_test

// Fuzz tests of every text the bot reads from users: FEN, coordinates, WXF,
// Chinese notation and PGN. They run in the external test package because they
// need the xiangqi variant, and rules may not import variants. The seed corpus is
// in testdata/fuzz/; run one with `go test -fuzz FuzzParseWXF ./rules`.

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

func xiangqi(t testing.TB) *rules.Variant {
	v, ok := testRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("xiangqi is not registered")
	}
	return v
}

// fuzzFENs are the positions the move fuzzers pick from: the start, and the
// positions of xiangqi.md §11.4 with tandem pieces and soldiers.
var fuzzFENs = []string{
	variants.XiangqiStart,
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
	"3k5/9/9/9/4R4/9/4R4/9/9/5K3 w",
	"4k4/9/7c1/9/7c1/9/9/9/9/3K5 b",
	"4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
	"4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w",
	"4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
	"5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w",
	"3k5/9/9/9/9/3p1p3/3p1p3/9/9/4K4 b",
	"2bak4/4a4/2n1b4/2p1C4/2p6/2P6/4c4/4B4/4A4/2BAK4 w",
}

func FuzzFEN(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen)
	}
	for _, fen := range []string{
		"", "9/9/9/9/9/9/9/9/9/9", "4k4/9/9/9/9/9/9/9/9/3K5", "4k4/9/9/9/9/9/9/9/9/3K5 r - - 119 80",
		"11/9/9/9/9/9/9/9/9/3K5 w", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
		"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", "(Rr)3k4/9/9/9/9/9/9/9/9/3K5 w", "*R3k4/9/9/9/9/9/9/9/9/3K5 w",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
	} {
		f.Add(fen)
	}
	v := xiangqi(f)
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := rules.NewPosition(v, fen)
		if err != nil {
			return
		}
		// A position that loads writes a FEN that loads into the same position.
		out := p.FEN()
		q, err := rules.NewPosition(v, out)
		if err != nil {
			t.Fatalf("NewPosition(%q) works, but its FEN %q does not: %v", fen, out, err)
		}
		if again := q.FEN(); again != out {
			t.Fatalf("FEN not stable: %q -> %q -> %q", fen, out, again)
		}
		if p.Hash() != q.Hash() {
			t.Fatalf("%q and %q give different keys", fen, out)
		}
		// Every legal move of any position reads back from each notation.
		for _, m := range p.LegalMoves(nil) {
			for _, style := range []rules.Style{rules.StyleCoord, rules.StyleWXF, rules.StyleChinese} {
				text := rules.FormatMove(p, m, style)
				back, err := rules.ParseMove(p, text)
				if err != nil || back != m {
					t.Fatalf("%s: %s in %s is %q, which reads as %v (%v)", out, rules.FormatCoord(p, m), style, text, back, err)
				}
			}
		}
	})
}

// fuzzMove is the body of the move fuzzers: text must not panic the parser; a move
// it reads must be legal, and written in style it must read back as the same move.
func fuzzMove(f *testing.F, style rules.Style, seeds []string) {
	for _, s := range seeds {
		for i := range fuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	v := xiangqi(f)
	positions := make([]*rules.Position, len(fuzzFENs))
	for i, fen := range fuzzFENs {
		p, err := rules.NewPosition(v, fen)
		if err != nil {
			f.Fatal(err)
		}
		positions[i] = p
	}
	f.Fuzz(func(t *testing.T, pos uint8, text string) {
		p := positions[int(pos)%len(positions)].Clone()
		var m rules.Move
		var err error
		if style == rules.StyleCoord {
			m, err = rules.ParseCoord(p, text)
		} else {
			m, err = rules.ParseMove(p, text)
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error for %q", text)
			}
			return
		}
		if p.Explain(m) != nil {
			t.Fatalf("%q read as %s, which is not legal", text, rules.FormatCoord(p, m))
		}
		out := rules.FormatMove(p, m, style)
		back, err := rules.ParseMove(p, out)
		if err != nil || back != m {
			t.Fatalf("%q read as %s, written %q, which reads as %v (%v)", text, rules.FormatCoord(p, m), out, back, err)
		}
	})
}

func FuzzParseCoord(f *testing.F) {
	fuzzMove(f, rules.StyleCoord, []string{"h2e2", "H2-E2", " b0c2 ", "e3e4", "c7d7", "h5h2", "a0a10", "x", "i9i0", "e2e2"})
}

func FuzzParseWXF(f *testing.F) {
	fuzzMove(f, rules.StyleWXF, []string{
		"C2.5", "H8+7", "c2=5", "N2+3", "b3+5", "R++3", "R-.7", "R+-1", "C--1", "C++3", "P+.6", "P7.6",
		"7+.6", "77.6", "3++1", "++.8", "--.8", "+++1", "17=6", "27=6", "37=8", "13=4", "R-=7", "Ｃ２．５",
	})
}

func FuzzParseChinese(f *testing.F) {
	fuzzMove(f, rules.StyleChinese, []string{
		"炮二平五", "馬八進七", "馬8進7", "炮２平５", "砲二平五", "车一进一", "前車進三", "後車平七", "炮前平5",
		"后炮退1", "前兵平六", "中兵平六", "前七平六", "中七平六", "一兵平八", "二兵平八", "四兵進一", "帥五進一",
		"將5退1", "前5平4", "傌八進七", "俥一進一", "包二平五",
	})
}

func FuzzReadPGN(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[FEN \"" + variants.XiangqiStart + "\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 1-0\n",
		"1. C2.5 {c} H8+7 ; x\n2. H2+3!? (2. R1+1 (2. P7+1)) $1 R9.8 *",
		"１．炮二平五\u3000馬８進７\n",
		"[FEN \"4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w\"]\n1. 7+.6 e9e8 2. 77.6 0-1\n\n1. h2e2 *",
		"[ Event \"a \\\"b\\\"\" ]\n[Site \"x]\n1. h2e2 { open",
		"\xa5\xfe\xa4\x47\xa5\xad\xa4\xad", // Big5 炮二平五
	} {
		f.Add([]byte(s))
	}
	v := xiangqi(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		games, err := rules.ReadPGN(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("ReadPGN: %v", err)
		}
		for _, pg := range games {
			if len(pg.Moves) > 300 {
				continue
			}
			g, err := pg.Replay(v)
			if err != nil || g == nil {
				continue
			}
			// A record that replays writes a record that replays to the same place.
			var buf bytes.Buffer
			if err := rules.WritePGN(&buf, pg.Tags, g, rules.StyleChinese); err != nil {
				t.Fatalf("WritePGN: %v", err)
			}
			back, err := rules.ReadPGN(strings.NewReader(buf.String()))
			if err != nil || len(back) != 1 {
				t.Fatalf("reading back %q: %d games, %v", buf.String(), len(back), err)
			}
			g2, err := back[0].Replay(v)
			if err != nil {
				t.Fatalf("replaying %q: %v", buf.String(), err)
			}
			if g2.Position().FEN() != g.Position().FEN() {
				t.Fatalf("read back %s, want %s", g2.Position().FEN(), g.Position().FEN())
			}
		}
	})
}
