package variants

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// The optional rule set heshan-palace (攻策略九宮, rules/heshan.md): heshan with
// the palace strategy of house rule 7 (palace-strategy) and a flag that may
// leave the ring for its own palace. A flag on its start cell (Red 0, Black 21)
// may step onto its general's start point (f0, f9) when that is empty, `F@f0`,
// and from that point back onto its start cell, `F@0` (Black `F@21`). In the
// palace it is a piece (F, 旗): one step orthogonally, inside the palace, like
// the general but not royal (it is captured like any piece and never in check)
// and without the facing power; standing on a palace-strategy point it switches
// that point's power on as the general does (palaceStrategy's condition). Once
// a side's palace flag is captured, the enemy flag standing on that side's
// start cell wins too. The flag's ring cell is then off the ring (offRing), and
// the FEN field writes it "-".

// heshanPalaceName names the option and its module.
const heshanPalaceName = "heshan-palace"

// offRing is the ring variable of a flag that is not on the ring (in its
// palace, or captured there): one value a side, so that the flag rule's
// "both flags on one cell" never holds for two flags off the ring.
func offRing(s rules.Side) int32 { return FlagRingCells + int32(s) }

// flagStart is side s's start cell on the ring.
func flagStart(s rules.Side) int32 {
	if s == rules.Red {
		return 0
	}
	return FlagRingCells / 2
}

// palaceFlagKind is the flag as a piece of the board: the general's palace step
// without its facing attack.
func palaceFlagKind() rules.Kind {
	return rules.Kind{Letter: 'F', Name: "flag", Glyph: [2]string{"旗", "旗"}, Simple: [2]string{"旗", "旗"}, Value: 1,
		Max: 1, StandZone: "palace", Atoms: rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture))}
}

// palaceFlag is the heshan-palace module: the flag's way in and out of the
// palace, and the win on a captured palace flag's start cell.
type palaceFlag struct {
	enter, leave uint8
	kind         int
	home         [2]rules.Square // the generals' start points: f0, f9
}

func (*palaceFlag) ModuleName() string { return heshanPalaceName }

func (pf *palaceFlag) Init(c *rules.Claims) (err error) {
	v := c.Variant()
	if _, ok := v.Module("flag").(*flagRule); !ok {
		return errors.New("heshan-palace needs the flag ring")
	}
	if !v.HasModule("palace-strategy") {
		return errors.New("heshan-palace needs palace-strategy")
	}
	if pf.enter, err = c.Codes(2); err != nil {
		return err
	}
	pf.leave = pf.enter + 1
	if pf.kind = v.KindByLetter('F'); pf.kind < 0 {
		return errors.New("heshan-palace needs the flag piece F")
	}
	red := housePoint(v.Board, "e0")
	pf.home = [2]rules.Square{red, v.Board.Mirror(red)}
	return nil
}

func (*palaceFlag) ring(p *rules.Position) *flagRule { return p.Variant().Module("flag").(*flagRule) }

// onBoard reports whether side s's flag stands on sq.
func (pf *palaceFlag) onBoard(p *rules.Position, s rules.Side, sq rules.Square) bool {
	pc := p.At(sq)
	return !pc.Empty() && pc.Side() == s && pc.Kind() == pf.kind
}

// captured reports whether side s's flag went into the palace and was taken.
func (pf *palaceFlag) captured(p *rules.Position, s rules.Side) bool {
	if p.Var(pf.ring(p).cell[s]) != offRing(s) {
		return false
	}
	n := p.Variant().Board.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		if pf.onBoard(p, s, sq) {
			return false
		}
	}
	return true
}

// AddMoves adds the flag's step into the palace and back out.
func (pf *palaceFlag) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if p.MidTurn() {
		return out
	}
	s := p.ToMove()
	home := pf.home[s]
	switch cell := p.Var(pf.ring(p).cell[s]); {
	case cell == flagStart(s) && p.At(home).Empty():
		out = append(out, rules.Move{From: rules.NoSquare, To: home, Flags: rules.FlagSpecial, Aux: pf.enter})
	case cell == offRing(s) && pf.onBoard(p, s, home):
		out = append(out, rules.Move{From: rules.NoSquare, To: home, Flags: rules.FlagSpecial, Aux: pf.leave})
	}
	return out
}

