package i18n

import "github.com/chuhe/chuhe/rules"

// whyArgs says what each argument of a refusal key is, so that it can be put in
// the chat's language: g a piece glyph, s a square, d a side, z a zone, w a
// blocking point, n a number, t a move text.
var whyArgs = map[string]string{
	"no_piece": "s", "not_your_piece": "gsdd", "face_down": "s", "frozen": "gs", "held": "gs",
	"own_piece": "sg", "zone_from": "gz", "zone_to": "gz", "blocked": "gws", "no_capture_that_way": "g",
	"path_blocked": "s", "capture_only": "g", "screens": "gnn", "uncapturable": "s", "no_such_move": "g",
	"special_in_check": "t", "special_not_now": "t",
	"off_board": "", "same_point": "", "facing": "", "check_unanswered": "", "self_check": "",
	"no_point": "t", "not_now": "", "promote_to": "ggtt", "ambiguous": "t",
	"no_hand_piece": "g", "drop_occupied": "s", "drop_not_here": "gs",
	// WXF and Chinese notation that names no piece or no move (rules/xqnotation.go).
	"xq_none_on_file": "gn", "xq_no_middle_file": "gn", "xq_no_middle": "g", "xq_no_ordinal_file": "ngn",
	"xq_no_ordinal": "ng", "xq_no_pair_file": "gn", "xq_no_pair": "g", "xq_cannot": "gs", "xq_none_can": "g",
	// The arbiter of repetitions (rules/arbiter.go).
	"repeat_check": "", "repeat_chase_u": "gs", "repeat_chase_r": "gsgs",
	"rep.second_free": "", "rep.draw_free": "", "rep.draw_mutual_check": "", "rep.draw_mutual_chase": "",
	"rep.second_check": "d", "rep.second_chase_u": "dgs", "rep.second_chase_r": "dgsgs",
	"rep.must_change_check": "d", "rep.must_change_chase_u": "dgs", "rep.must_change_chase_r": "dgsgs",
	"rep.lost_check": "d", "rep.lost_chase_u": "dgs", "rep.lost_chase_r": "dgsgs",
}

// Notice is an announcement of the arbiter of repetitions in lang; like a
// refusal, it holds only public facts.
func (c *Catalog) Notice(l Lang, v *rules.Variant, n *rules.Notice) string {
	return c.Why(l, v, &rules.IllegalMoveError{Reason: n.Text, Key: n.Key, Args: n.Args})
}

// Why is a refusal of the rules in lang. English chats, and reasons a variant's
// hook wrote (no key), get the rules' own words; the rules give only public
// facts (pieces as the public sees them), so a translation cannot leak either.
func (c *Catalog) Why(l Lang, v *rules.Variant, ie *rules.IllegalMoveError) string {
	if !ie.Texts.IsZero() {
		return ie.Texts.Or(string(l)) // a module's reason, in every language
	}
	kinds, ok := whyArgs[ie.Key]
	if l == En || !ok || len(kinds) != len(ie.Args) {
		return ie.Reason
	}
	return c.T(l, "why."+ie.Key, c.args(l, v, ie.Key, kinds, ie.Args)...)
}

// args puts the arguments of the rules' key in lang, by their kinds (whyArgs,
// fenArgs): d a side, g a piece glyph, p a piece glyph said as a count of that
// piece, k the variant's pieces, z a zone, w a blocking point; anything else
// as it is.
func (c *Catalog) args(l Lang, v *rules.Variant, key, kinds string, raw []string) []any {
	args := make([]any, len(raw))
	for i, a := range raw {
		switch kinds[i] {
		case 'd':
			args[i] = c.sideArg(l, v, a)
		case 'g':
			args[i] = c.pieceName(l, v, a, false)
		case 'p':
			args[i] = c.pieceName(l, v, a, true)
		case 'k':
			args[i] = c.kindList(l, v)
		case 'z':
			fallback := a
			if t, ok := v.Board.ZoneTexts[a]; ok {
				fallback = t.Or(string(l))
			}
			args[i] = c.TryT(l, "why."+key+"."+a, fallback)
		case 'w':
			args[i] = c.TryT(l, "why.block."+a, a)
		default:
			args[i] = a
		}
	}
	return args
}

// sideArg names the side an argument of the rules gives as "red" or "black".
func (c *Catalog) sideArg(l Lang, v *rules.Variant, a string) string {
	if a == rules.Black.String() {
		return c.SideName(l, v, rules.Black)
	}
	return c.SideName(l, v, rules.Red)
}

// Glyph is a piece's character in lang's script ("" is a face-down piece).
func (c *Catalog) Glyph(l Lang, v *rules.Variant, g string) string {
	if g == "" {
		return c.T(l, "why.piece_face_down")
	}
	if l == ZhHans {
		if k, s := kindOfGlyph(v, g); k != nil {
			return k.GlyphIn(s, true)
		}
	}
	return g
}
