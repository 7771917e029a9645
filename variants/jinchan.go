package variants

import (
	"errors"
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Golden Cicada xiangqi (金蟬象棋), exactly as rules/jinchan.md says: an 11x12
// board with an 18-point palace, 20 pieces a side (two cicadas, 蟬), horses with
// 日 and 目 leaps and the 凌馬 stack, diagonal cannon jumps, the soldier's backward
// exchange, the 殺驚/遁馬 opening rule, string chariots (弦車), and two generals a
// side of which one is a secret decoy (替身) until its side reveals (現身).
//
// Everything is data plus the general hooks of the rules core: the decoy is a
// royal kind that looks like a general (PublicAs), the reveal a special move that
// keeps the turn, the forced reveal an automatic move, 遁馬 a KeepTurn, the string
// chariot a supported ride and the cannon's jump a ranged hop.

// JinchanStart is the public start position (jinchan.md §3): both generals of a
// side are written K, since nobody may know which is real. ApplySecrets turns it
// into the true start, where the decoy is D.
const JinchanStart = "rnbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J1C1/11/RNBAK1KABNR w - - 0 1"

// Kind indexes of Jinchan, in the order of jinchanKinds.
const (
	JinchanGeneral  = iota // 帥/將, K: the real general
	JinchanDecoy           // 替身, D: the decoy, a general to everybody but its owner
	JinchanGuard           // 衛, G: the decoy after the reveal
	JinchanAdvisor         // 仕/士, A
	JinchanElephant        // 相/象, B
	JinchanHorse           // 馬, N
	JinchanChariot         // 車, R
	JinchanCannon          // 炮/砲, C
	JinchanCicada          // 蟬, J
	JinchanSoldier         // 兵/卒, P
)

// jcLines are Red's drawn palace diagonals (jinchan.md §2): advisors step along
// them, and chariots on them may become string chariots. Black's are their
// mirror images.
var jcLines = [4][]string{
	{"d0", "e1", "f2", "g3"},
	{"h0", "g1", "f2", "e3"},
	{"f0", "e1", "d2"},
	{"f0", "g1", "h2"},
}

// jcLineZone names the zone of drawn diagonal i: its points in both palaces.
func jcLineZone(i int) string {
	l := jcLines[i]
	return "diagonals " + l[0] + "-" + l[len(l)-1] + ", " + mirrorName(l[0]) + "-" + mirrorName(l[len(l)-1])
}

// mirrorName is the name of a Jinchan point turned by 180 degrees.
func mirrorName(n string) string {
	f := 'a' + 'k' - rune(n[0])
	var r int
	fmt.Sscanf(n[1:], "%d", &r)
	return fmt.Sprintf("%c%d", f, 11-r)
}

// JinchanBoard returns the 11x12 board with its 18-point palaces, the river
// between ranks 5 and 6, and the zones the pieces use: "palace", "own", "crossed"
// and one zone per drawn palace diagonal (both palaces).
func JinchanBoard() *rules.Board {
	b := &rules.Board{Width: 11, Height: 12}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	palace := palace18(b, 5)
	own := b.RankRange(0, 5)
	b.Zones = map[string]rules.Zone{
		"palace":  {palace, b.MirrorSet(palace)},
		"own":     {own, b.MirrorSet(own)},
		"crossed": {b.MirrorSet(own), own},
	}
	b.Decor = rules.Decor{RiverBelow: 5, RiverText: [2]string{"楚河", "漢界"}}
	var advisor rules.SquareSet // the ten advisor points: palace points on a drawn diagonal
	for i, l := range jcLines {
		line := b.SquaresOf(l...)
		for _, sq := range line.Squares() {
			if palace.Has(sq) {
				advisor.Add(sq)
			}
			line.Add(b.Mirror(sq))
		}
		b.Zones[jcLineZone(i)] = rules.Zone{line, line}
		first, last := mustSquare(b, l[0]), mustSquare(b, l[len(l)-1])
		b.Decor.Diagonals = append(b.Decor.Diagonals,
			rules.Line{From: first, To: last}, rules.Line{From: b.Mirror(first), To: b.Mirror(last)})
	}
	soldier := b.RankRange(6, 11)
	for f := 0; f < 11; f += 2 {
		soldier.Add(b.At(f, 4))
		soldier.Add(b.At(f, 5))
	}
	b.Zones["advisor points"] = rules.Zone{advisor, b.MirrorSet(advisor)}
	b.Zones["soldier points"] = rules.Zone{soldier, b.MirrorSet(soldier)}
	for _, n := range []string{"b2", "j2", "a4", "c4", "e4", "g4", "i4", "k4"} {
		sq := mustSquare(b, n)
		b.Decor.Marks = append(b.Decor.Marks, sq, b.Mirror(sq))
	}
	return b
}

func mustSquare(b *rules.Board, name string) rules.Square {
	sq, ok := b.Parse(name)
	if !ok {
		panic("variants: unknown square " + name)
	}
	return sq
}

// jcAlongLines returns, for each drawn diagonal, one atom per direction along
// it, built by make (source and target on the line).
func jcAlongLines(build func(zone string, d [2]int) rules.Atom) []rules.Atom {
	var out []rules.Atom
	for i, l := range jcLines {
		b := jcLineDir(l)
		for _, d := range [][2]int{b, {-b[0], -b[1]}} {
			out = append(out, build(jcLineZone(i), d))
		}
	}
	return out
}

// jcLineDir is the direction of a drawn diagonal from its first point.
func jcLineDir(l []string) [2]int {
	df := int(l[1][0]) - int(l[0][0])
	dr := int(l[1][1]) - int(l[0][1])
	return [2]int{df, dr}
}

func jinchanKinds() []rules.Kind {
	// The generals face each other as in xiangqi (飛將): a royal-only attack along
	// the file, never a move.
	facing := []rules.Atom{
		{Kind: rules.Ride, DF: 0, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
		{Kind: rules.Ride, DF: 0, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
	}
	general := func() []rules.Atom {
		return rules.Join(rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture)), facing)
	}
	advisor := jcAlongLines(func(zone string, d [2]int) rules.Atom {
		return rules.Atom{Kind: rules.Leap, DF: d[0], DR: d[1], Mode: rules.MoveOrCapture, From: zone, To: zone}
	})
	// 弦車: along a drawn diagonal, capture only, while an own lone piece stands
	// right behind the chariot on the line (jinchan.md §5.4: the anchor on the
	// other side would be the first piece met, so it can never fire that way).
	stringRides := jcAlongLines(func(zone string, d [2]int) rules.Atom {
		return rules.Atom{Kind: rules.Ride, DF: d[0], DR: d[1], Mode: rules.CaptureOnly, From: zone, To: zone,
			Support: [][2]int{{-d[0], -d[1]}}}
	})
	// The cannon's diagonal jump: screen and target on the next two diagonal points.
	diagonalJumps := rules.Hops(rules.Diag4, 1)
	for i := range diagonalJumps {
		diagonalJumps[i].Range = 2
	}
	return []rules.Kind{
		JinchanGeneral: {Letter: 'K', Name: "general", Glyph: [2]string{"帥", "將"}, Simple: [2]string{"帅", "将"},
			Royal: true, Max: 2, StandZone: "palace", Atoms: general()},
		// The decoy is royal like the general until its side reveals, so that
		// legality never depends on which one is real. Its owner sees it as 衛,
		// what it becomes (the font has no 替).
		JinchanDecoy: {Letter: 'D', Name: "decoy general", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"},
			Royal: true, PublicAs: 'K', Max: 1, StandZone: "palace", Atoms: general()},
		JinchanGuard: {Letter: 'G', Name: "guard", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"}, Value: 3,
			Max: 1, StandZone: "palace", Atoms: rules.InZone("palace", rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0))},
		JinchanAdvisor: {Letter: 'A', Name: "advisor", Glyph: [2]string{"仕", "士"}, Simple: [2]string{"仕", "士"}, Value: 2,
			Max: 2, StandZone: "advisor points", Atoms: advisor},
		JinchanElephant: {Letter: 'B', Name: "elephant", BlockWord: "eye", Glyph: [2]string{"相", "象"}, Simple: [2]string{"相", "象"},
			Value: 2, Max: 2, StandZone: "own", Atoms: rules.InZone("own", rules.Join(rules.DiagonalLeaps(2, rules.MoveOrCapture), rules.DiagonalLeaps(3, rules.MoveOrCapture)))},
		JinchanHorse: {Letter: 'N', Name: "horse", BlockWord: "leg", Glyph: [2]string{"馬", "馬"}, Simple: [2]string{"马", "马"},
			Value: 5, Mating: true, Max: 2,
			Atoms: rules.Join(rules.LameLeaps(1, 2, 1, rules.MoveOrCapture), rules.LameLeaps(1, 3, 2, rules.StackOnto))},
		JinchanChariot: {Letter: 'R', Name: "chariot", Glyph: [2]string{"車", "車"}, Simple: [2]string{"车", "车"}, Value: 9, Mating: true, Max: 2,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0), stringRides)},
		JinchanCannon: {Letter: 'C', Name: "cannon", Glyph: [2]string{"炮", "砲"}, Simple: [2]string{"炮", "炮"}, Value: 5, Mating: true, Max: 2,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Hops(rules.Dirs4, 1), diagonalJumps)},
		JinchanCicada: {Letter: 'J', Name: "cicada", Glyph: [2]string{"蟬", "蟬"}, Simple: [2]string{"蝉", "蝉"}, Value: 4, Mating: true, Max: 2,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Steps(rules.Diag4, rules.CaptureOnly))},
		JinchanSoldier: {Letter: 'P', Name: "soldier", Glyph: [2]string{"兵", "卒"}, Simple: [2]string{"兵", "卒"}, Value: 1, Mating: true,
			Max: 6, StandZone: "soldier points",
			Atoms: rules.Join(
				rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture),
				rules.FromZone("crossed", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture)),
				// 兌: after crossing, onto an enemy right behind; both leave the board.
				rules.FromZone("crossed", rules.Steps([][2]int{{0, -1}}, rules.Exchange)))},
	}
}

