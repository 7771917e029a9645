package bot

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

// repetitionNotice is an announcement of the arbiter of repetitions in the chat's
// language; like a refusal, it holds only public facts.
func (q *request) repetitionNotice(v *rules.Variant, n *rules.Notice) string {
	return q.why(v, &rules.IllegalMoveError{Reason: n.Text, Key: n.Key, Args: n.Args})
}

// why is a refusal in the chat's language. English chats, and reasons a variant's
// hook wrote (no key), get the rules' own words; the rules give only public facts
// (pieces as the public sees them), so a translation cannot leak either.
func (q *request) why(v *rules.Variant, ie *rules.IllegalMoveError) string {
	if !ie.Texts.IsZero() {
		return ie.Texts.Or(string(q.lang)) // a module's reason, in every language
	}
	kinds, ok := whyArgs[ie.Key]
	if q.lang == En || !ok || len(kinds) != len(ie.Args) {
		return ie.Reason
	}
	args := make([]any, len(ie.Args))
	for i, a := range ie.Args {
		switch kinds[i] {
		case 'g':
			args[i] = q.glyph(v, a)
		case 'd':
			side := rules.Red
			if a == rules.Black.String() {
				side = rules.Black
			}
			args[i] = sideName(q.lang, v, side)
		case 'z':
			fallback := a
			if t, ok := v.Board.ZoneTexts[a]; ok {
				fallback = t.Or(string(q.lang))
			}
			args[i] = q.tryT("why."+ie.Key+"."+a, fallback)
		case 'w':
			args[i] = q.tryT("why.block."+a, a)
		default:
			args[i] = a
		}
	}
	return T(q.lang, "why."+ie.Key, args...)
}

// glyph is a piece's character in the chat's script ("" is a face-down piece).
func (q *request) glyph(v *rules.Variant, g string) string {
	if g == "" {
		return T(q.lang, "why.piece_face_down")
	}
	if q.lang == ZhHans {
		for _, k := range v.Kinds {
			for s, tg := range k.Glyph {
				if tg == g && k.Simple[s] != "" {
					return k.Simple[s]
				}
			}
		}
	}
	return g
}

// tryT is the catalog text of key, or fallback when the catalog has none.
func (q *request) tryT(key, fallback string) string {
	if !texts.Has(key) {
		return fallback
	}
	return T(q.lang, key)
}
