package rules

import (
	"fmt"
	"slices"
	"strconv"
)

// Multi-cell pieces (bodies). A kind with a Body covers several squares: every
// square of the piece holds the same Piece value, and a side has at most one
// piece of such a kind, so the squares holding that kind and side are the
// piece. It moves by translating all its squares at once (a FlagBody move from
// its anchor, the square with the lowest index: lowest rank, leftmost), and it
// is captured as one: a piece that captures onto any of its squares, or a body
// that covers enough of them, takes it all. Other pieces see each of its
// squares as an occupied point (it blocks lines and legs and screens cannons).
// Block chess (block-chess.md) and the giant general (jujiang.md) use it.

// Body is the shape and the moves of a multi-cell kind.
type Body struct {
	// Shape lists the piece's squares in its drawn orientation, as (file, rank)
	// offsets.
	Shape [][2]int
	// Rotate: the piece may stand in any of its four rotations (never mirrored);
	// otherwise only as drawn.
	Rotate bool
	// Steps are the translations the piece may make.
	Steps []BodyStep
}

// BodyStep is one translation of a body, on Red's orientation.
type BodyStep struct {
	DF, DR int
	// Frame multiplies DF by the width and DR by the height of the piece's
	// bounding box as it stands (block chess's big step).
	Frame bool
	// Mode is MoveOnly or MoveOrCapture.
	Mode Mode
	// Sweep: the piece slides one square at a time; no intermediate position may
	// overlap another piece, except the pieces the move captures.
	Sweep bool
	// MinCover is how many of an enemy piece's squares the piece must cover to
	// capture it (block chess: 2); covering fewer makes the move illegal.
	MinCover int
}

// bodyRule is a body resolved at Finalize: its allowed shapes, normalized.
type bodyRule struct {
	shapes [][][2]int
}

// buildBodies resolves the kinds' bodies.
func (v *Variant) buildBodies() error {
	v.bodies = nil
	for i, k := range v.Kinds {
		if k.Body == nil {
			continue
		}
		if len(k.Body.Shape) == 0 || len(k.Atoms) > 0 || k.Royal {
			return fmt.Errorf("rules: variant %s: body kind %s needs a shape, and no atoms or royalty", v.Slug, k.Name)
		}
		if v.bodies == nil {
			v.bodies = make([]bodyRule, len(v.Kinds))
		}
		shape := append([][2]int(nil), k.Body.Shape...)
		var r bodyRule
		for turn := 0; turn < 4; turn++ {
			n := normalizeShape(shape)
			if !slices.ContainsFunc(r.shapes, func(s [][2]int) bool { return slices.Equal(s, n) }) {
				r.shapes = append(r.shapes, n)
			}
			if !k.Body.Rotate {
				break
			}
			for j, c := range shape {
				shape[j] = [2]int{c[1], -c[0]} // a quarter turn clockwise
			}
		}
		v.bodies[i] = r
	}
	return nil
}

// normalizeShape moves a shape to (0, 0) and sorts it.
func normalizeShape(cells [][2]int) [][2]int {
	minF, minR := cells[0][0], cells[0][1]
	for _, c := range cells {
		minF, minR = min(minF, c[0]), min(minR, c[1])
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c[0] - minF, c[1] - minR}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		return a[0] - b[0]
	})
	return out
}

// isBody reports whether kind k covers several squares.
func (v *Variant) isBody(k int) bool { return v.bodies != nil && v.bodies[k].shapes != nil }

// IsBody reports whether the piece belongs to a multi-cell kind (Kind.Body).
func (v *Variant) IsBody(pc Piece) bool { return pc != NoPiece && v.isBody(pc.Kind()) }

// BodyCells lists the squares of the piece on sq, in increasing order (the
// anchor first): the one square for an ordinary piece, none for an empty one.
func (p *Position) BodyCells(sq Square) []Square {
	pc := p.board[sq]
	if pc == NoPiece {
		return nil
	}
	if !p.v.isBody(pc.Kind()) {
		return []Square{sq}
	}
	return p.bodyCells(pc, nil)
}

