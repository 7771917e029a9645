package variants

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

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

// Variant state of a Jinchan position.
const (
	jcVarRevealed = iota // bit 1<<side: that side has revealed (FEN field 3)
	jcVarDun             // 遁馬 (FEN field 4): 0 none, 1 offered ("h"), 2+square: bonus pending
	jcVars
)

// Special moves of Jinchan (Move.Aux).
const (
	jcAuxReveal = 1 // 現身: both generals of the mover turn face up; costs no move
	jcAuxPass   = 2 // skip the second move of 遁馬
)

var (
	jcReveal = rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: jcAuxReveal}
	jcPass   = rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: jcAuxPass}
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
	palace := b.Rect(3, 0, 7, 2)
	for _, n := range []string{"e3", "f3", "g3"} {
		palace.Add(mustSquare(b, n))
	}
	own := b.RankRange(0, 5)
	b.Zones = map[string]rules.Zone{
		"palace":  {palace, b.MirrorSet(palace)},
		"own":     {own, b.MirrorSet(own)},
		"crossed": {b.MirrorSet(own), own},
	}
	b.Decor = rules.Decor{RiverBelow: 5, RiverText: [2]string{"楚河", "漢界"}}
	for i, l := range jcLines {
		line := b.SquaresOf(l...)
		for _, sq := range line.Squares() {
			line.Add(b.Mirror(sq))
		}
		b.Zones[jcLineZone(i)] = rules.Zone{line, line}
		first, last := mustSquare(b, l[0]), mustSquare(b, l[len(l)-1])
		b.Decor.Diagonals = append(b.Decor.Diagonals,
			rules.Line{From: first, To: last}, rules.Line{From: b.Mirror(first), To: b.Mirror(last)})
	}
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
			Royal: true, Atoms: general()},
		// The decoy is royal like the general until its side reveals, so that
		// legality never depends on which one is real. Its owner sees it as 衛,
		// what it becomes (the font has no 替).
		JinchanDecoy: {Letter: 'D', Name: "decoy general", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"},
			Royal: true, PublicAs: 'K', Atoms: general()},
		JinchanGuard: {Letter: 'G', Name: "guard", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"}, Value: 3,
			Atoms: rules.InZone("palace", rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0))},
		JinchanAdvisor: {Letter: 'A', Name: "advisor", Glyph: [2]string{"仕", "士"}, Simple: [2]string{"仕", "士"}, Value: 2,
			Atoms: advisor},
		JinchanElephant: {Letter: 'B', Name: "elephant", BlockWord: "eye", Glyph: [2]string{"相", "象"}, Simple: [2]string{"相", "象"},
			Value: 2, Atoms: rules.InZone("own", rules.Join(rules.DiagonalLeaps(2, rules.MoveOrCapture), rules.DiagonalLeaps(3, rules.MoveOrCapture)))},
		JinchanHorse: {Letter: 'N', Name: "horse", BlockWord: "leg", Glyph: [2]string{"馬", "馬"}, Simple: [2]string{"马", "马"},
			Value: 5, Mating: true,
			Atoms: rules.Join(rules.LameLeaps(1, 2, 1, rules.MoveOrCapture), rules.LameLeaps(1, 3, 2, rules.StackOnto))},
		JinchanChariot: {Letter: 'R', Name: "chariot", Glyph: [2]string{"車", "車"}, Simple: [2]string{"车", "车"}, Value: 9, Mating: true,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0), stringRides)},
		JinchanCannon: {Letter: 'C', Name: "cannon", Glyph: [2]string{"炮", "砲"}, Simple: [2]string{"炮", "炮"}, Value: 5, Mating: true,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Hops(rules.Dirs4, 1), diagonalJumps)},
		JinchanCicada: {Letter: 'J', Name: "cicada", Glyph: [2]string{"蟬", "蟬"}, Simple: [2]string{"蝉", "蝉"}, Value: 4, Mating: true,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Steps(rules.Diag4, rules.CaptureOnly))},
		JinchanSoldier: {Letter: 'P', Name: "soldier", Glyph: [2]string{"兵", "卒"}, Simple: [2]string{"兵", "卒"}, Value: 1, Mating: true,
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
		Vars:           jcVars,
		SpecialMoves:   jcSpecialMoves,
		ApplySpecial:   jcApplySpecial,
		KeepTurn:       jcKeepTurn,
		MayMove:        jcMayMove,
		AfterMove:      jcAfterMove,
		MoveLegal:      jcMoveLegal,
		FormatSpecial:  jcFormatSpecial,
		SpecialAliases: jcSpecialAliases,
		Refusal:        jcRefusal,
		StateFEN:       jcStateFEN,
		ParseStateFEN:  jcParseStateFEN,
		ValidateFEN:    validateJinchan,
		AutoMove:       jcAutoMove,
		Announce:       jcAnnounce,
		Setup:          []rules.SetupRule{jinchanSetup{}},
	}
}

