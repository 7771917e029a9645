package variants

import (
	"slices"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// The rule module of changhe (長河象棋): generals, control, kingless soldiers
// and upgrades, as changhe.go's comment says.

// changheRule is changhe.md's special rules 1-4 (see the file comment).
type changheRule struct {
	b *rules.Board
	// palace[s][a] is the palace of owner s's army a; quarter likewise.
	palace, quarter [2][2]rules.SquareSet
	// kingless is a state variable: bit 2*s+a is set while owner s's army a
	// has no general (so that most moves skip normalize).
	kingless rules.VarID
}

func newChangheRule(b *rules.Board) *changheRule {
	c := &changheRule{b: b}
	for s := rules.Red; s <= rules.Black; s++ {
		c.palace[s][0] = b.Zones["palace"][s]
		c.palace[s][1] = b.Zones["palace2"][s]
		lo, hi := 0, 4
		if s == rules.Black {
			lo, hi = 5, 9
		}
		c.quarter[s][0] = b.Rect(0, lo, 8, hi)
		c.quarter[s][1] = b.Rect(9, lo, 17, hi)
	}
	return c
}

func (*changheRule) ModuleName() string { return "changhe" }

func (c *changheRule) Init(cl *rules.Claims) (err error) {
	if c.kingless, err = cl.Var("kingless"); err != nil {
		return err
	}
	// Views write every piece in its owner's case (rules.ViewPiece.Turned), so
	// their FEN has no field: reading it works control out again.
	return cl.Field(rules.Field{Key: "turned", Write: c.writeTurned, Read: c.readTurned,
		View: func(*rules.Position, rules.Audience) string { return "" }})
}

func (*changheRule) Guide() string {
	return "Generals are royal only when one is left; a kingless colour is moved by the opponent while he holds its palace; " +
		"the other colour is upgraded (chariots and cannons on palace diagonals, 騾馬 horses)."
}

// base maps a kind to its plain kind (the upgraded and kingless ones to theirs).
func base(k int) int {
	switch k {
	case chChariotUp:
		return Chariot
	case chHorseUp:
		return Horse
	case chCannonUp:
		return Cannon
	case chChariot2Up:
		return chChariot2
	case chHorse2Up:
		return chHorse2
	case chCannon2Up:
		return chCannon2
	case chFree:
		return Soldier
	case chFree2:
		return chSoldier2
	}
	return k
}

// army is the army (0, 1) of a kind; plain is its kind within the army (King..Soldier).
func army(k int) (a, plain int) {
	b := base(k)
	if b >= chGeneral2 {
		return 1, b - chGeneral2
	}
	return 0, b
}

// owner is the player a piece belongs to.
func owner(pc rules.Piece) rules.Side {
	if pc.Has(chTurned) {
		return pc.Side().Other()
	}
	return pc.Side()
}

// generals returns, for each owner and army, the general's square or NoSquare.
func (c *changheRule) generals(p *rules.Position) (g [2][2]rules.Square) {
	for s := range g {
		for a := range g[s] {
			g[s][a] = rules.NoSquare
			for _, sq := range c.palace[s][a].Squares() {
				if pc := p.At(sq); !pc.Empty() && pc.Side() == rules.Side(s) && (pc.Kind() == King || pc.Kind() == chGeneral2) {
					if ka, _ := army(pc.Kind()); ka == a {
						g[s][a] = sq
					}
				}
			}
		}
	}
	return g
}

// normalize makes every piece what the board implies: its controller, its
// turned flag, its upgraded or kingless kind.
func (c *changheRule) normalize(p *rules.Position) {
	g := c.generals(p)
	var ctrl [2][2]rules.Side
	var mask int32
	for s := rules.Red; s <= rules.Black; s++ {
		for a := 0; a < 2; a++ {
			ctrl[s][a] = s
			if g[s][a] != rules.NoSquare {
				continue
			}
			mask |= 1 << (2*int(s) + a)
			for _, sq := range c.palace[s][a].Squares() {
				if pc := p.At(sq); !pc.Empty() && owner(pc) == s.Other() {
					ctrl[s][a] = s.Other()
					break
				}
			}
		}
	}
	if p.Var(c.kingless) != mask {
		p.SetVar(c.kingless, mask)
	}
	for sq := rules.Square(0); int(sq) < c.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		s := owner(pc)
		a, plain := army(pc.Kind())
		k := base(pc.Kind())
		lost := g[s][0] == rules.NoSquare || g[s][1] == rules.NoSquare
		switch {
		case g[s][a] == rules.NoSquare && plain == Soldier:
			k = []int{chFree, chFree2}[a]
		case g[s][a] != rules.NoSquare && lost && plain == Chariot:
			k = []int{chChariotUp, chChariot2Up}[a]
		case g[s][a] != rules.NoSquare && lost && plain == Horse:
			k = []int{chHorseUp, chHorse2Up}[a]
		case g[s][a] != rules.NoSquare && lost && plain == Cannon:
			k = []int{chCannonUp, chCannon2Up}[a]
		}
		want := rules.NewPiece(k, ctrl[s][a]).With(chTurned, ctrl[s][a] != s)
		if want != pc {
			p.Set(sq, want)
		}
	}
}

