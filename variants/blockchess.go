package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Polyomino block chess (異型方塊棋, block-chess.md): every piece is a block of
// two to four cells, a multi-cell kind of the core (Kind.Body). It moves a small
// step (one cell, never a capture) or a big step (its own width sideways or
// height up and down), sliding without passing over pieces; a big step captures
// every enemy block it covers in at least two cells. Bring all your blocks into
// the enemy's home ranks, or take all of the enemy's, to win.

// BlockChessStart is the default fixed layout (block-chess.md §3).
const BlockChessStart = "1ssootttvvll/ss1oo1t2v1l/iii6ddl/12/12/12/12/LDD6III/L1V2T1OO1SS/LLVVTTTOOSS1 w - - 0 1"

// blockSteps are a block's moves: small steps and big (frame) steps.
var blockSteps = func() []rules.BodyStep {
	var out []rules.BodyStep
	for _, d := range rules.Dirs4 {
		out = append(out, rules.BodyStep{DF: d[0], DR: d[1], Mode: rules.MoveOnly, Sweep: true})
	}
	for _, d := range rules.Dirs4 {
		out = append(out, rules.BodyStep{DF: d[0], DR: d[1], Frame: true, Mode: rules.MoveOrCapture, Sweep: true, MinCover: 2})
	}
	return out
}()

// blockKind is one polyomino; rows are drawn top row first, '#' a cell.
func blockKind(letter byte, name, zh, simple string, rows ...string) rules.Kind {
	var shape [][2]int
	for i, row := range rows {
		for f, c := range row {
			if c == '#' {
				shape = append(shape, [2]int{f, len(rows) - 1 - i})
			}
		}
	}
	return rules.Kind{Letter: letter, Name: name, Glyph: [2]string{zh, zh}, Simple: [2]string{simple, simple},
		Value: len(shape), Body: &rules.Body{Shape: shape, Rotate: true, Steps: blockSteps}}
}

// BlockChess is polyomino block chess.
func BlockChess() *rules.Variant {
	b := &rules.Board{Width: 12, Height: 10, Cells: true, Decor: rules.Decor{RiverBelow: -1}}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	home := b.RankRange(0, 2)
	b.Zones = map[string]rules.Zone{
		"home": {home, b.MirrorSet(home)},
		"goal": {b.MirrorSet(home), home},
	}
	b.Decor.Shaded = []rules.SquareSet{home, b.MirrorSet(home)}
	v := &rules.Variant{
		Slug: "block-chess", Name: "Block chess", NameZh: "異型方塊棋",
		Summary: "Polyomino block chess on 12x10: seven blocks a side move one cell, or their own width or height " +
			"(capturing enemy blocks they cover in two cells or more). Bring all your blocks into the enemy's home " +
			"ranks, or take all of the enemy's.",
		Guide: blockChessGuide,
		Board: b,
		Kinds: []rules.Kind{
			blockKind('D', "short bar", "短", "短", "##"),
			blockKind('I', "long bar", "長", "长", "###"),
			blockKind('V', "short bend", "曲", "曲", "#.", "##"),
			blockKind('L', "long bend", "角", "角", "#.", "#.", "##"),
			blockKind('O', "square", "方", "方", "##", "##"),
			blockKind('T', "tee", "凸", "凸", ".#.", "###"),
			blockKind('S', "skew bend", "斜", "斜", ".##", "##."),
		},
		StartFEN:      BlockChessStart,
		Repetition:    rules.RepetitionDraw,
		PassWhenStuck: true, // a player with no legal move passes (block-chess.md §8)
		Modules:       []rules.Module{blockRace{}},
	}
	if err := v.Finalize(); err != nil {
		panic(fmt.Errorf("variants: block-chess: %w", err))
	}
	return v
}

// blockRace is the end of a block-chess game and the blocks' refusals.
type blockRace struct{}

func (blockRace) ModuleName() string { return "block-race" }

// arrived reports whether side s has pieces and all of them lie in its goal.
func arrived(p *rules.Position, s rules.Side) (any, all bool) {
	v := p.Variant()
	all = true
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s {
			any = true
			all = all && v.Board.InZone("goal", s, sq)
		}
	}
	return any, any && all
}

// GameEnd checks, after a move, the mover's win by capture, the mover's arrival,
// then the opponent's arrival (block-chess.md §8).
func (blockRace) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	if setupPending(p) {
		return rules.Outcome{}, false // the free setup is not over
	}
	mover, opp := p.ToMove().Other(), p.ToMove()
	oppHas, oppIn := arrived(p, opp)
	_, moverIn := arrived(p, mover)
	switch {
	case !oppHas:
		return blockWin(mover, "every enemy block taken", "block.goal_taken"), true
	case moverIn:
		return blockWin(mover, "every block in the enemy's home ranks", "block.goal_home"), true
	case oppIn:
		return blockWin(opp, "every block in the enemy's home ranks", "block.goal_home"), true
	}
	return rules.Outcome{}, false
}

