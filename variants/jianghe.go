package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Two-Rivers xiangqi (江河象棋), as rules/jianghe.md says: a 9×14 board with two
// rivers and a middle battlefield of four ranks between them (中間戰場). Moves
// that start and land in the middle give chariots and cannons diagonals and
// horses the 目 leap (atoms with From and To zone "middle battlefield"); soldiers step back
// inside it. A side whose every chariot, horse, cannon and soldier stands in the
// middle at the start of its turn may move two different pieces (middleRule).

// JiangheStart is the start position (jianghe.md, Board).
const JiangheStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// JianghePass is the text that ends a turn after its first move.
const JianghePass = "pass"

// JiangheBoard is the 9×14 board: zones "palace", "own" (ranks 0-4 and 9-13),
// "middle battlefield" (ranks 5-8, the same for both), "crossed" (beyond the own home),
// and the stand zones of advisors, elephants and soldiers.
func JiangheBoard() *rules.Board {
	b := &rules.Board{Width: 9, Height: 14}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	palace := b.Rect(3, 0, 5, 2)
	own := b.RankRange(0, 4)
	middle := b.RankRange(5, 8)
	crossed := b.RankRange(5, 13)
	advisor := b.SquaresOf("d0", "f0", "e1", "d2", "f2")
	elephant := b.SquaresOf("c0", "g0", "a2", "e2", "i2", "c4", "g4")
	soldier := b.RankRange(5, 13)
	for f := 0; f < 9; f += 2 {
		soldier.Add(b.At(f, 3))
		soldier.Add(b.At(f, 4))
	}
	b.Zones = map[string]rules.Zone{
		"palace":             {palace, b.MirrorSet(palace)},
		"own":                {own, b.MirrorSet(own)},
		"middle battlefield": {middle, middle},
		"crossed":            {crossed, b.MirrorSet(crossed)},
		"advisor points":     {advisor, b.MirrorSet(advisor)},
		"elephant points":    {elephant, b.MirrorSet(elephant)},
		"soldier points":     {soldier, b.MirrorSet(soldier)},
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		MoreRivers: []rules.River{{Below: 8, Text: [2]string{"楚河", "漢界"}}},
		Diagonals: []rules.Line{
			{From: at("d0"), To: at("f2")}, {From: at("f0"), To: at("d2")},
			{From: at("d11"), To: at("f13")}, {From: at("f11"), To: at("d13")},
		},
	}
	for _, n := range []string{"b2", "h2", "a3", "c3", "e3", "g3", "i3"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n), b.Mirror(at(n)))
	}
	return b
}

func jiangheKinds() []rules.Kind {
	k := XiangqiKinds()
	mid := func(atoms []rules.Atom) []rules.Atom {
		return rules.FromZone("middle battlefield", rules.InZone("middle battlefield", atoms))
	}
	k[Chariot].Atoms = rules.Join(k[Chariot].Atoms, mid(rules.Rides(rules.Diag4, rules.MoveOrCapture, 0)))
	k[Cannon].Atoms = rules.Join(k[Cannon].Atoms, mid(rules.Rides(rules.Diag4, rules.MoveOnly, 0)), mid(rules.Hops(rules.Diag4, 1)))
	k[Horse].Atoms = rules.Join(k[Horse].Atoms, mid(rules.LameLeaps(1, 3, 1, rules.MoveOrCapture)))
	// In the middle a soldier also steps back, but not out of it.
	k[Soldier].Atoms = rules.Join(k[Soldier].Atoms, mid(rules.Steps([][2]int{{0, -1}}, rules.MoveOrCapture)))
	return k
}