// writeTurned lists the squares of turned pieces, whose FEN letters are in
// their controller's case.
func (c *changheRule) writeTurned(p *rules.Position) string {
	if p.Var(c.kingless) == 0 {
		return ""
	}
	var out []string
	for sq := rules.Square(0); int(sq) < c.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Has(chTurned) {
			out = append(out, c.b.Name(sq))
		}
	}
	return strings.Join(out, ",")
}

// readTurned turns the listed pieces back to their owners, then makes the
// position what its board implies (a FEN without the field is in owners' case).
func (c *changheRule) readTurned(p *rules.Position, text string) error {
	if text != "" {
		for _, name := range strings.Split(text, ",") {
			sq, ok := c.b.Parse(name)
			if !ok || p.At(sq).Empty() {
				return sayErr("changhe.fen_turned", name)
			}
			pc := p.At(sq)
			p.Set(sq, rules.NewPiece(pc.Kind(), pc.Side().Other()))
		}
	}
	c.normalize(p)
	return nil
}

func (c *changheRule) AfterMove(p *rules.Position, m rules.Move) {
	if cap := p.Captured(); p.Var(c.kingless) != 0 || (!cap.Empty() && (cap.Kind() == King || cap.Kind() == chGeneral2)) {
		c.normalize(p)
	}
}

// Legal: advisors and elephants in their owner's palace and quarter, no two
// generals of the two players facing, and the mover's only general safe.
func (c *changheRule) Legal(p *rules.Position, m rules.Move) bool {
	return c.illegal(p, m).IsZero()
}

// illegal says why the move just made on p breaks a rule of the module, or
// nothing.
func (c *changheRule) illegal(p *rules.Position, m rules.Move) rules.Texts {
	mover := p.ToMove().Other()
	if m.To != rules.NoSquare {
		if pc := p.At(m.To); !pc.Empty() {
			a, plain := army(pc.Kind())
			s := owner(pc)
			switch {
			case plain == Advisor && !c.palace[s][a].Has(m.To):
				return say("changhe.advisor_palace")
			case plain == Elephant && !c.quarter[s][a].Has(m.To):
				return say("changhe.elephant_quarter")
			}
		}
	}
	if sq := c.lone(p, mover); sq != rules.NoSquare && p.Attacked(sq, mover.Other(), false) {
		return say("changhe.lone_general", c.b.Name(sq))
	}
	g := c.generals(p)
	for _, x := range g[rules.Red] {
		for _, y := range g[rules.Black] {
			if x != rules.NoSquare && y != rules.NoSquare && c.facing(p, x, y) {
				return say("changhe.facing")
			}
		}
	}
	return rules.Texts{}
}

