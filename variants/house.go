package variants

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// House rules of xiangqi (rules/house-rules.md, 象棋降和加強十大偏方): options a
// game switches on by agreement (`/new xiangqi kill-horse river-elephant @bob`).
// Each option is one rule module that rules.Derive adds to the base, so any two
// combine (and combine with fuhe) without code that knows the pair; the only
// declared conflict is royal-advisor with dragon-advisor.
//
// Most of them are conditional powers (power below): while a side has no piece
// of one kind (no horse, no chariot, no cannon), its pieces of another kind get
// extra ordinary moves, which count as attacks too. The atoms of the kinds stay
// those of xiangqi; the module adds the power's moves, tests the moves the power
// forbids, and adds the power's attacks.

// houseOption is a house rule of xiangqi as an Option: the base with the
// option's module added by Derive.
func houseOption(name, summary string, module func(base *rules.Variant) rules.Module) Option {
	return Option{
		Name:    name,
		Summary: summary,
		Guide:   houseGuides[name],
		Pooled:  true, // a house rule: still xiangqi for ratings
		Apply: func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) {
			root, _, _ := strings.Cut(base.Slug, "+")
			if root == "heshan" && name == "palace-strategy" {
				return heshanPalace(base) // heshan.md: on heshan the palace strategy comes with the palace flag
			}
			if root != "xiangqi" {
				return nil, fmt.Errorf("%s is a house rule of xiangqi; %s has no such option", name, base.Slug)
			}
			if base.HasModule(name) {
				return nil, errors.New(name + " is already on")
			}
			m := module(base)
			title := base.Name + " with " + name
			if strings.Contains(base.Name, " with ") {
				title = base.Name + " and " + name
			}
			v, err := rules.Derive(base, rules.Delta{Slug: base.Slug + "+" + name, Name: title, Modules: []rules.Module{m}})
			if err != nil {
				return nil, err
			}
			if g, ok := m.(rules.Guide); ok {
				v.Summary = base.Summary + " " + g.Guide()
			}
			return v, nil
		},
	}
}

// houseOptions are the house rules this package implements, in the spec's order.
func houseOptions() []Option {
	return []Option{
		mountainBorder(),
		houseOption("kill-horse", "kill-horse (殺驚/遁馬): if Red's first move is a cannon taking a horse (h2h9 or b2b9), Black may "+
			"answer with a horse move plus a move of another piece (h2h9, b9c7, i9h9); `pass` skips the second; a "+
			"checking horse move ends the turn", func(base *rules.Variant) rules.Module { return xiangqiKillHorse(base) }),
		houseOption("palace-cannon", "palace cannon (宮廷炮): the generals may face each other when your cannon stands right behind "+
			"your general on that file (d1e1 with a cannon on e0): that is a check your opponent cannot answer "+
			"with a general move; after the cannon is taken or blocked, the side that had it must end the facing",
			func(*rules.Variant) rules.Module { return palaceCannon{} }),
		houseOption("flag", "check-relief flag (解將旗): a 42-cell ring around the board with a flag per side (flags=0,21); "+
			"a side in check may step its flag one cell along with its answer (F+e9e8), a side not in check with "+
			"the enemy flag right behind its own may step two (FF); landing on the enemy flag wins; repetition draws",
			func(*rules.Variant) rules.Module { return newFlagRule() }),
		houseOption("river-elephant", "river-crossing elephant (破河象): a side with no horse left may move its elephants by 用 (two points "+
			"one way, three the other, leg one diagonal step): across the river from a2 e2 i2 c4 g4 (e2c5), and in "+
			"the enemy half only by 用, to the enemy half or back to an elephant point",
			func(*rules.Variant) rules.Module { return riverElephant() }),
		houseOption("mission-pawn", "mission soldier (任務兵): a side with no chariot left may move a soldier that stands in the enemy "+
			"palace one step back inside that palace (e8e7), also to capture and to give check",
			func(*rules.Variant) rules.Module { return missionPawn() }),
		houseOption("royal-advisor", "royal advisor (王者士): a side with no cannon left may move its advisors out of the palace "+
			"from a corner (d2c3), one step in any of the 8 directions outside it, and back onto a corner only; "+
			"not with dragon-advisor", func(*rules.Variant) rules.Module { return royalAdvisor() }),
		houseOption("dragon-advisor", "dragon advisor (龍戰士): a side with no cannon left moves its advisors one step diagonally "+
			"anywhere on the board (d2c3, e5d6); not with royal-advisor",
			func(*rules.Variant) rules.Module { return dragonAdvisor() }),
		houseOption("palace-strategy", "palace strategy (宮策略): while your general stands on a palace point, one kind of yours gets a "+
			"power: d0 chariots ride the palace diagonals, f0 cannons too, d1 horses ignore the leg (h0f1), f1 "+
			"elephants ignore the eye, d2 advisors step two along a diagonal, e2 soldiers on the river bank step "+
			"diagonally across, f2 soldiers on the enemy bank ride sideways (Black mirrored: f9 d9 f8 d8 f7 e7 d7)",
			func(base *rules.Variant) rules.Module { return newPalaceStrategy(base) }),
		houseOption("revive-pawn", "reviving soldier (還魂卒): right after one of your captures, your next move may instead put one "+
			"of your captured soldiers back on an empty soldier start point: `P@e3` (Black `P@e6`)",
			func(base *rules.Variant) rules.Module { return newRevivePawn(base) }),
	}
}

