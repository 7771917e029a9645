package engine

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// The adapter between the game search and the rules core. Everything the search
// needs to know about a variant's rules (legality, automatic moves, the ends of a
// game, repetition) goes through this file, so that moving to the rules core's
// game-level interface changes this file alone.
//
// What it uses of rules.Position: PseudoMoves, IsLegal, Make, Unmake, InCheck,
// Attacked, Hash, ToMove, At, Halfmove, Royals (once per search) and the Variant's
// data (Kinds, StalemateLost, MoveLimit, Repetition, AutoMove, GameEnd and the
// hooks that decide whether the fast legality test applies).

// maxAutoPlies bounds the automatic moves after one move, as rules.Game does.
const maxAutoPlies = 8

// endKind is what a move led to, as far as the rules end games.
type endKind uint8

const (
	notOver endKind = iota
	endDraw
	endWin  // the side to move of the new position has won
	endLoss // the side to move of the new position has lost
)

// board is a position under search with what the rules need beyond it: the keys
// and checks of every position since the start (for repetition), the movers, and
// the automatic plies made after each move.
type board struct {
	p *rules.Position
	v *rules.Variant

	// fast: one royal piece per side and no legality hooks, so a pseudo-legal
	// move is legal when the mover's general is not attacked after it.
	fast      bool
	king      [2]rules.Square
	kingStack [][2]rules.Square
	royalKind []bool
	// The variant has automatic moves or goals (its rule modules) to check after
	// each move.
	autoMoves bool
	goals     bool

	// Indexed by ply since the start of the game: keys[i] and checks[i] describe
	// the position after i plies, movers[i-1] made ply i.
	keys   []uint64
	checks []bool
	movers []rules.Side
	// made[k] is the number of plies (1 + automatic ones) that the k-th play made.
	made []uint8
	// canPass: p belongs to a pass variant (see playPass). floor is the index of
	// the first key repetition may look at (the position after the last pass).
	canPass bool
	floor   int
	floors  []int
	// proof: the puzzle solver's mode (prove.go), which counts no repetition
	// and no move limit: a shortest forced win never repeats a position, and a
	// proof must not depend on the path that reached a position.
	proof bool
}

// newBoard prepares p (which the search plays on and takes back) with the keys
// of the positions before it (oldest first, p's own key last) and whether the
// side to move was in check in each; nil history means p is the first position.
func newBoard(p *rules.Position, hist []histEntry) *board {
	v := p.Variant()
	b := &board{p: p, v: v, autoMoves: v.HasAutoMoves(), goals: v.HasGoals()}
	b.royalKind = make([]bool, len(v.Kinds))
	for i, k := range v.Kinds {
		b.royalKind[i] = k.Royal
	}
	b.fast = v.Quick()
	for s := rules.Red; s <= rules.Black; s++ {
		if p.NumRoyals(s) != 1 {
			b.fast = false
			break
		}
		b.king[s] = p.RoyalAt(s, 0)
	}
	b.kingStack = make([][2]rules.Square, 0, maxPly+1)
	n := len(hist)
	b.keys = make([]uint64, 0, n+maxPly*(1+maxAutoPlies)+1)
	b.checks = make([]bool, 0, cap(b.keys))
	b.movers = make([]rules.Side, 0, cap(b.keys))
	for i, h := range hist {
		b.keys = append(b.keys, h.key)
		b.checks = append(b.checks, h.check)
		if i > 0 {
			b.movers = append(b.movers, hist[i-1].toMove)
		}
	}
	if n == 0 || b.keys[n-1] != p.Hash() {
		b.keys, b.checks, b.movers = b.keys[:0], b.checks[:0], b.movers[:0]
		b.keys = append(b.keys, p.Hash())
		b.checks = append(b.checks, p.InCheck())
	}
	b.made = make([]uint8, 0, maxPly+1)
	b.floors = make([]int, 0, maxPly+1)
	return b
}

// histEntry is one position of a game's history.
type histEntry struct {
	key    uint64
	check  bool
	toMove rules.Side
}