func jcRevealed(p *rules.Position, s rules.Side) bool { return p.Var(jcVarRevealed)&(1<<s) != 0 }

// jcDecoys lists the squares of side s's unrevealed decoy (normally one; it may
// be pressed under a horse).
func jcDecoys(p *rules.Position, s rules.Side) []rules.Square {
	var out []rules.Square
	n := p.Variant().Board.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		for _, pc := range []rules.Piece{p.At(sq), p.Under(sq)} {
			if !pc.Empty() && pc.Side() == s && pc.Kind() == JinchanDecoy {
				out = append(out, sq)
			}
		}
	}
	return out
}

// jcPending is the square of the horse that made the first half of 遁馬, or
// NoSquare.
func jcPending(p *rules.Position) rules.Square {
	if st := p.Var(jcVarDun); st >= 2 {
		return rules.Square(st - 2)
	}
	return rules.NoSquare
}

func jcSpecialMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if jcPending(p) != rules.NoSquare {
		return append(out, jcPass) // a reveal comes before moving, not between the halves
	}
	s := p.ToMove()
	if !jcRevealed(p, s) && len(jcDecoys(p, s)) > 0 {
		out = append(out, jcReveal)
	}
	return out
}

func jcApplySpecial(p *rules.Position, m rules.Move) bool {
	if m.Aux == jcAuxPass {
		return true
	}
	s := p.ToMove()
	for _, sq := range jcDecoys(p, s) {
		guard := rules.NewPiece(JinchanGuard, s)
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == JinchanDecoy {
			p.Set(sq, guard)
		} else {
			p.SetUnder(sq, guard)
		}
	}
	p.SetVar(jcVarRevealed, p.Var(jcVarRevealed)|1<<s)
	return false // 現身 costs no move
}

// jcKeepTurn: after 殺驚, a Black horse move keeps the turn (遁馬) unless it gives
// check (jinchan.md §5.3, D12).
func jcKeepTurn(p *rules.Position, m rules.Move) bool {
	if p.Var(jcVarDun) != 1 || p.ToMove() != rules.Black {
		return false
	}
	if pc := p.At(m.To); pc.Empty() || pc.Kind() != JinchanHorse || pc.Side() != rules.Black {
		return false
	}
	for _, sq := range p.Royals(rules.Red) {
		if p.Attacked(sq, rules.Black, true) {
			return false
		}
	}
	return true
}

// jcMayMove: the second move of 遁馬 uses another piece.
func jcMayMove(p *rules.Position, sq rules.Square) bool { return sq != jcPending(p) }

// jcShajing is the board after each 殺驚 opening move, generals written K.
var jcShajing = map[string]string{
	"b2b11": "rCbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/3J3J1C1/11/RNBAK1KABNR",
	"j2j11": "rnbak1kabCr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J3/11/RNBAK1KABNR",
}

func jcAfterMove(p *rules.Position, m rules.Move) {
	switch st := p.Var(jcVarDun); {
	case st == 1:
		switch {
		case m.Flags&rules.FlagSpecial != 0: // a reveal keeps the offer
		case p.ToMove() == rules.Black:
			p.SetVar(jcVarDun, 2+int32(m.To)) // the horse half: the bonus move is pending
		default:
			p.SetVar(jcVarDun, 0)
		}
	case st >= 2:
		p.SetVar(jcVarDun, 0) // the second half, or a pass
	default:
		// 殺驚: Red's first move from the start position is a cannon taking a horse.
		if m.Flags&rules.FlagCapture == 0 || p.Fullmove() != 1 || p.ToMove() != rules.Black {
			return
		}
		b := p.Variant().Board
		want, ok := jcShajing[b.Name(m.From)+b.Name(m.To)]
		if ok && jcBoardFEN(p) == want {
			p.SetVar(jcVarDun, 1)
		}
	}
}