// xiangqiKillHorse is rule 1: the 殺驚 module of jinchan on the standard board,
// with its state in the key field dun= (`dun=h`, `dun=c7`).
func xiangqiKillHorse(base *rules.Variant) *killHorse {
	if base.Board.Width != 9 {
		// On the mountain board no cannon can take a horse on move 1 (rule 9).
		return newKillHorse(Horse, nil, "", 0, "dun")
	}
	return newKillHorse(Horse, xqShajing, "", 0, "dun")
}

// xqShajing is the board after each 殺驚 opening move of standard xiangqi.
var xqShajing = map[string]string{
	"b2b9": "rCbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR",
	"h2h9": "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR",
}

// power is a conditional power: while its side has no piece of kind without on
// the board, the pieces of kind get extra moves (and attacks), and ordinary moves
// of theirs that forbid names are not allowed.
type power struct {
	name, guide string
	kind        int
	without     int // -1 with when
	// when, if set, is the condition instead of "no piece of kind without".
	when func(p *rules.Position, s rules.Side) bool
	// targets calls add for every point the power takes the piece of side s on
	// from to in p (blocking points checked), with what it may do there.
	targets func(p *rules.Position, from rules.Square, s rules.Side, add func(to rules.Square))
	// keeps reports that a piece on from keeps the power whatever the condition
	// (a crossed elephant); nil = never.
	keeps func(b *rules.Board, s rules.Side, from rules.Square) bool
	// forbid reports that an ordinary move of the kind from from to to is not
	// allowed while the power is on; nil = none.
	forbid func(b *rules.Board, s rules.Side, from, to rules.Square) bool
	// extend changes the variant the power joins (where the kind may stand, its
	// mating power).
	extend func(v *rules.Variant) error
	// refuse is the reason given for a move the power would allow when it is off.
	refuse rules.Texts
	// forbidden is the reason given for a move forbid refuses.
	forbidden rules.Texts
	conflict  []string
	why       string
}

func (w *power) ModuleName() string { return w.name }
func (w *power) Guide() string      { return w.guide }

func (w *power) Extend(v *rules.Variant) error {
	if w.extend == nil {
		return nil
	}
	return w.extend(v)
}

func (w *power) ConflictsWith() ([]string, string) { return w.conflict, w.why }

// holders returns the squares of side s's face-up pieces of the power's kind and
// whether s has no piece of the condition's kind (face-down pieces count as
// nothing: their kinds are secret, and a reserve is not on the board yet).
func (w *power) holders(p *rules.Position, s rules.Side, buf []rules.Square) ([]rules.Square, bool) {
	b := p.Variant().Board
	none := true
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s || pc.FaceDown() {
			continue
		}
		switch pc.Kind() {
		case w.kind:
			buf = append(buf, sq)
		case w.without:
			none = false
		}
	}
	if w.when != nil {
		none = w.when(p, s)
	}
	return buf, none
}

// on reports whether s's pieces of the kind have the power (for a piece on from).
func (w *power) onFor(b *rules.Board, s rules.Side, from rules.Square, none bool) bool {
	return none || (w.keeps != nil && w.keeps(b, s, from))
}

func (w *power) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	var buf [8]rules.Square
	sqs, none := w.holders(p, s, buf[:0])
	b := p.Variant().Board
	for _, from := range sqs {
		if !w.onFor(b, s, from, none) || !p.Movable(from) {
			continue
		}
		w.targets(p, from, s, func(to rules.Square) {
			m := rules.Move{From: from, To: to}
			if t := p.At(to); !t.Empty() {
				if !p.Capturable(from, to) {
					return
				}
				m.Flags = rules.FlagCapture
			}
			for _, x := range out {
				if x.From == from && x.To == to && x.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 {
					return // the atoms (or another power) make it already
				}
			}
			out = append(out, m)
		})
	}
	return out
}

