package variants

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// House rule 3 解將旗 (flag, house-rules.md; heshan.md uses the same ring): a
// track of 42 cells around the board, not joined to its points, with one flag
// per side (Red on cell 0 behind its general, Black on 21). A side in check may
// step its flag one cell along with the board move that answers the check
// (`F+e9e8`); a side not in check whose flag has the enemy flag right behind it
// may spend its turn stepping two cells (`FF`). A flag landing on the enemy flag
// wins. The perpetual-check loss is off: a repetition is a draw.

// FlagRingCells is the number of cells of the flag ring, whatever the board.
const FlagRingCells = 42

// flagRingPrefix names the ring's cells as extra points: flag0 .. flag41.
const flagRingPrefix = "flag"

// FlagRing returns the 42 cells of the flag ring as extra points of board b
// (no links: no board piece ever reaches them), numbered counter-clockwise seen
// from Red, cell 0 behind Red's general and 21 behind Black's. On the 9-file
// board they are the frame one line outside the points (house-rules.md rule 3);
// on a wider board the frame is stretched to its width (heshan.md D4: where the
// ring is drawn is cosmetic).
func FlagRing(b *rules.Board) []rules.ExtraPoint {
	var cells [][2]int
	for x := 4; x <= 9; x++ {
		cells = append(cells, [2]int{x, -1})
	}
	for y := 0; y <= 10; y++ {
		cells = append(cells, [2]int{9, y})
	}
	for x := 8; x >= -1; x-- {
		cells = append(cells, [2]int{x, 10})
	}
	for y := 9; y >= -1; y-- {
		cells = append(cells, [2]int{-1, y})
	}
	for x := 0; x <= 3; x++ {
		cells = append(cells, [2]int{x, -1})
	}
	sx := float64(b.Width+1) / 10 // frame -1..9 onto -1..Width
	sy := float64(b.Height+1) / 11
	out := make([]rules.ExtraPoint, len(cells))
	for i, c := range cells {
		out[i] = rules.ExtraPoint{
			Name: flagRingPrefix + strconv.Itoa(i),
			X:    -1 + float64(c[0]+1)*sx,
			Y:    -1 + float64(c[1]+1)*sy,
		}
	}
	return out
}

// flagRule is the flag module. State: each side's cell (variables), FEN
// `flags=<red>,<black>`.
type flagRule struct {
	cell      [2]rules.VarID
	along, ff uint8
	ring      []rules.Square // the ring's cells on the variant's board
}

func newFlagRule() *flagRule { return &flagRule{} }

func (*flagRule) ModuleName() string { return "flag" }

func (*flagRule) Guide() string {
	return "Check-relief flag (解將旗): a ring of 42 cells runs around the board with one flag per side (Red " +
		"behind its general on cell 0, Black on cell 21; FEN flags=0,21). When you are in check you may step " +
		"your flag one cell counter-clockwise along with the move that answers the check: F+e9e8. When you are " +
		"not in check and the enemy flag stands right behind yours, you may spend your turn stepping your flag " +
		"two cells: FF. A flag that lands on the enemy flag wins. Perpetual check is allowed; a threefold " +
		"repetition is a draw."
}

// Extend puts the ring around the board (extra points, shaded) and makes a
// repetition a plain draw (the flag replaces the perpetual-check ban).
func (f *flagRule) Extend(v *rules.Variant) error {
	b := v.Board
	if b.Width*b.Height+len(b.Extra)+FlagRingCells > rules.MaxSquares {
		return errors.New("the board is too large for the flag ring")
	}
	base := b.Width*b.Height + len(b.Extra)
	b.Extra = append(append([]rules.ExtraPoint(nil), b.Extra...), FlagRing(b)...)
	var ring rules.SquareSet
	for i := 0; i < FlagRingCells; i++ {
		ring.Add(rules.Square(base + i))
	}
	b.Decor.Shaded = append(append([]rules.SquareSet(nil), b.Decor.Shaded...), ring)
	v.Repetition = rules.RepetitionDraw
	return nil
}

