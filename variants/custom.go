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

// CustomPieceOption is the `piece=` option.
func CustomPieceOption() Option {
	return Option{
		Name: "piece",
		Summary: "players' own pieces: `piece=Q后:R+N@c1` gives both sides a piece with letter Q and character 后 that " +
			"moves like a chariot plus a knight (Betza-like: W F D A N H C Z G leaps, K, R B Q rides; m c n p f b s v " +
			"in front), starting on c1 (Black mirrored); several with ;",
		Guide:    houseGuides["piece"],
		Params:   []string{"piece"},
		Explains: true,
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			return applyCustomPieces(base, params["piece"])
		},
	}
}

// customPiece is one parsed definition.
type customPiece struct {
	text    string // as written, for errors and /rules
	letter  byte
	glyph   string
	moves   string
	points  []string // Red's start points
	atoms   []rules.Atom
	explain []string // one phrase per part
}

// customPieces is the module: it explains the pieces for /rules.
type customPieces struct{ pieces []customPiece }

func (*customPieces) ModuleName() string { return "piece" }

func (c *customPieces) Guide() string {
	var parts []string
	for _, p := range c.pieces {
		parts = append(parts, fmt.Sprintf("%c (%s) starts on %s (Black mirrored) and moves %s: %s",
			p.letter, p.glyph, strings.Join(p.points, " "), p.moves, strings.Join(p.explain, "; ")))
	}
	return "Players' pieces: " + strings.Join(parts, ". ") + "."
}

func applyCustomPieces(base *rules.Variant, text string) (*rules.Variant, error) {
	if base.HasModule("piece") {
		return nil, errors.New("give all your pieces in one piece= (separate them with ;)")
	}
	if base.Board.Cells {
		return nil, fmt.Errorf("players' pieces are for xiangqi-family games; %s is played inside cells", base.Slug)
	}
	if strings.TrimSpace(text) == "" {
		return nil, errors.New("piece= needs a definition, like piece=Q后:R+N@c1")
	}
	taken := map[byte]string{'X': "face-down pieces"}
	for _, k := range base.Kinds {
		taken[k.Letter] = "the " + k.Name
	}
	var defs []customPiece
	place := map[byte][]string{}
	var kinds []rules.Kind
	for _, one := range strings.Split(text, ";") {
		d, err := parseCustomPiece(base.Board, strings.TrimSpace(one))
		if err != nil {
			return nil, err
		}
		if who, ok := taken[d.letter]; ok {
			return nil, fmt.Errorf("piece=%s: the letter %c is %s already; choose another letter", d.text, d.letter, who)
		}
		taken[d.letter] = "another piece of yours"
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
			place[d.letter] = append(place[d.letter], n)
			place[d.letter+'a'-'A'] = append(place[d.letter+'a'-'A'], b.Name(b.Mirror(sq)))
		}
	}
	var letters []string
	for _, d := range defs {
		letters = append(letters, d.text)
	}
	v, err := rules.Derive(base, rules.Delta{
		Slug: base.Slug + "+piece=" + strings.Join(letters, ";"), Name: base.Name + " with players' pieces",
		Kinds: kinds, Place: place, Modules: []rules.Module{&customPieces{pieces: defs}},
	})
	if err != nil {
		var fe *rules.FENError
		if errors.As(err, &fe) && strings.Contains(fe.Reason, "in check") {
			return nil, fmt.Errorf("piece=%s: a general could be taken from the start; place the pieces elsewhere or change their moves", text)
		}
		return nil, fmt.Errorf("piece=%s: %w", text, err)
	}
	return v, playable(v)
}

// playable refuses a start position that cannot be played: a general attacked
// at once, or no legal first move.
func playable(v *rules.Variant) error {
	p, err := rules.NewPosition(v, v.StartFEN)
	if err != nil {
		var fe *rules.FENError
		if errors.As(err, &fe) && strings.Contains(fe.Reason, "in check") {
			return errors.New("with these pieces a general could be taken from the start; place them elsewhere or change their moves")
		}
		return fmt.Errorf("with these pieces the start position is not valid: %w", err)
	}
	for s := rules.Red; s <= rules.Black; s++ {
		if len(p.CheckedRoyals(s)) > 0 {
			return errors.New("with these pieces a general could be taken from the start; place them elsewhere or change their moves")
		}
	}
	if !p.HasLegalMove() {
		return errors.New("with these pieces Red has no legal first move")
	}
	return nil
}