// Jianghe is Two-Rivers xiangqi (江河象棋).
func Jianghe() *rules.Variant {
	b := JiangheBoard()
	return &rules.Variant{
		Slug:   "jianghe",
		Name:   "Two-Rivers xiangqi",
		NameZh: "江河象棋",
		Summary: "Xiangqi on 9×14 points: two rivers with a middle battlefield of four ranks (5-8) between them. " +
			"Moves that start and end in the middle may also go diagonally for chariots and cannons (c6e8) and 目 " +
			"for horses (d5e8); soldiers in the middle also step sideways and back (not out of it). When every chariot, " +
			"horse, cannon and soldier you have stands in the middle at the start of your turn, you may move two " +
			"different pieces: a6a8, then c5d7 or `pass`.",
		Guide: rules.Texts{
			En: "Xiangqi with two rivers and a middle battlefield (ranks 5–8) between them. What is new:\n" +
				"• A move that starts and ends in the middle may go diagonally: a chariot any distance (c6e8), a cannon like a cannon (moving, or capturing over one screen, b5e8); a horse may leap 目, one across and three along, leg as usual (d5e8).\n" +
				"• Soldiers: at home only forward; in the middle also sideways and back, but not back out of it (d6d5); in the enemy home forward or sideways.\n" +
				"• Elephants stay at home; generals may not face along the whole file.\n" +
				"• Middle rule: if at the start of your turn every chariot, horse, cannon and soldier you have is in the middle, you may move two different pieces. Send the first move (a6a8); then a second one with another piece (c5d7), or pass to end the turn. Each move must leave your general safe, and no move takes a general.",
			Hant: "有兩條河、中間夾著中場（第 5–8 線）的象棋。不同之處：\n" +
				"• 在中場起步並落在中場的走法可以斜走：車斜走任意格（c6e8），炮斜走或隔一子斜打（b5e8）；馬可走目，橫一直三，蹩腿同走日（d5e8）。\n" +
				"• 兵：在己方只能前進；在中場可橫走、後退，但不能退出中場（d6d5）；到對方家中可前進或橫走。\n" +
				"• 相不過河；將帥在整條直線上都不能照面。\n" +
				"• 中部規則：輪到你時若己方所有車、馬、炮、兵都在中場，本回合可走兩枚不同的棋。先送第一步（a6a8），再用另一枚棋走第二步（c5d7），或 pass 結束本回合。每一步都不能讓己方將帥被將，也不能吃將帥。",
			Hans: "有两条河、中间夹着中场（第 5–8 线）的象棋。不同之处：\n" +
				"• 在中场起步并落在中场的走法可以斜走：车斜走任意格（c6e8），炮斜走或隔一子斜打（b5e8）；马可走目，横一直三，蹩腿同走日（d5e8）。\n" +
				"• 兵：在己方只能前进；在中场可横走、后退，但不能退出中场（d6d5）；到对方家中可前进或横走。\n" +
				"• 相不过河；将帅在整条直线上都不能照面。\n" +
				"• 中部规则：轮到你时若己方所有车、马、炮、兵都在中场，本回合可走两枚不同的棋。先送第一步（a6a8），再用另一枚棋走第二步（c5d7），或 pass 结束本回合。每一步都不能让己方将帅被将，也不能吃将帅。",
		},
		Board:          b,
		Kinds:          jiangheKinds(),
		StartFEN:       JiangheStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{newMiddleRule(b)},
	}
}

// middleRule is the middle rule ("中部"特殊規則): a side whose every chariot,
// horse, cannon and soldier (at least one) stands in the middle at the start of
// its turn may move two different pieces. The first move keeps the turn; the
// second is a move of another piece or `pass`. No move of the turn may take a
// general (each must be legal on its own, so a general can be in check only
// between the two moves of the enemy's turn).
//
// State: one variable, half: 0, or 2+square of the piece that made the first
// move (FEN key "double=a8").
type middleRule struct {
	middle rules.SquareSet
	inner  []rules.Square // the middle's squares
	outer  []rules.Square // the home squares, where an eligible side has no R N C P
	half   rules.VarID
	pass   uint8
}

func newMiddleRule(b *rules.Board) *middleRule {
	m := &middleRule{middle: b.Zones["middle battlefield"][rules.Red]}
	for sq := rules.Square(0); int(sq) < b.Width*b.Height; sq++ {
		if m.middle.Has(sq) {
			m.inner = append(m.inner, sq)
		} else {
			m.outer = append(m.outer, sq)
		}
	}
	return m
}

func (*middleRule) ModuleName() string { return "middle-rule" }

// AttackNeutral: keeping the turn changes no attack, and Legal refuses only the
// capture of a general, a move onto a general's own square.
func (*middleRule) AttackNeutral() {}

