package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// supplyRules is supply.md's S1, S2 and the penalty table as one module: the
// exchanges (兌) as special moves, the closed bottom lines as a legality test,
// and the refusals that say which supply piece was lost.
type supplyRules struct {
	w      int
	lines  [2][]rules.Square // each side's supply line
	bottom [2]int            // each side's bottom line (rank index)
	exch   uint8
}

func newSupplyRules(b *rules.Board) *supplyRules {
	s := &supplyRules{w: b.Width, bottom: [2]int{1, b.Height - 2}}
	for f := 0; f < b.Width; f++ {
		s.lines[rules.Red] = append(s.lines[rules.Red], b.At(f, 0))
		s.lines[rules.Black] = append(s.lines[rules.Black], b.At(f, b.Height-1))
	}
	return s
}

func (*supplyRules) ModuleName() string { return "supply" }

func (s *supplyRules) Init(c *rules.Claims) (err error) {
	s.exch, err = c.Codes(1)
	return err
}

// keeper is the supply kind whose loss closes a line to kind k, or -1.
func keeper(k int) int {
	switch k {
	case Soldier:
		return SupplyGrain
	case Horse:
		return SupplyFodder
	case Chariot:
		return SupplyOil
	case Cannon:
		return SupplyAmmunition
	case King:
		return SupplyCloth
	}
	return -1
}

func isSupplyKind(k int) bool { return k >= SupplyGrain && k <= SupplyAmmunition }

// has reports whether side still has its supply piece of kind k.
func (s *supplyRules) has(p *rules.Position, side rules.Side, k int) bool {
	for _, sq := range s.lines[side] {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == side && pc.Kind() == k {
			return true
		}
	}
	return false
}

// closedLine is the rank a piece of kind k and side may not enter from off it,
// or -1: the enemy bottom line for a kind whose supply is lost, the own one for
// a general without 布.
func (s *supplyRules) closedLine(p *rules.Position, side rules.Side, k int) int {
	sk := keeper(k)
	if sk < 0 || s.has(p, side, sk) {
		return -1
	}
	if k == King {
		return s.bottom[side]
	}
	return s.bottom[side.Other()]
}

func (s *supplyRules) rank(sq rules.Square) int { return int(sq) / s.w }

// Legal refuses an ordinary move onto a closed line from off it.
func (s *supplyRules) Legal(p *rules.Position, m rules.Move) bool {
	if m.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || m.From == rules.NoSquare {
		return true
	}
	pc := p.At(m.To)
	if pc.Empty() || pc.FaceDown() {
		return true
	}
	line := s.closedLine(p, pc.Side(), pc.Kind())
	return line < 0 || s.rank(m.To) != line || s.rank(m.From) == line
}

// AddMoves adds the exchanges of the side to move: captures onto the enemy
// supply line (always), and onto the enemy bottom line by a kind closed out of it.
func (s *supplyRules) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	me := p.ToMove()
	enemy := me.Other()
	b := p.Variant().Board
	for _, t := range s.lines[enemy] {
		out = s.exchangesOnto(p, b, me, t, false, out)
	}
	for f := 0; f < s.w; f++ {
		out = s.exchangesOnto(p, b, me, b.At(f, s.bottom[enemy]), true, out)
	}
	return out
}