const customLetters = "W F D A N H C Z G (leaps), K (one step any way), R B Q (rides)"

// parseCustomPiece reads one definition `Q后:R+N@c1,g1`.
func parseCustomPiece(b *rules.Board, text string) (customPiece, error) {
	d := customPiece{text: text}
	bad := func(format string, args ...any) (customPiece, error) {
		return customPiece{}, fmt.Errorf("piece=%s: %s", text, fmt.Sprintf(format, args...))
	}
	head, rest, ok := strings.Cut(text, ":")
	if !ok {
		return bad("write a letter, a colon and the moves, then @ and the start points, like Q后:R+N@c1")
	}
	moves, points, ok := strings.Cut(rest, "@")
	if !ok || strings.TrimSpace(points) == "" {
		return bad("say where the piece starts after @, like %s@c1", head+":"+moves)
	}
	r, size := utf8.DecodeRuneInString(head)
	if r > unicode.MaxASCII || !unicode.IsLetter(r) {
		return bad("%q: a piece is named by one letter A-Z first (its FEN letter), then its character if you like: Q后", head)
	}
	d.letter = byte(unicode.ToUpper(r))
	d.glyph = head[size:]
	if d.glyph == "" {
		d.glyph = string(d.letter)
	}
	if n := utf8.RuneCountInString(d.glyph); n != 1 || strings.ContainsAny(d.glyph, ":@;+ ") {
		return bad("%q: the character drawn on the piece is one character, like 后 in Q后", d.glyph)
	}
	d.moves = moves
	var err error
	if d.atoms, d.explain, err = parseBetza(moves); err != nil {
		return bad("%v", err)
	}
	seen := map[string]bool{}
	for _, n := range strings.Split(points, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		sq, ok := b.Parse(n)
		if !ok || sq >= rules.Square(b.Width*b.Height) {
			return bad("%q after @ is not a point of the board (points are named like c1; several: @c1,g1)", n)
		}
		if _, r, _ := b.Coords(sq); r >= b.Height/2 {
			return bad("%s is in Black's half: give Red's start points (Black's are mirrored)", n)
		}
		if seen[n] {
			return bad("%s is named twice", n)
		}
		seen[n] = true
		d.points = append(d.points, n)
	}
	return d, nil
}

// betzaLeaps are the leapers by letter.
var betzaLeaps = map[byte][2]int{'W': {1, 0}, 'F': {1, 1}, 'D': {2, 0}, 'A': {2, 2}, 'N': {1, 2}, 'H': {3, 0}, 'C': {1, 3}, 'Z': {2, 3}, 'G': {3, 3}}

// parseBetza turns a movement into atoms and a phrase per part.
func parseBetza(s string) ([]rules.Atom, []string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil, fmt.Errorf("the piece needs a movement between : and @, like R+N (%s)", customLetters)
	}
	var atoms []rules.Atom
	var explain []string
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
			return nil, nil, fmt.Errorf("%q at the end of %s needs a movement letter after it (%s)", s[start:], s, customLetters)
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
		if err != nil {
			return nil, nil, fmt.Errorf("%q in %s: %v", part, s, err)
		}
		atoms = append(atoms, a...)
		explain = append(explain, part+" "+why)
	}
	if len(atoms) == 0 {
		return nil, nil, fmt.Errorf("%s gives the piece no move (%s)", s, customLetters)
	}
	return atoms, explain, nil
}

