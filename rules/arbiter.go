package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The arbiter of repetitions: the Asian Xiangqi Federation rules of long check
// (長將) and long chase (長捉), as docs/repetition.md states them. Everything here
// runs only when a position repeats: ordinary moves, perft and search never get
// here.

// RepetitionAsian: on a repetition, each move of the cycle is classified as a
// check, a chase or idle; a side that checked with every move of it (perpetual
// check), or else chased one and the same enemy piece with every move, checks
// included (perpetual chase), is the offender. One offender may not complete
// the third occurrence: the move is refused, and only when the offender has no
// other legal move does the game end with its loss. Two offenders, or none,
// draw at the third occurrence. It needs the seven xiangqi piece kinds (told by
// their WXF letters); in a variant with other kinds it falls back to
// RepetitionPerpetualCheck.
const RepetitionAsian RepetitionRule = RepetitionNone + 1

// ReasonPerpetualChase ends a game lost by perpetual chase. Its text is stored:
// never rename it.
const ReasonPerpetualChase Reason = "perpetual chase"

// Foul is what an offender did with every move of a repetition.
type Foul uint8

// Fouls.
const (
	FoulNone  Foul = iota
	FoulCheck      // perpetual check
	FoulChase      // perpetual chase (a check counts if it also chases the piece)
)

// Ruling is the arbiter's reading of a repeated position.
type Ruling struct {
	// Occurrence is how often the position has now occurred, this time included:
	// 2 (a warning) or 3 (the end, or a refusal).
	Occurrence int
	// First is the ply after which the position first occurred (an index into
	// the keys): the span judged is the plies after it.
	First int
	// Foul[s] is what side s did with every one of its moves since the first
	// occurrence; Mover is the side that made the last move.
	Foul  [2]Foul
	Mover Side
	// Chase[s] describes s's perpetual chase, in the position after the last
	// move: the chased piece (followed as it moved), the piece that chased it
	// last, and whether the chase counts because the target was unprotected
	// (false: a horse or cannon on a chariot, or an advisor or elephant on a
	// chariot, horse or cannon, which counts protected or not).
	Chase [2]Chase
}

// Chase is one perpetual chase.
type Chase struct {
	Target, By  Square
	Unprotected bool
}

// Offender is the side that alone checked or chased with every move; ok is false
// when neither or both did (the repetition is allowed, a draw). Perpetual check
// is judged before chase: a perpetual checker against a perpetual chaser is the
// offender.
func (r Ruling) Offender() (Side, bool) {
	for _, f := range []Foul{FoulCheck, FoulChase} {
		red, black := r.Foul[Red] == f, r.Foul[Black] == f
		switch {
		case red && black:
			return Red, false
		case red:
			return Red, true
		case black:
			return Black, true
		}
	}
	return Red, false
}

// Forbidden reports whether the last move completed a repetition the rules
// forbid to its mover: the third occurrence, with the mover as the offender.
func (r Ruling) Forbidden() bool {
	s, ok := r.Offender()
	return ok && s == r.Mover && r.Occurrence >= 3
}

// Outcome is how the repetition ends the game when the last move is played:
// a loss for the offender who made it, a draw when nobody (or both) offended,
// and nothing when the game goes on (a second occurrence, or a third one that
// the victim completed: the offender must then change its next move).
func (r Ruling) Outcome() Outcome {
	if r.Occurrence < 3 {
		return Outcome{}
	}
	s, ok := r.Offender()
	switch {
	case !ok:
		return Drawn(ReasonRepetition)
	case s != r.Mover:
		return Outcome{}
	case r.Foul[s] == FoulCheck:
		return Win(s.Other(), ReasonPerpetual)
	}
	return Win(s.Other(), ReasonPerpetualChase)
}

// Notice is an announcement of the arbiter for the chat: English text, with a
// key and public arguments (piece glyphs, squares, sides) for translation, as
// IllegalMoveError has.
type Notice struct {
	Text string
	Key  string
	Args []string
}