// gameHistory replays g from its start to collect the keys of its positions, and
// returns a copy of the current position for the search to play on. The copy is
// the replayed position itself, so its undo history is empty and its state equals
// the game's.
func gameHistory(g *rules.Game) (*rules.Position, []histEntry, error) {
	v := g.Variant()
	p, err := rules.NewPosition(v, g.StartFEN())
	if err != nil {
		return nil, nil, fmt.Errorf("engine: replay the game's start: %w", err)
	}
	hist := []histEntry{{key: p.Hash(), check: p.InCheck(), toMove: p.ToMove()}}
	auto := func() {
		for i := 0; i < maxAutoPlies && v.HasAutoMoves(); i++ {
			m, ok := p.AutoMove()
			if !ok {
				return
			}
			p.Make(m)
			hist = append(hist, histEntry{key: p.Hash(), check: p.InCheck(), toMove: p.ToMove()})
		}
	}
	auto()
	for _, m := range g.Moves() {
		p.Make(m)
		hist = append(hist, histEntry{key: p.Hash(), check: p.InCheck(), toMove: p.ToMove()})
		auto()
	}
	if p.Hash() != g.Position().Hash() {
		// Should not happen; search the current position without history.
		c := g.Position().Clone()
		return c, []histEntry{{key: c.Hash(), check: c.InCheck(), toMove: c.ToMove()}}, nil
	}
	return p.Clone(), hist, nil
}

// legalBefore reports whether the pseudo-legal move m may be played; in the fast
// path every move may, and legalAfter decides once it is made.
func (b *board) legalBefore(m rules.Move) bool {
	return b.fast || b.p.IsLegal(m)
}

// legalAfter reports, right after play(m) by side, that the move was legal.
func (b *board) legalAfter(side rules.Side) bool {
	return !b.fast || !b.p.Attacked(b.king[side], side.Other(), true)
}

// playLegal plays the pseudo-legal move m of side (the side to move) if it is
// legal, as play does, and reports whether it did; an illegal move is not
// left on the board.
func (b *board) playLegal(m rules.Move, side rules.Side) (endKind, bool) {
	if !b.legalBefore(m) {
		return notOver, false
	}
	end := b.play(m)
	if !b.legalAfter(side) {
		b.unplay()
		return notOver, false
	}
	return end, true
}

// capturesRoyal reports whether m takes a royal piece (variants without the
// royal legality test, or a position where a general is already en prise).
func (b *board) capturesRoyal(m rules.Move) bool {
	if m.Flags&(rules.FlagCapture|rules.FlagExchange) == 0 || m.To < 0 {
		return false
	}
	pc := b.p.At(m.To)
	return pc != rules.NoPiece && b.royalKind[pc.Kind()]
}

// play makes m and the automatic moves that follow it, and reports how the game
// stands for the side to move of the new position. Call unplay to take it all
// back, whatever play returned. It does not test legality.
func (b *board) play(m rules.Move) endKind {
	p := b.p
	mover := p.ToMove()
	royal := b.capturesRoyal(m)
	b.kingStack = append(b.kingStack, b.king)
	if b.fast && b.king[mover] == m.From {
		b.king[mover] = m.To
	}
	p.Make(m)
	b.push(mover)
	b.made = append(b.made, 1)
	if royal {
		return b.winFor(mover)
	}
	if o, ok := b.rulesEnd(); ok {
		return b.outcome(o)
	}
	for i := 0; i < maxAutoPlies && b.autoMoves; i++ {
		am, ok := p.AutoMove()
		if !ok {
			break
		}
		s := p.ToMove()
		p.Make(am)
		b.push(s)
		b.made[len(b.made)-1]++
		if o, ok := b.rulesEnd(); ok {
			return b.outcome(o)
		}
	}
	return b.repeated()
}

// winFor is the endKind for the new position when side has won.
func (b *board) winFor(side rules.Side) endKind {
	if b.p.ToMove() == side {
		return endWin
	}
	return endLoss
}

func (b *board) outcome(o rules.Outcome) endKind {
	if o.Draw {
		return endDraw
	}
	return b.winFor(o.Winner)
}

// rulesEnd applies the variant's goals and the move limit (no legal move is
// found by the search itself, and repetition by repeated).
func (b *board) rulesEnd() (rules.Outcome, bool) {
	if b.goals {
		if o, ok := b.p.Goal(); ok {
			return o, true
		}
	}
	if lim := b.v.MoveLimit; lim > 0 && !b.proof && b.p.Halfmove() >= lim {
		return rules.Drawn(rules.ReasonMoveLimit), true
	}
	return rules.Outcome{}, false
}

func (b *board) push(mover rules.Side) {
	b.keys = append(b.keys, b.p.Hash())
	b.checks = append(b.checks, b.p.InCheck())
	b.movers = append(b.movers, mover)
}

