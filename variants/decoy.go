package variants

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Secret decoy generals (替身/現身) of jinchan.md §5.2, as a rule module: each side
// has two generals, one of which its owner secretly chose as real before the
// first move; the other is a decoy (a royal kind that looks like a general to
// everyone else, Kind.PublicAs). Until a side reveals, both count as generals.
// `reveal` (free, before the move: it keeps the turn and costs no ply) shows which
// is real and turns the decoy into a guard; with no other legal move the reveal is
// made automatically.
//
// State: one variable, the sides that revealed (bit 1<<side), FEN field 3 (`w`,
// `b`, `wb`).
type decoyGenerals struct {
	general, decoy, guard int // kind indexes
	// halves names the variant's double move in refusals ("遁馬").
	halves   string
	revealed rules.VarID
	reveal   uint8
}

// AttackNeutral: its effects change no attack on a general.
func (*decoyGenerals) AttackNeutral() {}

func (*decoyGenerals) ModuleName() string { return "decoy-general" }

func (d *decoyGenerals) Init(c *rules.Claims) (err error) {
	if d.revealed, err = c.Var("revealed"); err != nil {
		return err
	}
	if d.reveal, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Pos: 3, Write: d.writeField, Read: d.readField})
}

func (d *decoyGenerals) Guide() string {
	return "Each side has two generals; before the game each player privately picks the real one (`real e0`), the other " +
		"is a decoy that looks the same. Until a side reveals, both count as generals. `reveal` (free, before your " +
		"move) shows which is real; the decoy becomes a guard. With no other move left the reveal is forced."
}

func (d *decoyGenerals) isRevealed(p *rules.Position, s rules.Side) bool {
	return p.Var(d.revealed)&(1<<s) != 0
}

// hasDecoy reports whether side s still has its decoy (it may be captured), by
// the royal squares: at most a few, so this is cheap for every node.
func (d *decoyGenerals) hasDecoy(p *rules.Position, s rules.Side) bool {
	for i := 0; i < p.NumRoyals(s); i++ {
		sq := p.RoyalAt(s, i)
		for _, pc := range [2]rules.Piece{p.At(sq), p.Under(sq)} {
			if !pc.Empty() && pc.Side() == s && pc.Kind() == d.decoy {
				return true
			}
		}
	}
	return false
}

func (d *decoyGenerals) revealMove() rules.Move {
	return rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: d.reveal}
}

func (d *decoyGenerals) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if p.MidTurn() || d.isRevealed(p, s) || !d.hasDecoy(p, s) {
		return out // a reveal comes before moving, not between two halves of a turn
	}
	return append(out, d.revealMove())
}

func (d *decoyGenerals) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	guard := rules.NewPiece(d.guard, s)
	// Collect first: turning a decoy into a guard (not royal) changes the royal list.
	var buf [4]rules.Square
	for _, sq := range d.decoys(p, s, buf[:0]) {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == d.decoy {
			p.Set(sq, guard)
		} else {
			p.SetUnder(sq, guard)
		}
	}
	p.SetVar(d.revealed, p.Var(d.revealed)|1<<s)
	return 0 // 現身 costs no move: the turn stays, the capture clock too
}

// decoys appends the squares of side s's decoy (normally one; it may be pressed)
// to out.
func (d *decoyGenerals) decoys(p *rules.Position, s rules.Side, out []rules.Square) []rules.Square {
	for i := 0; i < p.NumRoyals(s); i++ {
		sq := p.RoyalAt(s, i)
		for _, pc := range [2]rules.Piece{p.At(sq), p.Under(sq)} {
			if !pc.Empty() && pc.Side() == s && pc.Kind() == d.decoy && !slices.Contains(out, sq) {
				out = append(out, sq)
			}
		}
	}
	slices.Sort(out)
	return out
}

func (d *decoyGenerals) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	return "reveal", m.Aux == d.reveal
}

func (d *decoyGenerals) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != d.reveal {
		return nil
	}
	return []string{"現身", "现身"}
}

func (d *decoyGenerals) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m != rules.NullMove || (text != "reveal" && text != "現身" && text != "现身") {
		return rules.Texts{}
	}
	s := p.ToMove()
	switch {
	case d.isRevealed(p, s):
		return say("decoy.already_revealed", sideText(s))
	case p.MidTurn():
		return say("decoy.reveal_between", d.halves)
	}
	return say("decoy.not_chosen")
}

// AutoMove is the forced reveal (jinchan.md §5.2, D11): an unrevealed side whose
// only legal move is the reveal reveals at once.
func (d *decoyGenerals) AutoMove(p *rules.Position) (rules.Move, bool) {
	s := p.ToMove()
	if p.MidTurn() || d.isRevealed(p, s) || !d.hasDecoy(p, s) {
		return rules.NullMove, false
	}
	reveal := d.revealMove()
	return reveal, p.OnlyLegalMove(reveal)
}

// Announce tells everybody what a reveal shows: which general is real.
func (d *decoyGenerals) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != d.reveal {
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
			case d.general:
				f.Pieces = append(f.Pieces, rules.Shown{Square: sq, Side: s, Letter: 'K', Name: "general"})
				real = append(real, b.Name(sq))
			case d.decoy:
				f.Pieces = append(f.Pieces, rules.Shown{Square: sq, Side: s, Letter: 'G', Name: "guard"})
				decoy = append(decoy, b.Name(sq))
			}
		}
	}
	verb := "reveals its generals"
	if _, forced := d.AutoMove(p); forced {
		verb = "has no move with its generals hidden, so they are revealed"
	}
	f.Text = fmt.Sprintf("%s %s: the one on %s is the real general; the one on %s was the decoy and is now a guard (衛).",
		sideName(s), verb, strings.Join(real, ", "), strings.Join(decoy, ", "))
	return []rules.Fact{f}
}