func blockWin(s rules.Side, detail, key string) rules.Outcome {
	o := rules.Win(s, rules.ReasonVariantGoal)
	o.Detail, o.DetailTexts = detail, say(key)
	return o
}

// Refusal says, in the blocks' terms, why a translation is not allowed.
func (blockRace) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 {
		return rules.Texts{}
	}
	if setupPending(p) {
		return say("block.placing")
	}
	v := p.Variant()
	b := v.Board
	pc := p.At(m.From)
	if !v.IsBody(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	name := pieceText(&v.Kinds[pc.Kind()], pc.Side())
	cells := p.BodyCells(m.From)
	minF, minR, maxF, maxR := b.Width, b.Height, -1, -1
	for _, c := range cells {
		f, r, _ := b.Coords(c)
		minF, minR, maxF, maxR = min(minF, f), min(minR, r), max(maxF, f), max(maxR, r)
	}
	w, h := maxF-minF+1, maxR-minR+1
	ff, fr, _ := b.Coords(m.From)
	tf, tr, _ := b.Coords(m.To)
	df, dr := tf-ff, tr-fr
	small := (df == 0 && (dr == 1 || dr == -1)) || (dr == 0 && (df == 1 || df == -1))
	big := (dr == 0 && (df == w || df == -w)) || (df == 0 && (dr == h || dr == -h))
	if !small && !big {
		return say("block.step", name, w, h)
	}
	var enemies []string
	for _, c := range cells {
		f, r, _ := b.Coords(c)
		t := b.At(f+df, r+dr)
		if t == rules.NoSquare {
			return say("block.off_board", name)
		}
		x := p.At(t)
		switch {
		case x.Empty() || x == pc:
		case x.Side() == pc.Side():
			return say("block.overlap", name, pieceText(&v.Kinds[x.Kind()], x.Side()), b.Name(t))
		default:
			enemies = append(enemies, b.Name(t))
		}
	}
	if len(enemies) > 0 && !big {
		return say("block.small_no_capture")
	}
	if len(enemies) > 0 {
		return say("block.capture_cover", strings.Join(enemies, " "))
	}
	return say("block.slide_through", name)
}

var blockChessGuide = rules.Texts{
	En: "Block chess (異型方塊棋) on 12x10, White at the bottom. Each side has seven blocks (D 2 cells, I 3 in a row, V, L, O, T, S) " +
		"that never turn. A block moves a small step (one cell any way, never a capture) or a big step: its own width sideways " +
		"or its own height up or down. It slides there without passing over any piece, except the ones it takes; a big step " +
		"takes every enemy block it covers in at least two cells (covering just one makes the move illegal).\n" +
		"Win by bringing all your remaining blocks into the enemy's home ranks (8-10 for White, 1-3 for Black), or by taking " +
		"every enemy block. A player who cannot move passes.\n" +
		"Moves: any cell of the block and where that cell ends up: h1h3 (the square up two; i2i4 is the same move).",
	Hant: "異型方塊棋：12×10 格，白方在下。每方七塊（D 兩格、I 三格一條、V、L、O、T、S），方向固定不轉。" +
		"每步走一小格（上下左右一格，不能吃子），或一大格：橫走自身框架寬度、豎走自身框架高度。" +
		"移動時不可越過其他棋子（被吃的棋除外）；大格落點佔據敵塊至少兩小格即吃掉該塊（只佔一格則不能走）。\n" +
		"己方所剩棋塊全部進入對方底三格（白方 8-10 行，黑方 1-3 行），或吃光對方，即勝。無子可走時停一步。\n" +
		"走法：棋塊任一格及其到達的格：h1h3（方塊上移兩格；i2i4 同一步）。",
	Hans: "异型方块棋：12×10 格，白方在下。每方七块（D 两格、I 三格一条、V、L、O、T、S），方向固定不转。" +
		"每步走一小格（上下左右一格，不能吃子），或一大格：横走自身框架宽度、竖走自身框架高度。" +
		"移动时不可越过其他棋子（被吃的棋除外）；大格落点占据敌块至少两小格即吃掉该块（只占一格则不能走）。\n" +
		"己方所剩棋块全部进入对方底三格（白方 8-10 行，黑方 1-3 行），或吃光对方，即胜。无子可走时停一步。\n" +
		"走法：棋块任一格及其到达的格：h1h3（方块上移两格；i2i4 同一步）。",
}