func (pf *palaceFlag) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	cell := pf.ring(p).cell[s]
	if m.Aux == pf.enter {
		p.Set(m.To, rules.NewPiece(pf.kind, s))
		p.SetVar(cell, offRing(s))
	} else {
		p.Set(m.To, rules.NoPiece)
		p.SetVar(cell, flagStart(s)) // onto the enemy flag: the flag rule's capture
	}
	return rules.EndsTurn | rules.CountsPly
}

// GameEnd: a side whose palace flag was captured loses when the enemy flag
// stands on its start cell (heshan.md, heshan-palace's third rule).
func (pf *palaceFlag) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	fr := pf.ring(p)
	for _, s := range []rules.Side{p.ToMove(), p.ToMove().Other()} {
		if p.Var(fr.cell[s.Other()]) == flagStart(s) && pf.captured(p, s) {
			o := rules.Win(s.Other(), rules.ReasonVariantGoal)
			o.Detail, o.DetailTexts = "the enemy flag on the start cell of a captured palace flag", say("heshan.palace_goal")
			return o, true
		}
	}
	return rules.Outcome{}, false
}

func (pf *palaceFlag) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 {
		return "", false
	}
	switch m.Aux {
	case pf.enter:
		return "F@" + p.Variant().Board.Name(m.To), true
	case pf.leave:
		return fmt.Sprintf("F@%d", flagStart(p.ToMove())), true
	}
	return "", false
}

func (pf *palaceFlag) MoveAliases(p *rules.Position, m rules.Move) []string {
	if s, ok := pf.FormatMove(p, m); ok {
		return []string{"旗" + strings.TrimPrefix(s, "F")}
	}
	return nil
}

// RefusalTexts says why the flag cannot go in or out now.
func (pf *palaceFlag) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m != rules.NullMove || !(strings.HasPrefix(text, "f@") || strings.HasPrefix(text, "旗@")) {
		return rules.Texts{}
	}
	s := p.ToMove()
	b := p.Variant().Board
	home := b.Name(pf.home[s])
	if p.Var(pf.ring(p).cell[s]) == offRing(s) {
		return say("heshan.palace_leave", home, flagStart(s))
	}
	return say("heshan.palace_enter", flagStart(s), home)
}

// flagStrategyPoint reports whether side s's palace flag stands on sq, where
// it switches a palace-strategy power on as the general does.
func flagStrategyPoint(p *rules.Position, s rules.Side, sq rules.Square) bool {
	pf, ok := p.Variant().Module(heshanPalaceName).(*palaceFlag)
	return ok && pf.onBoard(p, s, sq)
}

// heshanPalace derives heshan-palace from heshan (base): the palace strategy,
// the flag piece and the module.
func heshanPalace(base *rules.Variant) (*rules.Variant, error) {
	if root, _, _ := strings.Cut(base.Slug, "+"); root != "heshan" {
		return nil, fmt.Errorf("%s is a rule set of heshan; %s has no such option", heshanPalaceName, base.Slug)
	}
	if base.HasModule(heshanPalaceName) {
		return nil, errors.New(heshanPalaceName + " is already on")
	}
	if base.HasModule("palace-strategy") {
		return nil, errors.New("palace-strategy is already on")
	}
	return rules.Derive(base, rules.Delta{Slug: base.Slug + "+" + heshanPalaceName, Name: base.Name + " with the palace flag",
		NameZh: base.NameZh + "（攻策略九宮）", Kinds: []rules.Kind{palaceFlagKind()},
		Modules: []rules.Module{newPalaceStrategy(base), &palaceFlag{}}})
}

// HeshanPalaceOption is heshan-palace as an option of heshan. On heshan,
// palace-strategy means the same rule set (its house option says so).
func HeshanPalaceOption() Option {
	return Option{
		Name:    heshanPalaceName,
		Summary: "heshan only: the palace strategy of house rule 7 plus a flag that steps from its start cell onto its general's start point (F@f0) and back (F@0), moving in the palace like a general that is not royal; a captured palace flag's start cell wins for the enemy flag (攻策略九宮)",
		Guide:   say("heshan.palace_guide"),
		Apply:   func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) { return heshanPalace(base) },
	}
}
