package variants

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Free setup of block chess (空盤開局, block-chess.md §3): the board starts
// empty, each side's seven blocks in hand; the players place one block each in
// turn, White first, anywhere in their own home ranks in any rotation (never
// mirrored), and play begins once all fourteen stand. A placement is a special
// move written as the letter and the block's cells: `L a1 a2 a3 b1`, cells in any
// order.

// BlockFreeSetupStart is the empty board with every block in hand.
const BlockFreeSetupStart = "12/12/12/12/12/12/12/12/12/12[DIVLOTSdivlots] w - - 0 1"

// FreeSetupOption is the free setup as a game option of block chess.
func FreeSetupOption() Option {
	return Option{
		Name:    "free-setup",
		Summary: "Free setup: block chess from an empty board; the players place their blocks in turn (L a1 a2 a3 b1)",
		Guide: rules.Texts{
			En: "Free setup: the board starts empty. White first, the players place one block each in turn in their own home " +
				"ranks, turned any way but never mirrored: write its letter and its cells, like L a1 a2 a3 b1 (any order). " +
				"Play begins when all fourteen stand.",
			Hant: "空盤開局：棋盤開始時是空的。白方先，雙方輪流在己方底三格放一塊，可任意旋轉但不可翻轉：寫字母與所佔各格，如 L a1 a2 a3 b1（順序不限）。十四塊放完後開始走棋。",
			Hans: "空盘开局：棋盘开始时是空的。白方先，双方轮流在己方底三格放一块，可任意旋转但不可翻转：写字母与所占各格，如 L a1 a2 a3 b1（顺序不限）。十四块放完后开始走棋。",
		},
		Apply: func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) {
			if !base.HasModule("block-race") {
				return nil, fmt.Errorf("free-setup is an option of block chess only (/new block-chess free-setup)")
			}
			return rules.Derive(base, rules.Delta{
				Slug: base.Slug + "+free-setup", Summary: base.Summary + " Free setup: the players place their blocks first.",
				Modules: []rules.Module{&freeSetup{}},
			})
		},
	}
}

// placement is one way to place a kind: its cells relative to the anchor.
type placement struct {
	cells [][2]int // offsets from the anchor, the anchor (0, 0) first
}

type freeSetup struct {
	code  uint8
	kinds int
	rots  [][]placement // per kind: its distinct rotations
}

func (*freeSetup) ModuleName() string { return "free-setup" }

// Extend gives the variant hands (the blocks still to place), the empty start,
// and the placement notation.
func (f *freeSetup) Extend(v *rules.Variant) error {
	v.Hands = true
	v.StartFEN = BlockFreeSetupStart
	v.Notation = placementNotation{f}
	return nil
}

func (f *freeSetup) Init(c *rules.Claims) (err error) {
	v := c.Variant()
	f.kinds = len(v.Kinds)
	f.rots = make([][]placement, len(v.Kinds))
	for k, kind := range v.Kinds {
		if kind.Body == nil {
			continue
		}
		shape := slices.Clone(kind.Body.Shape)
		var seen []string
		for turn := 0; turn < 4; turn++ {
			pl := anchored(shape)
			key := fmt.Sprint(pl.cells)
			if !slices.Contains(seen, key) {
				seen = append(seen, key)
				f.rots[k] = append(f.rots[k], pl)
			}
			for j, c := range shape {
				shape[j] = [2]int{c[1], -c[0]}
			}
		}
	}
	f.code, err = c.Codes(len(v.Kinds)*4 + 1) // placements, then the discard
	return err
}

// anchored sorts a shape by rank, then file, and makes its first cell (0, 0).
func anchored(shape [][2]int) placement {
	cells := slices.Clone(shape)
	slices.SortFunc(cells, func(a, b [2]int) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		return a[0] - b[0]
	})
	a := cells[0]
	for i := range cells {
		cells[i] = [2]int{cells[i][0] - a[0], cells[i][1] - a[1]}
	}
	return placement{cells: cells}
}

// setupPending reports whether a block is still in a hand.
func setupPending(p *rules.Position) bool {
	v := p.Variant()
	if !v.Hands {
		return false
	}
	for s := rules.Red; s <= rules.Black; s++ {
		for k := range v.Kinds {
			if p.Hand(s, k) > 0 {
				return true
			}
		}
	}
	return false
}

// MayMove holds every block until all are placed.
func (f *freeSetup) MayMove(p *rules.Position, _ rules.Square) bool { return !setupPending(p) }

// cellsOf lists the squares of kind k's rotation r anchored on sq, or nil when
// one is off the board.
func (f *freeSetup) cellsOf(p *rules.Position, k, r int, sq rules.Square) []rules.Square {
	b := p.Variant().Board
	af, ar, _ := b.Coords(sq)
	var out []rules.Square
	for _, c := range f.rots[k][r].cells {
		t := b.At(af+c[0], ar+c[1])
		if t == rules.NoSquare {
			return nil
		}
		out = append(out, t)
	}
	return out
}

// fits reports whether the cells lie empty in side s's home ranks.
func fits(p *rules.Position, s rules.Side, cells []rules.Square) bool {
	if cells == nil {
		return false
	}
	for _, c := range cells {
		if !p.At(c).Empty() || !p.Variant().Board.InZone("home", s, c) {
			return false
		}
	}
	return true
}

// discard is the move that takes the blocks that no longer fit out of the game.
func (f *freeSetup) discard() rules.Move {
	return rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: f.code + uint8(f.kinds*4)}
}

