package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Cannon chess 2 (加炮國際象棋2, cannon-chess.md): chess on 10x10 with two
// cannons a side that move as queens and capture over exactly one empty square.
// The chess rules themselves (pawns, en passant, promotion, the dead positions)
// are built by chessVariant for any board size, so that the tests can check them
// against published 8x8 chess perft figures.

// CannonChessStart is the start position (cannon-chess.md §3, decision 1).
const CannonChessStart = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w - - 0 1"

// chessConfig is one member of the chess family.
type chessConfig struct {
	slug, name, nameZh, summary string
	width, height               int
	start                       string
	cannon                      bool   // the kinds include the gap cannon G
	promote                     []byte // what a pawn may become, the default first
	guide                       rules.Texts
}

// chessEight are the eight directions of the king, queen and cannon.
var chessEight = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// chessKinds are the chess pieces (and the cannon, when asked for).
func chessKinds(c chessConfig) []rules.Kind {
	pawn := rules.Join(
		rules.Steps([][2]int{{0, 1}}, rules.MoveOnly),
		rules.FromZone("pawn start", []rules.Atom{{Kind: rules.Leap, DF: 0, DR: 2, Blocks: [][2]int{{0, 1}}, Mode: rules.MoveOnly}}),
		rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.CaptureOnly),
	)
	kinds := []rules.Kind{
		{Letter: 'K', Figure: 'K', Name: "king", Glyph: [2]string{"王", "王"}, Simple: [2]string{"王", "王"}, Royal: true, Max: 1,
			Atoms: rules.Steps(chessEight, rules.MoveOrCapture)},
		{Letter: 'Q', Figure: 'Q', Name: "queen", Glyph: [2]string{"后", "后"}, Simple: [2]string{"后", "后"}, Value: 9, Mating: true,
			Atoms: rules.Rides(chessEight, rules.MoveOrCapture, 0)},
		{Letter: 'R', Figure: 'R', Name: "rook", Glyph: [2]string{"車", "車"}, Simple: [2]string{"车", "车"}, Value: 5, Mating: true,
			Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0)},
		{Letter: 'B', Figure: 'B', Name: "bishop", Glyph: [2]string{"象", "象"}, Simple: [2]string{"象", "象"}, Value: 3, Mating: true,
			Atoms: rules.Rides(rules.Diag4, rules.MoveOrCapture, 0)},
		{Letter: 'N', Figure: 'N', Name: "knight", Glyph: [2]string{"馬", "馬"}, Simple: [2]string{"马", "马"}, Value: 3, Mating: true,
			Atoms: rules.LameLeaps(1, 2, 0, rules.MoveOrCapture)},
	}
	if c.cannon {
		gap := make([]rules.Atom, 0, 8)
		for _, d := range chessEight {
			gap = append(gap, rules.Atom{Kind: rules.GapHop, DF: d[0], DR: d[1], Gaps: 1, Mode: rules.CaptureOnly})
		}
		kinds = append(kinds, rules.Kind{Letter: 'G', Figure: 'G', Name: "cannon", Glyph: [2]string{"炮", "炮"}, Simple: [2]string{"炮", "炮"},
			Value: 5, Mating: true, Atoms: rules.Join(rules.Rides(chessEight, rules.MoveOnly, 0), gap)})
	}
	kinds = append(kinds, rules.Kind{Letter: 'P', Figure: 'P', Name: "pawn", Glyph: [2]string{"兵", "兵"}, Simple: [2]string{"兵", "兵"},
		Value: 1, Mating: true, ResetsClock: true, StandZone: "pawn ranks",
		Promote: &rules.Promotion{Zone: "last rank", To: c.promote}, Atoms: pawn})
	return kinds
}

// chessBoard is a checkered board with the pawns' zones.
func chessBoard(w, h int) *rules.Board {
	b := &rules.Board{Width: w, Height: h, Cells: true, Decor: rules.Decor{RiverBelow: -1}}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	b.Zones = map[string]rules.Zone{
		"pawn start": {b.RankRange(1, 1), b.RankRange(h-2, h-2)},
		"last rank":  {b.RankRange(h-1, h-1), b.RankRange(0, 0)},
		"pawn ranks": {b.RankRange(1, h-2), b.RankRange(1, h-2)},
	}
	return b
}