// jcBoardFEN is the board field of p's FEN with every general written K/k, so
// that a reveal does not change what the start position is.
func jcBoardFEN(p *rules.Position) string {
	board, _, _ := strings.Cut(p.FEN(), " ")
	return strings.NewReplacer("D", "K", "G", "K", "d", "k", "g", "k").Replace(board)
}

// jcMoveLegal forbids facing generals where the core's facing attack cannot see
// them: a general pressed under a stack still faces (jinchan.md §5.2, §5.1). Every
// position before a move is free of facing, so any facing pair now is the move's.
func jcMoveLegal(p *rules.Position, m rules.Move) bool {
	return !jcFacing(p)
}

func jcFacing(p *rules.Position) bool {
	b := p.Variant().Board
	for _, r := range p.Royals(rules.Red) {
		rf, rr, _ := b.Coords(r)
		for _, k := range p.Royals(rules.Black) {
			kf, kr, _ := b.Coords(k)
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

func jcFormatSpecial(p *rules.Position, m rules.Move) string {
	if m.Aux == jcAuxPass {
		return "pass"
	}
	return "reveal"
}

func jcSpecialAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux == jcAuxPass {
		return []string{"跳過", "跳过"}
	}
	return []string{"現身", "现身"}
}

func jcRefusal(p *rules.Position, text string, m rules.Move) string {
	s := p.ToMove()
	switch {
	case m == rules.NullMove && (text == "reveal" || text == "現身" || text == "现身"):
		switch {
		case jcRevealed(p, s):
			return fmt.Sprintf("%s has already revealed its generals", sideName(s))
		case jcPending(p) != rules.NoSquare:
			return "a reveal comes before moving, not between the two halves of 遁馬"
		}
		return "which general is real has not been chosen in this game"
	case m == rules.NullMove && (text == "pass" || text == "跳過" || text == "跳过"):
		return "pass is only for skipping the second move of 遁馬"
	case m.From != rules.NoSquare && m.From == jcPending(p):
		return "the second move of 遁馬 must be made with another piece"
	}
	return ""
}

func sideName(s rules.Side) string {
	if s == rules.Red {
		return "Red"
	}
	return "Black"
}

func jcStateFEN(p *rules.Position) (string, string) {
	f3 := ""
	if jcRevealed(p, rules.Red) {
		f3 += "w"
	}
	if jcRevealed(p, rules.Black) {
		f3 += "b"
	}
	if f3 == "" {
		f3 = "-"
	}
	f4 := "-"
	switch st := p.Var(jcVarDun); {
	case st == 1:
		f4 = "h"
	case st >= 2:
		f4 = p.Variant().Board.Name(rules.Square(st - 2))
	}
	return f3, f4
}

func jcParseStateFEN(p *rules.Position, f3, f4 string) error {
	var bits int32
	switch f3 {
	case "-":
	case "w":
		bits = 1
	case "b":
		bits = 2
	case "wb", "bw":
		bits = 3
	default:
		return fmt.Errorf("field 3 %q: want -, w, b or wb (the sides that revealed)", f3)
	}
	p.SetVar(jcVarRevealed, bits)
	switch f4 {
	case "-":
	case "h":
		p.SetVar(jcVarDun, 1)
	default:
		sq, ok := p.Variant().Board.Parse(f4)
		if !ok {
			return fmt.Errorf("field 4 %q: want -, h or the square of the 遁馬 horse", f4)
		}
		p.SetVar(jcVarDun, 2+int32(sq))
	}
	return nil
}

// validateJinchan applies jinchan.md §3 "Validation".
func validateJinchan(p *rules.Position) error {
	v := p.Variant()
	b := v.Board
	limits := [...]int{JinchanAdvisor: 2, JinchanElephant: 2, JinchanHorse: 2, JinchanChariot: 2,
		JinchanCannon: 2, JinchanCicada: 2, JinchanSoldier: 6}
	var counts [2][JinchanSoldier + 1]int
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		top, under := p.At(sq), p.Under(sq)
		if !under.Empty() {
			if top.Kind() != JinchanHorse || top.Side() == under.Side() {
				return fmt.Errorf("the stack on %s must be a horse on an enemy piece", b.Name(sq))
			}
		}
		for _, pc := range []rules.Piece{top, under} {
			if pc.Empty() {
				continue
			}
			s, k := pc.Side(), pc.Kind()
			if k > JinchanSoldier {
				continue // kinds of a derived variant are its business
			}
			counts[s][k]++
			if !jcMayStand(p, k, s, sq) {
				return fmt.Errorf("a %s %s cannot stand on %s", s, v.Kinds[k].Name, b.Name(sq))
			}
		}
	}
	for s := rules.Red; s <= rules.Black; s++ {
		c := counts[s]
		for k, n := range limits {
			if n > 0 && c[k] > n && v.Slug == "jinchan" { // derived variants may add pieces (fuhe)
				return fmt.Errorf("%s has %d %ss, at most %d allowed", s, c[k], v.Kinds[k].Name, n)
			}
		}
		switch {
		case jcRevealed(p, s):
			if c[JinchanGeneral] != 1 || c[JinchanDecoy] != 0 || c[JinchanGuard] > 1 {
				return fmt.Errorf("%s has revealed: it needs one general K, at most one guard G and no decoy D", s)
			}
		case c[JinchanGuard] != 0:
			return fmt.Errorf("%s has a guard G but has not revealed (field 3)", s)
		case c[JinchanGeneral]+c[JinchanDecoy] != 2 || c[JinchanDecoy] > 1:
			return fmt.Errorf("%s needs two generals: K and the decoy D (or K and K before the secret is set)", s)
		}
	}
	if jcFacing(p) {
		return errors.New("two generals face each other on an open file")
	}
	switch st := p.Var(jcVarDun); {
	case st == 1 && p.ToMove() != rules.Black:
		return errors.New("field 4 h (遁馬 offered) needs Black to move")
	case st >= 2:
		sq := rules.Square(st - 2)
		if pc := p.At(sq); p.ToMove() != rules.Black || pc.Empty() || pc.Kind() != JinchanHorse || pc.Side() != rules.Black {
			return fmt.Errorf("field 4 %s needs Black to move and a Black horse on %s", b.Name(sq), b.Name(sq))
		}
	}
	return nil
}

// jcMayStand reports whether a piece of kind k and side s may stand on sq.
func jcMayStand(p *rules.Position, k int, s rules.Side, sq rules.Square) bool {
	b := p.Variant().Board
	f, r, _ := b.Coords(sq)
	if s == rules.Black {
		f, r = 10-f, 11-r
	}
	switch k {
	case JinchanGeneral, JinchanDecoy, JinchanGuard:
		return b.InZone("palace", s, sq)
	case JinchanAdvisor:
		// The ten advisor points: palace points on a drawn diagonal.
		if !b.InZone("palace", s, sq) {
			return false
		}
		for i := range jcLines {
			if b.InZone(jcLineZone(i), s, sq) {
				return true
			}
		}
		return false
	case JinchanElephant:
		return b.InZone("own", s, sq)
	case JinchanSoldier:
		return r >= 6 || (r >= 4 && f%2 == 0)
	}
	return true
}

// jcAutoMove is the forced reveal (jinchan.md §5.2, D11): an unrevealed side whose
// only legal move is the reveal reveals at once.
func jcAutoMove(p *rules.Position) (rules.Move, bool) {
	found := false
	for _, m := range p.LegalMoves(nil) {
		if m != jcReveal {
			return rules.NullMove, false
		}
		found = true
	}
	return jcReveal, found
}

// jcAnnounce tells everybody what a reveal shows: which general is real.
func jcAnnounce(p *rules.Position, m rules.Move) []rules.Fact {
	if m != jcReveal {
		return nil
	}
	s := p.ToMove()
	b := p.Variant().Board
	f := rules.Fact{What: "reveal", Side: s}
	var real, decoy []string
	n := b.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		for _, pc := range []rules.Piece{p.At(sq), p.Under(sq)} {
			if pc.Empty() || pc.Side() != s {
				continue
			}
			switch pc.Kind() {
			case JinchanGeneral:
				f.Pieces = append(f.Pieces, rules.Shown{Square: sq, Side: s, Letter: 'K', Name: "general"})
				real = append(real, b.Name(sq))
			case JinchanDecoy:
				f.Pieces = append(f.Pieces, rules.Shown{Square: sq, Side: s, Letter: 'G', Name: "guard"})
				decoy = append(decoy, b.Name(sq))
			}
		}
	}
	verb := "reveals its generals"
	if _, forced := jcAutoMove(p); forced {
		verb = "has no move with its generals hidden, so they are revealed"
	}
	f.Text = fmt.Sprintf("%s %s: the one on %s is the real general; the one on %s was the decoy and is now a guard (衛).",
		sideName(s), verb, strings.Join(real, ", "), strings.Join(decoy, ", "))
	return []rules.Fact{f}
}