func (d *decoyGenerals) writeField(p *rules.Position) string {
	out := ""
	if d.isRevealed(p, rules.Red) {
		out += "w"
	}
	if d.isRevealed(p, rules.Black) {
		out += "b"
	}
	return out
}

func (d *decoyGenerals) readField(p *rules.Position, text string) error {
	var bits int32
	switch text {
	case "":
	case "w":
		bits = 1
	case "b":
		bits = 2
	case "wb", "bw":
		bits = 3
	default:
		return errors.New("want -, w, b or wb (the sides that revealed)")
	}
	p.SetVar(d.revealed, bits)
	return nil
}

// Validate applies jinchan.md §3: before revealing a side has two generals (K and
// the decoy D, or K and K before the secret is set); after, one K, at most one
// guard G and no decoy.
func (d *decoyGenerals) Validate(p *rules.Position) error {
	v := p.Variant()
	var count [2][3]int
	n := v.Board.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		for _, pc := range []rules.Piece{p.At(sq), p.Under(sq)} {
			if pc.Empty() {
				continue
			}
			switch pc.Kind() {
			case d.general:
				count[pc.Side()][0]++
			case d.decoy:
				count[pc.Side()][1]++
			case d.guard:
				count[pc.Side()][2]++
			}
		}
	}
	for s := rules.Red; s <= rules.Black; s++ {
		c := count[s]
		switch {
		case d.isRevealed(p, s):
			if c[0] != 1 || c[1] != 0 || c[2] > 1 {
				return fmt.Errorf("%s has revealed: it needs one general K, at most one guard G and no decoy D", s)
			}
		case c[2] != 0:
			return fmt.Errorf("%s has a guard G but has not revealed (field 3)", s)
		case c[0]+c[1] != 2 || c[1] > 1:
			return fmt.Errorf("%s needs two generals: K and the decoy D (or K and K before the secret is set)", s)
		}
	}
	return nil
}

// The secret choice of jinchan.md §5.2: which general is real, answered
// `real <square>` (or just the square).

// publicGenerals lists the squares of side s's generals while nobody has chosen
// (both written K), or nil once the roles are set.
func (d *decoyGenerals) publicGenerals(p *rules.Position, s rules.Side) []rules.Square {
	if d.isRevealed(p, s) || d.hasDecoy(p, s) {
		return nil
	}
	var out []rules.Square
	n := p.Variant().Board.NumSquares()
	for sq := rules.Square(0); int(sq) < n; sq++ {
		for _, pc := range []rules.Piece{p.At(sq), p.Under(sq)} {
			if !pc.Empty() && pc.Side() == s && pc.Kind() == d.general {
				out = append(out, sq)
			}
		}
	}
	return out
}

func (d *decoyGenerals) Choice(p *rules.Position, s rules.Side) rules.Choice {
	b := p.Variant().Board
	var answers []string
	for _, sq := range d.publicGenerals(p, s) {
		answers = append(answers, "real "+b.Name(sq))
	}
	c := rules.Choice{Side: s}
	if len(answers) == 2 { // otherwise the roles are set already: nothing to ask
		c.Answers = answers
		c.Example = answers[0]
		c.Prompts = say("decoy.prompt", answers[0], answers[1])
		c.Prompt = c.Prompts.En
	}
	return c
}

func (d *decoyGenerals) Apply(p *rules.Position, s rules.Side, words []string) ([]string, error) {
	b := p.Variant().Board
	gens := d.publicGenerals(p, s)
	if len(gens) != 2 {
		return nil, sayErr("decoy.already_set")
	}
	g0, g1 := b.Name(gens[0]), b.Name(gens[1])
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
			return nil, sayErr("decoy.say_which", g0, g1)
		default:
			sqName = w
		}
		sq, ok := b.Parse(sqName)
		if !ok {
			if isReal {
				return nil, sayErr("decoy.not_a_point", sqName, g0, g1)
			}
			rest = append(rest, words[i])
			continue
		}
		if sq != gens[0] && sq != gens[1] {
			return nil, sayErr("decoy.not_yours", sqName, g0, g1)
		}
		if chosen != rules.NoSquare {
			return nil, sayErr("decoy.only_one")
		}
		chosen = sq
	}
	if chosen == rules.NoSquare {
		return nil, sayErr("decoy.say_which", g0, g1)
	}
	for _, sq := range gens {
		if sq == chosen {
			continue
		}
		decoy := rules.NewPiece(d.decoy, s)
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == d.general {
			p.Set(sq, decoy)
		} else {
			p.SetUnder(sq, decoy)
		}
	}
	return rest, nil
}

func (d *decoyGenerals) Default(p *rules.Position, s rules.Side, rnd *rand.Rand) string {
	gens := d.publicGenerals(p, s)
	if len(gens) == 0 {
		return ""
	}
	return "real " + p.Variant().Board.Name(gens[rnd.IntN(len(gens))])
}
