package rules

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
)

// Sampling what a player does not know. An engine that plays a hidden-piece
// game must decide from its own player's information only; it searches
// positions drawn from what that player may know (Game.Sample), never the
// true one. The draw is generic over the core's two ways of hiding a piece:
// face down (jieqi's deal, fuhe's reserves) and looking like another kind
// (jinchan's decoy general, Kind.PublicAs).
//
// Pieces are grouped by how the viewer sees them (side, face down, the letter
// shown): a class. A class holds secrets when, in a start drawn as a new game
// draws it (the variant's start, its dealers' deals and random setup answers:
// the prior every player knows), its pieces are not all of the kind they show.
// The kinds that class may still hold are its pieces' kinds in that drawn
// start, less every kind the viewer has since seen leave it: the public facts
// of every move (a reveal, a flip) and what the viewer was told alone (the
// face-down piece it captured). The pieces of the class on the board now get
// kinds drawn from what is left, at random. Nothing in this reads a secret
// the viewer does not hold: the class of a piece is what the viewer sees, and
// the kinds come from the drawn start and from facts the viewer was given.
// The draw ignores what the players' moves suggest (a general that never
// moves is likelier real): each consistent assignment is as likely as in a
// fresh deal.

// Sample returns a position viewer cannot tell from g's current one, its
// secrets drawn with rnd from what viewer may know; the current position
// itself (a copy) when nothing is hidden from viewer. The result has no
// history. A class whose drawn start is inconsistent with the facts seen
// (fuhe's reserves when the drawn answer lacks a kind that was flipped) is
// drawn again, a few times, and then filled with the kinds seen.
func (g *Game) Sample(viewer Side, rnd *rand.Rand) *Position {
	p := g.pos.Clone()
	if !g.HiddenFrom(viewer) {
		return p
	}
	a := AudienceOf(viewer)
	members := map[viewKey][]slot{}
	for sq := range p.board {
		for layer, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc == NoPiece {
				continue
			}
			k := keyOf(p.viewPiece(pc, a))
			members[k] = append(members[k], slot{Square(sq), uint8(layer)})
		}
	}
	seen := g.seenKinds(viewer)
	var pools map[viewKey][]Piece
	for try := 0; ; try++ {
		pools = g.pos.v.priorPools(a, rnd)
		if pools == nil || consistent(pools, seen) || try == 8 {
			break
		}
	}
	keys := make([]viewKey, 0, len(pools))
	for k := range pools {
		keys = append(keys, k)
	}
	// In a fixed order: the same rnd draws the same sample.
	slices.SortFunc(keys, func(x, y viewKey) int {
		return cmp.Or(cmp.Compare(x.side, y.side), cmp.Compare(x.letter, y.letter), boolCmp(x.faceDown, y.faceDown))
	})
	var off [2][]int // kinds drawn for no piece on the board: captured unseen
	for _, k := range keys {
		pool := pools[k]
		left := removeSeen(pool, seen)
		ms := members[k]
		rnd.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
		for _, id := range left[min(len(ms), len(left)):] {
			off[id.Side()] = append(off[id.Side()], id.Kind())
		}
		for i, s := range ms {
			var id Piece
			switch {
			case i < len(left):
				id = left[i]
			case len(pool) > 0:
				id = pool[rnd.IntN(len(pool))]
			default:
				continue
			}
			pc := p.board[s.sq]
			if s.layer == 1 {
				pc = p.Under(s.sq)
			}
			// Kind and, where colours are hidden too (banqi), side are drawn.
			p.put(s.layer, s.sq, pc&^(pieceKindMask|pieceSideBit)|id)
		}
	}
	for _, r := range g.pos.v.mods.resample {
		r.Resample(p, viewer, off)
	}
	for _, m := range g.pos.v.Modules {
		if r, ok := m.(Redrawer); ok {
			r.Redraw(p, viewer, rnd)
		}
	}
	// The royal lists' order followed the true pieces (a decoy and its real
	// general): in square order, the search walks them alike under any secret.
	for s := Red; s <= Black; s++ {
		slices.Sort(p.royal[s][:p.nRoyal[s]])
	}
	return p
}

// Resampler is a module whose state counts secrets off the board (jieqi's
// captured face-down pieces, by kind). Game.Sample calls it after drawing the
// pieces on the board: off[s] are the kinds drawn for side s's hidden pieces
// that viewer has not seen and that are not on the board. It sets, through
// SetVar, what viewer does not know of its state from them.
type Resampler interface {
	Resample(p *Position, viewer Side, off [2][]int)
}

