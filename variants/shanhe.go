package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Boost-and-bind xiangqi (山河象棋, 定助象棋), as rules/shanhe.md says: the
// standard board one file right on 11 files, whose outer files a and k have
// only the base-line corners a0 k0 a9 k9 (the 御 corners); a 10-point palace
// (f3 added, with advisor lines e2-f3 g2-f3); two 御 stewards a side that step
// along their own base line; and three function points a side (d3 定相助相,
// f3 定帥助帥, h3 定仕助仕; Black the 180° turn) on which an own piece boosts the
// side's elephants, general or advisors and an enemy piece binds them, while
// the piece's side still has a 御.

// ShanheStart is the start position (shanhe.md).
const ShanheStart = "yrnbakabnry/11/2c5c2/1p1p1p1p1p1/11/11/1P1P1P1P1P1/2C5C2/11/YRNBAKABNRY w - - 0 1"

// ShanheSteward is the kind index of the 御, after the standard seven.
const ShanheSteward = Soldier + 1

// shanheCorners are the base-line corners, reached only along the base line.
var shanheCorners = []string{"a0", "k0", "a9", "k9"}

// ShanheBoard is the 11×10 board of shanhe: files b-j the standard board,
// files a and k only the corners; the 10-point palace; "base line" (each
// side's rank 0 / 9, where its 御 stands); "on lines" (every point but the
// corners: where a horse may land); the function points drawn with the kind
// they boost.
func ShanheBoard() *rules.Board {
	var holes []string
	for _, f := range []string{"a", "k"} {
		for r := 1; r <= 8; r++ {
			holes = append(holes, fmt.Sprintf("%s%d", f, r))
		}
	}
	b := &rules.Board{Width: 11, Height: 10, Holes: holes}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	set := func(names ...string) rules.SquareSet { return b.SquaresOf(names...) }
	zone := func(names ...string) rules.Zone { s := set(names...); return rules.Zone{s, b.MirrorSet(s)} }
	own := b.RankRange(0, 4)
	soldier := b.RankRange(5, 9)
	for _, n := range []string{"b3", "d3", "f3", "h3", "j3", "b4", "d4", "f4", "h4", "j4"} {
		soldier.Add(mustSquare(b, n))
	}
	lines := b.RankRange(0, 9)
	for _, n := range shanheCorners {
		lines.Remove(mustSquare(b, n))
	}
	b.Zones = map[string]rules.Zone{
		"own":             {own, b.MirrorSet(own)},
		"crossed":         {b.MirrorSet(own), own},
		"advisor points":  zone("e0", "g0", "f1", "e2", "g2", "f3"),
		"elephant points": zone("d0", "h0", "b2", "f2", "j2", "d4", "h4"),
		"soldier points":  {soldier, b.MirrorSet(soldier)},
		"base line":       zone("a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "j0", "k0"),
		"on lines":        {lines, lines},
	}
	b.ZoneTexts = map[string]rules.Texts{
		"base line": {En: "on its own base line", Hant: "在己方底線上", Hans: "在己方底线上"},
		"on lines": {En: "off the corner points a0 k0 a9 k9 (they are reached only along the base line)",
			Hant: "不落在角點 a0 k0 a9 k9（只能沿底線到達）", Hans: "不落在角点 a0 k0 a9 k9（只能沿底线到达）"},
	}
	pal, segs := palace10(b, 5)
	at := func(n string) rules.Square { return mustSquare(b, n) }
	b.Decor = rules.Decor{RiverBelow: 4, RiverText: [2]string{"楚河", "漢界"}}
	setPalace(b, pal, segs)
	for _, n := range []string{"c2", "i2", "b3", "d3", "f3", "h3", "j3", "c7", "i7", "b6", "d6", "f6", "h6", "j6"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n))
	}
	for _, l := range []struct{ at, text string }{
		{"d3", "相"}, {"f3", "帥"}, {"h3", "仕"}, {"d6", "士"}, {"f6", "將"}, {"h6", "象"},
	} {
		b.Decor.PointLabels = append(b.Decor.PointLabels, rules.PointLabel{At: at(l.at), Text: l.text})
	}
	return b
}

// shanheKinds are the standard kinds on the 10-point palace (advisors step
// along its drawn diagonals; horses never land on a corner) and the 御.
func shanheKinds() []rules.Kind {
	k := XiangqiKinds()
	k[Advisor].Atoms = palaceLineSteps("palace line", rules.Diag4, rules.MoveOrCapture)
	k[Horse].Atoms = rules.InZone("on lines", k[Horse].Atoms)
	return append(k, rules.Kind{Letter: 'Y', Name: "steward", Glyph: [2]string{"御", "御"}, Simple: [2]string{"御", "御"},
		Value: 1, Max: 2, StandZone: "base line",
		Atoms: rules.InZone("base line", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture))})
}