// Legal refuses the ordinary moves the power forbids (tested after the move:
// the mover stands on m.To).
func (w *power) Legal(p *rules.Position, m rules.Move) bool {
	if w.forbid == nil || m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass) != 0 {
		return true
	}
	pc := p.At(m.To)
	if pc.Empty() || pc.Kind() != w.kind || pc.FaceDown() {
		return true
	}
	s := pc.Side()
	b := p.Variant().Board
	if !w.forbid(b, s, m.From, m.To) {
		return true
	}
	_, none := w.holders(p, s, nil)
	return !w.onFor(b, s, m.From, none)
}

// Attacks: the power's captures are attacks (a crossed elephant gives check).
func (w *power) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	var buf [8]rules.Square
	sqs, none := w.holders(p, by, buf[:0])
	b := p.Variant().Board
	hit := false
	for _, from := range sqs {
		if hit {
			break
		}
		if !w.onFor(b, by, from, none) || p.At(from)&p.Variant().NoCheckFlags != 0 {
			continue
		}
		w.targets(p, from, by, func(to rules.Square) {
			if to == sq {
				hit = true
			}
		})
	}
	return hit
}

// Refusal says why a move the power makes is not allowed now: the condition does
// not hold, or the power forbids an ordinary move.
func (w *power) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	if !b.Exists(m.From) || !b.Exists(m.To) {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	s := p.ToMove()
	if pc.Empty() || pc.Side() != s || pc.Kind() != w.kind || pc.FaceDown() {
		return rules.Texts{}
	}
	_, none := w.holders(p, s, nil)
	on := w.onFor(b, s, m.From, none)
	if on && w.forbid != nil && w.forbid(b, s, m.From, m.To) {
		return w.forbidden
	}
	reaches := false
	w.targets(p, m.From, s, func(to rules.Square) { reaches = reaches || to == m.To })
	if !reaches {
		return rules.Texts{}
	}
	if t := p.At(m.To); !t.Empty() && t.Side() == s {
		return rules.Texts{}
	}
	if on {
		return rules.Texts{} // the power allows it: the core says what else is wrong (a check)
	}
	for _, x := range p.PseudoMoves(nil) {
		if x.From == m.From && x.To == m.To {
			return rules.Texts{} // another rule makes it: the core says what is wrong
		}
	}
	return w.refuse
}

// relRank is the rank of sq counted from side s's back line.
func relRank(b *rules.Board, s rules.Side, sq rules.Square) int {
	_, r, _ := b.Coords(sq)
	if s == rules.Black {
		return b.Height - 1 - r
	}
	return r
}

// step is b.Step with (df, dr) seen from side s (forward is towards the enemy).
func step(b *rules.Board, s rules.Side, sq rules.Square, df, dr int) rules.Square {
	if s == rules.Black {
		df, dr = -df, -dr
	}
	return b.Step(sq, df, dr)
}

var king8 = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// riverElephant is rule 4 破河象.
func riverElephant() *power {
	w := &power{
		name: "river-elephant", kind: Elephant, without: Horse,
		guide: "River-crossing elephant (破河象): while a side has no horse, its elephants on a2 e2 i2 c4 g4 " +
			"(Black a7 e7 i7 c5 g5) may cross the river by 用: two points one way and three the other, the leg " +
			"one diagonal step towards the target must be empty (e2c5, leg d3). In the enemy half an elephant " +
			"moves only by 用: within the enemy half or back to one of its seven elephant points.",
		refuse:    say("house.elephant_crosses"),
		forbidden: say("house.elephant_yong"),
	}
	w.keeps = func(b *rules.Board, s rules.Side, from rules.Square) bool { return !b.InZone("own", s, from) }
	w.forbid = func(b *rules.Board, s rules.Side, from, to rules.Square) bool {
		if b.InZone("own", s, from) {
			return false
		}
		f0, r0, _ := b.Coords(from)
		f1, r1, _ := b.Coords(to)
		dx, dy := abs(f1-f0), abs(r1-r0)
		return !(dx == 2 && dy == 3 || dx == 3 && dy == 2)
	}
	w.targets = func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
		b := p.Variant().Board
		crossed := !b.InZone("own", s, from)
		if r := relRank(b, s, from); !crossed && !(b.InZone("elephant points", s, from) && (r == 2 || r == 4)) {
			return // only from the own rank 2 and the river bank (not the mountain points a3 k3)
		}
		for _, d := range [][2]int{{2, 3}, {-2, 3}, {2, -3}, {-2, -3}, {3, 2}, {-3, 2}, {3, -2}, {-3, -2}} {
			to := b.Step(from, d[0], d[1])
			if to == rules.NoSquare {
				continue
			}
			if leg := b.Step(from, sign(d[0]), sign(d[1])); leg == rules.NoSquare || !p.At(leg).Empty() {
				continue
			}
			enemy := !b.InZone("own", s, to)
			if enemy || (crossed && b.InZone("elephant points", s, to)) {
				add(to)
			}
		}
	}
	w.extend = func(v *rules.Variant) error {
		k := &v.Kinds[Elephant]
		k.Mating = true // a crossed elephant gives check
		if k.StandZone == "" {
			return nil
		}
		z := v.Board.Zones[k.StandZone]
		crossed := v.Board.Zones["crossed"]
		for s := range z {
			for i := range z[s] {
				z[s][i] |= crossed[s][i]
			}
		}
		name := k.StandZone + " or enemy half"
		v.Board.Zones[name] = z
		k.StandZone = name
		return nil
	}
	return w
}

