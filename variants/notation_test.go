package variants

import (
	"errors"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

const afterH2E2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

// Positions of xiangqi.md §11.4.
const (
	fenRooks      = "3k5/9/9/9/4R4/9/4R4/9/9/5K3 w"
	fenCannons    = "4k4/9/7c1/9/7c1/9/9/9/9/3K5 b"
	fenThreePawns = "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w"
	fenTwoFiles   = "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w"
	fenFourPawns  = "4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w"
)

func xqPosition(t testing.TB, fen string) *rules.Position {
	t.Helper()
	p, err := rules.NewPosition(mustXiangqi(t), fen)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", fen, err)
	}
	return p
}

// TestNotationRoundTrips checks every row of xiangqi.md §11.4: the ICCS, WXF and
// Chinese texts all read as the same move, and the move is written back exactly so.
func TestNotationRoundTrips(t *testing.T) {
	cases := []struct {
		name, fen, iccs, wxf, chinese string
	}{
		{"red cannon to the centre", XiangqiStart, "h2e2", "C2.5", "炮二平五"},
		{"red left horse forward", XiangqiStart, "b0c2", "H8+7", "馬八進七"},
		{"red right horse forward", XiangqiStart, "h0g2", "H2+3", "馬二進三"},
		{"red chariot one step", XiangqiStart, "i0i1", "R1+1", "車一進一"},
		{"red soldier forward", XiangqiStart, "c3c4", "P7+1", "兵七進一"},
		{"red right advisor", XiangqiStart, "f0e1", "A4+5", "仕四進五"},
		{"red left advisor", XiangqiStart, "d0e1", "A6+5", "仕六進五"},
		{"red elephant", XiangqiStart, "g0e2", "E3+5", "相三進五"},
		{"red general up", XiangqiStart, "e0e1", "K5+1", "帥五進一"},
		{"red cannon takes the horse", XiangqiStart, "b2b9", "C8+7", "炮八進七"},
		{"black right horse", afterH2E2, "h9g7", "H8+7", "馬8進7"},
		{"black left horse", afterH2E2, "b9c7", "H2+3", "馬2進3"},
		{"black elephant", afterH2E2, "c9e7", "E3+5", "象3進5"},
		{"black soldier", afterH2E2, "g6g5", "P7+1", "卒7進1"},
		{"black cannon takes over the screen", afterH2E2, "b7b0", "C2+7", "炮2進7"},
		{"front chariot forward", fenRooks, "e5e8", "R++3", "前車進三"},
		{"rear chariot sideways", fenRooks, "e3c3", "R-.7", "後車平七"},
		{"front chariot back", fenRooks, "e5e4", "R+-1", "前車退一"},
		{"rear chariot forward", fenRooks, "e3e4", "R-+1", "後車進一"},
		{"black front cannon sideways", fenCannons, "h5e5", "C+.5", "前炮平5"},
		{"black rear cannon back", fenCannons, "h7h8", "C--1", "後炮退1"},
		{"black front cannon forward", fenCannons, "h5h2", "C++3", "前炮進3"},
		{"front of three soldiers", fenThreePawns, "c7d7", "P+.6", "前兵平六"},
		{"middle of three soldiers", fenThreePawns, "c6d6", "P7.6", "中兵平六"},
		{"rear of three soldiers", fenThreePawns, "c5b5", "P-.8", "後兵平八"},
		{"two files: front of file 7", fenTwoFiles, "c7d7", "7+.6", "前七平六"},
		{"two files: middle of file 7", fenTwoFiles, "c6d6", "77.6", "中七平六"},
		{"two files: rear of file 7", fenTwoFiles, "c5d5", "7-.6", "後七平六"},
		{"two files: front of file 3 sideways", fenTwoFiles, "g6f6", "3+.4", "前三平四"},
		{"two files: front of file 3 forward", fenTwoFiles, "g6g7", "3++1", "前三進一"},
		{"two files: rear of file 3", fenTwoFiles, "g5h5", "3-.2", "後三平二"},
		{"four soldiers: first", fenFourPawns, "c8b8", "++.8", "一兵平八"},
		{"four soldiers: second", fenFourPawns, "c7b7", "P+.8", "二兵平八"},
		{"four soldiers: third", fenFourPawns, "c6d6", "P-.6", "三兵平六"},
		{"four soldiers: fourth", fenFourPawns, "c5b5", "--.8", "四兵平八"},
		{"four soldiers: first forward", fenFourPawns, "c8c9", "+++1", "一兵進一"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := xqPosition(t, c.fen)
			want, err := rules.ParseCoord(p, c.iccs)
			if err != nil {
				t.Fatalf("ParseCoord(%s): %v", c.iccs, err)
			}
			for _, text := range []string{c.iccs, c.wxf, c.chinese} {
				got, err := rules.ParseMove(p, text)
				if err != nil {
					t.Errorf("ParseMove(%s): %v", text, err)
				} else if got != want {
					t.Errorf("ParseMove(%s) = %s, want %s", text, rules.FormatCoord(p, got), c.iccs)
				}
			}
			for style, text := range map[rules.Style]string{rules.StyleCoord: c.iccs, rules.StyleWXF: c.wxf, rules.StyleChinese: c.chinese} {
				if got := rules.FormatMove(p, want, style); got != text {
					t.Errorf("FormatMove(%s, %s) = %s, want %s", c.iccs, style, got, text)
				}
			}
		})
	}
}