// exchangesOnto appends the exchanges of side me onto t. With closedOnly, only
// kinds closed out of t's rank may exchange there (the others capture).
func (s *supplyRules) exchangesOnto(p *rules.Position, b *rules.Board, me rules.Side, t rules.Square, closedOnly bool, out []rules.Move) []rules.Move {
	target := p.At(t)
	if target.Empty() || target.Side() == me || target.FaceDown() {
		return out
	}
	line := s.rank(t)
	may := func(k int) bool { return !closedOnly || s.closedLine(p, me, k) == line }
	own := func(sq rules.Square, k int) bool {
		if sq == rules.NoSquare {
			return false
		}
		pc := p.At(sq)
		return !pc.Empty() && pc.Side() == me && pc.Kind() == k && !pc.FaceDown()
	}
	add := func(from rules.Square) {
		out = append(out, rules.Move{From: from, To: t, Flags: rules.FlagSpecial, Aux: s.exch})
	}
	fwd := 1
	if me == rules.Black {
		fwd = -1
	}
	// Chariot and cannon: along the file from the own side.
	seen := 0
	for sq := b.Step(t, 0, -fwd); sq != rules.NoSquare && seen < 2; sq = b.Step(sq, 0, -fwd) {
		if p.At(sq).Empty() {
			continue
		}
		if seen == 0 && own(sq, Chariot) && may(Chariot) {
			add(sq)
		}
		if seen == 1 && own(sq, Cannon) && may(Cannon) {
			add(sq)
		}
		seen++
	}
	// Horse: the eight 日 leaps, leg next to the source in the long direction.
	if may(Horse) {
		for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
			from := b.Step(t, -d[0], -d[1])
			if !own(from, Horse) || s.rank(from) == line {
				continue
			}
			leg := b.Step(from, 0, d[1]/2)
			if d[0] == 2 || d[0] == -2 {
				leg = b.Step(from, d[0]/2, 0)
			}
			if leg != rules.NoSquare && p.At(leg).Empty() {
				add(from)
			}
		}
	}
	// Soldier: its forward step.
	if from := b.Step(t, 0, -fwd); own(from, Soldier) && may(Soldier) {
		add(from)
	}
	return out
}

// PlayMove plays an exchange: both pieces leave the board.
func (s *supplyRules) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	p.Set(m.To, rules.NoPiece)
	p.Set(m.From, rules.NoPiece)
	return rules.EndsTurn | rules.CountsPly | rules.ResetsClock
}

func (s *supplyRules) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != s.exch {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(m.From) + b.Name(m.To), true
}

func (s *supplyRules) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != s.exch {
		return nil
	}
	b := p.Variant().Board
	return []string{b.Name(m.From) + "x" + b.Name(m.To), "兌" + b.Name(m.From) + b.Name(m.To)}
}

var supplyKeys = map[int]string{
	SupplyGrain: "grain", SupplyFodder: "fodder", SupplyCloth: "cloth",
	SupplyOil: "oil", SupplyAmmunition: "ammunition",
}

// Refusal says why a move onto a supply line or a closed bottom line is refused.
func (s *supplyRules) RefusalTexts(p *rules.Position, _ string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() || pc.FaceDown() {
		return rules.Texts{}
	}
	k := pc.Kind()
	name := pieceText(&p.Variant().Kinds[k], pc.Side())
	if r := s.rank(m.To); !isSupplyKind(k) && (r == 0 || r == p.Variant().Board.Height-1) {
		return say("supply.line_only", name)
	}
	line := s.closedLine(p, pc.Side(), k)
	if line < 0 || s.rank(m.To) != line || s.rank(m.From) == line || !s.reaches(p, m) {
		return rules.Texts{}
	}
	lost := say("supply.name." + supplyKeys[keeper(k)])
	if k == King {
		return say("supply.lost_general", lost)
	}
	if t := p.At(m.To); !t.Empty() && t.Side() != pc.Side() && s.exchangeTo(p, m) {
		return rules.Texts{}
	}
	return say("supply.lost_piece", lost, name)
}

// reaches reports whether m is an ordinary pseudo-legal move (so that a refusal
// for the closed line does not hide a blocked leg or a wrong shape).
func (s *supplyRules) reaches(p *rules.Position, m rules.Move) bool {
	for _, x := range p.PseudoMoves(nil) {
		if x.From == m.From && x.To == m.To && x.Flags&rules.FlagSpecial == 0 {
			return true
		}
	}
	return false
}

func (s *supplyRules) exchangeTo(p *rules.Position, m rules.Move) bool {
	for _, x := range s.AddMoves(p, nil) {
		if x.From == m.From && x.To == m.To {
			return true
		}
	}
	return false
}

// Validate: no piece but a supply piece on a supply line.
func (s *supplyRules) Validate(p *rules.Position) error {
	b := p.Variant().Board
	for side := range s.lines {
		for _, sq := range s.lines[side] {
			if pc := p.At(sq); !pc.Empty() && !isSupplyKind(pc.Kind()) {
				return fmt.Errorf("%s is on a supply line, where only supply pieces stand", b.Name(sq))
			}
		}
	}
	return nil
}
