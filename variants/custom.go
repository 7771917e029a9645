package variants

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/chuhe/chuhe/rules"
)

// Players' own pieces (issue 14; seed 001 rules 4-5): `/new xiangqi
// piece=Q后:R+N@c1` adds, for both sides, a piece with the FEN letter Q, drawn
// with the character 后, moving as a chariot plus a knight, starting on c1 (Black
// on the mirrored point). The movement is written in a Betza-like form and
// becomes the core's atoms (leaps with blocking points, rides, hops):
//
//	W F D A N H C Z G   leaps of (1,0) (1,1) (2,0) (2,2) (1,2) (3,0) (1,3) (2,3) (3,3)
//	K                   W and F (one step in any of the 8 directions)
//	R B Q               rides: orthogonal, diagonal, both; a number limits them (R2)
//	in front:           m move only, c capture only, n blocked (lame) leap as the
//	                    xiangqi horse and elephant (nN is the horse, nA the
//	                    elephant), p capture by jumping one piece (mRpR is the
//	                    cannon), f b s v forward, backward, sideways, vertical only
//
// Parts are joined by + or written one after the other (mRpR). Several pieces:
// piece=Q:R+N@c1;Y:K@b0,h0.

// CustomPieceOption is the `piece=` option. Its /rules text is the option's
// guide followed by what the given definitions made, in every language
// (GuideFor), so a Chinese chat reads the pieces in Chinese.
func CustomPieceOption() Option {
	return Option{
		Name: "piece",
		Summary: "players' own pieces: `piece=Q后:R+N@c1` gives both sides a piece with letter Q and character 后 that " +
			"moves like a chariot plus a knight (Betza-like: W F D A N H C Z G leaps, K, R B Q rides; m c n p f b s v " +
			"in front), starting on c1 (Black mirrored); several with ;",
		Guide:    houseGuides["piece"],
		GuideFor: customPieceGuide,
		Params:   []string{"piece"},
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			return applyCustomPieces(base, params["piece"])
		},
	}
}

// customPieceGuide is the option's guide and, on its own line, the pieces of v.
func customPieceGuide(v *rules.Variant) rules.Texts {
	c, ok := v.Module("piece").(*customPieces)
	if !ok {
		return rules.Texts{}
	}
	g, mine := houseGuides["piece"], c.GuideTexts()
	return rules.Texts{En: g.En + "\n" + mine.En, Hant: g.Hant + "\n" + mine.Hant, Hans: g.Hans + "\n" + mine.Hans}
}

// customPiece is one parsed definition.
type customPiece struct {
	text    string // as written, for errors and /rules
	letter  byte
	glyph   string
	moves   string
	points  []string // Red's start points
	atoms   []rules.Atom
	explain []rules.Texts // one phrase per part
}

// customPieces is the module: it explains the pieces for /rules.
type customPieces struct{ pieces []customPiece }

func (*customPieces) ModuleName() string { return "piece" }

// Guide is the English of GuideTexts (the variant's summary).
func (c *customPieces) Guide() string { return c.GuideTexts().En }

// GuideTexts explains every piece: where it starts and how it moves.
func (c *customPieces) GuideTexts() rules.Texts {
	var parts []rules.Texts
	for _, p := range c.pieces {
		explain := joinTexts("custom.sep_part", p.explain)
		where := strings.Join(p.points, " ")
		if p.glyph == string(p.letter) {
			parts = append(parts, say("custom.guide_letter", string(p.letter), where, p.moves, explain))
			continue
		}
		parts = append(parts, say("custom.guide_piece", string(p.letter), p.glyph, where, p.moves, explain))
	}
	return say("custom.guide", joinTexts("custom.sep_piece", parts))
}

// problem is the texts of a TextError (English only for any other error).
func problem(err error) rules.Texts {
	if te := (*rules.TextError)(nil); errors.As(err, &te) {
		return te.Texts
	}
	return rules.Texts{En: err.Error()}
}

