package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Divine-ox xiangqi (神牛象棋), as rules/shenniu.md says: xiangqi on the board
// with 11-point palaces (Palace11Board, shared with yizhi) plus two oxen a
// side. The oxen always move together: one makes a 日 leap, the other a 目
// leap, both onto empty points, never blocked (`a1b3&i1h4`). They capture only
// by flanking: an enemy piece right between the two oxen after their move is
// taken; a king the oxen could flank so is in check. Losing one ox loses both.

// ShenniuStart is the start position (shenniu.md, decision D2).
const ShenniuStart = "rnbakabnr/o7o/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/O7O/RNBAKABNR w - - 0 1"

// ShenniuOx is the kind index of the ox, after the standard seven.
const ShenniuOx = Soldier + 1

// shenniuKinds are the standard kinds on the 11-point palace (the advisor
// steps along the drawn diagonals only) and the ox, whose moves are the ox
// module's.
func shenniuKinds() []rules.Kind {
	k := XiangqiKinds()
	k[Advisor].Atoms = palaceLineSteps("palace line", rules.Diag4, rules.MoveOrCapture)
	return append(k, rules.Kind{Letter: 'O', Name: "ox", Plural: "oxen", Glyph: [2]string{"牛", "牛"}, Simple: [2]string{"牛", "牛"},
		Value: 3, Mating: true, Max: 2})
}

// Shenniu is Divine-ox xiangqi (神牛象棋).
func Shenniu() *rules.Variant {
	b := Palace11Board()
	return &rules.Variant{
		Slug:   "shenniu",
		Name:   "Divine-ox xiangqi",
		NameZh: "神牛象棋",
		Summary: "Xiangqi with 11-point palaces (c1 and g1 added, diagonals d2-c1-d0) and two oxen a side (牛 O, a1 i1): " +
			"both oxen move in one turn, one a 日 leap and the other a 目 leap, onto empty points, never blocked " +
			"(a1b3&i1h4); an enemy piece right between the two oxen after their move is captured; losing one ox " +
			"loses both. Moves in coordinates.",
		Guide:          shenniuGuide,
		Board:          b,
		Kinds:          shenniuKinds(),
		StartFEN:       ShenniuStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{&oxRule{b: b}},
	}
}

var shenniuGuide = rules.Texts{
	En: "Xiangqi with 11-point palaces and two oxen a side. What is new:\n" +
		"• The palace has 11 points: the 3×3 palace plus c1 and g1 (c8, g8), with new diagonals d2–c1–d0 and f2–g1–f0. The general steps straight inside it (d1c1); advisors step along its drawn diagonals only (d0c1, d2c1).\n" +
		"• 牛 Oxen O (a1, i1) always move together: one leaps like a horse (日, one and two points), the other one and three points (目); which does which is free. Both land on empty points; nothing blocks them. Write both legs joined by &: a1b3&i1h4. An ox may land where the other stood if that one moves first (b3c6&a1b3).\n" +
		"• Oxen never capture by landing: an enemy piece that stands right between the two oxen after their move, in one straight or diagonal line (O x O), is captured. A piece that steps between them itself is safe.\n" +
		"• A general the enemy oxen could flank with their next move is in check.\n" +
		"• Capturing one ox removes both oxen of that side.\n" +
		"Moves are written in coordinates.",
	Hant: "象棋九宮擴為十一宮，每方另有兩頭牛。不同之處：\n" +
		"• 十一宮：3×3 的九宮加上 c1、g1（c8、g8），新增斜線 d2–c1–d0、f2–g1–f0。帥在宮內直走（d1c1）；仕只沿宮內畫有的斜線走（d0c1、d2c1）。\n" +
		"• 牛 O（a1、i1）每次兩頭同時走：一頭走日（一二），另一頭走目（一三），哪頭走哪種隨意。都要落在空點；不蹩腿。兩步用 & 連寫：a1b3&i1h4。一頭牛先走開，另一頭可落在它原來的點（b3c6&a1b3）。\n" +
		"• 牛落點不吃子：走完後兩頭牛在同一直線或斜線上緊夾一枚敵子（牛 子 牛），即吃掉該子。對方自己走進兩牛之間不被吃。\n" +
		"• 敵方雙牛下一步能夾住的帥（將）即被將軍。\n" +
		"• 吃掉一頭牛，該方兩頭牛一起拿掉。\n" +
		"著法用座標書寫。",
	Hans: "象棋九宫扩为十一宫，每方另有两头牛。不同之处：\n" +
		"• 十一宫：3×3 的九宫加上 c1、g1（c8、g8），新增斜线 d2–c1–d0、f2–g1–f0。帅在宫内直走（d1c1）；仕只沿宫内画有的斜线走（d0c1、d2c1）。\n" +
		"• 牛 O（a1、i1）每次两头同时走：一头走日（一二），另一头走目（一三），哪头走哪种随意。都要落在空点；不蹩腿。两步用 & 连写：a1b3&i1h4。一头牛先走开，另一头可落在它原来的点（b3c6&a1b3）。\n" +
		"• 牛落点不吃子：走完后两头牛在同一直线或斜线上紧夹一枚敌子（牛 子 牛），即吃掉该子。对方自己走进两牛之间不被吃。\n" +
		"• 敌方双牛下一步能夹住的帅（将）即被将军。\n" +
		"• 吃掉一头牛，该方两头牛一起拿掉。\n" +
		"着法用坐标书写。",
}

