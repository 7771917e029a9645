package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Pieces 22 關 (關門捉賊) and 28 上 (上屋抽梯): twin traps. Both step one point
// orthogonally within a zone of their own side and capture only the piece
// right behind them (their atoms). While one stands on the board, enemy pieces
// in a zone of its owner may not leave it for a region of theirs: for the 關,
// enemy pieces in its owner's half may not go back to their own half; for the
// 上, enemy pieces in its owner's palace may not go outside that palace.
// Moves inside the zone stay allowed, and so does a capture of the trap piece
// (it ends the effect).

// trap is the module of 22 and 28: trapZone is the owner's zone the enemy is
// caught in; banned reports whether a piece of side s caught there may not go
// to to.
type trap struct {
	stratMod
	trapZone string
	banned   func(b *rules.Board, s rules.Side, to rules.Square) bool
	rule     func(at string) rules.Texts // the refusal: the piece on at forbids the move
}

// backRanks is the 上's zone: ranks 0–2 (Red), 7–9 (Black).
const backRanks = "back three ranks"

// Extend gives the board the 上's zone (the 關 uses the halves).
func (m *trap) Extend(v *rules.Variant) error {
	b := v.Board
	if _, ok := b.Zones[backRanks]; !ok {
		r := b.RankRange(0, 2)
		b.Zones[backRanks] = rules.Zone{r, b.MirrorSet(r)}
	}
	return nil
}

// caught reports whether the move mv, just made by side s, took a piece of s
// out of the owner's zone into a banned point while the owner's trap piece
// stands; it returns that piece's point.
func (m *trap) caught(p *rules.Position, s rules.Side, from, to rules.Square) (rules.Square, bool) {
	b := p.Variant().Board
	owner := s.Other()
	if !b.InZone(m.trapZone, owner, from) || !m.banned(b, s, to) {
		return rules.NoSquare, false
	}
	sqs := m.squares(p, owner)
	if len(sqs) == 0 {
		return rules.NoSquare, false
	}
	return sqs[0], true
}

func (m *trap) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagDrop != 0 {
		return true
	}
	s := moverSide(p, mv)
	if pc := p.At(mv.To); pc.Empty() || pc.Side() != s {
		return true // a move that brings an enemy piece to its point (調's lure) is not this side's piece leaving
	}
	_, bad := m.caught(p, s, mv.From, mv.To)
	return !bad
}

func (m *trap) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	b := p.Variant().Board
	if m.is(pc) {
		if t := p.At(mv.To); !t.Empty() && t.Side() != s {
			return say("strat.trap.capture", m.face())
		}
		return rules.Texts{}
	}
	// A capture of the trap piece ends the effect: the move is judged after it.
	if t := p.At(mv.To); m.is(t) && t.Side() != s {
		return rules.Texts{}
	}
	if at, bad := m.caught(p, s, mv.From, mv.To); bad {
		return m.rule(b.Name(at))
	}
	return rules.Texts{}
}

// newDoor is 22 關: enemies in its owner's half may not go back to their own half.
func newDoor(sp *stratPiece, letter byte) *trap {
	return &trap{stratMod: stratMod{sp: sp, letter: letter}, trapZone: "own",
		banned: func(b *rules.Board, s rules.Side, to rules.Square) bool { return b.InZone("own", s, to) },
		rule:   func(at string) rules.Texts { return say("strat.door.caught", at) }}
}

// newLadder is 28 上: enemies in its owner's palace may not leave it.
func newLadder(sp *stratPiece, letter byte) *trap {
	return &trap{stratMod: stratMod{sp: sp, letter: letter}, trapZone: "palace",
		banned: func(b *rules.Board, s rules.Side, to rules.Square) bool { return !b.InZone("palace", s.Other(), to) },
		rule:   func(at string) rules.Texts { return say("strat.ladder.caught", at) }}
}

// trapAtoms are the moves of 22 and 28: one orthogonal step within zone, and a
// capture of the piece right behind.
func trapAtoms(zone string) []rules.Atom {
	out := rules.Steps(rules.Dirs4, rules.MoveOnly)
	for i := range out {
		out[i].To = zone
	}
	return append(out, rules.Atom{Kind: rules.Leap, DR: -1, Mode: rules.CaptureOnly, To: zone})
}