func applyCustomPieces(base *rules.Variant, text string) (*rules.Variant, error) {
	if base.HasModule("piece") {
		return nil, sayErr("custom.one_option")
	}
	if base.Board.Cells {
		return nil, sayErr("custom.cells", base.Slug)
	}
	if strings.TrimSpace(text) == "" {
		return nil, sayErr("custom.empty")
	}
	start, err := rules.NewPosition(base, base.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("piece: start position of %s: %w", base.Slug, err)
	}
	var defs []customPiece
	place := map[byte][]string{}
	used := map[rules.Square]bool{}
	var kinds []rules.Kind
	for _, one := range strings.Split(text, ";") {
		d, err := parseCustomPiece(base.Board, strings.TrimSpace(one))
		if err != nil {
			return nil, err
		}
		if err := letterFree(base, defs, d); err != nil {
			return nil, err
		}
		defs = append(defs, d)
		mating := false
		for _, a := range d.atoms {
			mating = mating || a.Mode != rules.MoveOnly
		}
		kinds = append(kinds, rules.Kind{Letter: d.letter, Name: "piece " + string(d.letter), BlockWord: "leg",
			Glyph: [2]string{d.glyph, d.glyph}, Simple: [2]string{d.glyph, d.glyph}, Atoms: d.atoms,
			Value: 5, Mating: mating, Max: len(d.points)})
		b := base.Board
		for _, n := range d.points {
			sq, _ := b.Parse(n)
			mirror := b.Mirror(sq)
			if !start.At(sq).Empty() || !start.At(mirror).Empty() || used[sq] {
				return nil, sayErr("custom.occupied", d.text, n, b.Name(mirror))
			}
			used[sq], used[mirror] = true, true
			place[d.letter] = append(place[d.letter], n)
			place[d.letter+'a'-'A'] = append(place[d.letter+'a'-'A'], b.Name(mirror))
		}
	}
	var letters []string
	for _, d := range defs {
		letters = append(letters, d.text)
	}
	title := base.Name + " with players' pieces"
	if strings.Contains(base.Name, " with ") {
		title = base.Name + " and players' pieces"
	}
	v, err := rules.Derive(base, rules.Delta{
		Slug: base.Slug + "+piece=" + strings.Join(letters, ";"), Name: title,
		Kinds: kinds, Place: place, Modules: []rules.Module{&customPieces{pieces: defs}},
	})
	if err != nil {
		var fe *rules.FENError
		if errors.As(err, &fe) && fe.Key == "in_check" {
			return nil, sayErr("custom.general_attacked", text)
		}
		// The checks above leave no reason a player can mend; the English
		// detail is for the log.
		return nil, fmt.Errorf("%w (%w)", sayErr("custom.not_valid", text), err)
	}
	return v, playable(v, text)
}

// letterFree refuses d's letter when a piece of the game or an earlier
// definition has it.
func letterFree(base *rules.Variant, defs []customPiece, d customPiece) error {
	letter := string(d.letter)
	if d.letter == 'X' {
		return sayErr("custom.letter_facedown", d.text, letter)
	}
	for i := range base.Kinds {
		if k := &base.Kinds[i]; k.Letter == d.letter {
			return sayErr("custom.letter_kind", d.text, letter, pieceText(k, rules.Red))
		}
	}
	for _, e := range defs {
		if e.letter == d.letter {
			return sayErr("custom.letter_again", d.text, letter)
		}
	}
	return nil
}

// playable refuses a start position that cannot be played: a general attacked
// at once, or no legal first move.
func playable(v *rules.Variant, text string) error {
	p, err := rules.NewPosition(v, v.StartFEN)
	if err != nil {
		var fe *rules.FENError
		if errors.As(err, &fe) && fe.Key == "in_check" {
			return sayErr("custom.general_attacked", text)
		}
		return fmt.Errorf("%w (%w)", sayErr("custom.not_valid", text), err)
	}
	for s := rules.Red; s <= rules.Black; s++ {
		if len(p.CheckedRoyals(s)) > 0 {
			return sayErr("custom.general_attacked", text)
		}
	}
	if !p.HasLegalMove() {
		return sayErr("custom.no_first_move", text)
	}
	return nil
}

