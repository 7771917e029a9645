package rules

import (
	"fmt"
	"strings"
)

// Promotions (Kind.Promote): a move of a promoting kind that ends in its zone
// (or, with Leaving, starts there) is generated once per kind it may become, as
// FlagPromote moves with the new kind in Aux. In the chess style it is never
// a plain move (the pawn must be replaced); an Optional promotion (shogi) keeps
// the plain move too, except where the piece could never move again (Must).

// promoRule is one kind's promotion, resolved at Finalize.
type promoRule struct {
	zone     Zone
	to       []uint8 // kind indexes, the default first; nil = the kind never promotes
	leaving  bool
	optional bool
	must     *Zone // where an optional promotion is compulsory, or nil
	mark     string
	explicit bool
}

// buildPromotions resolves the kinds' Promote fields.
func (v *Variant) buildPromotions() error {
	v.promo = nil
	for i, k := range v.Kinds {
		if k.Promote == nil {
			continue
		}
		pr := k.Promote
		z, ok := v.Board.Zones[pr.Zone]
		if !ok {
			return fmt.Errorf("rules: variant %s: kind %s promotes in unknown zone %q", v.Slug, k.Name, pr.Zone)
		}
		if len(pr.To) == 0 {
			return fmt.Errorf("rules: variant %s: kind %s promotes to nothing", v.Slug, k.Name)
		}
		if v.promo == nil {
			v.promo = make([]promoRule, len(v.Kinds))
		}
		r := promoRule{zone: z, leaving: pr.Leaving, optional: pr.Optional, mark: strings.ToLower(pr.Mark), explicit: pr.Explicit}
		if pr.Must != "" {
			mz, ok := v.Board.Zones[pr.Must]
			if !ok {
				return fmt.Errorf("rules: variant %s: kind %s must promote in unknown zone %q", v.Slug, k.Name, pr.Must)
			}
			r.must = &mz
		}
		if pr.Mark != "" && pr.Mark != "=" && len(pr.To) != 1 {
			return fmt.Errorf("rules: variant %s: kind %s writes its promotion %q but may become %d kinds", v.Slug, k.Name, pr.Mark, len(pr.To))
		}
		for _, l := range pr.To {
			t := v.KindByLetter(l)
			if t < 0 || v.Kinds[t].Royal {
				return fmt.Errorf("rules: variant %s: kind %s promotes to %c, not a non-royal kind", v.Slug, k.Name, l)
			}
			for s := Red; s <= Black; s++ {
				if k.Sides.Allows(s) && !v.Kinds[t].Sides.Allows(s) {
					return fmt.Errorf("rules: variant %s: kind %s of %s promotes to %c, which %s cannot have", v.Slug, k.Name, s, l, s)
				}
			}
			r.to = append(r.to, uint8(t))
		}
		v.promo[i] = r
	}
	return nil
}

// mayPromote reports whether a move of side s from..to may (or must) promote.
func (r *promoRule) mayPromote(s Side, from, to Square) bool {
	return r.zone[s].Has(to) || (r.leaving && from != NoSquare && r.zone[s].Has(from))
}

// mustPromote reports whether a move of side s to sq may not stay a plain move.
func (r *promoRule) mustPromote(s Side, to Square) bool {
	return !r.optional || (r.must != nil && r.must[s].Has(to))
}

// promotions rewrites the moves out[from:] of the promoting piece pc: each one
// that may promote becomes one promotion move per kind, and stays a plain move
// too where the promotion is a choice.
func (p *Position) promotions(out []Move, from int, pc Piece) []Move {
	r := &p.v.promo[pc.Kind()]
	s := pc.Side()
	end := len(out)
	for i := from; i < end; i++ {
		m := out[i]
		if !r.mayPromote(s, m.From, m.To) || m.Flags&(FlagSpecial|FlagDrop|FlagStack|FlagExchange) != 0 {
			continue
		}
		first := r.to
		if r.mustPromote(s, m.To) {
			out[i].Flags |= FlagPromote
			out[i].Aux = r.to[0]
			first = r.to[1:]
		}
		for _, k := range first {
			x := m
			x.Flags |= FlagPromote
			x.Aux = k
			out = append(out, x)
		}
	}
	return out
}

// DefaultPromotion is the kind a move of the piece on from to to promotes to
// when it is written without a letter (`e9e10` = `e9e10q`), or -1 when that
// move is no promotion, or may stay a plain move, or must name its kind
// (Promotion.Explicit).
func (p *Position) DefaultPromotion(from, to Square) int {
	pc := p.board[from]
	if pc == NoPiece || p.v.promo == nil || p.v.promo[pc.Kind()].to == nil {
		return -1
	}
	r := &p.v.promo[pc.Kind()]
	if !r.mayPromote(pc.Side(), from, to) || !r.mustPromote(pc.Side(), to) || r.explicit {
		return -1
	}
	return int(r.to[0])
}

// promotionText is how coordinates write the promotion of the piece on from
// into kind k: the kind's lowercase letter (`e7e8q`), or the kind's Mark
// (`c4c3+`), followed by the uppercase letter when the piece has a choice of
// kinds (`h8h9=Q`).
func (p *Position) promotionText(from Square, k int) string {
	l := p.v.Kinds[k].Letter
	pc := p.board[from]
	if pc == NoPiece || p.v.promo == nil {
		return string(l + 'a' - 'A')
	}
	r := &p.v.promo[pc.Kind()]
	switch {
	case r.mark == "":
		return string(l + 'a' - 'A')
	case len(r.to) == 1 && r.mark != "=":
		return r.mark
	}
	return r.mark + string(l)
}

// markedPromotion reads a promotion written with its kind's Mark and no letter
// (`c4c3+`): the squares before the mark and the kind, or ok=false.
func (p *Position) markedPromotion(norm string) (from, to Square, kind int, ok bool) {
	if p.v.promo == nil {
		return NoSquare, NoSquare, -1, false
	}
	for i := range p.v.promo {
		r := &p.v.promo[i]
		if r.mark == "" || r.mark == "=" || len(r.to) != 1 || !strings.HasSuffix(norm, r.mark) {
			continue
		}
		f, t, okSq := splitSquares(p.v.Board, strings.TrimSuffix(norm, r.mark))
		if okSq && p.board[f] != NoPiece && p.board[f].Kind() == i {
			return f, t, int(r.to[0]), true
		}
	}
	return NoSquare, NoSquare, -1, false
}

// noPromotion says why a move written with a promotion mark (`c5c4+`) cannot
// promote: the move is not legal at all, or it neither starts nor ends in the
// promotion zone.
func (p *Position) noPromotion(norm string, from, to Square, legal []Move) error {
	for _, m := range legal {
		if m.From == from && m.To == to {
			return &IllegalMoveError{Text: norm, Reason: fmt.Sprintf("a %s promotes only on a move that starts or ends in its promotion zone; write %s",
				p.pieceName(p.board[from]), FormatCoord(p, m))}
		}
	}
	if err := p.Explain(Move{From: from, To: to}); err != nil {
		return err
	}
	return &IllegalMoveError{Text: norm, Reason: "that move is not allowed now"}
}
