package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Conquest xiangqi (攻克象棋), as rules/gongke.md says: the mountain-border board
// with a five-point last-defense line behind each back rank (MountainLinesBoard,
// shared with luzhan), two gazelles (羚) a side that step diagonally or jump
// over pieces in chains, and the conquest goal: fill the five points of the
// enemy line. A piece never enters its own line; a piece on the enemy line is
// frozen for good (gongkeRule).

// GongkeStart is the start position (gongke.md, Pieces).
const GongkeStart = "11/1rnbakabnr1/11/g1c5c1g/1p1p1p1p1p1/11/11/1P1P1P1P1P1/G1C5C1G/11/1RNBAKABNR1/11 w - - 0 1"

// GongkeGazelle is the kind index of the gazelle, after the standard seven.
const GongkeGazelle = Soldier + 1

// MountainLinesBoard is the mountain board (MountainBoard) one rank up, with a
// last-defense line of five points d0-h0 behind Red's back rank and d11-h11
// behind Black's (zone "last line"; gongke.md and luzhan.md). Every zone, mark
// and line of the mountain board moves with it; the enemy line is added to
// the soldier points (a soldier may step onto it).
func MountainLinesBoard() *rules.Board {
	src := MountainBoard()
	b := &rules.Board{Width: src.Width, Height: src.Height + 2}
	up := func(name string) string { // a point name one rank up (holes have no square)
		var r int
		if _, err := fmt.Sscanf(name[1:], "%d", &r); err != nil {
			panic(fmt.Sprintf("variants: point name %q", name))
		}
		return fmt.Sprintf("%c%d", name[0], r+1)
	}
	for _, h := range src.Holes {
		b.Holes = append(b.Holes, up(h))
	}
	for _, f := range "abcijk" {
		b.Holes = append(b.Holes, fmt.Sprintf("%c0", f), fmt.Sprintf("%c%d", f, b.Height-1))
	}
	for _, p := range src.Passes {
		b.Passes = append(b.Passes, rules.Pass{From: up(p.From), To: up(p.To)})
	}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	shift := func(sq rules.Square) rules.Square {
		f, r, _ := src.Coords(sq)
		return b.At(f, r+1)
	}
	shiftSet := func(s rules.SquareSet) rules.SquareSet {
		var out rules.SquareSet
		for _, sq := range s.Squares() {
			out.Add(shift(sq))
		}
		return out
	}
	b.Zones = map[string]rules.Zone{}
	for name, z := range src.Zones {
		b.Zones[name] = rules.Zone{shiftSet(z[rules.Red]), shiftSet(z[rules.Black])}
	}
	line := b.SquaresOf("d0", "e0", "f0", "g0", "h0")
	b.Zones["last line"] = rules.Zone{line, b.MirrorSet(line)}
	sold := b.Zones["soldier points"]
	for _, sq := range line.Squares() {
		sold[rules.Red].Add(b.Mirror(sq))
		sold[rules.Black].Add(sq)
	}
	b.Zones["soldier points"] = sold
	d := src.Decor
	b.Decor = rules.Decor{RiverBelow: d.RiverBelow + 1, RiverText: d.RiverText}
	for _, l := range d.Diagonals {
		b.Decor.Diagonals = append(b.Decor.Diagonals, rules.Line{From: shift(l.From), To: shift(l.To)})
	}
	for _, s := range d.Shaded {
		b.Decor.Shaded = append(b.Decor.Shaded, shiftSet(s))
	}
	for _, m := range d.Marks {
		b.Decor.Marks = append(b.Decor.Marks, shift(m))
	}
	return b
}

func gongkeKinds() []rules.Kind {
	return append(XiangqiKinds(),
		// The gazelle's jumps are gongkeRule's special moves; its atoms are its steps.
		rules.Kind{Letter: 'G', Name: "gazelle", Glyph: [2]string{"羚", "羚"}, Simple: [2]string{"羚", "羚"}, Value: 3,
			Mating: true, Max: 2, Atoms: rules.Steps(rules.Diag4, rules.MoveOnly)})
}

// Gongke is Conquest xiangqi (攻克象棋).
func Gongke() *rules.Variant {
	b := MountainLinesBoard()
	return &rules.Variant{
		Slug:   "gongke",
		Name:   "Conquest xiangqi",
		NameZh: "攻克象棋",
		Summary: "Xiangqi on the mountain board (11 files, a4-a7 one step) with a five-point last-defense line behind " +
			"each back rank (d0-h0, d11-h11). Your pieces never enter your own line; a piece that enters the enemy line " +
			"is frozen there for good; filling all five points of the enemy line wins. Two gazelles (羚 G) a side step " +
			"one point diagonally, or jump diagonally over adjacent pieces in a chain and capture by landing (c3g7). " +
			"Moves in coordinates.",
		Guide:          gongkeGuide,
		Board:          b,
		Kinds:          gongkeKinds(),
		StartFEN:       GongkeStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		NoCheckFlags:   rules.FlagFrozen,
		Modules:        []rules.Module{newGongkeRule(b)},
	}
}