// JudgeRepetition reads the repetition, if any, that the last ply made on p
// closes. keys[i] is the position key after i of the plies (keys[0] before the
// first; the last one is p.Hash()), and plies are the moves made on p, which p
// must be able to Unmake (its own history). It leaves p as it found it. ok is
// false when the position has not occurred before (within the plies since the
// last capture) or p's variant does not use RepetitionAsian.
//
// The engine may call it on its search stack; RepetitionAfter is the same for a
// move not yet made.
func JudgeRepetition(p *Position, keys []uint64, plies []Move) (Ruling, bool) {
	return judge(p, keys, plies, 1)
}

// judge is JudgeRepetition for a position that occurred at least need times
// before (1 or 2): a refusal needs a third occurrence, and the span is not
// classified for less.
func judge(p *Position, keys []uint64, plies []Move, need int) (Ruling, bool) {
	if p.v.Repetition != RepetitionAsian || len(keys) != len(plies)+1 {
		return Ruling{}, false
	}
	n := len(plies)
	lo := n - p.Halfmove()
	if lo < 0 {
		lo = 0
	}
	var occ []int
	for i := n - 1; i >= lo && len(occ) < 2; i-- {
		if keys[i] == keys[n] {
			occ = append(occ, i)
		}
	}
	if len(occ) < need {
		return Ruling{}, false
	}
	roles, ok := xiangqiRoles(p.v)
	if !ok {
		return Ruling{}, false
	}
	first := occ[len(occ)-1] // the span runs from the first occurrence (xiangqi.md D4)
	if len(p.marks) < n-first {
		return Ruling{}, false // p cannot take the span back (a clone without history)
	}
	r := judgeSpan(p, roles, plies[first:])
	r.Occurrence, r.First = len(occ)+1, first
	return r, true
}

// RepetitionAfter is JudgeRepetition for m, a legal move of p not made yet: what
// playing it would mean. Ruling.Forbidden tells whether the rules forbid it.
func RepetitionAfter(p *Position, keys []uint64, plies []Move, m Move) (Ruling, bool) {
	return judgeAfter(p, keys, plies, m, 1)
}

func judgeAfter(p *Position, keys []uint64, plies []Move, m Move, need int) (Ruling, bool) {
	p.Make(m)
	defer p.Unmake()
	return judge(p, append(keys[:len(keys):len(keys)], p.Hash()), append(plies[:len(plies):len(plies)], m), need)
}

// role is a piece's part in the chase rules.
type role int8

const (
	roleOther role = iota
	roleKing
	roleAdvisor
	roleElephant
	roleHorse
	roleChariot
	roleCannon
	roleSoldier
)