// jinchanSetup is the secret choice of jinchan.md §5.2: which general is real.
// The answer is `real <square>` (or just the square).
type jinchanSetup struct{}

// publicGenerals lists the squares of side s's generals while nobody has chosen
// (both written K), or nil once the roles are set.
func (jinchanSetup) publicGenerals(p *rules.Position, s rules.Side) []rules.Square {
	if jcRevealed(p, s) || len(jcDecoys(p, s)) > 0 {
		return nil
	}
	var out []rules.Square
	n := p.Variant().Board.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		for _, pc := range []rules.Piece{p.At(sq), p.Under(sq)} {
			if !pc.Empty() && pc.Side() == s && pc.Kind() == JinchanGeneral {
				out = append(out, sq)
			}
		}
	}
	return out
}

func (j jinchanSetup) Choice(p *rules.Position, s rules.Side) rules.Choice {
	b := p.Variant().Board
	var answers []string
	for _, sq := range j.publicGenerals(p, s) {
		answers = append(answers, "real "+b.Name(sq))
	}
	c := rules.Choice{Side: s}
	if len(answers) == 2 { // otherwise the roles are set already: nothing to ask
		c.Answers = answers
		c.Example = answers[0]
		c.Prompt = fmt.Sprintf("Which of your two generals is the real one? The other is a decoy that looks the same "+
			"until you reveal. Answer privately: `%s` or `%s`.", answers[0], answers[1])
	}
	return c
}