var gongkeGuide = rules.Texts{
	En: "Xiangqi on the mountain board (11 files; a4–a7 is one step, the mountain pass) with a last-defense line of five points behind each back rank: d0–h0 is Red's, d11–h11 Black's. What is new:\n" +
		"• Your pieces never enter your own line, not even to capture.\n" +
		"• A chariot, horse, cannon, soldier or gazelle that reaches the enemy line is frozen there for good: it never moves, captures or gives check, but it still blocks and screens (f10f11).\n" +
		"• Occupy all five points of the enemy line and you win at once.\n" +
		"• Gazelle 羚 G (a3, k3): steps one point diagonally to an empty point (never captures by a step); or jumps diagonally over an adjacent piece of either colour to the point beyond: if empty it may jump again in any diagonal direction, if it holds an enemy the gazelle captures it and stops. Write the start and the final point (c3e5, c3g7). Jumped pieces stay.",
	Hant: "在山界棋盤上下的象棋（11 路，a4–a7 一步相通），兩端各多一條五點的最後防線：d0–h0 屬紅方，d11–h11 屬黑方。不同之處：\n" +
		"• 己方棋不能進入己方最後防線，吃子也不行。\n" +
		"• 車、馬、炮、兵、羚走進敵方最後防線即永遠凍結：不能走、不能吃、不能將軍，但仍可擋路、作炮架（f10f11）。\n" +
		"• 五枚棋佔滿敵方最後防線立即獲勝。\n" +
		"• 羚 G（a3、k3）：斜走一格到空點（走不吃子）；或斜跳過緊鄰的任一方棋子到其後一點：空點可再向任意斜方向連跳，敵子則吃掉並停止。寫起點與終點（c3e5、c3g7）。被跳過的棋不被吃。",
	Hans: "在山界棋盘上下的象棋（11 路，a4–a7 一步相通），两端各多一条五点的最后防线：d0–h0 属红方，d11–h11 属黑方。不同之处：\n" +
		"• 己方棋不能进入己方最后防线，吃子也不行。\n" +
		"• 车、马、炮、兵、羚走进敌方最后防线即永远冻结：不能走、不能吃、不能将军，但仍可挡路、作炮架（f10f11）。\n" +
		"• 五枚棋占满敌方最后防线立即获胜。\n" +
		"• 羚 G（a3、k3）：斜走一格到空点（走不吃子）；或斜跳过紧邻的任一方棋子到其后一点：空点可再向任意斜方向连跳，敌子则吃掉并停止。写起点与终点（c3e5、c3g7）。被跳过的棋不被吃。",
}

// gongkeRule is gongke.md's special rules: the last-defense lines (own line
// closed, enemy line freezes, filling it wins) and the gazelle's chain jumps.
// A frozen piece carries rules.FlagFrozen (set when it lands; on reading a FEN
// every piece on an enemy line gets it), so it attacks nothing
// (Variant.NoCheckFlags) and never moves (MayMove).
type gongkeRule struct {
	b    *rules.Board
	line [2]rules.SquareSet // each side's own last-defense line
	jump uint8
}

func newGongkeRule(b *rules.Board) *gongkeRule {
	z := b.Zones["last line"]
	return &gongkeRule{b: b, line: [2]rules.SquareSet{z[rules.Red], z[rules.Black]}}
}

func (*gongkeRule) ModuleName() string { return "gongke" }

func (g *gongkeRule) Init(c *rules.Claims) (err error) {
	if g.jump, err = c.Codes(1); err != nil {
		return err
	}
	// The frozen flags follow from the board: nothing to write, and reading a
	// position sets them.
	return c.Field(rules.Field{Key: "frozen", Write: func(*rules.Position) string { return "" }, Read: g.readFrozen})
}

func (g *gongkeRule) readFrozen(p *rules.Position, _ string) error {
	for s := rules.Red; s <= rules.Black; s++ {
		for _, sq := range g.line[s].Squares() {
			if pc := p.At(sq); !pc.Empty() && pc.Side() != s && !pc.Has(rules.FlagFrozen) {
				p.Set(sq, pc.With(rules.FlagFrozen, true))
			}
		}
	}
	return nil
}