// facing reports whether the generals on x and y share a file with nothing between.
func (c *changheRule) facing(p *rules.Position, x, y rules.Square) bool {
	fx, rx, _ := c.b.Coords(x)
	fy, ry, _ := c.b.Coords(y)
	if fx != fy {
		return false
	}
	for r := min(rx, ry) + 1; r < max(rx, ry); r++ {
		if !p.At(c.b.At(fx, r)).Empty() {
			return false
		}
	}
	return true
}

// GameEnd: the player to move whose only general is attacked and who has no
// legal move is checkmated (the core would call it a stalemate: its generals
// are no royal kinds).
func (c *changheRule) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	s := p.ToMove()
	sq := c.lone(p, s)
	if sq == rules.NoSquare || !p.Attacked(sq, s.Other(), false) || p.HasLegalMove() {
		return rules.Outcome{}, false
	}
	return rules.Win(s.Other(), rules.ReasonCheckmate), true
}

// lone returns the square of side s's only general, or NoSquare when it has
// two (neither royal) or none.
func (c *changheRule) lone(p *rules.Position, s rules.Side) rules.Square {
	g := c.generals(p)[s]
	switch {
	case g[0] == rules.NoSquare && g[1] != rules.NoSquare:
		return g[1]
	case g[1] == rules.NoSquare && g[0] != rules.NoSquare:
		return g[0]
	}
	return rules.NoSquare
}

// SideInCheck: a lone general that stands attacked is in check (the core knows
// no royal kind here), for the arbiter's perpetual check and the engine.
func (c *changheRule) SideInCheck(p *rules.Position, s rules.Side) bool {
	sq := c.lone(p, s)
	return sq != rules.NoSquare && p.Attacked(sq, s.Other(), false)
}

// MarkView lists a lone general that stands attacked as in check (the core
// knows no royal kind here): the image rings it and the caption says check.
func (c *changheRule) MarkView(p *rules.Position, v *rules.View) {
	for s := rules.Red; s <= rules.Black; s++ {
		if sq := c.lone(p, s); sq != rules.NoSquare && p.Attacked(sq, s.Other(), false) {
			v.InCheck = append(v.InCheck, sq)
		}
	}
	slices.Sort(v.InCheck)
}

// changheColours are the colours' keys: [owner][army].
var changheColours = [2][2]string{{"changhe.colour_red", "changhe.colour_magenta"}, {"changhe.colour_black", "changhe.colour_blueblack"}}

// RefusalTexts explains a move of a piece the opponent controls, and the
// module's rules broken by a move the pieces could make.
func (c *changheRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	if pc.Empty() {
		return rules.Texts{}
	}
	if owner(pc) == p.ToMove() && pc.Side() != p.ToMove() {
		a, _ := army(pc.Kind())
		colour := say(changheColours[owner(pc)][a])
		player := say([2]string{"changhe.player_red", "changhe.player_black"}[p.ToMove().Other()])
		return say("changhe.turned", colour, player, colour)
	}
	// An advisor's or elephant's step out of its own palace or quarter: the
	// atoms allow both halves of the board, or none (across the inner river).
	ff, fr, _ := c.b.Coords(m.From)
	tf, tr, _ := c.b.Coords(m.To)
	a, plain := army(pc.Kind())
	switch {
	case plain == Advisor && abs(tf-ff) == 1 && abs(tr-fr) == 1 && !c.palace[owner(pc)][a].Has(m.To):
		return say("changhe.advisor_palace")
	case plain == Elephant && abs(tf-ff) == 2 && abs(tr-fr) == 2 && !c.quarter[owner(pc)][a].Has(m.To):
		return say("changhe.elephant_quarter")
	}
	for _, pm := range p.PseudoMoves(nil) {
		if pm.From != m.From || pm.To != m.To {
			continue
		}
		p.Make(pm)
		why := c.illegal(p, pm)
		p.Unmake()
		if !why.IsZero() {
			return why
		}
	}
	return rules.Texts{}
}