// Jinchan is Golden Cicada xiangqi (金蟬象棋), exactly as rules/jinchan.md says.
// Its StartFEN is the public start; a game starts from ApplySecrets.
func Jinchan() *rules.Variant {
	return &rules.Variant{
		Slug:   "jinchan",
		Name:   "Golden Cicada xiangqi",
		NameZh: "金蟬象棋",
		Summary: "Xiangqi on an 11x12 board with an 18-point palace and 20 pieces a side, two of them cicadas " +
			"(蟬 J: slide straight to an empty point, capture one step diagonally). Each side has two generals; " +
			"before the game each player privately picks the real one (`real e0`), the other is a decoy that looks " +
			"the same. Until a side reveals, both count as generals: neither may be left in check or face an enemy " +
			"general. `reveal` (free, before your move) shows which is real; the decoy becomes a guard (衛 G). " +
			"With no other move left the reveal is forced, so only the real general can be mated. " +
			"Horses also leap 目 (1 across, 3 along, both legs empty) without capturing: onto a lone enemy " +
			"they ride it (凌馬), pinning it. " +
			"Cannons also jump an adjacent diagonal screen (e4g6); crossed soldiers may exchange with the enemy " +
			"right behind them (e7e6, both leave); a chariot on a palace diagonal with its own piece behind it " +
			"on the line captures along it (弦車). If Red opens b2b11, Black may answer with a horse move plus " +
			"a move of another piece (遁馬; `pass` skips the second). Moves: b0c2, b2b11, reveal, pass.",
		Board:          JinchanBoard(),
		Kinds:          jinchanKinds(),
		StartFEN:       JinchanStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionPerpetualCheck,
		Stacks:         true,
		Modules:        jinchanModules(),
		Guide:          jinchanGuide,
	}
}