func (f *flagRule) Init(c *rules.Claims) (err error) {
	if f.cell[rules.Red], err = c.Var("red"); err != nil {
		return err
	}
	if f.cell[rules.Black], err = c.Var("black"); err != nil {
		return err
	}
	if f.along, err = c.Codes(2); err != nil {
		return err
	}
	f.ff = f.along + 1
	b := c.Variant().Board
	f.ring = make([]rules.Square, FlagRingCells)
	for i := range f.ring {
		sq, ok := b.Parse(flagRingPrefix + strconv.Itoa(i))
		if !ok {
			return fmt.Errorf("flag ring cell %d missing", i)
		}
		f.ring[i] = sq
	}
	return c.Field(rules.Field{Key: "flags", Write: f.writeField, Read: f.readField})
}

func (f *flagRule) cells(p *rules.Position, s rules.Side) (own, enemy int) {
	return int(p.Var(f.cell[s])), int(p.Var(f.cell[s.Other()]))
}

// mayEscape reports whether the side to move may play FF.
func (f *flagRule) mayEscape(p *rules.Position) bool {
	own, enemy := f.cells(p, p.ToMove())
	return !p.MidTurn() && own < FlagRingCells && enemy == (own+FlagRingCells-1)%FlagRingCells && !p.InCheck()
}

// AddMoves adds FF.
func (f *flagRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if f.mayEscape(p) {
		out = append(out, rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: f.ff})
	}
	return out
}

// AddAlong adds F+ to every board move of a side in check at the start of its turn.
func (f *flagRule) AddAlong(p *rules.Position, out []rules.Move) []rules.Move {
	if own, _ := f.cells(p, p.ToMove()); p.MidTurn() || !p.InCheck() || own >= FlagRingCells {
		return out // a flag in its palace (heshan-palace) does not step along
	}
	n := len(out)
	for i := 0; i < n; i++ {
		m := out[i]
		if m.From == rules.NoSquare || m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass|rules.FlagPromote|rules.FlagAlong) != 0 {
			continue
		}
		m.Flags |= rules.FlagAlong
		m.Aux = f.along
		out = append(out, m)
	}
	return out
}

func (f *flagRule) step(p *rules.Position, n int) {
	s := p.ToMove()
	own, _ := f.cells(p, s)
	p.SetVar(f.cell[s], int32((own+n)%FlagRingCells))
}

// PlayAlong steps the mover's flag one cell (the board move is made already).
func (f *flagRule) PlayAlong(p *rules.Position, _ rules.Move) { f.step(p, 1) }

// PlayMove plays FF.
func (f *flagRule) PlayMove(p *rules.Position, _ rules.Move) rules.Turn {
	f.step(p, 2)
	return rules.EndsTurn | rules.CountsPly
}

// GameEnd: a flag on the enemy flag's cell has captured it; the side that just
// moved wins.
func (f *flagRule) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	if p.Var(f.cell[rules.Red]) != p.Var(f.cell[rules.Black]) {
		return rules.Outcome{}, false
	}
	o := rules.Win(p.ToMove().Other(), rules.ReasonVariantGoal)
	o.Detail = "flag captured"
	o.DetailTexts = say("flag.goal")
	return o, true
}

func (f *flagRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	switch {
	case m.Flags&rules.FlagAlong != 0 && m.Aux == f.along:
		b := p.Variant().Board
		return "F+" + b.Name(m.From) + b.Name(m.To), true
	case m.Flags&rules.FlagSpecial != 0 && m.Aux == f.ff:
		return "FF", true
	}
	return "", false
}

func (f *flagRule) MoveAliases(p *rules.Position, m rules.Move) []string {
	switch {
	case m.Flags&rules.FlagAlong != 0 && m.Aux == f.along:
		b := p.Variant().Board
		return []string{"旗+" + b.Name(m.From) + b.Name(m.To)}
	case m.Flags&rules.FlagSpecial != 0 && m.Aux == f.ff:
		return []string{"旗旗"}
	}
	return nil
}