// bodyCells appends the squares holding the body pc.
func (p *Position) bodyCells(pc Piece, out []Square) []Square {
	id := pc.identity()
	occ := &p.occ[pc.Side()]
	for w, word := range occ {
		for word != 0 {
			sq := Square(w*64 + trailingZeros(word))
			word &= word - 1
			if p.board[sq].identity() == id {
				out = append(out, sq)
			}
		}
	}
	return out
}

// bodyAnchor maps a move written from any square of a body to the move from
// its anchor (block-chess.md §4: `i2i4` is `h1h3`).
func (p *Position) bodyAnchor(from, to Square) (Square, Square) {
	pc := p.board[from]
	if pc == NoPiece || !p.v.isBody(pc.Kind()) {
		return from, to
	}
	b := p.v.Board
	anchor := p.bodyCells(pc, nil)[0]
	ff, fr, ok1 := b.Coords(from)
	af, ar, ok2 := b.Coords(anchor)
	tf, tr, ok3 := b.Coords(to)
	if !ok1 || !ok2 || !ok3 {
		return from, to
	}
	t := b.At(tf-(ff-af), tr-(fr-ar))
	if t == NoSquare {
		return from, to
	}
	return anchor, t
}

// bodyMoves appends the moves of the body pc whose anchor is on from.
func (p *Position) bodyMoves(from Square, pc Piece, out []Move, capturesOnly bool) []Move {
	var buf [16]Square
	cells := p.bodyCells(pc, buf[:0])
	b := p.v.Board
	minF, minR, maxF, maxR := b.Width, b.Height, -1, -1
	for _, c := range cells {
		f, r, _ := b.Coords(c)
		minF, minR, maxF, maxR = min(minF, f), min(minR, r), max(maxF, f), max(maxR, r)
	}
	w, h := maxF-minF+1, maxR-minR+1
	start := len(out)
	for _, st := range p.v.Kinds[pc.Kind()].Body.Steps {
		df, dr := st.DF, st.DR
		if st.Frame {
			df, dr = df*w, dr*h
		}
		if pc.Side() == Black {
			df, dr = -df, -dr
		}
		to, capture, ok := p.bodyStep(pc, cells, df, dr, st)
		if !ok || (capturesOnly && !capture) {
			continue
		}
		m := Move{From: from, To: to, Flags: FlagBody}
		if capture {
			m.Flags |= FlagCapture
		}
		if !slices.Contains(out[start:], m) {
			out = append(out, m)
		}
	}
	return out
}

// bodyStep tests one translation of the body pc (on cells) by (df, dr): the
// anchor's target, whether it captures, and whether it is allowed.
func (p *Position) bodyStep(pc Piece, cells []Square, df, dr int, st BodyStep) (Square, bool, bool) {
	b := p.v.Board
	s := pc.Side()
	id := pc.identity()
	var taken [4]Piece // identities of enemy bodies covered, and their cover counts
	var cover [4]int
	nTaken := 0
	capture := false
	var to Square = NoSquare
	for i, c := range cells {
		f, r, _ := b.Coords(c)
		t := b.At(f+df, r+dr)
		if t == NoSquare {
			return NoSquare, false, false
		}
		if i == 0 {
			to = t
		}
		x := p.board[t]
		if x == NoPiece || x.identity() == id {
			continue
		}
		if x.Side() == s || !st.Mode.captures() || !p.capturable(cells[0], s, t) {
			return NoSquare, false, false
		}
		capture = true
		if !p.v.isBody(x.Kind()) {
			if st.MinCover > 1 {
				return NoSquare, false, false
			}
			continue
		}
		j := slices.Index(taken[:nTaken], x.identity())
		if j < 0 {
			if nTaken == len(taken) {
				return NoSquare, false, false
			}
			j = nTaken
			taken[j] = x.identity()
			nTaken++
		}
		cover[j]++
	}
	for j := 0; j < nTaken; j++ {
		if cover[j] < st.MinCover {
			return NoSquare, false, false
		}
	}
	if st.Sweep {
		k := max(abs(df), abs(dr))
		uf, ur := sign(df), sign(dr)
		for i := 1; i < k; i++ {
			for _, c := range cells {
				f, r, _ := b.Coords(c)
				x := p.board[b.At(f+uf*i, r+ur*i)]
				if x == NoPiece || x.identity() == id {
					continue
				}
				if !p.v.isBody(x.Kind()) || !slices.Contains(taken[:nTaken], x.identity()) {
					return NoSquare, false, false // it would slide through a piece it does not take
				}
			}
		}
	}
	return to, capture, true
}