func (mr *middleRule) Init(c *rules.Claims) (err error) {
	if mr.half, err = c.Var("half"); err != nil {
		return err
	}
	if mr.pass, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "double", Write: mr.writeField, Read: mr.readField})
}

func (*middleRule) Guide() string {
	return "Middle rule: when every chariot, horse, cannon and soldier you have stands in the middle (ranks 5-8) " +
		"at the start of your turn, you may move two different pieces: a6a8, then c5d7 or `pass`."
}

// crossing reports whether kind k is one that can cross a river (R N C P).
func crossing(k int) bool { return k == Chariot || k == Horse || k == Cannon || k == Soldier }

// pending is the square of the piece that made the first move, or NoSquare.
func (mr *middleRule) pending(p *rules.Position) rules.Square {
	if st := p.Var(mr.half); st >= 2 {
		return rules.Square(st - 2)
	}
	return rules.NoSquare
}

// KeepsTurn: a first move (not the second, not a pass) keeps the turn when the
// mover was eligible before it. m is made: the moved piece stood on m.From, and
// no other piece of the mover has moved.
func (mr *middleRule) KeepsTurn(p *rules.Position, m rules.Move) bool {
	if p.Var(mr.half) != 0 || p.MidTurn() {
		return false
	}
	s := p.ToMove()
	pc := p.At(m.To)
	any := false
	if !pc.Empty() && crossing(pc.Kind()) {
		if !mr.middle.Has(m.From) {
			return false
		}
		any = true
	}
	for _, sq := range mr.outer {
		if x := p.At(sq); !x.Empty() && x.Side() == s && crossing(x.Kind()) && sq != m.To {
			return false
		}
	}
	if !any {
		for _, sq := range mr.inner {
			if x := p.At(sq); !x.Empty() && x.Side() == s && crossing(x.Kind()) {
				any = true
				break
			}
		}
	}
	return any
}

func (mr *middleRule) AfterMove(p *rules.Position, m rules.Move) {
	switch {
	case p.Var(mr.half) >= 2:
		p.SetVar(mr.half, 0) // the second move, or the pass
	case p.MidTurn() && m.Flags&rules.FlagSpecial == 0:
		p.SetVar(mr.half, 2+int32(m.To))
	}
}

// MayMove: the second move is made with another piece.
func (mr *middleRule) MayMove(p *rules.Position, sq rules.Square) bool { return sq != mr.pending(p) }

// Legal: no move takes a general (only the second move of a turn could).
func (mr *middleRule) Legal(p *rules.Position, m rules.Move) bool {
	return p.NumRoyals(rules.Red) > 0 && p.NumRoyals(rules.Black) > 0
}

func (mr *middleRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if p.Var(mr.half) >= 2 {
		out = append(out, rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: mr.pass})
	}
	return out
}

// PlayMove: the pass ends the turn; the turn was one ply (the first move
// counted it).
func (mr *middleRule) PlayMove(p *rules.Position, m rules.Move) rules.Turn { return rules.EndsTurn }

func (mr *middleRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	return JianghePass, m.Aux == mr.pass && m.Flags&rules.FlagSpecial != 0
}

func (mr *middleRule) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != mr.pass {
		return nil
	}
	return []string{"end", "跳過", "跳过", "停"}
}

func (mr *middleRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	switch {
	case m == rules.NullMove && (text == "pass" || text == "end" || text == "跳過" || text == "跳过" || text == "停"):
		return say("jianghe.pass_only")
	case m.From != rules.NoSquare && m.From == mr.pending(p):
		return say("jianghe.other_piece")
	}
	return rules.Texts{}
}

func (mr *middleRule) writeField(p *rules.Position) string {
	if sq := mr.pending(p); sq != rules.NoSquare {
		return p.Variant().Board.Name(sq)
	}
	return ""
}

func (mr *middleRule) readField(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	sq, ok := p.Variant().Board.Parse(text)
	if !ok {
		return fmt.Errorf("double=%s: want the square of the piece that made the first move", text)
	}
	if pc := p.At(sq); pc.Empty() || pc.Side() != p.ToMove() {
		return fmt.Errorf("double=%s: no piece of the side to move there", text)
	}
	p.SetVar(mr.half, 2+int32(sq))
	p.SetMidTurn(true)
	return nil
}
