package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Pieces 01–18 of the series (stratagem-pieces-01-18.md). A piece without atoms
// is named but not built yet: its games are not offered.

func stratagemPieces01to18() []*stratPiece {
	ps := []*stratPiece{
		{no: 1, code: "MA", stratagem: "瞞天過海", glyph: [2]string{"瞞", "瞒"}, name: "deceiver", value: 3,
			atoms: rules.Join(rules.Steps(rules.Diag4, rules.MoveOrCapture), rules.DiagonalLeaps(2, rules.MoveOrCapture)),
			guide: rules.Texts{
				En:   "瞞 (MA, 01): one or two diagonal steps anywhere, the midpoint empty; it captures the same way. Example: c1e3.",
				Hant: "瞞（MA，01）：斜走一至兩格，全盤不限，不能越子；吃法同走法。例：c1e3。",
				Hans: "瞒（MA，01）：斜走一至两格，全盘不限，不能越子；吃法同走法。例：c1e3。",
			}},
		{no: 2, code: "WE", stratagem: "圍魏救趙", glyph: [2]string{"圍", "围"}, name: "besieger", value: 3},
		{no: 3, code: "DO", stratagem: "借刀殺人", glyph: [2]string{"刀", "刀"}, name: "knife", value: 5,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "刀 (DO, 03): slides like a chariot without capturing; it takes a piece only by that piece's own pattern: " +
					"a chariot or cannon along a clear line from 2+ points, a soldier or general from the next point, a horse by 日, " +
					"an elephant by 田, an advisor one step diagonally (legs and eyes ignored). Example: g1g5.",
				Hant: "刀（DO，03）：走法同車，直走不吃子；吃子須用被吃子的走法：車、炮須隔兩步以上直線吃，兵、將一步吃，馬走日，象走田，士斜一步（不計蹩腿塞眼）。例：g1g5。",
				Hans: "刀（DO，03）：走法同车，直走不吃子；吃子须用被吃子的走法：车、炮须隔两步以上直线吃，兵、将一步吃，马走日，象走田，士斜一步（不计蹩腿塞眼）。例：g1g5。",
			}},
		{no: 4, code: "YI", stratagem: "以逸待勞", glyph: [2]string{"以", "以"}, name: "waiter", value: 3},
		{no: 5, code: "CE", stratagem: "趁火打劫", glyph: [2]string{"趁", "趁"}, name: "looter", value: 3},
		{no: 6, code: "SE", stratagem: "聲東擊西", glyph: [2]string{"聲", "声"}, name: "feint", value: 5},
		{no: 7, code: "WU", stratagem: "無中生有", glyph: [2]string{"無", "无"}, name: "conjurer", value: 3},
		{no: 8, code: "AN", stratagem: "暗渡陳倉", glyph: [2]string{"暗", "暗"}, name: "detour", value: 5},
		{no: 9, code: "GE", stratagem: "隔岸觀火", glyph: [2]string{"隔", "隔"}, name: "watcher", value: 3},
		{no: 10, code: "XI", stratagem: "笑裡藏刀", glyph: [2]string{"笑", "笑"}, name: "smiler", value: 3,
			atoms: rules.Steps(rules.Diag4, rules.MoveOrCapture),
			guide: rules.Texts{
				En:   "笑 (XI, 10): one diagonal step anywhere, capturing the same way; when it takes a piece, every other enemy piece of that kind goes too. Example: c1d2.",
				Hant: "笑（XI，10）：斜走一格，全盤不限，吃法同走法；笑吃掉對方一枚棋，對方同兵種的棋全部拿下。例：c1d2。",
				Hans: "笑（XI，10）：斜走一格，全盘不限，吃法同走法；笑吃掉对方一枚棋，对方同兵种的棋全部拿下。例：c1d2。",
			}},
		{no: 11, code: "LI", stratagem: "李代桃僵", glyph: [2]string{"李", "李"}, name: "plum", value: 4,
			atoms: rules.LameLeaps(1, 2, 0, rules.MoveOrCapture),
			guide: rules.Texts{
				En: "李 (LI, 11): moves and captures by 日 anywhere, never blocked by a leg. An enemy piece a 日 from both your horse and your 李 " +
					"may not take that horse (it may take the 李). Example: c1d3.",
				Hant: "李（LI，11）：走日吃日，全盤不限，不受蹩腿；敵棋若與己方馬及李同在「日」字對角，則不能吃這匹馬（可吃李）。例：c1d3。",
				Hans: "李（LI，11）：走日吃日，全盘不限，不受蹩腿；敌棋若与己方马及李同在「日」字对角，则不能吃这匹马（可吃李）。例：c1d3。",
			}},
		{no: 12, code: "QI", stratagem: "順手牽羊", glyph: [2]string{"牽", "牵"}, name: "leash", value: 4},
		{no: 13, code: "DA", stratagem: "打草驚蛇", glyph: [2]string{"打", "打"}, name: "beater", value: 5},
		{no: 14, code: "JE", stratagem: "借尸還魂", glyph: [2]string{"借", "借"}, name: "vessel", value: 3},
		{no: 15, code: "DI", stratagem: "調虎離山", glyph: [2]string{"調", "调"}, name: "lure", value: 3},
		{no: 16, code: "YU", stratagem: "欲擒故縱", glyph: [2]string{"欲", "欲"}, name: "repeller", value: 3,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "欲 (YU, 16): slides like a chariot and never captures. It may not stop next to (orthogonally) an enemy piece, and no enemy " +
					"piece may stop next to it; it can still be captured. Example: c1c4.",
				Hant: "欲（YU，16）：走法同炮的直走，不能吃子；欲不能停在敵棋的橫豎緊鄰點，敵棋也不能走到欲的橫豎緊鄰點；欲本身可被吃。例：c1c4。",
				Hans: "欲（YU，16）：走法同炮的直走，不能吃子；欲不能停在敌棋的横竖紧邻点，敌棋也不能走到欲的横竖紧邻点；欲本身可被吃。例：c1c4。",
			}},
		{no: 17, code: "PA", stratagem: "拋磚引玉", glyph: [2]string{"拋", "抛"}, name: "bait", value: 3},
		{no: 18, code: "QN", stratagem: "擒賊擒王", glyph: [2]string{"擒", "擒"}, name: "regicide", value: 4,
			atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), []rules.Atom{
				{Kind: rules.Ride, DF: 1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DF: -1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
			}),
			guide: rules.Texts{
				En:   "擒 (QN, 18): slides like a chariot; it captures nothing but the enemy general, along a clear line, so it gives check like a chariot. Example: g1g5.",
				Hant: "擒（QN，18）：走法同車，但只能將軍（吃將帥），不能吃其它棋。例：g1g5。",
				Hans: "擒（QN，18）：走法同车，但只能将军（吃将帅），不能吃其它棋。例：g1g5。",
			}},
	}
	for _, sp := range ps {
		sp := sp
		switch sp.no {
		case 1, 18:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&stratPlain{stratMod{sp: sp, letter: letter}}} }
		case 3:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&knife{stratMod{sp: sp, letter: letter}}} }
		case 10:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&smiler{stratMod{sp: sp, letter: letter}}} }
		case 11:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&plum{stratMod{sp: sp, letter: letter}}} }
		case 16:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&repeller{stratMod{sp: sp, letter: letter}}} }
		}
	}
	return ps
}