// makeBody plays a FlagBody move: every enemy piece on the target squares is
// taken whole, then the body moves.
func (p *Position) makeBody(m Move) {
	b := p.v.Board
	mover := p.board[m.From]
	var buf [16]Square
	cells := p.bodyCells(mover, buf[:0])
	ff, fr, _ := b.Coords(m.From)
	tf, tr, _ := b.Coords(m.To)
	df, dr := tf-ff, tr-fr
	var targets [16]Square
	for i, c := range cells {
		f, r, _ := b.Coords(c)
		targets[i] = b.At(f+df, r+dr)
		if x := p.board[targets[i]]; x != NoPiece && x.identity() != mover.identity() {
			if p.captured == NoPiece {
				p.captured = x
			}
			p.removePiece(targets[i])
		}
	}
	for _, c := range cells {
		p.Set(c, NoPiece)
	}
	for _, t := range targets[:len(cells)] {
		p.Set(t, mover)
	}
}

// removePiece takes the piece on sq off the board, all of it for a body.
func (p *Position) removePiece(sq Square) {
	x := p.board[sq]
	if x == NoPiece {
		return
	}
	if !p.v.isBody(x.Kind()) {
		p.Set(sq, NoPiece)
		return
	}
	var buf [16]Square
	for _, c := range p.bodyCells(x, buf[:0]) {
		p.Set(c, NoPiece)
	}
}

// bodyAttacks reports whether a body of side by could capture on sq.
func (p *Position) bodyAttacks(sq Square, by Side) bool {
	b := p.v.Board
	seen := uint64(0)
	var buf [32]Move
	for w, word := range p.occ[by] {
		for word != 0 {
			from := Square(w*64 + trailingZeros(word))
			word &= word - 1
			pc := p.board[from]
			if !p.v.isBody(pc.Kind()) || seen&(1<<uint(pc.Kind())) != 0 {
				continue
			}
			seen |= 1 << uint(pc.Kind())
			var cells [16]Square
			cs := p.bodyCells(pc, cells[:0])
			for _, m := range p.bodyMoves(from, pc, buf[:0], true) {
				ff, fr, _ := b.Coords(m.From)
				tf, tr, _ := b.Coords(m.To)
				for _, c := range cs {
					f, r, _ := b.Coords(c)
					if b.At(f+tf-ff, r+tr-fr) == sq {
						return true
					}
				}
			}
		}
	}
	return false
}

// validateBodies checks that the squares of each body kind and side form one
// piece of its shape, in an allowed rotation.
func (p *Position) validateBodies() error {
	v := p.v
	b := v.Board
	for k := range v.Kinds {
		if !v.isBody(k) {
			continue
		}
		for s := Red; s <= Black; s++ {
			cells := p.bodyCells(NewPiece(k, s), nil)
			if len(cells) == 0 {
				continue
			}
			var shape [][2]int
			for _, c := range cells {
				f, r, _ := b.Coords(c)
				shape = append(shape, [2]int{f, r})
			}
			n := normalizeShape(shape)
			if !slices.ContainsFunc(v.bodies[k].shapes, func(x [][2]int) bool { return slices.Equal(x, n) }) {
				return fenReasonf("body_shape", []string{s.String(), v.Kinds[k].Glyph[s], b.Name(cells[0]), strconv.Itoa(len(cells))},
					"the %s %s on %s does not have its shape (%d squares; a side has one %s)",
					s, v.Kinds[k].Name, b.Name(cells[0]), len(cells), v.Kinds[k].Name)
			}
		}
	}
	return nil
}

// joins is the ViewPiece.Joins bits of the body square sq.
func (p *Position) joins(sq Square) uint8 {
	pc := p.board[sq]
	if pc == NoPiece || !p.v.isBody(pc.Kind()) {
		return 0
	}
	b := p.v.Board
	var out uint8
	for i, d := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		if n := b.Step(sq, d[0], d[1]); n != NoSquare && p.board[n].identity() == pc.identity() {
			out |= 1 << i
		}
	}
	return out
}