func (*gongkeRule) Guide() string {
	return "Last-defense lines: never enter your own (d0-h0 for Red); a piece on the enemy line is frozen; " +
		"fill all five enemy points to win. Gazelles step diagonally or chain-jump over pieces (c3g7)."
}

// jumps calls visit for every final point of a gazelle chain from from for
// side s, once each: empty points it may stop on, and enemy pieces it takes.
func (g *gongkeRule) jumps(p *rules.Position, from rules.Square, s rules.Side, visit func(to rules.Square) bool) bool {
	var seen rules.SquareSet
	seen.Add(from)
	var walk func(at rules.Square) bool
	walk = func(at rules.Square) bool {
		f, r, _ := g.b.Coords(at)
		for _, d := range rules.Diag4 {
			over, to := g.b.At(f+d[0], r+d[1]), g.b.At(f+2*d[0], r+2*d[1])
			if over == rules.NoSquare || to == rules.NoSquare || p.At(over).Empty() || seen.Has(to) || g.line[s].Has(to) {
				continue
			}
			t := p.At(to)
			if !t.Empty() {
				if t.Side() != s {
					seen.Add(to)
					if visit(to) {
						return true
					}
				}
				continue
			}
			seen.Add(to)
			if visit(to) {
				return true
			}
			if !g.line[s.Other()].Has(to) && walk(to) {
				return true
			}
		}
		return false
	}
	return walk(from)
}

func (g *gongkeRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	for sq := rules.Square(0); int(sq) < g.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s || pc.Kind() != GongkeGazelle || pc.Has(rules.FlagFrozen) {
			continue
		}
		g.jumps(p, sq, s, func(to rules.Square) bool {
			out = append(out, rules.Move{From: sq, To: to, Flags: rules.FlagSpecial, Aux: g.jump})
			return false
		})
	}
	return out
}

func (g *gongkeRule) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	pc := p.At(m.From)
	took := !p.At(m.To).Empty()
	p.Set(m.From, rules.NoPiece)
	p.Set(m.To, pc)
	if took {
		return rules.EndsTurn | rules.ResetsClock
	}
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove freezes a piece that landed on the enemy line.
func (g *gongkeRule) AfterMove(p *rules.Position, m rules.Move) {
	if m.To == rules.NoSquare {
		return
	}
	if pc := p.At(m.To); !pc.Empty() && g.line[pc.Side().Other()].Has(m.To) && !pc.Has(rules.FlagFrozen) {
		p.Set(m.To, pc.With(rules.FlagFrozen, true))
	}
}

func (g *gongkeRule) MayMove(p *rules.Position, sq rules.Square) bool {
	return !p.At(sq).Has(rules.FlagFrozen)
}

// Legal: no piece ends on its own line.
func (g *gongkeRule) Legal(p *rules.Position, m rules.Move) bool {
	if m.To == rules.NoSquare {
		return true
	}
	pc := p.At(m.To)
	return pc.Empty() || !g.line[pc.Side()].Has(m.To)
}

// Attacks: a gazelle chain of side by that ends on sq.
func (g *gongkeRule) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	for from := rules.Square(0); int(from) < g.b.NumSquares(); from++ {
		pc := p.At(from)
		if pc.Empty() || pc.Side() != by || pc.Kind() != GongkeGazelle || pc.Has(rules.FlagFrozen) {
			continue
		}
		if g.jumps(p, from, by, func(to rules.Square) bool { return to == sq }) {
			return true
		}
	}
	return false
}

// GameEnd: a side whose pieces fill all five points of the enemy line wins.
func (g *gongkeRule) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	for s := rules.Red; s <= rules.Black; s++ {
		full := true
		for _, sq := range g.line[s.Other()].Squares() {
			if pc := p.At(sq); pc.Empty() || pc.Side() != s {
				full = false
				break
			}
		}
		if full {
			o := rules.Win(s, rules.ReasonVariantGoal)
			o.Detail = "filling the enemy last-defense line"
			o.DetailTexts = say("gongke.goal")
			return o, true
		}
	}
	return rules.Outcome{}, false
}

func (g *gongkeRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != g.jump {
		return "", false
	}
	return g.b.Name(m.From) + g.b.Name(m.To), true
}

func (*gongkeRule) MoveAliases(*rules.Position, rules.Move) []string { return nil }

// Refusal names the two line rules.
func (g *gongkeRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	switch {
	case pc.Empty() || pc.Side() != p.ToMove():
		return rules.Texts{}
	case pc.Has(rules.FlagFrozen):
		return say("gongke.frozen")
	case m.To != rules.NoSquare && g.line[pc.Side()].Has(m.To):
		return say("gongke.own_line")
	}
	return rules.Texts{}
}