// xiangqiRoles maps the variant's kinds to roles by their WXF letters; ok is
// false when a kind has none of the seven (the chase rules do not say what a
// cicada may chase).
func xiangqiRoles(v *Variant) (*[64]role, bool) {
	out := new([64]role) // a variant has at most 62 kinds
	for i, k := range v.Kinds {
		r, ok := roleOf(k)
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}

// roleLetters are the WXF letters of the roles, in their order.
const roleLetters = "KAEHRCP"

// roleOf is the role of a kind; ok is false for a kind the chase rules do not
// know, or one that looks like another to the opponent (its chases would tell).
func roleOf(k Kind) (role, bool) {
	i := strings.IndexByte(roleLetters, k.WXF)
	if k.WXF == 0 || i < 0 || k.PublicAs != 0 {
		return roleOther, false
	}
	return role(i + 1), true
}

// threat is a capture the side to move could make: the piece on from takes the
// one on to. counts marks a capture with profit (a chase if the move made it);
// byRank marks one that counts protected or not. roots are the enemy pieces
// that could legally take back on to, near the ones that could take back but
// for a pin or a check (false roots).
type threat struct {
	from, to         Square
	counts           bool
	byRank           bool
	roots, fakeRoots []Square
}

// plyClass is one move of a span: its mover, whether it gave check, and the
// enemy pieces (squares after the move) it began to threaten.
type plyClass struct {
	mover  Side
	check  bool
	chased []threat
}

// judgeSpan classifies each ply of span, the last len(span) plies made on p, and
// judges the sides. It unmakes them and makes them again.
func judgeSpan(p *Position, roles *[64]role, span []Move) Ruling {
	for range span {
		p.Unmake()
	}
	classes := make([]plyClass, len(span))
	for i, m := range span {
		classes[i] = classifyPly(p, roles, m)
	}
	r := Ruling{Mover: classes[len(classes)-1].mover}
	for s := Red; s <= Black; s++ {
		r.Foul[s], r.Chase[s] = sideFoul(s, span, classes)
	}
	return r
}

// classifyPly makes m on p (it stays made) and tells what it did. A move chases
// the pieces it gives a new profitable capture: by a new attack (of the piece
// that moved, or discovered behind it), by a capture it made legal, or by
// pinning a root (it still attacks the piece but may no longer take back).
// Cutting a root's line by standing in it, or taking away a cannon root's
// screen, is not a chase (as Fairy-Stockfish and the AXF examples D39 read it).
func classifyPly(p *Position, roles *[64]role, m Move) plyClass {
	s := p.ToMove()
	before := threats(p, roles)
	p.Make(m)
	c := plyClass{mover: s}
	if p.ToMove() != s.Other() {
		return c // a ply that kept the turn is part of its turn: idle
	}
	c.check = p.InCheck()
	p.passTurn()
	after := threats(p, roles)
	p.Unmake()
	old := make(map[[2]Square]threat, len(before))
	for _, t := range before {
		old[[2]Square{t.from, t.to}] = t
	}
	for _, t := range after {
		if !t.counts {
			continue
		}
		from := t.from
		if from == m.To {
			from = m.From // the piece that moved: compare with its captures from where it stood
		}
		b, attacked := old[[2]Square{from, t.to}]
		switch {
		case !attacked: // a new attack
		case b.counts:
			continue // nothing new
		case !pinnedRoot(b.roots, t.fakeRoots):
			continue
		}
		c.chased = append(c.chased, t)
	}
	return c
}

// pinnedRoot reports whether one of the roots before the move is now a false
// root: it still reaches the square but may not take back.
func pinnedRoot(roots, falseRoots []Square) bool {
	for _, r := range roots {
		for _, f := range falseRoots {
			if r == f {
				return true
			}
		}
	}
	return false
}

// sideFoul decides whether s checked with every move of the span, or chased one
// piece (followed as it moves) with every move. A check counts for the chase
// only if it chases that piece too (docs/repetition.md R8).
func sideFoul(s Side, span []Move, classes []plyClass) (Foul, Chase) {
	allCheck, moved := true, false
	var cand map[Square]threat // chased pieces still in the running, by square
	for i, c := range classes {
		m := span[i]
		if c.mover != s {
			if cand != nil {
				if t, ok := cand[m.From]; ok { // the chased piece ran away: follow it
					delete(cand, m.From)
					t.to = m.To
					cand[m.To] = t
				}
			}
			continue
		}
		moved = true
		if !c.check {
			allCheck = false
		}
		next := map[Square]threat{}
		for _, t := range c.chased {
			if _, ok := cand[t.to]; ok || cand == nil {
				if prev, seen := next[t.to]; !seen || prev.byRank && !t.byRank {
					next[t.to] = t
				}
			}
		}
		cand = next
	}
	switch {
	case !moved:
		return FoulNone, Chase{}
	case allCheck:
		return FoulCheck, Chase{}
	case len(cand) == 0:
		return FoulNone, Chase{}
	}
	sqs := make([]Square, 0, len(cand))
	for sq := range cand {
		sqs = append(sqs, sq)
	}
	sort.Slice(sqs, func(i, j int) bool { return sqs[i] < sqs[j] })
	t := cand[sqs[0]]
	return FoulChase, Chase{Target: t.to, By: t.from, Unprotected: !t.byRank}
}

// threats lists the legal captures of the side to move by an advisor,
// elephant, horse, chariot or cannon (the general and soldiers may chase) of
// anything but the general and soldiers still at home. It counts those with
// profit: of a piece that could not take back the same way (an offer to
// exchange is no chase) and that no enemy piece could legally retake (no true
// root), or that win rank: a horse or cannon on a chariot, an advisor or
// elephant on a chariot, horse or cannon.
func threats(p *Position, roles *[64]role) []threat {
	var out []threat
	for _, m := range p.LegalMoves(nil) {
		if m.Flags&FlagCapture == 0 || m.Flags&FlagSpecial != 0 {
			continue
		}
		att, tgt := p.At(m.From), p.At(m.To)
		if att.FaceDown() || tgt.FaceDown() {
			continue
		}
		ra, rt := roles[att.Kind()], roles[tgt.Kind()]
		switch {
		case ra == roleKing || ra == roleSoldier:
			continue
		case rt == roleKing:
			continue
		case rt == roleSoldier && !p.v.Board.InZone("crossed", tgt.Side(), m.To):
			continue
		}
		t := threat{from: m.From, to: m.To}
		switch {
		case outranks(ra, rt):
			t.counts, t.byRank = true, true
		case ra == rt && canTake(p, m.To, m.From):
		default:
			t.roots, t.fakeRoots = roots(p, m)
			t.counts = len(t.roots) == 0
		}
		out = append(out, t)
	}
	return out
}

// outranks: captures that count as a chase even of a protected piece.
func outranks(a, t role) bool {
	switch a {
	case roleHorse, roleCannon:
		return t == roleChariot
	case roleAdvisor, roleElephant:
		return t == roleChariot || t == roleHorse || t == roleCannon
	}
	return false
}

// canTake reports whether the side not to move could legally capture from
// `from` onto `to`.
func canTake(p *Position, from, to Square) bool {
	p.passTurn()
	defer p.Unmake()
	for _, m := range p.LegalMoves(nil) {
		if m.From == from && m.To == to && m.Flags&FlagCapture != 0 {
			return true
		}
	}
	return false
}

// roots lists, after the capture m, the enemy pieces that could legally take
// back on m.To (true roots) and those that reach it but may not (false roots:
// pinned, or their side is in check).
func roots(p *Position, m Move) (real, fake []Square) {
	p.Make(m)
	defer p.Unmake()
	for _, r := range p.PseudoMoves(nil) {
		if r.To != m.To || r.Flags&FlagSpecial != 0 {
			continue
		}
		if p.IsLegal(r) {
			real = append(real, r.From)
		} else {
			fake = append(fake, r.From)
		}
	}
	return real, fake
}

// passTurn hands the turn to the other side without a move (a null move), so
// that the arbiter can ask what the side that just moved threatens. Unmake
// takes it back. Only the arbiter uses it: no rule allows passing.
func (p *Position) passTurn() {
	p.marks = append(p.marks, undoMark{
		log: len(p.log), hash: p.hash, halfmove: p.halfmove, fullmove: p.fullmove,
		side: p.side, lastFrom: p.lastFrom, lastTo: p.lastTo, captured: p.captured, midTurn: p.midTurn,
		redSeat: p.redSeat,
	})
	p.side ^= 1
	p.hash ^= p.t.zob.side
}

// Notices of the arbiter. pc names a piece by its public glyph.

func (r Ruling) chaseWords(p *Position, s Side) (text string, args []string) {
	c := r.Chase[s]
	b := p.v.Board
	pc := p.At(c.Target)
	name, glyph := p.pieceName(pc), p.pieceGlyph(pc)
	if c.Unprotected {
		return fmt.Sprintf("the unprotected %s on %s", name, b.Name(c.Target)), []string{"u", glyph, b.Name(c.Target)}
	}
	by := p.At(c.By)
	return fmt.Sprintf("the %s on %s with the %s on %s", name, b.Name(c.Target), p.pieceName(by), b.Name(c.By)),
		[]string{"r", glyph, b.Name(c.Target), p.pieceGlyph(by), b.Name(c.By)}
}

// RefusalNotice says why the move that completes a forbidden repetition is
// refused; p is the position after that move.
func (r Ruling) refusal(p *Position) reason {
	s := r.Mover
	if r.Foul[s] == FoulCheck {
		return because("repeat_check", nil,
			"it would repeat the position a third time while giving check with every move: the rules forbid perpetual check. Play another move")
	}
	words, args := r.chaseWords(p, s)
	return because("repeat_chase_"+args[0], args[1:],
		"it would repeat the position a third time while chasing %s with every move: the rules forbid it. Play another move", words)
}

// Notice is what the chat is told about the repetition after the last move:
// a warning at the second occurrence, the end (or the offender's duty to change)
// at the third. p is the position after the move.
func (r Ruling) Notice(p *Position) *Notice {
	off, ok := r.Offender()
	switch {
	case r.Occurrence == 2 && !ok:
		return &Notice{Key: "rep.second_free", Text: "This position has now occurred twice: a third time will draw the game."}
	case !ok && r.Occurrence >= 3 && r.Foul[Red] == FoulCheck:
		return &Notice{Key: "rep.draw_mutual_check", Text: "The position has occurred a third time with both sides giving check with every move: drawn by repetition."}
	case !ok && r.Occurrence >= 3 && r.Foul[Red] == FoulChase:
		return &Notice{Key: "rep.draw_mutual_chase", Text: "The position has occurred a third time with both sides chasing with every move: drawn by repetition."}
	case !ok:
		return &Notice{Key: "rep.draw_free", Text: "The position has occurred a third time and neither side checked or chased with every move: drawn by repetition."}
	}
	sw := sideWord(p.v, off)
	what, args, key := "given check", []string{off.String()}, "check"
	if r.Foul[off] == FoulChase {
		words, wargs := r.chaseWords(p, off)
		what, args, key = "chased "+words, append(args, wargs[1:]...), "chase_"+wargs[0]
	}
	var text string
	switch {
	case r.Occurrence == 2:
		key = "rep.second_" + key
		text = fmt.Sprintf("The second time: this position has now occurred twice, and %s has %s with every move since. %s will have to change next time: a third time is not allowed.", sw, what, sw)
	case off != r.Mover:
		key = "rep.must_change_" + key
		text = fmt.Sprintf("The position has occurred a third time, and %s has %s with every move: %s must play something else now.", sw, what, sw)
	default:
		key = "rep.lost_" + key
		text = fmt.Sprintf("The position has occurred a third time, and %s has %s with every move: %s loses.", sw, what, sw)
	}
	return &Notice{Key: key, Args: args, Text: text}
}

// usesAsianRules reports whether v's repetitions are judged by the arbiter;
// otherwise RepetitionAsian acts as RepetitionPerpetualCheck.
func usesAsianRules(v *Variant) bool {
	if v.Repetition != RepetitionAsian {
		return false
	}
	for _, k := range v.Kinds {
		if _, ok := roleOf(k); !ok {
			return false
		}
	}
	return true
}

// The arbiter in a Game: game.go calls these at its marked spots.

// ruling is the arbiter's reading of the game's current position, if it repeats.
// A move's ruling is asked for twice (the outcome, the notice); the memo keeps
// the last one found with the history it was found on (since the last capture),
// so that a repeated position is classified once.
func (g *Game) ruling() (Ruling, bool) {
	n := len(g.plies)
	lo := max(0, n-g.pos.Halfmove())
	if m := g.memo; m != nil && slices.Equal(m.keys, g.keys[lo:]) && slices.Equal(m.plies, g.plies[lo:]) {
		return m.r, true
	}
	r, ok := JudgeRepetition(g.pos, g.keys, g.plies)
	if ok {
		g.memo = &rulingMemo{keys: slices.Clone(g.keys[lo:]), plies: slices.Clone(g.plies[lo:]), r: r}
	}
	return r, ok
}

// rulingMemo is a ruling with the keys and plies (since the last capture) it
// was found on.
type rulingMemo struct {
	keys  []uint64
	plies []Move
	r     Ruling
}

// asianRepetition is repetition() under RepetitionAsian.
func (g *Game) asianRepetition() (Outcome, bool) {
	r, ok := g.ruling()
	if !ok {
		return Outcome{}, false
	}
	o := r.Outcome()
	return o, o.Over
}

// refuseRepetition returns the refusal of m, a legal move, when it would
// complete a repetition its mover may not complete, and the mover has another
// legal move that it may play. With none, m is played and loses.
// Refuses says why Play would refuse m, a legal move, now: it completes a
// repetition the arbiter forbids (a perpetual chase or check under the Asian
// rules). nil means Play takes it. A player of the game (the engine) asks it of
// its candidate moves, since legality alone does not say this.
func (g *Game) Refuses(m Move) error { return g.refuseRepetition(m) }

func (g *Game) refuseRepetition(m Move) error {
	if g.replaying || !usesAsianRules(g.pos.v) {
		return nil
	}
	p := g.pos
	p.Make(m)
	if !occurredTwice(g.keys, p.Hash(), p.Halfmove()) {
		p.Unmake() // the ordinary case: nothing to judge, nothing copied
		return nil
	}
	keys, plies := append(slices.Clip(g.keys), p.Hash()), append(slices.Clip(g.plies), m)
	r, ok := judge(p, keys, plies, 2)
	if ok {
		// The third occurrence: Play will ask again once m is made.
		lo := max(0, len(plies)-p.Halfmove())
		g.memo = &rulingMemo{keys: slices.Clone(keys[lo:]), plies: slices.Clone(plies[lo:]), r: r}
	}
	p.Unmake()
	if !ok || !r.Forbidden() {
		return nil
	}
	var others []string
	for _, lm := range g.pos.LegalMoves(nil) {
		if lm == m {
			continue
		}
		if lr, ok := judgeAfter(g.pos, g.keys, g.plies, lm, 2); ok && lr.Forbidden() {
			continue
		}
		if len(others) < 6 {
			others = append(others, FormatCoord(g.pos, lm))
		}
	}
	if len(others) == 0 {
		return nil // the offender has no other move: it plays this one and loses
	}
	g.pos.Make(m)
	why := r.refusal(g.pos)
	g.pos.Unmake()
	return &IllegalMoveError{Text: FormatCoord(g.pos, m), Reason: why.text, Key: why.key, Args: why.args, Legal: others}
}

// occurredTwice reports whether key is among the last halfmove keys twice.
func occurredTwice(keys []uint64, key uint64, halfmove int) bool {
	n := 0
	for i := len(keys) - 1; i >= 0 && i >= len(keys)-halfmove; i-- {
		if keys[i] == key {
			n++
			if n == 2 {
				return true
			}
		}
	}
	return false
}

// repeated reports whether the position after ply i had occurred before
// (since the last capture).
func (g *Game) repeated(i int) bool {
	for j := i - 1; j >= 0; j-- {
		if g.keys[j] == g.keys[i] {
			return true
		}
		if j < len(g.plies) && g.plies[j].Flags&(FlagCapture|FlagExchange) != 0 {
			return false // ply j+1 captured: nothing before it can repeat
		}
	}
	return false
}

// repetitionNotice is what the chat is told about a repetition after a move.
func (g *Game) repetitionNotice() *Notice {
	if !usesAsianRules(g.pos.v) {
		return nil
	}
	r, ok := g.ruling()
	if !ok {
		return nil
	}
	n := r.Notice(g.pos)
	if r.Occurrence == 2 && len(g.plies) == len(g.moves) {
		// Each move of a second cycle repeats a position: warn once per run of
		// repeated positions, unless the offender or its foul changed (the
		// chased piece may move meanwhile).
		for i := len(g.reports) - 1; i >= 1 && g.repeated(i); i-- {
			if prev := g.reports[i].Notice; prev != nil {
				if prev.Key == n.Key && slices.Equal(prev.Args[:min(1, len(prev.Args))], n.Args[:min(1, len(n.Args))]) {
					return nil
				}
				break
			}
		}
	}
	return n
}