// missionPawn is rule 5 任務兵.
func missionPawn() *power {
	w := &power{
		name: "mission-pawn", kind: Soldier, without: Chariot,
		guide: "Mission soldier (任務兵): while a side has no chariot, a soldier in the enemy palace may also " +
			"step back one point if it stays in that palace (e8e7), also to capture; that is a check too.",
		refuse: say("house.soldier_back"),
	}
	w.targets = func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
		b := p.Variant().Board
		if !b.InZone("palace", s.Other(), from) {
			return
		}
		if to := step(b, s, from, 0, -1); to != rules.NoSquare && b.InZone("palace", s.Other(), to) {
			add(to)
		}
	}
	return w
}

// palaceCorner reports whether sq is a corner of side s's palace (d0 f0 d2 f2).
func palaceCorner(b *rules.Board, s rules.Side, sq rules.Square) bool {
	if !b.InZone("palace", s, sq) {
		return false
	}
	// A corner has exactly two palace points among its orthogonal neighbours.
	n := 0
	for _, d := range rules.Dirs4 {
		if to := b.Step(sq, d[0], d[1]); to != rules.NoSquare && b.InZone("palace", s, to) {
			n++
		}
	}
	return n == 2
}

// advisorsAnywhere lets an advisor stand on any point and count as mating
// material (royal-advisor, dragon-advisor).
func advisorsAnywhere(v *rules.Variant) error {
	k := &v.Kinds[Advisor]
	k.StandZone = ""
	k.Mating = true // "單枚龍戰士必勝單將"
	return nil
}

const advisorConflict = "龍戰士不能與王者士同用: dragon-advisor cannot be combined with royal-advisor"

// royalAdvisor is rule 6 王者士.
func royalAdvisor() *power {
	w := &power{
		name: "royal-advisor", kind: Advisor, without: Cannon,
		guide: "Royal advisor (王者士): while a side has no cannon, its advisors may leave the palace from a " +
			"corner (d0 f0 d2 f2) one step in any of the 8 directions (d2c3); outside their palace they move " +
			"and capture one step in any direction, anywhere; they come back onto a corner only, and inside " +
			"the palace they keep to the drawn diagonals. Not with dragon-advisor.",
		refuse:    say("house.advisor_leaves"),
		forbidden: say("house.advisor_corner"),
		extend:    advisorsAnywhere, conflict: []string{"dragon-advisor"}, why: advisorConflict,
	}
	w.forbid = func(b *rules.Board, s rules.Side, from, to rules.Square) bool {
		return !b.InZone("palace", s, from) && b.InZone("palace", s, to) && !palaceCorner(b, s, to)
	}
	w.targets = func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
		b := p.Variant().Board
		inside := b.InZone("palace", s, from)
		if inside && !palaceCorner(b, s, from) {
			return // the centre keeps to the diagonals (the atoms)
		}
		for _, d := range king8 {
			to := b.Step(from, d[0], d[1])
			if to == rules.NoSquare {
				continue
			}
			if b.InZone("palace", s, to) {
				if !inside && palaceCorner(b, s, to) {
					add(to) // back onto a corner
				}
				continue
			}
			add(to)
		}
	}
	return w
}

// dragonAdvisor is rule 10 龍戰士.
func dragonAdvisor() *power {
	w := &power{
		name: "dragon-advisor", kind: Advisor, without: Cannon,
		guide: "Dragon advisor (龍戰士): while a side has no cannon, its advisors move and capture one step " +
			"diagonally anywhere on the board (d2c3, e5d6), in and out of the palace. Not with royal-advisor.",
		refuse: say("house.advisor_diagonals"),
		extend: advisorsAnywhere, conflict: []string{"royal-advisor"}, why: advisorConflict,
	}
	w.targets = func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
		b := p.Variant().Board
		for _, d := range rules.Diag4 {
			if to := b.Step(from, d[0], d[1]); to != rules.NoSquare {
				add(to)
			}
		}
	}
	return w
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// revivePawn is rule 8 還魂卒: on the move right after one of its captures, a side
// may put one of its captured soldiers back on an empty soldier start point
// (`P@e3`). State: one variable, a bit per side that holds the right now (the
// side's previous own move captured); FEN `revive=w`, `b` or `wb`.
type revivePawn struct {
	points [2][]rules.Square
	right  rules.VarID
	code   uint8
}