func (f *freeSetup) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	n := len(out)
	out = f.placements(p, out)
	if len(out) == n && setupPending(p) && f.inHand(p, p.ToMove()) {
		out = append(out, f.discard())
	}
	return out
}

// inHand reports whether side s has blocks to place.
func (f *freeSetup) inHand(p *rules.Position, s rules.Side) bool {
	for k := 0; k < f.kinds; k++ {
		if p.Hand(s, k) > 0 {
			return true
		}
	}
	return false
}

// AutoMove discards, for the side to move, the blocks that fit nowhere in its
// free home cells (decision: they leave the game), so that the setup ends.
func (f *freeSetup) AutoMove(p *rules.Position) (rules.Move, bool) {
	if !setupPending(p) || !f.inHand(p, p.ToMove()) || len(f.placements(p, nil)) > 0 {
		return rules.NullMove, false
	}
	return f.discard(), true
}

func (f *freeSetup) placements(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	v := p.Variant()
	for k := range v.Kinds {
		if p.Hand(s, k) == 0 {
			continue
		}
		for r := range f.rots[k] {
			for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
				if fits(p, s, f.cellsOf(p, k, r, sq)) {
					out = append(out, rules.Move{From: sq, To: sq, Flags: rules.FlagSpecial, Aux: f.code + uint8(k*4+r)})
				}
			}
		}
	}
	return out
}

func (f *freeSetup) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	if m == f.discard() {
		for k := 0; k < f.kinds; k++ {
			p.SetHand(s, k, 0)
		}
		return rules.EndsTurn | rules.CountsPly
	}
	k, r := int(m.Aux-f.code)/4, int(m.Aux-f.code)%4
	p.SetHand(s, k, p.Hand(s, k)-1)
	for _, c := range f.cellsOf(p, k, r, m.To) {
		p.Set(c, rules.NewPiece(k, s))
	}
	return rules.EndsTurn | rules.CountsPly
}

func (f *freeSetup) owns(m rules.Move) bool {
	return m.Flags&rules.FlagSpecial != 0 && m.Aux >= f.code && int(m.Aux-f.code) < f.kinds*4
}

// isDiscard reports whether m is the discard.
func (f *freeSetup) isDiscard(m rules.Move) bool { return m == f.discard() }

// FormatMove writes a placement as its letter and cells: `L a1 a2 a3 b1`.
func (f *freeSetup) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if f.isDiscard(m) {
		return "discard", true
	}
	if !f.owns(m) {
		return "", false
	}
	k, r := int(m.Aux-f.code)/4, int(m.Aux-f.code)%4
	v := p.Variant()
	cells := f.cellsOf(p, k, r, m.To)
	slices.Sort(cells)
	parts := []string{string(v.Kinds[k].Letter)}
	for _, c := range cells {
		parts = append(parts, v.Board.Name(c))
	}
	return strings.Join(parts, " "), true
}

func (f *freeSetup) MoveAliases(p *rules.Position, m rules.Move) []string {
	if t, ok := f.FormatMove(p, m); ok {
		return []string{t}
	}
	return nil
}

// GameEnd is no module's business during the setup: blockRace waits (it asks
// setupPending), and so does everything else.

// placementNotation reads a placement with its cells in any order, and says
// why one cannot be made.
type placementNotation struct{ f *freeSetup }

func (n placementNotation) WriteMove(p *rules.Position, m rules.Move) string {
	return rules.FormatCoord(p, m)
}

func (n placementNotation) ReadMove(p *rules.Position, text string) (rules.Move, error) {
	v := p.Variant()
	fields := strings.Fields(text)
	if len(fields) < 2 || len(fields[0]) != 1 || v.KindByLetter(fields[0][0]) < 0 {
		return rules.NullMove, &rules.ParseError{Text: text, Reason: "not a move: write a block's cell and where it goes (h1h3), or during the setup its letter and cells (L a1 a2 a3 b1)"}
	}
	k := v.KindByLetter(fields[0][0])
	var want []rules.Square
	for _, name := range fields[1:] {
		sq, ok := v.Board.Parse(name)
		if !ok {
			return rules.NullMove, &rules.ParseError{Text: text, Reason: fmt.Sprintf("%s is not a cell of the board", name)}
		}
		want = append(want, sq)
	}
	sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
	s := p.ToMove()
	name := v.Kinds[k].Name
	refuse := func(why string) (rules.Move, error) {
		return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: why}
	}
	if !setupPending(p) {
		return refuse("the setup is over: move a block by one of its cells and where it goes, like h1h3")
	}
	if p.Hand(s, k) == 0 {
		return refuse(fmt.Sprintf("you have no %s left to place", name))
	}
	for _, m := range p.LegalMoves(nil) {
		if !n.f.owns(m) || int(m.Aux-n.f.code)/4 != k {
			continue
		}
		cells := n.f.cellsOf(p, k, int(m.Aux-n.f.code)%4, m.To)
		slices.Sort(cells)
		if slices.Equal(cells, want) {
			return m, nil
		}
	}
	for _, c := range want {
		if !v.Board.InZone("home", s, c) {
			return refuse(fmt.Sprintf("%s is outside your home ranks", v.Board.Name(c)))
		}
		if !p.At(c).Empty() {
			return refuse(fmt.Sprintf("%s is taken", v.Board.Name(c)))
		}
	}
	return refuse(fmt.Sprintf("those cells do not form a %s (it may be turned, never mirrored; it has %d cells)",
		name, len(n.f.rots[k][0].cells)))
}