// TestNotationInputForms checks the input-only forms of §9 and §11.4.
func TestNotationInputForms(t *testing.T) {
	cases := []struct {
		name, fen, text, want string
	}{
		{"coordinates with a dash and capitals", XiangqiStart, "H2-E2", "h2e2"},
		{"lowercase WXF", XiangqiStart, "c2.5", "h2e2"},
		{"equals sign for sideways", XiangqiStart, "C2=5", "h2e2"},
		{"cannon written 砲", XiangqiStart, "砲二平五", "h2e2"},
		{"cannon written 包", XiangqiStart, "包二平五", "h2e2"},
		{"ASCII digits for Red", XiangqiStart, "炮2平5", "h2e2"},
		{"full-width digits for Red", XiangqiStart, "炮２平５", "h2e2"},
		{"spaces inside and around", XiangqiStart, " 炮 二 平 五 ", "h2e2"},
		{"full-width space", XiangqiStart, "炮二平五\u3000", "h2e2"},
		{"letter N for the horse", XiangqiStart, "N2+3", "h0g2"},
		{"letter B for the elephant", XiangqiStart, "b3+5", "g0e2"},
		{"simplified horse and advance", XiangqiStart, "马二进三", "h0g2"},
		{"horse written 傌", XiangqiStart, "傌八進七", "b0c2"},
		{"chariot written 俥", XiangqiStart, "俥一進一", "i0i1"},
		{"simplified chariot", XiangqiStart, "车一进一", "i0i1"},
		{"black piece glyph for Red", XiangqiStart, "將五進一", "e0e1"},
		{"Black reads Chinese numerals from its side", afterH2E2, "炮二平五", "b7e7"},
		{"Black reads ASCII digits from its side", afterH2E2, "炮8平5", "h7e7"},
		{"Black full-width digits", afterH2E2, "馬８進７", "h9g7"},
		{"Black with the red glyph", afterH2E2, "兵7進1", "g6g5"},
		{"full-width WXF", XiangqiStart, "Ｃ２．５", "h2e2"},
		{"piece before 前", fenCannons, "炮前平5", "h5e5"},
		{"后 for 後", fenCannons, "后炮退1", "h7h8"},
		{"simplified rear chariot", fenRooks, "后车平七", "e3c3"},
		{"Fairy-Stockfish tandem with =", fenRooks, "R-=7", "e3c3"},
		{"Fairy-Stockfish ordinal front", fenThreePawns, "17=6", "c7d7"},
		{"Fairy-Stockfish ordinal middle", fenThreePawns, "27=6", "c6d6"},
		{"Fairy-Stockfish ordinal rear", fenThreePawns, "37=8", "c5b5"},
		{"Fairy-Stockfish ordinal on two files", fenTwoFiles, "13=4", "g6f6"},
		{"Fairy-Stockfish ordinal rear on two files", fenTwoFiles, "23=2", "g5h5"},
		{"前 for the foremost of four", fenFourPawns, "前兵平八", "c8b8"},
		{"後 for the rearmost of four", fenFourPawns, "後兵平八", "c5b5"},
		{"Chinese middle of three", fenThreePawns, "中兵平六", "c6d6"},
		{"plain file when only one piece can go there", fenRooks, "車五進四", "e5e9"},
		{"advisor with a tandem marker", "3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "前仕退五", "d2e1"},
		{"two-file form in black digits", "3k5/9/9/9/9/4p1p2/4p1p2/9/9/4K4 b", "前5平4", "e3d3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := xqPosition(t, c.fen)
			m, err := rules.ParseMove(p, c.text)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", c.text, err)
			}
			if got := rules.FormatCoord(p, m); got != c.want {
				t.Errorf("ParseMove(%q) = %s, want %s", c.text, got, c.want)
			}
		})
	}
}