// parseCustomPiece reads one definition `Q后:R+N@c1,g1`.
func parseCustomPiece(b *rules.Board, text string) (customPiece, error) {
	d := customPiece{text: text}
	bad := func(key string, args ...any) (customPiece, error) {
		return customPiece{}, sayErr(key, append([]any{text}, args...)...)
	}
	head, rest, ok := strings.Cut(text, ":")
	if !ok {
		return bad("custom.syntax")
	}
	moves, points, ok := strings.Cut(rest, "@")
	if !ok || strings.TrimSpace(points) == "" {
		return bad("custom.no_points", head+":"+moves)
	}
	r, size := utf8.DecodeRuneInString(head)
	if r > unicode.MaxASCII || !unicode.IsLetter(r) {
		return bad("custom.bad_letter", head)
	}
	d.letter = byte(unicode.ToUpper(r))
	d.glyph = head[size:]
	if d.glyph == "" {
		d.glyph = string(d.letter)
	}
	if n := utf8.RuneCountInString(d.glyph); n != 1 || strings.ContainsAny(d.glyph, ":@;+ ") {
		return bad("custom.bad_glyph", d.glyph)
	}
	d.moves = moves
	var err error
	if d.atoms, d.explain, err = parseBetza(moves); err != nil {
		return bad("custom.in_moves", problem(err))
	}
	seen := map[string]bool{}
	for _, n := range strings.Split(points, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		sq, ok := b.Parse(n)
		if !ok || sq >= rules.Square(b.Width*b.Height) {
			return bad("custom.bad_point", n)
		}
		if _, r, _ := b.Coords(sq); r >= b.Height/2 {
			return bad("custom.black_half", n)
		}
		if seen[n] {
			return bad("custom.point_twice", n)
		}
		seen[n] = true
		d.points = append(d.points, n)
	}
	return d, nil
}

// betzaLeaps are the leapers by letter.
var betzaLeaps = map[byte][2]int{'W': {1, 0}, 'F': {1, 1}, 'D': {2, 0}, 'A': {2, 2}, 'N': {1, 2}, 'H': {3, 0}, 'C': {1, 3}, 'Z': {2, 3}, 'G': {3, 3}}

// parseBetza turns a movement into atoms and a phrase per part.
func parseBetza(s string) ([]rules.Atom, []rules.Texts, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil, sayErr("custom.no_movement", say("custom.letters"))
	}
	var atoms []rules.Atom
	var explain []rules.Texts
	i := 0
	for i < len(s) {
		if s[i] == '+' || s[i] == ' ' {
			i++
			continue
		}
		start := i
		var mods string
		for i < len(s) && strings.IndexByte("mcnpfbsv", s[i]) >= 0 {
			mods += string(s[i])
			i++
		}
		if i >= len(s) {
			return nil, nil, sayErr("custom.dangling", s[start:], s, say("custom.letters"))
		}
		letter := s[i]
		i++
		rng := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			rng = rng*10 + int(s[i]-'0')
			i++
		}
		part := s[start:i]
		a, why, err := betzaPart(mods, letter, rng)
		if err != nil && part == s {
			return nil, nil, sayErr("custom.in_code", part, problem(err))
		}
		if err != nil {
			return nil, nil, sayErr("custom.in_part", part, s, problem(err))
		}
		atoms = append(atoms, a...)
		explain = append(explain, say("custom.part", part, why))
	}
	if len(atoms) == 0 {
		return nil, nil, sayErr("custom.no_move", s, say("custom.letters"))
	}
	return atoms, explain, nil
}