func newRevivePawn(base *rules.Variant) *revivePawn {
	r := &revivePawn{}
	b := base.Board
	for _, n := range []string{"a3", "c3", "e3", "g3", "i3"} {
		sq := housePoint(b, n)
		r.points[rules.Red] = append(r.points[rules.Red], sq)
		r.points[rules.Black] = append(r.points[rules.Black], b.Mirror(sq))
	}
	return r
}

func (*revivePawn) ModuleName() string { return "revive-pawn" }

// AttackNeutral: the right it keeps changes no attack; the revival is a special
// move, which the core always tests in full.
func (*revivePawn) AttackNeutral() {}

func (r *revivePawn) Guide() string {
	return "Reviving soldier (還魂卒): on your move right after one of your captures you may instead put one " +
		"of your captured soldiers back on an empty soldier start point (Red a3 c3 e3 g3 i3, Black a6 c6 e6 g6 " +
		"i6): `P@e3`. It is a whole move and must leave your general safe; if you do not use it, the right " +
		"lapses until you capture again."
}

func (r *revivePawn) Init(c *rules.Claims) (err error) {
	if r.right, err = c.Var("right"); err != nil {
		return err
	}
	if r.code, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "revive", Write: r.writeField, Read: r.readField})
}

// captured is the number of side s's soldiers off the board: 5 less its face-up
// soldiers (a face-down reserve's kind is secret and counts as nothing).
func (r *revivePawn) captured(p *rules.Position, s rules.Side) int {
	b := p.Variant().Board
	n := 5
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && !pc.FaceDown() && pc.Side() == s && pc.Kind() == Soldier {
			n--
		}
	}
	return n
}

func (r *revivePawn) may(p *rules.Position, s rules.Side) bool {
	return p.Var(r.right)&(1<<s) != 0 && !p.MidTurn()
}

func (r *revivePawn) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if !r.may(p, s) || r.captured(p, s) <= 0 {
		return out
	}
	for _, sq := range r.points[s] {
		if p.At(sq).Empty() {
			out = append(out, rules.Move{From: rules.NoSquare, To: sq, Flags: rules.FlagSpecial, Aux: r.code})
		}
	}
	return out
}

func (r *revivePawn) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	p.Set(m.To, rules.NewPiece(Soldier, p.ToMove()))
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove gives the mover the right when its move captured and takes it away
// otherwise (the right lasts one own move).
func (r *revivePawn) AfterMove(p *rules.Position, m rules.Move) {
	mover := p.ToMove().Other()
	if p.MidTurn() {
		mover = p.ToMove() // the first half of a double move
	}
	bit := int32(1) << mover
	st := p.Var(r.right)
	if p.Captured() != rules.NoPiece {
		st |= bit
	} else {
		st &^= bit
	}
	if st != p.Var(r.right) {
		p.SetVar(r.right, st)
	}
}

func (r *revivePawn) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != r.code {
		return "", false
	}
	return "P@" + p.Variant().Board.Name(m.To), true
}

func (r *revivePawn) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != r.code {
		return nil
	}
	to := p.Variant().Board.Name(m.To)
	return []string{"P@" + to, "P*" + to, "還魂" + to, "还魂" + to}
}

func (r *revivePawn) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	l, name, ok := strings.Cut(text, "@")
	if !ok || (l != "p" && l != "P") {
		return rules.Texts{}
	}
	s := p.ToMove()
	sq, ok := p.Variant().Board.Parse(name)
	switch {
	case !ok:
		return say("house.revive_no_point", name)
	case !r.may(p, s):
		return say("house.revive_when")
	case r.captured(p, s) <= 0:
		return say("house.revive_none")
	}
	start := false
	for _, x := range r.points[s] {
		start = start || x == sq
	}
	switch {
	case !start:
		return say("house.revive_points", r.pointsText(p, s))
	case !p.At(sq).Empty():
		return say("house.revive_occupied", name)
	}
	return say("house.revive_check")
}

func (r *revivePawn) pointsText(p *rules.Position, s rules.Side) string {
	var names []string
	for _, sq := range r.points[s] {
		names = append(names, p.Variant().Board.Name(sq))
	}
	return strings.Join(names, " ")
}

func (r *revivePawn) writeField(p *rules.Position) string {
	st := p.Var(r.right)
	out := ""
	if st&1 != 0 {
		out += "w"
	}
	if st&2 != 0 {
		out += "b"
	}
	return out
}