// Shanhe is Boost-and-bind xiangqi (山河象棋).
func Shanhe() *rules.Variant {
	b := ShanheBoard()
	return &rules.Variant{
		Slug:   "shanhe",
		Name:   "Boost-and-bind xiangqi",
		NameZh: "山河象棋",
		Summary: "Xiangqi on 11 files with a 10-point palace (f3 added) and two 御 stewards a side on the base-line " +
			"corners (a0 k0) that step along their base line. Your own piece on your function point d3, f3 or h3 " +
			"boosts your elephants (two 田 steps), general (two points straight) or advisors (two points along a " +
			"diagonal); an enemy piece there binds them. Only a side that still has a 御 counts. Moves in coordinates.",
		Guide:          shanheGuide,
		Board:          b,
		Kinds:          shanheKinds(),
		StartFEN:       ShanheStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{newShanheRule(b)},
	}
}

var shanheGuide = rules.Texts{
	En: "Xiangqi on 11 files: the army stands one file right (general f0); files a and k have only the corners a0 k0 a9 k9. What is new:\n" +
		"• The palace has a 10th point, f3 (f6), joined to e2 and g2 by advisor lines.\n" +
		"• 御 Y (a0, k0): one point sideways along its own base line, moving or capturing (a0b0).\n" +
		"• Function points (marked): d3 boosts elephants, f3 the general, h3 advisors (Black: h6, f6, d6). While your own piece stands on one of yours, that kind of yours is boosted: the general moves one or two points straight inside the palace (f0f2), advisors one or two points along a straight palace diagonal (e0g2), elephants make one or two 田 steps in a turn, each with an empty eye and an empty point between (d0h4 via f2). An enemy piece on one of your points binds that kind of yours: it cannot move (a bound general in check must be saved by other pieces).\n" +
		"• A piece on a function point counts only while its side still has a 御.\n" +
		"Moves are written in coordinates.",
	Hant: "在 11 路棋盤上下的象棋：全軍右移一路（帥在 f0）；a、k 兩路只有角點 a0 k0 a9 k9。不同之處：\n" +
		"• 九宮多一個點 f3（f6），以仕線連到 e2、g2。\n" +
		"• 御 Y（a0、k0）：沿己方底線橫走一點，可吃子（a0b0）。\n" +
		"• 功能點（有標記）：d3 定相助相、f3 定帥助帥、h3 定仕助仕（黑方為 h6、f6、d6）。己方棋子佔住己方的功能點時，該類棋子得助：帥在宮內直走一或兩點（f0f2）；仕沿宮內一條直斜線走一或兩點（e0g2）；相一步可走一或兩個田，每個田都不能塞眼，中間落點須空（d0h4 經 f2）。敵子佔住己方的功能點時，該類棋子被定住不能走（被將軍而帥被定住時，只能靠其他棋子解將）。\n" +
		"• 只有還有御的一方，佔住功能點才有作用。\n" +
		"著法用座標書寫。",
	Hans: "在 11 路棋盘上下的象棋：全军右移一路（帅在 f0）；a、k 两路只有角点 a0 k0 a9 k9。不同之处：\n" +
		"• 九宫多一个点 f3（f6），以仕线连到 e2、g2。\n" +
		"• 御 Y（a0、k0）：沿己方底线横走一点，可吃子（a0b0）。\n" +
		"• 功能点（有标记）：d3 定相助相、f3 定帅助帅、h3 定仕助仕（黑方为 h6、f6、d6）。己方棋子占住己方的功能点时，该类棋子得助：帅在宫内直走一或两点（f0f2）；仕沿宫内一条直斜线走一或两点（e0g2）；相一步可走一或两个田，每个田都不能塞眼，中间落点须空（d0h4 经 f2）。敌子占住己方的功能点时，该类棋子被定住不能走（被将军而帅被定住时，只能靠其他棋子解将）。\n" +
		"• 只有还有御的一方，占住功能点才有作用。\n" +
		"着法用坐标书写。",
}

// shanheRule is the function points: boosts (extra ordinary moves) and binds
// (pieces held). It adds no attacks: a boosted or bound piece only ever acts in
// its own palace or half, where the enemy general never stands.
type shanheRule struct {
	b *rules.Board
	// point[s][i] is side s's function point of kind shanheKinds[i].
	point [2][3]rules.Square
	base  [2]rules.SquareSet // each side's base line
}

// shanheBoosted are the kinds function points act on, in the order of point.
var shanheBoosted = [3]int{King, Advisor, Elephant}

func newShanheRule(b *rules.Board) *shanheRule {
	r := &shanheRule{b: b}
	for i, n := range []string{"f3", "h3", "d3"} {
		sq := mustSquare(b, n)
		r.point[rules.Red][i] = sq
		r.point[rules.Black][i] = b.Mirror(sq)
	}
	z := b.Zones["base line"]
	r.base = [2]rules.SquareSet{z[rules.Red], z[rules.Black]}
	return r
}

func (*shanheRule) ModuleName() string { return "function-points" }

func (*shanheRule) Guide() string {
	return "Function points: your piece on your d3/f3/h3 boosts your elephants/general/advisors; an enemy " +
		"piece there binds them; only while the piece's side has a 御."
}