func (j jinchanSetup) Apply(p *rules.Position, s rules.Side, words []string) ([]string, error) {
	b := p.Variant().Board
	gens := j.publicGenerals(p, s)
	if len(gens) != 2 {
		return nil, errors.New("which general is real is already set in this position")
	}
	names := b.Name(gens[0]) + " or " + b.Name(gens[1])
	var rest []string
	chosen := rules.NoSquare
	for i := 0; i < len(words); i++ {
		w := strings.ToLower(words[i])
		sqName, isReal := strings.CutPrefix(w, "real=")
		switch {
		case isReal:
		case w == "real" && i+1 < len(words):
			i++
			sqName, isReal = strings.ToLower(words[i]), true
		case w == "real":
			return nil, fmt.Errorf("say which general is real: real %s", names)
		default:
			sqName = w
		}
		sq, ok := b.Parse(sqName)
		if !ok {
			if isReal {
				return nil, fmt.Errorf("%q is not a point of the board; say real %s", sqName, names)
			}
			rest = append(rest, words[i])
			continue
		}
		if sq != gens[0] && sq != gens[1] {
			return nil, fmt.Errorf("%s is not one of your generals; say real %s", sqName, names)
		}
		if chosen != rules.NoSquare {
			return nil, errors.New("name only one general as the real one")
		}
		chosen = sq
	}
	if chosen == rules.NoSquare {
		return nil, fmt.Errorf("say which general is real: real %s", names)
	}
	for _, sq := range gens {
		if sq == chosen {
			continue
		}
		decoy := rules.NewPiece(JinchanDecoy, s)
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == JinchanGeneral {
			p.Set(sq, decoy)
		} else {
			p.SetUnder(sq, decoy)
		}
	}
	return rest, nil
}

func (j jinchanSetup) Default(p *rules.Position, s rules.Side, rnd *rand.Rand) string {
	gens := j.publicGenerals(p, s)
	if len(gens) == 0 {
		return ""
	}
	return "real " + p.Variant().Board.Name(gens[rnd.IntN(len(gens))])
}