// betzaPart builds the atoms of one part: modifiers, a letter, a range; and
// says what they do.
func betzaPart(mods string, letter byte, rng int) ([]rules.Atom, rules.Texts, error) {
	var none rules.Texts
	mode, modeKey := rules.MoveOrCapture, "custom.mode_both"
	switch {
	case strings.Contains(mods, "m") && strings.Contains(mods, "c"):
		return nil, none, sayErr("custom.m_and_c")
	case strings.Contains(mods, "m"):
		mode, modeKey = rules.MoveOnly, "custom.mode_move"
	case strings.Contains(mods, "c"):
		mode, modeKey = rules.CaptureOnly, "custom.mode_capture"
	}
	modeWord := say(modeKey)
	lame, hop := strings.Contains(mods, "n"), strings.Contains(mods, "p")
	keep := func(d [2]int) bool {
		if !strings.ContainsAny(mods, "fbsv") {
			return true
		}
		return (strings.ContainsAny(mods, "fv") && d[1] > 0) || (strings.ContainsAny(mods, "bv") && d[1] < 0) ||
			(strings.Contains(mods, "s") && d[1] == 0)
	}
	var dirWord rules.Texts
	if strings.ContainsAny(mods, "fbsv") {
		var ways []rules.Texts
		for _, m := range []struct {
			letter string
			way    rules.Texts
		}{{"f", say("custom.dir_f")}, {"b", say("custom.dir_b")}, {"s", say("custom.dir_s")}, {"v", say("custom.dir_v")}} {
			if strings.Contains(mods, m.letter) {
				ways = append(ways, m.way)
			}
		}
		dirWord = say("custom.dirs", joinTexts("custom.sep_dir", ways))
	}
	var dirs [][2]int
	var atoms []rules.Atom
	switch letter {
	case 'R', 'B', 'Q':
		if lame {
			return nil, none, sayErr("custom.n_on_ride")
		}
		if letter != 'B' {
			dirs = append(dirs, rules.Dirs4...)
		}
		if letter != 'R' {
			dirs = append(dirs, rules.Diag4...)
		}
		var kept [][2]int
		for _, d := range dirs {
			if keep(d) {
				kept = append(kept, d)
			}
		}
		if len(kept) == 0 {
			return nil, none, sayErr("custom.no_direction")
		}
		line := say("custom.line_q")
		switch letter {
		case 'R':
			line = say("custom.line_r")
		case 'B':
			line = say("custom.line_b")
		}
		far := say("custom.far_any")
		if rng > 0 {
			far = say("custom.far_up_to", rng)
		}
		if hop {
			if mode == rules.MoveOnly {
				return nil, none, sayErr("custom.p_with_m")
			}
			for _, a := range rules.Hops(kept, 1) {
				a.Range = rng
				atoms = append(atoms, a)
			}
			return atoms, say("custom.hop", line, dirWord), nil
		}
		return rules.Rides(kept, mode, rng), say("custom.ride", modeWord, line, far, dirWord), nil
	case 'K':
		if lame || hop || rng > 0 {
			return nil, none, sayErr("custom.k_extras")
		}
		for _, d := range append(append([][2]int{}, rules.Dirs4...), rules.Diag4...) {
			if keep(d) {
				dirs = append(dirs, d)
			}
		}
		if len(dirs) == 0 {
			return nil, none, sayErr("custom.no_direction")
		}
		return rules.Steps(dirs, mode), say("custom.king_step", modeWord, dirWord), nil
	}
	ab, ok := betzaLeaps[letter]
	if !ok {
		return nil, none, sayErr("custom.not_letter", string(letter), say("custom.letters"))
	}
	if hop || rng > 0 {
		return nil, none, sayErr("custom.leap_extras", string(letter))
	}
	seen := map[[2]int]bool{}
	for _, sf := range []int{1, -1} {
		for _, sr := range []int{1, -1} {
			for _, d := range [][2]int{{ab[0] * sf, ab[1] * sr}, {ab[1] * sf, ab[0] * sr}} {
				if seen[d] || !keep(d) {
					continue
				}
				seen[d] = true
				at := rules.Atom{Kind: rules.Leap, DF: d[0], DR: d[1], Mode: mode}
				if lame {
					at.Blocks = lameBlocks(d)
					if at.Blocks == nil {
						return nil, none, sayErr("custom.not_lame", string(letter))
					}
				}
				atoms = append(atoms, at)
			}
		}
	}
	if len(atoms) == 0 {
		return nil, none, sayErr("custom.no_direction")
	}
	return atoms, say("custom.leap", modeWord, leapText(letter, ab, lame), dirWord), nil
}

// leapText says how a leap of ab goes, and whether it can be blocked.
func leapText(letter byte, ab [2]int, lame bool) rules.Texts {
	if ab == [2]int{1, 0} || ab == [2]int{1, 1} {
		// A step has nothing to leap over.
		if letter == 'W' {
			return say("custom.step_w")
		}
		return say("custom.step_f")
	}
	way := "custom.over"
	if lame {
		way = "custom.blocked"
	}
	switch {
	case ab[0] == 0 || ab[1] == 0:
		return say("custom.leap_straight", max(ab[0], ab[1]), say(way))
	case ab == [2]int{1, 2}:
		return say("custom.leap_horse", say(way))
	case ab == [2]int{2, 2}:
		return say("custom.leap_elephant", say(way))
	case ab[0] == ab[1]:
		return say("custom.leap_diagonal", ab[0], say(way))
	}
	return say("custom.leap_oblique", ab[0], ab[1], say(way))
}

// lameBlocks are the blocking points of a lame leap: the horse's leg for
// (1,2), the points passed for straight and diagonal leaps; nil for the others.
func lameBlocks(d [2]int) [][2]int {
	ax, ay := abs(d[0]), abs(d[1])
	sx, sy := sign(d[0]), sign(d[1])
	switch {
	case ax == 0 || ay == 0 || ax == ay:
		n := max(ax, ay)
		var out [][2]int
		for i := 1; i < n; i++ {
			out = append(out, [2]int{sx * i, sy * i})
		}
		if len(out) == 0 {
			return nil
		}
		return out
	case ax == 1 && ay == 2:
		return [][2]int{{0, sy}}
	case ax == 2 && ay == 1:
		return [][2]int{{sx, 0}}
	}
	return nil
}