// stratPlain is the module of a piece whose rules are all in its atoms (01, 18):
// it only names the piece and explains it.
type stratPlain struct{ stratMod }

// AttackNeutral: it has no effects.
func (*stratPlain) AttackNeutral() {}

func (m *stratPlain) Guide() string { return m.sp.guide.En }

// --- 03 刀: captures by the target's own pattern --------------------------

type knife struct{ stratMod }

func (m *knife) Guide() string { return m.sp.guide.En }

// reaches reports whether a 刀 on from may take the piece on to by that piece's
// pattern (own-king safety aside), and if not, why.
func (m *knife) reaches(p *rules.Position, from, to rules.Square) (bool, string) {
	b := p.Variant().Board
	t := p.At(to)
	df, dr := offset(b, from, to)
	clear, dist, line := clearBetween(p, from, to)
	switch k := t.Kind(); {
	case k == King || k == Soldier:
		if line && dist == 1 {
			return true, ""
		}
		return false, fmt.Sprintf("the 刀 takes a %s only from the next point (one orthogonal step)", p.Variant().Glyph(t))
	case k == Horse:
		if isHorseOffset(df, dr) {
			return true, ""
		}
		return false, "the 刀 takes a horse only as a horse moves, by a 日 (the leg does not matter)"
	case k == Elephant:
		if abs(df) == 2 && abs(dr) == 2 {
			return true, ""
		}
		return false, "the 刀 takes an elephant only as an elephant moves, by a 田 (the eye does not matter)"
	case k == Advisor:
		if abs(df) == 1 && abs(dr) == 1 {
			return true, ""
		}
		return false, "the 刀 takes an advisor only as an advisor moves, one diagonal step"
	default: // chariot, cannon and every added kind: as a chariot, from two or more points
		if line && clear && dist >= 2 {
			return true, ""
		}
		if line && dist == 1 {
			return false, fmt.Sprintf("the 刀 takes the %s only along a clear line from two or more points away; it is next to it", p.Variant().Glyph(t))
		}
		return false, fmt.Sprintf("the 刀 takes the %s only along a clear rank or file from two or more points away", p.Variant().Glyph(t))
	}
}

// targets are the offsets a 刀 may capture on, whatever stands there.
var knifeOffsets = func() [][2]int {
	var out [][2]int
	for _, d := range rules.Diag4 {
		out = append(out, d, [2]int{2 * d[0], 2 * d[1]})
	}
	for _, a := range rules.LameLeaps(1, 2, 0, rules.MoveOrCapture) {
		out = append(out, [2]int{a.DF, a.DR})
	}
	return out
}()