func (r *revivePawn) readField(p *rules.Position, text string) error {
	var st int32
	for _, c := range text {
		switch c {
		case 'w':
			st |= 1
		case 'b':
			st |= 2
		default:
			return fmt.Errorf("revive=%s: want w, b or wb (the sides whose previous move captured)", text)
		}
	}
	p.SetVar(r.right, st)
	return nil
}

// palaceStrategy is rule 7 宮策略: one module whose conditional powers 1-7 each
// hold while the owner's general stands on the power's palace point; power 8
// 可飛將 (the general on its centre) is part of the facing rule it writes
// again (xqFacingAttack, and palace-cannon's tests when that is on too).
type palaceStrategy struct {
	powers []*power
	// centre is each side's palace centre (e1, e8), where power 8 可飛將 holds.
	centre [2]rules.Square
}

func (*palaceStrategy) ModuleName() string { return "palace-strategy" }

func (ps *palaceStrategy) Guide() string {
	return "Palace strategy (宮策略): while your general stands on one of these palace points, all your " +
		"pieces of one kind get a power (Black: the mirrored points f9 d9 f8 d8 f7 e7 d7). d0 全線車: chariots " +
		"also ride the drawn palace diagonals (d7e8). f0 全線炮: cannons move along them and capture over one " +
		"screen on the diagonal (d7f9). d1 暢馬: horses ignore the leg (h0f1). f1 象不堵: elephants ignore the " +
		"eye. d2 士闊步: advisors step one or two points along a drawn diagonal (d0f2). e2 斜河兵: a soldier on " +
		"its own river bank may step diagonally forward across the river, not capturing (c4d5). f2 河清卒: a " +
		"soldier on the enemy river bank may ride sideways along it (c5i5). e1 可飛將: your general on its centre may " +
		"face the enemy general if that one is not on its own centre (d1e1 with the enemy general on e9): that is " +
		"check, and the enemy may not step into or stay in the facing. Point e0: no power."
}

func (ps *palaceStrategy) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, w := range ps.powers {
		out = w.AddMoves(p, out)
	}
	return out
}

// Extend takes the generals' facing attack out of their atoms: the facing rule
// (xqFacingAttack) knows 可飛將 and palace-cannon.
func (*palaceStrategy) Extend(v *rules.Variant) error {
	removeFacingAtoms(v)
	return nil
}

func (ps *palaceStrategy) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if !p.Variant().HasModule("palace-cannon") && xqFacingAttack(p, sq, by) {
		return true
	}
	for _, w := range ps.powers {
		if w.Attacks(p, sq, by) {
			return true
		}
	}
	return false
}

func (ps *palaceStrategy) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	for _, w := range ps.powers {
		if why := w.RefusalTexts(p, text, m); !why.IsZero() {
			return why
		}
	}
	return rules.Texts{}
}