// jinchanGuide is /rules jinchan: the game in a few lines with example moves.
var jinchanGuide = rules.Texts{
	En: "Xiangqi on an 11×12 board, 20 pieces a side. What is new:\n" +
		"• Two generals each. Before the game you tell me privately which one is real (/setup real g0); the other is a decoy that looks the same. Until you reveal, neither may be left in check.\n" +
		"• reveal (free: you still move after it) shows everybody which one is real; the decoy becomes a guard 衛. When reveal is your only legal move, it is made for you (a forced reveal). Only the real general can be mated.\n" +
		"• Cicada 蟬 J: slides straight to an empty point (h2h5), captures one step diagonally.\n" +
		"• Horse: 日 as usual (b0c2), or 目, 1 across and 3 along with both legs empty, never capturing (b0c3 once b2 is empty). A 目 move onto a lone enemy piece rides it and pins it: the stack (Nj) after c3f4 onto a cicada on f4.\n" +
		"• The cannon also jumps an adjacent diagonal screen (e4g6); a crossed soldier may exchange with the enemy right behind it (e7e6, both leave); a chariot on a palace diagonal with its own piece right behind it captures along the line (弦車).\n" +
		"• If Red opens b2b11 (cannon takes horse), Black may answer with a horse move plus one more move (遁馬; pass skips it).",
	Hant: "11×12 的棋盤，每方 20 子。與象棋不同之處：\n" +
		"• 每方兩個帥（將）。開局前私下告訴我哪個是真的（/setup real g0），另一個是外表相同的替身。現身之前兩個都不能被將軍。\n" +
		"• reveal（現身，不算一步，之後照常走棋）向大家亮明真帥，替身變成衛。若除了現身無棋可走，我替你現身（被迫現身）。只有真帥能被將死。\n" +
		"• 蟬 J：直走到空點（h2h5），斜走一步吃子。\n" +
		"• 馬：走日（b0c2），或走目：橫一直三，兩個馬腳都要空，不能吃子（b2 空了之後 b0c3）。目步落在對方單獨的棋子上就騎上去壓住它：c3f4 騎上 f4 的蟬，成為疊子 (Nj)。\n" +
		"• 炮還可隔相鄰的斜向炮架跳一格（e4g6）；過河兵可與正後方的敵子同歸（e7e6，兩子都離開棋盤）；車在九宮斜線上、正後方有己方棋子時可沿線吃子（弦車）。\n" +
		"• 紅方若以 b2b11（炮打馬）開局，黑方可走一步馬再多走一步（遁馬；pass 跳過）。",
	Hans: "11×12 的棋盘，每方 20 子。与象棋不同之处：\n" +
		"• 每方两个帅（将）。开局前私下告诉我哪个是真的（/setup real g0），另一个是外表相同的替身。现身之前两个都不能被将军。\n" +
		"• reveal（现身，不算一步，之后照常走棋）向大家亮明真帅，替身变成卫。若除了现身无棋可走，我替你现身（被迫现身）。只有真帅能被将死。\n" +
		"• 蝉 J：直走到空点（h2h5），斜走一步吃子。\n" +
		"• 马：走日（b0c2），或走目：横一直三，两个马脚都要空，不能吃子（b2 空了之后 b0c3）。目步落在对方单独的棋子上就骑上去压住它：c3f4 骑上 f4 的蝉，成为叠子 (Nj)。\n" +
		"• 炮还可隔相邻的斜向炮架跳一格（e4g6）；过河兵可与正后方的敌子同归（e7e6，两子都离开棋盘）；车在九宫斜线上、正后方有己方棋子时可沿线吃子（弦车）。\n" +
		"• 红方若以 b2b11（炮打马）开局，黑方可走一步马再多走一步（遁马；pass 跳过）。",
}