// oxRule is the oxen's module: their double move (a special move), the flank
// capture, the flank check (Attacks), and the loss of both oxen with one.
//
// An ox move is Move{From: first ox, To: its point, Aux: code base + the other
// ox's point}, FlagSpecial: the other ox is the one not on From. The legs are
// in the order they are made; both orders are the same move when both are
// possible, and the move is generated once.
type oxRule struct {
	b    *rules.Board
	base uint8
}

// Leaps of the oxen: 日 (horse) and 目 (mule), without blocks.
var (
	oxRi = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	oxMu = [][2]int{{1, 3}, {3, 1}, {-1, 3}, {-3, 1}, {1, -3}, {3, -1}, {-1, -3}, {-3, -1}}
)

func (*oxRule) ModuleName() string { return "oxen" }

func (*oxRule) Guide() string {
	return "Oxen (牛): both move in one turn, one 日 and one 目 leap onto empty points (a1b3&i1h4); an enemy right " +
		"between them afterwards is captured; losing one ox loses both."
}

func (o *oxRule) Init(c *rules.Claims) (err error) {
	o.base, err = c.Codes(o.b.NumSquares())
	return err
}

// oxen returns the squares of side s's two oxen; ok=false unless it has two.
func (o *oxRule) oxen(p *rules.Position, s rules.Side) (a, b rules.Square, ok bool) {
	n := 0
	for sq := rules.Square(0); int(sq) < o.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == ShenniuOx && pc.Side() == s {
			if n == 0 {
				a = sq
			} else {
				b = sq
			}
			n++
		}
	}
	return a, b, n == 2
}

// leapKind is 1 for a 日 leap from x to y, 2 for a 目 leap, 0 for neither.
func (o *oxRule) leapKind(x, y rules.Square) int {
	fx, rx, ok1 := o.b.Coords(x)
	fy, ry, ok2 := o.b.Coords(y)
	if !ok1 || !ok2 {
		return 0
	}
	df, dr := abs(fy-fx), abs(ry-rx)
	switch {
	case df*dr == 2:
		return 1
	case df*dr == 3:
		return 2
	}
	return 0
}

// order says in which order the oxen on a and b can land on ta and tb: 1 =
// a first, 2 = b first, 3 = either, 0 = not at all (a point taken).
func (o *oxRule) order(p *rules.Position, a, b, ta, tb rules.Square) int {
	if ta == tb {
		return 0
	}
	n := 0
	if p.At(ta).Empty() && (p.At(tb).Empty() || tb == a) {
		n |= 1
	}
	if p.At(tb).Empty() && (p.At(ta).Empty() || ta == b) {
		n |= 2
	}
	return n
}