func newPalaceStrategy(base *rules.Variant) *palaceStrategy {
	b := base.Board
	sq := func(n string) rules.Square { return housePoint(b, n) }
	// The drawn diagonals of each palace, as lines of points.
	lines := [][]rules.Square{
		{sq("d0"), sq("e1"), sq("f2")}, {sq("f0"), sq("e1"), sq("d2")},
		{sq("d7"), sq("e8"), sq("f9")}, {sq("f7"), sq("e8"), sq("d9")},
	}
	own := func(s rules.Side) [][]rules.Square {
		if s == rules.Red {
			return lines[:2]
		}
		return lines[2:]
	}
	// along calls walk for each direction along the lines through from.
	along := func(ls [][]rules.Square, from rules.Square, walk func(path []rules.Square)) {
		for _, l := range ls {
			for i, x := range l {
				if x != from {
					continue
				}
				var up, down []rules.Square
				up = append(up, l[i+1:]...)
				for j := i - 1; j >= 0; j-- {
					down = append(down, l[j])
				}
				walk(up)
				walk(down)
			}
		}
	}
	// on is the condition: s's general stands on the point named (Red's view).
	on := func(point string) func(p *rules.Position, s rules.Side) bool {
		red := sq(point)
		black := b.Mirror(red)
		return func(p *rules.Position, s rules.Side) bool {
			want := red
			if s == rules.Black {
				want = black
			}
			for i := 0; i < p.NumRoyals(s); i++ {
				if p.RoyalAt(s, i) == want {
					return true
				}
			}
			return flagStrategyPoint(p, s, want) // heshan-palace: the palace flag as the general
		}
	}
	mk := func(name, point string, kind int, what string, targets func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square))) *power {
		mirror := b.Name(b.Mirror(sq(point)))
		return &power{name: name, kind: kind, without: -1, when: on(point), targets: targets,
			refuse: say("house.strategy_only", say(what), b.Name(sq(point)), mirror)}
	}
	ride := func(p *rules.Position, path []rules.Square, add func(rules.Square)) {
		for _, x := range path {
			add(x)
			if !p.At(x).Empty() {
				return
			}
		}
	}
	return &palaceStrategy{centre: [2]rules.Square{sq("e1"), b.Mirror(sq("e1"))}, powers: []*power{
		mk("全線車", "d0", Chariot, "house.strategy_chariot", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			along(lines, from, func(path []rules.Square) { ride(p, path, add) })
		}),
		mk("全線炮", "f0", Cannon, "house.strategy_cannon", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			along(lines, from, func(path []rules.Square) {
				screen := false
				for _, x := range path {
					switch empty := p.At(x).Empty(); {
					case !screen && empty:
						add(x)
					case !screen:
						screen = true
					case !empty:
						add(x)
						return
					}
				}
			})
		}),
		mk("暢馬", "d1", Horse, "house.strategy_horse", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
				if to := p.Variant().Board.Step(from, d[0], d[1]); to != rules.NoSquare {
					add(to)
				}
			}
		}),
		mk("象不堵", "f1", Elephant, "house.strategy_elephant", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			b := p.Variant().Board
			if !b.InZone("own", s, from) {
				return
			}
			for _, d := range rules.Diag4 {
				// Only between elephant points: on the mountain board an elephant on a3
				// has no 田 move.
				if to := b.Step(from, 2*d[0], 2*d[1]); to != rules.NoSquare && b.InZone("own", s, to) &&
					b.InZone("elephant points", s, from) && b.InZone("elephant points", s, to) {
					add(to)
				}
			}
		}),
		mk("士闊步", "d2", Advisor, "house.strategy_advisor", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			along(own(s), from, func(path []rules.Square) {
				if len(path) > 2 {
					path = path[:2]
				}
				ride(p, path, add)
			})
		}),
		mk("斜河兵", "e2", Soldier, "house.strategy_soldier_diag", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			b := p.Variant().Board
			if relRank(b, s, from) != 4 {
				return
			}
			for _, df := range []int{1, -1} {
				if to := step(b, s, from, df, 1); to != rules.NoSquare && p.At(to).Empty() {
					add(to)
				}
			}
		}),
		mk("河清卒", "f2", Soldier, "house.strategy_soldier_bank", func(p *rules.Position, from rules.Square, s rules.Side, add func(rules.Square)) {
			b := p.Variant().Board
			if relRank(b, s, from) != 5 {
				return
			}
			for _, df := range []int{1, -1} {
				for to := b.Step(from, df, 0); to != rules.NoSquare; to = b.Step(to, df, 0) {
					add(to)
					if !p.At(to).Empty() {
						break
					}
				}
			}
		}),
	}}
}

// palaceCannon is rule 2 宮廷炮. It replaces the flying-general rule: Extend
// takes the generals' facing attack out of their atoms, and the module says
// when facing is allowed (Legal) and when it is a check (Attacks).
type palaceCannon struct{}

func (palaceCannon) ModuleName() string { return "palace-cannon" }

func (palaceCannon) Guide() string {
	return "Palace cannon (宮廷炮): the two generals may face each other on an open file if your cannon " +
		"stands right behind your own general on that file, nothing between (`d1e1` with a cannon on e0): " +
		"your general is the cannon's screen, so the enemy general is in check, and it may not step aside; " +
		"block the file or take the cannon. If your cannon is taken or blocked while the generals face, you " +
		"are in check and must end the facing at once."
}

// Extend removes the facing attack (飛將) from the generals' atoms.
func (palaceCannon) Extend(v *rules.Variant) error {
	removeFacingAtoms(v)
	return nil
}

// removeFacingAtoms takes the facing attack (飛將, an AttackOnly ride at royal
// targets) out of the generals' atoms, for the modules that write the facing
// rule again (palace-cannon, palace-strategy's 可飛將).
func removeFacingAtoms(v *rules.Variant) {
	k := &v.Kinds[King]
	var atoms []rules.Atom
	for _, a := range k.Atoms {
		if a.Mode != rules.AttackOnly || !a.RoyalTarget {
			atoms = append(atoms, a)
		}
	}
	k.Atoms = atoms
}

// flying reports 可飛將 (palace-strategy power 8) for side s: the generals face
// each other, s's general stands on its palace centre and the enemy general
// on the same file but not on its own centre. Then facing is no attack on s and
// an attack on the enemy (house-rules.md rule 7).
func flying(p *rules.Position, s rules.Side) bool {
	ps, ok := p.Variant().Module("palace-strategy").(*palaceStrategy)
	if !ok {
		return false
	}
	facing, k := pcFacing(p)
	return facing && k[s] == ps.centre[s] && k[s.Other()] != ps.centre[s.Other()]
}