func (m *knife) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		add := func(to rules.Square) {
			if t := p.At(to); !t.Empty() && t.Side() != s && p.Capturable(from, to) {
				if ok, _ := m.reaches(p, from, to); ok {
					out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
				}
			}
		}
		for _, d := range rules.Dirs4 {
			for to := b.Step(from, d[0], d[1]); to != rules.NoSquare; to = b.Step(to, d[0], d[1]) {
				if !p.At(to).Empty() {
					add(to)
					break
				}
			}
		}
		for _, o := range knifeOffsets {
			if to := b.Step(from, o[0], o[1]); to != rules.NoSquare {
				add(to)
			}
		}
	}
	return out
}

// Attacks: a 刀 attacks what it could take by the target's pattern.
func (m *knife) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	t := p.At(sq)
	if t.Empty() || t.Side() == by {
		return false
	}
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		if ok, _ := m.reaches(p, from, sq); ok {
			return true
		}
	}
	return false
}

func (m *knife) Refusal(p *rules.Position, text string, mv rules.Move) string {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return ""
	}
	pc, t := p.At(mv.From), p.At(mv.To)
	if !m.is(pc) || pc.Side() != p.ToMove() || t.Empty() || t.Side() == pc.Side() {
		return ""
	}
	if ok, why := m.reaches(p, mv.From, mv.To); !ok {
		return why
	}
	return ""
}

// --- 10 笑: mass removal ---------------------------------------------------

type smiler struct{ stratMod }

func (m *smiler) Guide() string { return m.sp.guide.En }

// AfterMove: a capture by the 笑 removes every other enemy piece of the taken kind.
func (m *smiler) AfterMove(p *rules.Position, mv rules.Move) {
	c := p.Captured()
	if c.Empty() || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || !m.is(p.At(mv.To)) {
		return
	}
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == c.Side() && pc.Kind() == c.Kind() {
			stratRemove(p, sq)
		}
	}
}

// --- 11 李: protection of horses -------------------------------------------

type plum struct{ stratMod }

func (m *plum) Guide() string { return m.sp.guide.En }

// AttackNeutral: the filter only refuses captures of horses, never of a general.
func (*plum) AttackNeutral() {}

// protects reports whether the horse on to is protected from the piece on from.
func (m *plum) protects(p *rules.Position, from, to rules.Square) (rules.Square, bool) {
	h := p.At(to)
	if h.Empty() || h.Kind() != Horse {
		return rules.NoSquare, false
	}
	b := p.Variant().Board
	if !isHorseOffset(offset(b, to, from)) {
		return rules.NoSquare, false
	}
	for _, l := range m.squares(p, h.Side()) {
		if isHorseOffset(offset(b, l, from)) {
			return l, true
		}
	}
	return rules.NoSquare, false
}

func (m *plum) MayCapture(p *rules.Position, from, to rules.Square) bool {
	_, ok := m.protects(p, from, to)
	return !ok
}

func (m *plum) Refusal(p *rules.Position, text string, mv rules.Move) string {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return ""
	}
	if l, ok := m.protects(p, mv.From, mv.To); ok && p.At(mv.From).Side() == p.ToMove() {
		return fmt.Sprintf("the 李 on %s protects the horse on %s: the piece on %s stands a 日 from both, so it may not take the horse (it may take the 李)",
			p.Variant().Board.Name(l), p.Variant().Board.Name(mv.To), p.Variant().Board.Name(mv.From))
	}
	return ""
}

// --- 16 欲: keep-away ------------------------------------------------------

type repeller struct{ stratMod }

func (m *repeller) Guide() string { return m.sp.guide.En }

// banned says why the piece now on to (side s) may not stand there, or "".
func (m *repeller) banned(p *rules.Position, s rules.Side, to rules.Square) string {
	b := p.Variant().Board
	pc := p.At(to)
	if pc.Empty() || pc.Side() != s {
		return ""
	}
	for _, n := range orthNeighbours(b, to) {
		q := p.At(n)
		if q.Empty() || q.Side() == s {
			continue
		}
		if m.is(q) {
			return fmt.Sprintf("the enemy 欲 on %s keeps pieces away: %s is next to it", b.Name(n), b.Name(to))
		}
		if m.is(pc) {
			return fmt.Sprintf("the 欲 may not stop next to an enemy piece: %s is next to %s", b.Name(to), pieceWord(p, n))
		}
	}
	return ""
}

func (m *repeller) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.To == rules.NoSquare {
		return true
	}
	return m.banned(p, moverSide(p, mv), mv.To) == ""
}

func (m *repeller) Refusal(p *rules.Position, text string, mv rules.Move) string {
	if mv.From == rules.NoSquare && mv.Flags&rules.FlagDrop == 0 || mv.To == rules.NoSquare {
		return ""
	}
	s := p.ToMove()
	for _, pm := range p.PseudoMoves(nil) {
		if pm.From != mv.From || pm.To != mv.To || pm.Flags&rules.FlagSpecial != mv.Flags&rules.FlagSpecial {
			continue
		}
		p.Make(pm)
		why := m.banned(p, s, pm.To)
		p.Unmake()
		if why != "" {
			return why
		}
	}
	if pc := p.At(mv.From); mv.From != rules.NoSquare && m.is(pc) && pc.Side() == s && !p.At(mv.To).Empty() {
		return "the 欲 never captures"
	}
	return ""
}