// Refusal says why F+ or FF cannot be played now.
func (f *flagRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m != rules.NullMove {
		return rules.Texts{}
	}
	own, enemy := f.cells(p, p.ToMove())
	isFlag := strings.HasPrefix(text, "f+") || strings.HasPrefix(text, "旗+") || text == "ff" || text == "旗旗"
	switch {
	case isFlag && own >= FlagRingCells:
		return say("flag.off_ring")
	case strings.HasPrefix(text, "f+") || strings.HasPrefix(text, "旗+"):
		move := strings.TrimPrefix(strings.TrimPrefix(text, "f+"), "旗+")
		if !p.InCheck() || p.MidTurn() {
			return say("flag.along_when", move)
		}
		if _, err := rules.ParseCoord(p, move); err != nil {
			var ie *rules.IllegalMoveError
			if errors.As(err, &ie) {
				why := ie.Texts
				if why.IsZero() {
					why = rules.Texts{En: ie.Reason} // the core's reason: English in every chat for now
				}
				return say("flag.along_bad", move, why)
			}
			return say("flag.along_syntax", f.example(p))
		}
	case text == "ff" || text == "旗旗":
		if p.InCheck() {
			return say("flag.ff_in_check")
		}
		if enemy != (own+FlagRingCells-1)%FlagRingCells {
			return say("flag.ff_when", own, enemy)
		}
	}
	return rules.Texts{}
}

// example is a legal board move of the side to move, for a hint.
func (f *flagRule) example(p *rules.Position) string {
	for _, m := range p.LegalMoves(nil) {
		if m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass|rules.FlagAlong) == 0 {
			return rules.FormatCoord(p, m)
		}
	}
	return "e9e8"
}

// MarkView draws both flags on their cells.
func (f *flagRule) MarkView(p *rules.Position, v *rules.View) {
	for _, s := range []rules.Side{p.ToMove().Other(), p.ToMove()} {
		cell := p.Var(f.cell[s])
		if cell >= FlagRingCells {
			continue // in its palace, a piece of the board (heshan-palace), or captured there
		}
		v.Pieces[f.ring[cell]] = &rules.ViewPiece{Side: s, Letter: 'F', Glyph: "旗", Simple: "旗", Token: true}
	}
}

func (f *flagRule) writeField(p *rules.Position) string {
	cell := func(s rules.Side) string {
		if c := p.Var(f.cell[s]); c < FlagRingCells {
			return strconv.Itoa(int(c))
		}
		return "-" // off the ring (heshan-palace)
	}
	return cell(rules.Red) + "," + cell(rules.Black)
}

// readCell reads one flag's cell: a number, or "-" for a flag off the ring
// where the variant has heshan-palace.
func (f *flagRule) readCell(p *rules.Position, text string, s rules.Side) (int, error) {
	if text == "-" && p.Variant().HasModule(heshanPalaceName) {
		return int(offRing(s)), nil
	}
	return strconv.Atoi(text)
}

func (f *flagRule) readField(p *rules.Position, text string) error {
	red, black := 0, FlagRingCells/2
	if text != "" {
		a, b, ok := strings.Cut(text, ",")
		var err1, err2 error
		red, err1 = f.readCell(p, a, rules.Red)
		black, err2 = f.readCell(p, b, rules.Black)
		off := func(c int, s rules.Side) bool { return c == int(offRing(s)) }
		if !ok || err1 != nil || err2 != nil || red < 0 || black < 0 ||
			(red >= FlagRingCells && !off(red, rules.Red)) || (black >= FlagRingCells && !off(black, rules.Black)) {
			return fmt.Errorf("flags=%s: want the cells of the Red and the Black flag, 0 to %d, like flags=0,21", text, FlagRingCells-1)
		}
		if red == black {
			return fmt.Errorf("flags=%s: both flags on one cell (a captured flag ends the game)", text)
		}
	}
	p.SetVar(f.cell[rules.Red], int32(red))
	p.SetVar(f.cell[rules.Black], int32(black))
	return nil
}