// TestNotationRefusals checks that refused texts say why.
func TestNotationRefusals(t *testing.T) {
	cases := []struct {
		name, fen, text string
		illegal         bool   // an *IllegalMoveError, else a *ParseError
		reason          string // part of the reason
	}{
		{"chariot blocked by its own horse", XiangqiStart, "車九平八", true, "occupied by your own horse"},
		{"soldier before the river moves sideways", "4k4/9/9/9/9/9/2P6/9/9/3K5 w", "兵七平六", true, "crossing the river"},
		{"horse with a blocked leg", XiangqiStart, "馬八進六", true, "leg on c0 is blocked"},
		{"horse with a blocked leg in WXF", XiangqiStart, "H8+6", true, "leg on c0 is blocked"},
		{"no horse on that file", XiangqiStart, "馬七進五", true, "no horse on file 7"},
		{"front without two pieces on a file", XiangqiStart, "前炮平五", true, "no two cannons on one file"},
		{"plain file with two chariots on it", fenRooks, "車五進一", true, "ambiguous"},
		{"plain file with three soldiers in Chinese", fenThreePawns, "兵七平六", true, "ambiguous"},
		{"elephant across the river", "4k4/9/9/9/9/2B6/9/9/9/3K5 w", "相七進九", true, "own side of the river"},
		{"move that leaves the general facing", "3k5/9/9/9/9/9/9/9/9/4K4 w", "帥五平六", true, "face each other"},
		{"horse cannot move sideways", XiangqiStart, "馬二平三", true, "a horse does not move like that"}, // the primary reason, not "c0 is occupied"
		{"nonsense", XiangqiStart, "hello", false, "not part of a move"},
		{"three parts", XiangqiStart, "炮二平", false, "four parts"},
		{"no direction", XiangqiStart, "炮二五五", false, "direction"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := xqPosition(t, c.fen)
			_, err := rules.ParseMove(p, c.text)
			if err == nil {
				t.Fatalf("ParseMove(%q) succeeded, want an error", c.text)
			}
			var ie *rules.IllegalMoveError
			var pe *rules.ParseError
			switch {
			case c.illegal && !errors.As(err, &ie):
				t.Fatalf("ParseMove(%q) = %v (%T), want *IllegalMoveError", c.text, err, err)
			case !c.illegal && !errors.As(err, &pe):
				t.Fatalf("ParseMove(%q) = %v (%T), want *ParseError", c.text, err, err)
			}
			if !strings.Contains(err.Error(), c.reason) {
				t.Errorf("ParseMove(%q) = %q, want it to say %q", c.text, err, c.reason)
			}
		})
	}
}

// TestNotationSimplified checks the simplified Chinese output style.
func TestNotationSimplified(t *testing.T) {
	cases := []struct {
		name, fen, iccs, want string
	}{
		{"red horse", XiangqiStart, "h0g2", "马二进三"},
		{"red general", XiangqiStart, "e0e1", "帅五进一"},
		{"black chariot", afterH2E2, "i9i8", "车9进1"},
		{"rear chariot", fenRooks, "e3c3", "后车平七"},
		{"black general", "4k4/9/9/9/9/9/9/9/9/3K5 b", "e9e8", "将5进1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := xqPosition(t, c.fen)
			m, err := rules.ParseCoord(p, c.iccs)
			if err != nil {
				t.Fatal(err)
			}
			if got := rules.FormatMove(p, m, rules.StyleChineseSimplified); got != c.want {
				t.Errorf("FormatMove(%s) = %s, want %s", c.iccs, got, c.want)
			}
			if back, err := rules.ParseMove(p, c.want); err != nil || back != m {
				t.Errorf("ParseMove(%s) = %v, %v; want %s", c.want, back, err, c.iccs)
			}
		})
	}
}

// TestNotationEveryLegalMoveRoundTrips formats every legal move of a few busy
// positions in each style and reads it back.
func TestNotationEveryLegalMoveRoundTrips(t *testing.T) {
	fens := []string{
		XiangqiStart, afterH2E2, fenRooks, fenCannons, fenThreePawns, fenTwoFiles, fenFourPawns,
		"4k4/9/4P4/2P1P1P2/4P4/9/9/9/9/3K5 w",               // five soldiers, three on one file
		"5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w",               // five soldiers on one file
		"3k5/9/9/9/9/3p1p3/3p1p3/9/9/4K4 b",                 // black two tandem files
		"2bak4/4a4/2n1b4/2p1C4/2p6/2P6/4c4/4B4/4A4/2BAK4 w", // tandem elephants and advisors
	}
	for _, fen := range fens {
		p := xqPosition(t, fen)
		for _, m := range p.LegalMoves(nil) {
			for _, style := range []rules.Style{rules.StyleWXF, rules.StyleChinese, rules.StyleChineseSimplified} {
				text := rules.FormatMove(p, m, style)
				back, err := rules.ParseMove(p, text)
				if err != nil || back != m {
					t.Errorf("%s: %s in %s is %q, which reads as %v (%v)", fen, rules.FormatCoord(p, m), style, text, back, err)
				}
				if text == rules.FormatCoord(p, m) {
					t.Errorf("%s: %s in %s fell back to coordinates", fen, text, style)
				}
			}
		}
	}
}