// each calls visit for every ox move of side s (targets of the ox on a and of
// the ox on b, with the possible orders), until visit returns true.
func (o *oxRule) each(p *rules.Position, s rules.Side, visit func(a, b, ta, tb rules.Square, ord int) bool) bool {
	a, b, ok := o.oxen(p, s)
	if !ok {
		return false
	}
	for _, sets := range [2][2][][2]int{{oxRi, oxMu}, {oxMu, oxRi}} {
		for _, va := range sets[0] {
			ta := o.b.Step(a, va[0], va[1])
			if ta == rules.NoSquare {
				continue
			}
			for _, vb := range sets[1] {
				tb := o.b.Step(b, vb[0], vb[1])
				if tb == rules.NoSquare {
					continue
				}
				if ord := o.order(p, a, b, ta, tb); ord != 0 && visit(a, b, ta, tb, ord) {
					return true
				}
			}
		}
	}
	return false
}

// AddMoves adds the ox moves of the side to move, the first leg being the ox
// that must go first, else the one with the lower square name.
func (o *oxRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	o.each(p, p.ToMove(), func(a, b, ta, tb rules.Square, ord int) bool {
		if ord == 2 || (ord == 3 && o.b.Name(b) < o.b.Name(a)) {
			a, ta, tb = b, tb, ta
		}
		out = append(out, rules.Move{From: a, To: ta, Flags: rules.FlagSpecial, Aux: o.base + uint8(tb)})
		return false
	})
	return out
}

// PlayMove makes both legs, then takes a flanked enemy piece.
func (o *oxRule) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	a, b, _ := o.oxen(p, s)
	second := a
	if a == m.From {
		second = b
	}
	tb := rules.Square(m.Aux - o.base)
	ox := p.At(m.From)
	p.Set(m.From, rules.NoPiece)
	p.Set(m.To, ox)
	p.Set(second, rules.NoPiece)
	p.Set(tb, ox)
	mid, ok := o.between(m.To, tb)
	if !ok {
		return rules.EndsTurn | rules.CountsPly
	}
	pc := p.At(mid)
	if pc.Empty() || pc.Side() == s {
		return rules.EndsTurn | rules.CountsPly
	}
	p.Set(mid, rules.NoPiece)
	if pc.Kind() == ShenniuOx {
		o.removeOxen(p, pc.Side())
	}
	return rules.EndsTurn | rules.ResetsClock
}

// between is the point right between x and y when they stand two points apart
// on one straight or diagonal line.
func (o *oxRule) between(x, y rules.Square) (rules.Square, bool) {
	fx, rx, _ := o.b.Coords(x)
	fy, ry, _ := o.b.Coords(y)
	df, dr := fy-fx, ry-rx
	if (abs(df) != 2 && df != 0) || (abs(dr) != 2 && dr != 0) || (df == 0 && dr == 0) {
		return rules.NoSquare, false
	}
	mid := o.b.At(fx+df/2, rx+dr/2)
	return mid, mid != rules.NoSquare
}

// removeOxen takes every ox of side s off the board.
func (o *oxRule) removeOxen(p *rules.Position, s rules.Side) {
	for sq := rules.Square(0); int(sq) < o.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == ShenniuOx && pc.Side() == s {
			p.Set(sq, rules.NoPiece)
		}
	}
}

// AfterMove: an ox taken by an ordinary capture takes the other one with it.
func (o *oxRule) AfterMove(p *rules.Position, _ rules.Move) {
	if c := p.Captured(); !c.Empty() && c.Kind() == ShenniuOx {
		o.removeOxen(p, c.Side())
	}
}

// Attacks: the oxen of side by have a move after which they flank sq.
func (o *oxRule) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	a, b, ok := o.oxen(p, by)
	if !ok {
		return false
	}
	f, r, _ := o.b.Coords(sq)
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		x, y := o.b.At(f+d[0], r+d[1]), o.b.At(f-d[0], r-d[1])
		if x == rules.NoSquare || y == rules.NoSquare {
			continue
		}
		for _, t := range [2][2]rules.Square{{x, y}, {y, x}} {
			ka, kb := o.leapKind(a, t[0]), o.leapKind(b, t[1])
			if ka != 0 && kb != 0 && ka != kb && o.order(p, a, b, t[0], t[1]) != 0 {
				return true
			}
		}
	}
	return false
}

