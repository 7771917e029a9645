package variants

import "github.com/chuhe/chuhe/rules"

// Piece 30 主 (反客為主, turn the guest into the host): a chariot's slide that
// never captures. When the enemy captures your 主, your very next move may be
// a borrowed move: an enemy piece (not the general) moved by its own rules,
// without capturing. The borrowed piece is locked for the enemy's next move
// (flagBorrowed, FEN `borrowed=d5:1`). The right is a variable (FEN
// `borrow=r`): the side that has it, which is the side to move.

// flagBorrowed marks a piece just moved by its enemy's borrowed move.
const flagBorrowed = rules.FlagCustom << 4

var hostLock = pieceLock{flag: flagBorrowed, key: "borrowed", by: say("strat.host.lock_by")}

type host struct {
	stratMod
	code  uint8
	right rules.VarID // side+1 that may make a borrowed move now, 0 none
	watch lossWatch
}

// Extend: a locked piece gives no check.
func (m *host) Extend(v *rules.Variant) error {
	v.NoCheckFlags |= flagBorrowed
	return nil
}

func (m *host) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.code, err = c.Codes(1); err != nil {
		return err
	}
	if m.right, err = c.Var("right"); err != nil {
		return err
	}
	if err := m.watch.claim(c); err != nil {
		return err
	}
	if err := c.Field(hostLock.field()); err != nil {
		return err
	}
	return c.Field(sideField("borrow", say("strat.host.field"), m.right, func(p *rules.Position) { m.watch.recount(&m.stratMod, p) }))
}

// borrowable lists the borrowed moves side s may make: the enemy's own
// non-capturing moves of pieces other than the general, found by letting the
// enemy move on a copy.
func (m *host) borrowable(p *rules.Position, s rules.Side) []rules.Move {
	v := p.Variant()
	c := p.Clone()
	c.SetSideToMove(s.Other())
	var out []rules.Move
	for _, mv := range c.PseudoMoves(nil) {
		if mv.Flags != 0 || mv.From == rules.NoSquare || !p.At(mv.To).Empty() || v.Kinds[p.At(mv.From).Kind()].Royal {
			continue
		}
		out = append(out, mv)
	}
	return out
}

func (m *host) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if p.Var(m.right) != int32(s)+1 {
		return out
	}
	for _, mv := range m.borrowable(p, s) {
		out = append(out, rules.Move{From: mv.From, To: mv.To, Flags: rules.FlagSpecial, Aux: m.code})
	}
	return out
}

// PlayMove: the enemy piece moves and is locked for its owner's next move.
func (m *host) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	pc := p.At(mv.From)
	p.Set(mv.From, rules.NoPiece)
	hostLock.set(p, mv.To, pc, 1)
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove: locks count down; a side whose 主 the move took gets the right
// for its next move, and any other move ends a right.
func (m *host) AfterMove(p *rules.Position, mv rules.Move) {
	hostLock.tick(p)
	right := int32(0)
	if s, lost := m.watch.lost(&m.stratMod, p, mv); lost {
		right = int32(s) + 1
	}
	if p.Var(m.right) != right {
		p.SetVar(m.right, right)
	}
}

// MayMove: a borrowed piece does not move on its owner's next move.
func (m *host) MayMove(p *rules.Position, sq rules.Square) bool { return !hostLock.locked(p, sq) }

func (m *host) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux != m.code {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(mv.From) + b.Name(mv.To), true
}

func (m *host) MoveAliases(p *rules.Position, mv rules.Move) []string { return nil }

func (m *host) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	pc := p.At(mv.From)
	switch {
	case pc.Empty():
		return rules.Texts{}
	case pc.Side() == s:
		if why := hostLock.refusal(p, mv.From); !why.IsZero() {
			return why
		}
		if t := p.At(mv.To); m.is(pc) && !t.Empty() && t.Side() != s {
			return say("strat.never_captures", m.face())
		}
		return rules.Texts{}
	case p.Var(m.right) != int32(s)+1:
		return say("strat.host.no_right")
	case p.Variant().Kinds[pc.Kind()].Royal:
		return say("strat.host.general")
	case !p.At(mv.To).Empty():
		return say("strat.host.capture")
	}
	return rules.Texts{}
}