// chessVariant builds a finalized member of the chess family.
func chessVariant(c chessConfig) (*rules.Variant, error) {
	v := &rules.Variant{
		Slug: c.slug, Name: c.name, NameZh: c.nameZh, Summary: c.summary, Guide: c.guide,
		Board:      chessBoard(c.width, c.height),
		Kinds:      chessKinds(c),
		StartFEN:   c.start,
		MoveLimit:  100, // fifty moves by each player without a capture or a pawn move
		Repetition: rules.RepetitionDraw,
		Notation:   san{pawn: 'P'},
		Modules:    []rules.Module{&enPassant{pawn: 'P'}, deadPosition{}, noCastling{}},
	}
	if c.cannon {
		v.Modules = append(v.Modules, cannonWords{letter: 'G'})
	}
	if err := v.Finalize(); err != nil {
		return nil, fmt.Errorf("variants: %s: %w", c.slug, err)
	}
	return v, nil
}

// CannonChess is cannon chess 2 (cannon-chess.md).
func CannonChess() *rules.Variant {
	v, err := chessVariant(chessConfig{
		slug: "cannon-chess", name: "Cannon chess", nameZh: "加炮國際象棋",
		summary: "Chess on a 10x10 board with two cannons a side (G): a cannon moves like a queen and captures " +
			"along a line when exactly one square between it and its target is empty. No castling.",
		width: 10, height: 10, start: CannonChessStart, cannon: true,
		promote: []byte{'Q', 'R', 'B', 'N', 'G'},
		guide:   cannonChessGuide,
	})
	if err != nil {
		panic(err)
	}
	return v
}

var cannonChessGuide = rules.Texts{
	En: "Cannon chess (加炮國際象棋): chess on 10x10, files a-j, ranks 1-10, White at the bottom. " +
		"King, queen, rook, bishop, knight and pawn move as in chess; pawns step two from their start rank, take en passant " +
		"and must promote on the last rank (to Q, R, B, N or G). There is no castling.\n" +
		"The cannon (炮, G) moves like a queen to an empty square, but captures only along a line where exactly one " +
		"square between it and the target is empty; the others may hold pieces of either side. It never takes an adjacent piece.\n" +
		"Checkmate wins; stalemate, threefold repetition, fifty moves without capture or pawn move, and K vs K, K+B vs K, " +
		"K+N vs K are draws.\n" +
		"Moves: coordinates (e2e4, promotion e9e10q, e9e10g; e9e10 makes a queen) or SAN (e4, Nf3, Gxe5, e10=Q, exd8).",
	Hant: "加炮國際象棋：10×10 棋盤，直線 a-j，橫線 1-10，白方在下。王、后、車、象、馬、兵走法同國際象棋；" +
		"兵在起始橫線可走兩格，可吃過路兵，到達底線必須升變（后、車、象、馬或炮）。沒有王車易位。\n" +
		"炮（G）走法同后（只走到空格），吃子時炮與目標之間必須恰好有一個空格，其餘格子可有任意雙方棋子；不能吃相鄰的棋子。\n" +
		"將死獲勝；逼和、三次重複、五十回合無吃子無兵步，以及王對王、王象對王、王馬對王為和棋。\n" +
		"走法：座標（e2e4，升變 e9e10q、e9e10g；e9e10 升后）或代數記譜 SAN（e4、Nf3、Gxe5、e10=Q、exd8）。",
	Hans: "加炮国际象棋：10×10 棋盘，直线 a-j，横线 1-10，白方在下。王、后、车、象、马、兵走法同国际象棋；" +
		"兵在起始横线可走两格，可吃过路兵，到达底线必须升变（后、车、象、马或炮）。没有王车易位。\n" +
		"炮（G）走法同后（只走到空格），吃子时炮与目标之间必须恰好有一个空格，其余格子可有任意双方棋子；不能吃相邻的棋子。\n" +
		"将死获胜；逼和、三次重复、五十回合无吃子无兵步，以及王对王、王象对王、王马对王为和棋。\n" +
		"走法：坐标（e2e4，升变 e9e10q、e9e10g；e9e10 升后）或代数记谱 SAN（e4、Nf3、Gxe5、e10=Q、exd8）。",
}