// unplay takes back the last play.
func (b *board) unplay() {
	n := b.made[len(b.made)-1]
	b.made = b.made[:len(b.made)-1]
	for i := uint8(0); i < n; i++ {
		b.p.Unmake()
	}
	k := len(b.keys) - int(n)
	b.keys, b.checks, b.movers = b.keys[:k], b.checks[:k], b.movers[:k-1]
	b.king = b.kingStack[len(b.kingStack)-1]
	b.kingStack = b.kingStack[:len(b.kingStack)-1]
}

// repeated applies the variant's repetition rule (rules/game.go, xiangqi.md §8)
// to the last position, one occurrence earlier than the game does: in a search, a
// position that comes back once will come back again if it was worth coming back
// to, so the first return is scored as the third (as engines do). A side that
// checked with every move of the cycle loses under the perpetual-check rule.
func (b *board) repeated() endKind {
	rule := b.v.Repetition
	if rule == rules.RepetitionNone || b.proof {
		return notOver
	}
	n := len(b.keys) - 1
	last := b.keys[n]
	lo := max(n-b.p.Halfmove(), b.floor, 0)
	occ := -1
	for i := n - 1; i >= lo; i-- {
		if b.keys[i] == last {
			occ = i
			break
		}
	}
	if occ < 0 {
		return notOver
	}
	if rule == rules.RepetitionDraw {
		return endDraw
	}
	perpetual := [2]bool{true, true}
	side := b.p.ToMove()
	for i := n; i > occ; i-- {
		mover := b.movers[i-1]
		if (i < n && b.movers[i] == mover) || (i == n && side == mover) {
			continue // the turn went on
		}
		if !b.checks[i] {
			perpetual[mover] = false
		}
	}
	switch {
	case perpetual[rules.Red] && !perpetual[rules.Black]:
		return b.winFor(rules.Black)
	case perpetual[rules.Black] && !perpetual[rules.Red]:
		return b.winFor(rules.Red)
	}
	return endDraw
}

// noMoveLoses reports whether the side to move, which has no legal move, loses
// (checkmate, or stalemate where the variant says so); otherwise it is a draw.
func (b *board) noMoveLoses() bool {
	return b.v.StalemateLost(b.p.ToMove()) || b.p.InCheck()
}

// noMoveScore is the score, for the side to move at ply, of a position where
// it has no legal move: mated, or drawn.
func (b *board) noMoveScore(ply int) int32 {
	if b.noMoveLoses() {
		return -mateValue + int32(ply)
	}
	return 0
}

// anyLegal reports whether one of the pseudo-legal moves is legal.
func (b *board) anyLegal(moves []rules.Move) bool {
	p := b.p
	side := p.ToMove()
	for _, m := range moves {
		if !b.fast {
			if p.IsLegal(m) {
				return true
			}
			continue
		}
		king := b.king[side]
		if m.From == king {
			king = m.To
		}
		p.Make(m)
		ok := !p.Attacked(king, side.Other(), true)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// Passing the turn (the null move of the search) is the core's PassMove, made
// only in variants whose modules take no part in ordinary moves (Variant.Quick):
// a module's state could make a pass unsound.

// playPass passes the turn; unplayPass takes it back. Repetition does not look
// behind a pass: a pass is no move of the game.
func (b *board) playPass() {
	mover := b.p.ToMove()
	b.kingStack = append(b.kingStack, b.king)
	b.floors = append(b.floors, b.floor)
	b.p.Make(rules.PassMove)
	b.push(mover)
	b.made = append(b.made, 1)
	b.floor = len(b.keys) - 1
}

func (b *board) unplayPass() {
	b.unplay()
	b.floor = b.floors[len(b.floors)-1]
	b.floors = b.floors[:len(b.floors)-1]
}

// hasMajor reports whether side has a piece worth a horse or more (kind value
// 4 and up): without one, zugzwang is likely and passing is unsound.
func (b *board) hasMajor(side rules.Side) bool {
	n := b.v.Board.NumSquares()
	for sq := 0; sq < n; sq++ {
		pc := b.p.At(rules.Square(sq))
		if pc != rules.NoPiece && pc.Side() == side && !b.royalKind[pc.Kind()] && b.v.Kinds[pc.Kind()].Value >= 4 {
			return true
		}
	}
	return false
}