// Validate: a side has both oxen or none.
func (o *oxRule) Validate(p *rules.Position) error {
	for s := rules.Red; s <= rules.Black; s++ {
		n := 0
		for sq := rules.Square(0); int(sq) < o.b.NumSquares(); sq++ {
			if pc := p.At(sq); !pc.Empty() && pc.Kind() == ShenniuOx && pc.Side() == s {
				n++
			}
		}
		if n == 1 {
			return sayErr("shenniu.one_ox", sideText(s))
		}
	}
	return nil
}

func (o *oxRule) legs(m rules.Move) (string, string) {
	return o.b.Name(m.From) + o.b.Name(m.To), o.b.Name(rules.Square(m.Aux - o.base))
}

func (o *oxRule) mine(m rules.Move) bool {
	return m.Flags&rules.FlagSpecial != 0 && m.Aux >= o.base && int(m.Aux-o.base) < o.b.NumSquares()
}

func (o *oxRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if !o.mine(m) {
		return "", false
	}
	a, b, _ := o.oxen(p, p.ToMove())
	second := a
	if a == m.From {
		second = b
	}
	first, tb := o.legs(m)
	return first + "&" + o.b.Name(second) + tb, true
}

// MoveAliases: the legs in the other order, where that order is possible too.
func (o *oxRule) MoveAliases(p *rules.Position, m rules.Move) []string {
	if !o.mine(m) {
		return nil
	}
	a, b, _ := o.oxen(p, p.ToMove())
	second := a
	if a == m.From {
		second = b
	}
	tb := rules.Square(m.Aux - o.base)
	if o.order(p, m.From, second, m.To, tb)&2 == 0 {
		return nil
	}
	return []string{o.b.Name(second) + o.b.Name(tb) + "&" + o.b.Name(m.From) + o.b.Name(m.To)}
}

// RefusalTexts says what is wrong with an ox move in the oxen's terms.
func (o *oxRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	s := p.ToMove()
	if m.From != rules.NoSquare && m.Flags&rules.FlagSpecial == 0 {
		if pc := p.At(m.From); !pc.Empty() && pc.Kind() == ShenniuOx && pc.Side() == s {
			return say("shenniu.both_oxen", o.example(p))
		}
		return rules.Texts{}
	}
	first, second, ok := strings.Cut(text, "&")
	if !ok {
		return rules.Texts{}
	}
	var sq [4]rules.Square
	for i, w := range []string{first, second} {
		if len(w) < 4 {
			return say("shenniu.leg_syntax", o.example(p))
		}
		x, ok1 := o.b.Parse(w[:2])
		y, ok2 := o.b.Parse(w[2:])
		if !ok1 || !ok2 {
			return say("shenniu.leg_syntax", o.example(p))
		}
		sq[2*i], sq[2*i+1] = x, y
	}
	a, b, have := o.oxen(p, s)
	if !have {
		return say("shenniu.no_oxen")
	}
	if !((sq[0] == a && sq[2] == b) || (sq[0] == b && sq[2] == a)) {
		return say("shenniu.not_your_oxen", o.b.Name(a), o.b.Name(b))
	}
	k1, k2 := o.leapKind(sq[0], sq[1]), o.leapKind(sq[2], sq[3])
	switch {
	case k1 == 0 || k2 == 0:
		return say("shenniu.leap_shape")
	case k1 == k2:
		return say("shenniu.one_each")
	}
	if o.order(p, sq[0], sq[2], sq[1], sq[3])&1 == 0 {
		return say("shenniu.land_empty")
	}
	return rules.Texts{}
}

// example is an ox move of the side to move, for hints.
func (o *oxRule) example(p *rules.Position) string {
	for _, m := range p.LegalMoves(nil) {
		if o.mine(m) {
			t, _ := o.FormatMove(p, m)
			return t
		}
	}
	return "a1b3&i1h4"
}