// hasSteward reports whether side s still has a 御 (on its base line).
func (r *shanheRule) hasSteward(p *rules.Position, s rules.Side) bool {
	for _, sq := range r.base[s].Squares() {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == ShanheSteward {
			return true
		}
	}
	return false
}

// state says what side s's function point of kind index i does now: +1 boost,
// -1 bind, 0 nothing.
func (r *shanheRule) state(p *rules.Position, s rules.Side, i int) int {
	pc := p.At(r.point[s][i])
	switch {
	case pc.Empty():
		return 0
	case pc.Side() == s && r.hasSteward(p, s):
		return 1
	case pc.Side() != s && r.hasSteward(p, pc.Side()):
		return -1
	}
	return 0
}

func boostIndex(kind int) int {
	for i, k := range shanheBoosted {
		if k == kind {
			return i
		}
	}
	return -1
}

// MayMove holds the pieces an enemy piece binds.
func (r *shanheRule) MayMove(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	if pc.Empty() {
		return true
	}
	i := boostIndex(pc.Kind())
	return i < 0 || r.state(p, pc.Side(), i) >= 0
}

// AddMoves adds the boosted moves of the side to move.
func (r *shanheRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	var on [3]bool
	any := false
	for i := range shanheBoosted {
		on[i] = r.state(p, s, i) > 0
		any = any || on[i]
	}
	if !any {
		return out
	}
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s {
			continue
		}
		if i := boostIndex(pc.Kind()); i >= 0 && on[i] && p.Movable(sq) {
			r.boosted(p, sq, pc.Kind(), s, func(to rules.Square) {
				m := rules.Move{From: sq, To: to}
				if !p.At(to).Empty() {
					m.Flags = rules.FlagCapture
				}
				out = append(out, m)
			})
		}
	}
	return out
}

// boosted calls add for every point the boost adds to the moves of the piece
// of kind on from (side s), each once.
func (r *shanheRule) boosted(p *rules.Position, from rules.Square, kind int, s rules.Side, add func(rules.Square)) {
	b := r.b
	free := func(to rules.Square) bool {
		t := p.At(to)
		return t.Empty() || t.Side() != s
	}
	switch kind {
	case King:
		for _, d := range rules.Dirs4 {
			mid, to := b.Step(from, d[0], d[1]), b.Step(from, 2*d[0], 2*d[1])
			if to != rules.NoSquare && p.At(mid).Empty() && b.InZone("palace", s, to) && free(to) {
				add(to)
			}
		}
	case Advisor:
		for _, d := range rules.Diag4 {
			// Black's zones hold the points of its (mirrored) lines along -d.
			zd := d
			if s == rules.Black {
				zd = [2]int{-d[0], -d[1]}
			}
			z := palaceLineZone("palace line", zd)
			mid := b.Step(from, d[0], d[1])
			if mid == rules.NoSquare || !b.InZone(z, s, from) || !b.InZone(z, s, mid) || !p.At(mid).Empty() {
				continue
			}
			if to := b.Step(mid, d[0], d[1]); to != rules.NoSquare && free(to) {
				add(to)
			}
		}
	case Elephant:
		var seen rules.SquareSet
		for _, d1 := range rules.Diag4 {
			eye, land := b.Step(from, d1[0], d1[1]), b.Step(from, 2*d1[0], 2*d1[1])
			if land == rules.NoSquare || !p.At(eye).Empty() || !p.At(land).Empty() || !b.InZone("own", s, land) {
				continue
			}
			for _, d2 := range rules.Diag4 {
				eye2, to := b.Step(land, d2[0], d2[1]), b.Step(land, 2*d2[0], 2*d2[1])
				if to == rules.NoSquare || to == from || seen.Has(to) || !p.At(eye2).Empty() ||
					!b.InZone("own", s, to) || !free(to) {
					continue
				}
				seen.Add(to)
				add(to)
			}
		}
	}
}

// RefusalTexts names the function point that binds a piece, or that a boost
// needs.
func (r *shanheRule) RefusalTexts(p *rules.Position, _ string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	i := boostIndex(pc.Kind())
	if i < 0 {
		return rules.Texts{}
	}
	s := pc.Side()
	pt := r.b.Name(r.point[s][i])
	if r.state(p, s, i) < 0 {
		return say([3]string{"shanhe.bound_general", "shanhe.bound_advisor", "shanhe.bound_elephant"}[i], pt)
	}
	if r.state(p, s, i) > 0 {
		return rules.Texts{}
	}
	var shape bool
	r.boosted(p, m.From, pc.Kind(), s, func(to rules.Square) { shape = shape || to == m.To })
	if !shape {
		return rules.Texts{}
	}
	if p.At(r.point[s][i]).Empty() || p.At(r.point[s][i]).Side() != s {
		return say("shanhe.needs_boost", pt)
	}
	return say("shanhe.needs_steward", pt)
}