// xqFacingAttack is the facing rule without palace-cannon, with 可飛將: the
// general of by attacks the enemy general on sq when they face each other,
// unless the enemy has 可飛將.
func xqFacingAttack(p *rules.Position, sq rules.Square, by rules.Side) bool {
	y := by.Other()
	if p.NumRoyals(y) != 1 || p.RoyalAt(y, 0) != sq {
		return false
	}
	facing, _ := pcFacing(p)
	return facing && !flying(p, y)
}

// facing reports whether the generals stand on one file with nothing between,
// and returns both generals' squares (Red's, Black's).
func pcFacing(p *rules.Position) (bool, [2]rules.Square) {
	var k [2]rules.Square
	for s := rules.Red; s <= rules.Black; s++ {
		if p.NumRoyals(s) != 1 {
			return false, k
		}
		k[s] = p.RoyalAt(s, 0)
	}
	b := p.Variant().Board
	fr, rr, _ := b.Coords(k[rules.Red])
	fb, rb, _ := b.Coords(k[rules.Black])
	if fr != fb {
		return false, k
	}
	lo, hi := min(rr, rb), max(rr, rb)
	for r := lo + 1; r < hi; r++ {
		if !p.At(b.At(fr, r)).Empty() {
			return false, k
		}
	}
	return true, k
}

// pcHolds reports PC_s: facing holds and s has a cannon right behind its
// general (away from the enemy general) with nothing between.
func pcHolds(p *rules.Position, s rules.Side) bool {
	ok, k := pcFacing(p)
	if !ok {
		return false
	}
	b := p.Variant().Board
	dr := -1 // away from the enemy general
	if s == rules.Black {
		dr = 1
	}
	for sq := b.Step(k[s], 0, dr); sq != rules.NoSquare; sq = b.Step(sq, 0, dr) {
		if pc := p.At(sq); !pc.Empty() {
			return pc.Side() == s && pc.Kind() == Cannon && !pc.FaceDown()
		}
	}
	return false
}

// Attacks: at the start of a side's turn, facing without its own palace cannon
// is a check on it (rule 3). The palace cannon's own check is an ordinary
// cannon capture over the general.
func (palaceCannon) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	x := by.Other()
	if p.ToMove() != x || p.NumRoyals(x) != 1 || p.RoyalAt(x, 0) != sq {
		return false
	}
	ok, _ := pcFacing(p)
	return ok && !pcHolds(p, x) && !flying(p, x)
}

// before returns a copy of p as it was before the ordinary move m (m.From
// holding the mover, m.To what it took), for the tests that look back.
func pcBefore(p *rules.Position, m rules.Move) *rules.Position {
	q := p.Clone()
	if m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass) != 0 {
		if m.To != rules.NoSquare && m.From == rules.NoSquare {
			q.Set(m.To, rules.NoPiece)
		}
		return q
	}
	q.Set(m.From, p.At(m.To))
	q.Set(m.To, p.Captured())
	return q
}

// inPCCheck reports whether s, in q, stands in check by the enemy palace cannon.
func inPCCheck(q *rules.Position, s rules.Side) bool { return pcHolds(q, s.Other()) }

// Legal: a move that leaves facing needs the mover's palace cannon after it, or
// answered a palace-cannon check (rule 1); in a palace-cannon check the general
// may not move (rule 2).
func (palaceCannon) Legal(p *rules.Position, m rules.Move) bool {
	x := p.ToMove().Other()
	if p.MidTurn() {
		x = p.ToMove()
	}
	facing, _ := pcFacing(p)
	kingMove := m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass) == 0 && p.NumRoyals(x) == 1 && p.RoyalAt(x, 0) == m.To
	if !facing && !kingMove {
		return true
	}
	was := inPCCheck(pcBefore(p, m), x)
	if kingMove && was {
		return false
	}
	return !facing || pcHolds(p, x) || was || flying(p, x)
}

// Refusal explains the two palace-cannon refusals.
func (pc palaceCannon) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	x := p.ToMove()
	for _, pm := range p.PseudoMoves(nil) {
		if pm.From != m.From || pm.To != m.To || pm.Flags&rules.FlagSpecial != 0 {
			continue
		}
		if p.NumRoyals(x) == 1 && p.RoyalAt(x, 0) == m.From && inPCCheck(p, x) {
			return say("house.palace_cannon_check")
		}
		p.Make(pm)
		facing, _ := pcFacing(p)
		bad := facing && !pcHolds(p, x) && !inPCCheckBefore(p, pm, x) && !flying(p, x)
		p.Unmake()
		if bad {
			return say("house.palace_cannon_facing")
		}
	}
	return rules.Texts{}
}

func inPCCheckBefore(p *rules.Position, m rules.Move, x rules.Side) bool {
	return inPCCheck(pcBefore(p, m), x)
}