// jinchanModules are Jinchan's rule modules: the decoy generals, 殺驚/遁馬, the
// facing rule through stacks, and the stack validation.
func jinchanModules() []rules.Module {
	return []rules.Module{
		&decoyGenerals{general: JinchanGeneral, decoy: JinchanDecoy, guard: JinchanGuard, halves: "遁馬"},
		newKillHorse(JinchanHorse, jcShajing, "DK GK dk gk", 4, ""),
		jinchanFacing{},
		jinchanStacks{},
	}
}

// jcShajing is the board after each 殺驚 opening move, generals written K.
var jcShajing = map[string]string{
	"b2b11": "rCbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/3J3J1C1/11/RNBAK1KABNR",
	"j2j11": "rnbak1kabCr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J3/11/RNBAK1KABNR",
}

// jinchanFacing forbids facing generals where the core's facing attack cannot see
// them: a general pressed under a stack still faces (jinchan.md §5.2, §5.1). Every
// position before a move is free of facing, so any facing pair now is the move's.
type jinchanFacing struct{}

func (jinchanFacing) ModuleName() string { return "facing-through-stacks" }

// AttackNeutral: generals face along their own file, whose points are all on a
// line of each general, so a move that touches none of them cannot make them face.
func (jinchanFacing) AttackNeutral() {}

func (jinchanFacing) Legal(p *rules.Position, m rules.Move) bool { return !jcFacing(p) }

// Quiet: with no stack on the board the core's facing attack sees every pair.
func (jinchanFacing) Quiet(p *rules.Position) bool { return p.NumStacks() == 0 }

func (jinchanFacing) Validate(p *rules.Position) error {
	if jcFacing(p) {
		return errors.New("two generals face each other on an open file")
	}
	return nil
}

// jinchanStacks checks that a stack is a horse on an enemy piece (jinchan.md §3).
type jinchanStacks struct{}

func (jinchanStacks) ModuleName() string { return "jinchan-stacks" }

func (jinchanStacks) Validate(p *rules.Position) error {
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		top, under := p.At(sq), p.Under(sq)
		if !under.Empty() && (top.Kind() != JinchanHorse || top.Side() == under.Side()) {
			return fmt.Errorf("the stack on %s must be a horse on an enemy piece", b.Name(sq))
		}
	}
	return nil
}

func jcFacing(p *rules.Position) bool {
	b := p.Variant().Board
	for i := 0; i < p.NumRoyals(rules.Red); i++ {
		rf, rr, _ := b.Coords(p.RoyalAt(rules.Red, i))
		for j := 0; j < p.NumRoyals(rules.Black); j++ {
			kf, kr, _ := b.Coords(p.RoyalAt(rules.Black, j))
			if rf != kf {
				continue
			}
			lo, hi := min(rr, kr), max(rr, kr)
			open := true
			for x := lo + 1; x < hi && open; x++ {
				open = p.At(b.At(rf, x)).Empty()
			}
			if open {
				return true
			}
		}
	}
	return false
}

func sideName(s rules.Side) string {
	if s == rules.Red {
		return "Red"
	}
	return "Black"
}
