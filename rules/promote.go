package rules

import "fmt"

// Promotions (Kind.Promote): a move of a promoting kind that ends in its zone
// is generated once per kind it may become, as FlagPromote moves with the new
// kind in Aux, and never as a plain move (chess: the pawn must be replaced).

// promoRule is one kind's promotion, resolved at Finalize.
type promoRule struct {
	zone Zone
	to   []uint8 // kind indexes, the default first; nil = the kind never promotes
}

// buildPromotions resolves the kinds' Promote fields.
func (v *Variant) buildPromotions() error {
	v.promo = nil
	for i, k := range v.Kinds {
		if k.Promote == nil {
			continue
		}
		z, ok := v.Board.Zones[k.Promote.Zone]
		if !ok {
			return fmt.Errorf("rules: variant %s: kind %s promotes in unknown zone %q", v.Slug, k.Name, k.Promote.Zone)
		}
		if len(k.Promote.To) == 0 {
			return fmt.Errorf("rules: variant %s: kind %s promotes to nothing", v.Slug, k.Name)
		}
		if v.promo == nil {
			v.promo = make([]promoRule, len(v.Kinds))
		}
		r := promoRule{zone: z}
		for _, l := range k.Promote.To {
			t := v.KindByLetter(l)
			if t < 0 || v.Kinds[t].Royal {
				return fmt.Errorf("rules: variant %s: kind %s promotes to %c, not a non-royal kind", v.Slug, k.Name, l)
			}
			r.to = append(r.to, uint8(t))
		}
		v.promo[i] = r
	}
	return nil
}

// promotions rewrites the moves out[from:] of the promoting piece pc: each one
// that ends in its promotion zone becomes one promotion move per kind.
func (p *Position) promotions(out []Move, from int, pc Piece) []Move {
	r := &p.v.promo[pc.Kind()]
	s := pc.Side()
	end := len(out)
	for i := from; i < end; i++ {
		m := out[i]
		if !r.zone[s].Has(m.To) || m.Flags&(FlagSpecial|FlagDrop|FlagStack|FlagExchange) != 0 {
			continue
		}
		out[i].Flags |= FlagPromote
		out[i].Aux = r.to[0]
		for _, k := range r.to[1:] {
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
// move is no promotion.
func (p *Position) DefaultPromotion(from, to Square) int {
	pc := p.board[from]
	if pc == NoPiece || p.v.promo == nil || p.v.promo[pc.Kind()].to == nil {
		return -1
	}
	r := &p.v.promo[pc.Kind()]
	if !r.zone[pc.Side()].Has(to) {
		return -1
	}
	return int(r.to[0])
}
