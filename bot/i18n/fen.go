package i18n

import (
	"errors"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// fenArgs says what each argument of a FEN refusal key is (rules.FENError.Key),
// like whyArgs: d a side, g a piece glyph, p a piece glyph said as a count of
// that piece (a plural in English), k the variant's pieces, n a number or a
// rank, s a square, t FEN text shown as it was typed.
var fenArgs = map[string]string{
	"too_long": "", "empty": "", "field_after_keyed": "t", "fields": "",
	"side": "t", "side_dash": "", "clock": "tn", "move_number": "tn",
	"field_twice": "t", "seats": "t", "field_not_dash": "nt", "no_such_field": "t",
	// The board (field 1).
	"ranks": "nn", "points": "nnn", "too_many_points": "nn", "empty_count": "nt", "off_board": "n",
	"stack_not_allowed": "nt", "bad_stack": "nt", "missing_piece": "n", "star_alone": "n",
	"unknown_letter": "ntk", "side_lacks_kind": "ntdk",
	// Pieces in hand and off the grid.
	"hand_not_allowed": "t", "hand_unknown": "t", "hand_too_many": "",
	"off_point": "tt", "off_piece": "t", "off_twice": "t",
	// The position as a whole.
	"too_many_royals": "d", "no_royal": "d", "in_check": "d", "stand": "dgs",
	"too_many": "dnpn", "reserves": "dnn", "body_shape": "dgsn",
}

// FEN says in lang why the rules refused a FEN: the text of "fen."+fe.Key with
// its arguments in lang. A reason without a key (a module's) is the module's
// texts when it wrote them (rules.TextError), its Go text otherwise. The
// arguments are pieces and text from the FEN the user typed, so they hold no
// secret.
func (c *Catalog) FEN(l Lang, v *rules.Variant, fe *rules.FENError) string {
	if te := (*rules.TextError)(nil); fe.Key == "" && errors.As(fe.Err, &te) {
		return te.Texts.Or(string(l))
	}
	kinds, ok := fenArgs[fe.Key]
	if !ok || len(kinds) != len(fe.Args) {
		return fe.Reason
	}
	return c.T(l, "fen."+fe.Key, c.args(l, v, fe.Key, kinds, fe.Args)...)
}

// pieceName is the piece of glyph g in lang: the glyph in Chinese, the kind's
// English name (its plural when plural) in English.
func (c *Catalog) pieceName(l Lang, v *rules.Variant, g string, plural bool) string {
	if l != En {
		return c.Glyph(l, v, g)
	}
	k, _ := kindOfGlyph(v, g)
	switch {
	case k == nil:
		return g
	case plural:
		return k.PluralName()
	}
	return k.Name
}

// kindList is v's pieces in lang, each after its FEN letter (lowercase for a
// kind only Black has): "K=general R=chariot …", "K=帥 R=俥 …".
func (c *Catalog) kindList(l Lang, v *rules.Variant) string {
	names := make([]string, 0, len(v.Kinds))
	for _, k := range v.Kinds {
		letter, side := k.Letter, rules.Red
		if k.Sides == rules.BlackOnly {
			letter, side = letter+'a'-'A', rules.Black
		}
		name := k.Name
		if l != En && k.Glyph[side] != "" {
			name = c.Glyph(l, v, k.Glyph[side])
		}
		names = append(names, string(letter)+"="+name)
	}
	return strings.Join(names, " ")
}

// kindOfGlyph is the kind of v whose piece of some side has glyph g, and that
// side; nil when none has.
func kindOfGlyph(v *rules.Variant, g string) (*rules.Kind, rules.Side) {
	for i := range v.Kinds {
		for s, kg := range v.Kinds[i].Glyph {
			if kg == g {
				return &v.Kinds[i], rules.Side(s)
			}
		}
	}
	return nil, rules.Red
}