// Redrawer is a module that keeps secrets in per-piece state (flags,
// counters) rather than in kinds, so that views and the class draw above do not
// see them (disandai's backs). Hides reports whether viewer lacks some of them
// in p; Redraw draws them anew on a sample, with rnd, from what viewer may know
// (the public facts the module keeps in p).
type Redrawer interface {
	Hides(p *Position, viewer Side) bool
	Redraw(p *Position, viewer Side, rnd *rand.Rand)
}

// HiddenFrom reports whether some piece of g's current position is not what
// viewer sees it as.
func (g *Game) HiddenFrom(viewer Side) bool {
	p := g.pos
	if !p.v.hasSecrets() {
		return false
	}
	for _, m := range p.v.Modules {
		if r, ok := m.(Redrawer); ok && r.Hides(p, viewer) {
			return true
		}
	}
	a := AudienceOf(viewer)
	for sq := range p.board {
		for _, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc != NoPiece && p.viewPiece(pc, a).Letter != p.v.Kinds[pc.Kind()].Letter {
				return true
			}
		}
	}
	return false
}

// hasSecrets reports whether pieces of v can look other than they are.
func (v *Variant) hasSecrets() bool {
	if v.Deals() || v.HasSetup() {
		return true
	}
	for _, k := range v.Kinds {
		if k.PublicAs != 0 {
			return true
		}
	}
	return false
}

type viewKey struct {
	side     Side
	faceDown bool
	letter   byte
}

func keyOf(vp *ViewPiece) viewKey {
	return viewKey{vp.Side, vp.FaceDown, vp.Letter} // (Side is Red for a piece whose colour is hidden)
}

type slot struct {
	sq    Square
	layer uint8
}

// priorPools draws a start as a new game of v draws it and lists, for each
// class of audience a that holds secrets there, the kinds of its pieces.
func (v *Variant) priorPools(a Audience, rnd *rand.Rand) map[viewKey][]Piece {
	p, err := setupPosition(v, "")
	if err != nil {
		return nil
	}
	for s := Red; s <= Black; s++ {
		var words []string
		for _, r := range asking(p, s) {
			words = append(words, r.Default(p, s, rnd))
		}
		if len(words) > 0 {
			_ = applySecret(p, s, joinWords(words))
		}
	}
	for _, d := range v.mods.dealers {
		_ = d.Deal(p, rnd)
	}
	pools := map[viewKey][]Piece{}
	secret := map[viewKey]bool{}
	for sq := range p.board {
		for _, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc == NoPiece {
				continue
			}
			vp := p.viewPiece(pc, a)
			k := keyOf(vp)
			pools[k] = append(pools[k], pc.identity())
			if vp.Letter != v.Kinds[pc.Kind()].Letter || vp.NoColour {
				secret[k] = true
			}
		}
	}
	for k := range pools {
		if !secret[k] {
			delete(pools, k)
		}
	}
	return pools
}

func joinWords(w []string) string { return strings.Join(w, " ") }

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// seenKinds lists the pieces (kind and side) viewer saw leave the hidden:
// the public facts of every move but the disclosure at the end, and what
// viewer was told alone.
func (g *Game) seenKinds(viewer Side) []Piece {
	var out []Piece
	add := func(f Fact) {
		if f.What == "disclose" {
			return
		}
		for _, s := range f.Pieces {
			if k := g.pos.v.KindByLetter(s.Letter); k >= 0 {
				out = append(out, NewPiece(k, s.Side))
			}
		}
	}
	for _, r := range g.reports {
		for _, f := range r.Facts {
			add(f)
		}
		for _, f := range r.Told[viewer] {
			add(f)
		}
	}
	return out
}

// removeSeen is pool less one of each piece in seen that it holds.
func removeSeen(pool []Piece, seen []Piece) []Piece {
	left := append([]Piece(nil), pool...)
	for _, k := range seen {
		for i, x := range left {
			if x == k {
				left = append(left[:i], left[i+1:]...)
				break
			}
		}
	}
	return left
}

// consistent reports whether every piece seen is in a pool that holds
// secrets (else the drawn start cannot be the game's).
func consistent(pools map[viewKey][]Piece, seen []Piece) bool {
	var all []Piece
	for _, pool := range pools {
		all = append(all, pool...)
	}
	return len(removeSeen(all, seen)) == len(all)-len(seen)
}