// betzaPart builds the atoms of one part: modifiers, a letter, a range.
func betzaPart(mods string, letter byte, rng int) ([]rules.Atom, string, error) {
	mode, modeWord := rules.MoveOrCapture, "moves and captures"
	switch {
	case strings.Contains(mods, "m") && strings.Contains(mods, "c"):
		return nil, "", errors.New("m (move only) and c (capture only) exclude each other")
	case strings.Contains(mods, "m"):
		mode, modeWord = rules.MoveOnly, "moves without capturing"
	case strings.Contains(mods, "c"):
		mode, modeWord = rules.CaptureOnly, "only captures"
	}
	lame, hop := strings.Contains(mods, "n"), strings.Contains(mods, "p")
	keep := func(d [2]int) bool {
		if !strings.ContainsAny(mods, "fbsv") {
			return true
		}
		return (strings.ContainsAny(mods, "fv") && d[1] > 0) || (strings.ContainsAny(mods, "bv") && d[1] < 0) ||
			(strings.Contains(mods, "s") && d[1] == 0)
	}
	dirWord := ""
	if strings.ContainsAny(mods, "fbsv") {
		dirWord = " (" + strings.Map(func(r rune) rune {
			if strings.ContainsRune("fbsv", r) {
				return r
			}
			return -1
		}, mods) + ": " + "f forward, b backward, s sideways, v vertical" + ")"
	}
	var dirs [][2]int
	var atoms []rules.Atom
	switch letter {
	case 'R', 'B', 'Q':
		if lame {
			return nil, "", errors.New("n (blocked leap) goes with a leap letter, not a ride")
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
			return nil, "", errors.New("no direction is left")
		}
		line := map[byte]string{'R': "orthogonally", 'B': "diagonally", 'Q': "orthogonally and diagonally"}[letter]
		far := "any distance"
		if rng > 0 {
			far = fmt.Sprintf("up to %d points", rng)
		}
		if hop {
			if mode == rules.MoveOnly {
				return nil, "", errors.New("p (capture by jumping one piece) cannot go with m (move only)")
			}
			for _, a := range rules.Hops(kept, 1) {
				a.Range = rng
				atoms = append(atoms, a)
			}
			return atoms, "captures " + line + " by jumping exactly one piece, like a cannon" + dirWord, nil
		}
		return rules.Rides(kept, mode, rng), modeWord + " " + line + ", " + far + ", over empty points" + dirWord, nil
	case 'K':
		if lame || hop || rng > 0 {
			return nil, "", errors.New("a K step takes no n, p or number")
		}
		for _, d := range append(append([][2]int{}, rules.Dirs4...), rules.Diag4...) {
			if keep(d) {
				dirs = append(dirs, d)
			}
		}
		if len(dirs) == 0 {
			return nil, "", errors.New("no direction is left")
		}
		return rules.Steps(dirs, mode), modeWord + " one step in any of the 8 directions" + dirWord, nil
	}
	ab, ok := betzaLeaps[letter]
	if !ok {
		return nil, "", fmt.Errorf("%c is no movement letter; use %s", letter, customLetters)
	}
	if hop || rng > 0 {
		return nil, "", fmt.Errorf("%c is a leap; p and a number go with the rides R B Q", letter)
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
						return nil, "", fmt.Errorf("%c cannot be blocked: n goes with N D A H G", letter)
					}
				}
				atoms = append(atoms, at)
			}
		}
	}
	if len(atoms) == 0 {
		return nil, "", errors.New("no direction is left")
	}
	how := fmt.Sprintf("leaps %d and %d points (over anything)", ab[0], ab[1])
	if ab[0] == 0 || ab[1] == 0 {
		how = fmt.Sprintf("leaps %d points straight (over anything)", max(ab[0], ab[1]))
	}
	if ab[0] == ab[1] {
		how = fmt.Sprintf("leaps %d points diagonally (over anything)", ab[0])
	}
	if ab == [2]int{1, 0} || ab == [2]int{1, 1} {
		how = map[byte]string{'W': "steps one point orthogonally", 'F': "steps one point diagonally"}[letter]
	}
	if lame {
		how = strings.Replace(how, "(over anything)", "(blocked by a piece on the way, like the horse's leg)", 1)
	}
	return atoms, modeWord + ": " + how + dirWord, nil
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
