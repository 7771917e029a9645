package variants

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// The Thirty-Six Stratagems series (三十六計系列象棋, docs/variants/stratagems.md):
// standard xiangqi plus one or two added pieces a side, each a stratagem piece
// built as a kind and rule modules of its own. The named games and the custom
// games (`/new sanshiliuji A [B]`) are derived from the piece table below, so the
// second part of the series (pieces 19–36) adds entries to stratagemPieces and
// nothing else: the pair tables, the options and the named games follow.

// SanshiliujiSlug is the base of the custom games: xiangqi that takes one or two
// stratagem pieces as options (`/new sanshiliuji JE DI`).
const SanshiliujiSlug = "sanshiliuji"

// stratPiece is one stratagem piece: its identity and, when it is built, its
// kind's atoms and its rule modules.
type stratPiece struct {
	no        int
	code      string    // two-letter code, unique across the series: "MA"
	stratagem string    // the stratagem: 瞞天過海
	glyph     [2]string // face, traditional and simplified: 瞞, 瞒
	name      string    // English name of the piece: "deceiver"
	value     int
	// atoms are the piece's movement, as Red sees it; nil for a piece not built yet.
	atoms []rules.Atom
	// modules returns the piece's rule modules for a game where it has letter
	// (X or Y); the modules find their kind by that letter in Init.
	modules func(letter byte) []rules.Module
	guide   rules.Texts
}

// built reports whether the piece's rules exist in this build.
func (sp *stratPiece) built() bool { return sp.atoms != nil }

// face is the piece's face in every language (simplified in simplified
// Chinese), for say.
func (sp *stratPiece) face() rules.Texts {
	return rules.Texts{En: sp.glyph[0], Hant: sp.glyph[0], Hans: sp.glyph[1]}
}

// kind is the piece's kind in a game where it is written letter.
func (sp *stratPiece) kind(letter byte) rules.Kind {
	return rules.Kind{
		// Its FEN letter is its WXF letter and its glyph its Chinese name, so
		// `X7+5` and `瞞七進五` read and write like any piece's move (a move
		// the notation cannot name unambiguously is written in coordinates).
		Letter: letter, WXF: letter, Name: sp.name, Glyph: [2]string{sp.glyph[0], sp.glyph[0]}, Simple: [2]string{sp.glyph[1], sp.glyph[1]},
		Value: sp.value, Mating: true, Max: 1, Atoms: append([]rules.Atom(nil), sp.atoms...),
	}
}

// stratNamed is one named game of the series (stratagems.md §5).
type stratNamed struct {
	slug, name, nameZh string
	x, y               string // codes of the pieces on c1/c8 and g1/g8
}

// stratagemGames are the 18 named games. Only those whose two pieces are built
// are registered.
var stratagemGames = []stratNamed{
	{"zhanju", "Zhanju", "戰局象棋", "JE", "DI"},
	{"zhandou", "Zhandou", "戰鬥象棋", "YI", "WE"},
	{"zhanli", "Zhanli", "戰例象棋", "ME", "FA"},
	{"zhanguo", "Zhanguo", "戰國象棋", "SE", "WU"},
	{"zhanshu", "Zhanshu", "戰術象棋", "QI", "HU"},
	{"zhanshi", "Zhanshi", "戰事象棋", "XI", "JA"},
	{"zhanchang", "Zhanchang", "戰場象棋", "YU", "QN"},
	{"zhanfa", "Zhanfa", "戰法象棋", "KO", "KU"},
	{"zhanzheng", "Zhanzheng", "戰爭象棋", "MA", "DO"},
	{"zhanhuo", "Zhanhuo", "戰火象棋", "CE", "GE"},
	{"zhanyi", "Zhanyi", "戰役象棋", "AN", "PA"},
	{"zhance", "Zhance", "戰策象棋", "LI", "DA"},
	{"zhanguo-spoils", "Zhanguo (spoils)", "戰果象棋", "FU", "LA"},
	{"zhanbei", "Zhanbei", "戰備象棋", "QO", "ZO"},
	{"zhanzhen", "Zhanzhen", "戰陣象棋", "GU", "SA"},
	{"zhanlue", "Zhanlue", "戰略象棋", "YA", "GO"},
	{"zhanbao", "Zhanbao", "戰報象棋", "ZU", "ZI"},
	{"zhanji", "Zhanji", "戰績象棋", "SU", "ZH"},
}

// stratagemPiece returns the piece of a two-letter code or a stratagem number
// (1–36), case-insensitive.
func stratagemPiece(word string) (*stratPiece, bool) {
	w := strings.ToUpper(strings.TrimSpace(word))
	n, err := strconv.Atoi(w)
	for _, sp := range stratagemPieces() {
		if sp.code == w || (err == nil && sp.no == n) {
			return sp, true
		}
	}
	return nil, false
}

// stratagemPieces lists every stratagem piece this build knows, built or not,
// in the order of their numbers.
func stratagemPieces() []*stratPiece {
	all := stratagemPieces01to18()
	all = append(all, stratagemPiecesPart2a()...)
	all = append(all, stratagemPiecesPart2b()...)
	sort.Slice(all, func(i, j int) bool { return all[i].no < all[j].no })
	return all
}

// stratagemBase is the base of the custom games: xiangqi under its own slug,
// which takes its pieces as options.
func stratagemBase() *rules.Variant {
	v := Xiangqi()
	v.Slug = SanshiliujiSlug
	v.Name = "Thirty-Six Stratagems (custom)"
	v.NameZh = "三十六計象棋"
	v.Summary = "Xiangqi plus one or two stratagem pieces a side, by agreement: `/new sanshiliuji JE DI` " +
		"(two-letter codes or numbers 1–36; the first starts on c1/c8, the second on g1/g8)."
	return v
}

// stratagemVariant derives xiangqi with the given pieces: the first is X on
// c1/c8, the second Y on g1/g8.
func stratagemVariant(slug, name, nameZh string, pieces ...*stratPiece) (*rules.Variant, error) {
	d := rules.Delta{Slug: slug, Name: name, NameZh: nameZh, Place: map[byte][]string{}}
	var codes, summary []string
	en, hant, hans := []string{}, []string{}, []string{}
	for i, sp := range pieces {
		if !sp.built() {
			return nil, sayErr("strat.not_built", sp.face(), sp.code)
		}
		letter := byte('X' + i)
		d.Kinds = append(d.Kinds, sp.kind(letter))
		d.Modules = append(d.Modules, sp.modules(letter)...)
		pts := [2]string{"c1", "c8"}
		if i == 1 {
			pts = [2]string{"g1", "g8"}
		}
		d.Place[letter] = []string{pts[0]}
		d.Place[letter+'a'-'A'] = []string{pts[1]}
		codes = append(codes, sp.code)
		summary = append(summary, fmt.Sprintf("%s %s (%s, %s) on %s/%s", sp.glyph[0], sp.name, sp.code, sp.stratagem, pts[0], pts[1]))
		en = append(en, fmt.Sprintf("%c = %s", letter, sp.guide.En))
		hant = append(hant, fmt.Sprintf("%c = %s", letter, sp.guide.Hant))
		hans = append(hans, fmt.Sprintf("%c = %s", letter, sp.guide.Hans))
	}
	// The kill windows (05, 09) read the position every other module's effects
	// left, so they come last.
	var late []rules.Module
	keep := d.Modules[:0]
	for _, m := range d.Modules {
		if _, ok := m.(*window); ok {
			late = append(late, m)
		} else {
			keep = append(keep, m)
		}
	}
	d.Modules = append(append(keep, late...), stratEffects{})
	d.Summary = "Xiangqi with stratagem pieces (三十六計): " + strings.Join(summary, "; ") + "."
	intro := rules.Texts{
		En:   "Standard xiangqi plus one piece a side for each stratagem (codes " + strings.Join(codes, " ") + "); all xiangqi rules hold.",
		Hant: "標準象棋，雙方各加每個計名一枚棋（代號 " + strings.Join(codes, " ") + "）；象棋規則照舊。",
		Hans: "标准象棋，双方各加每个计名一枚棋（代号 " + strings.Join(codes, " ") + "）；象棋规则照旧。",
	}
	d.Guide = rules.Texts{
		En:   intro.En + "\n" + strings.Join(en, "\n"),
		Hant: intro.Hant + "\n" + strings.Join(hant, "\n"),
		Hans: intro.Hans + "\n" + strings.Join(hans, "\n"),
	}
	v, err := rules.Derive(stratagemBase(), d)
	if err != nil {
		return nil, fmt.Errorf("stratagems %s: %w", strings.Join(codes, " "), err)
	}
	return v, nil
}

// stratagemBuilders returns the named games whose pieces are built.
func stratagemBuilders() []Builder {
	out := []Builder{stratagemBase}
	for _, g := range stratagemGames {
		x, _ := stratagemPiece(g.x)
		y, _ := stratagemPiece(g.y)
		if !x.built() || !y.built() {
			continue
		}
		out = append(out, func() *rules.Variant {
			v, err := stratagemVariant(g.slug, g.name, g.nameZh, x, y)
			if err != nil {
				panic(err) // a programming error the registry tests catch
			}
			return v
		})
	}
	return out
}

// stratagemCodesOf returns the codes of the stratagem pieces of v, in order
// (X then Y), read from its kinds.
func stratagemCodesOf(v *rules.Variant) []string {
	var out []string
	for _, letter := range []byte{'X', 'Y'} {
		k := v.KindByLetter(letter)
		if k < 0 {
			continue
		}
		for _, sp := range stratagemPieces() {
			if sp.built() && sp.name == v.Kinds[k].Name && sp.glyph[0] == v.Kinds[k].Glyph[0] {
				out = append(out, sp.code)
			}
		}
	}
	return out
}

// stratagemOptions are the piece options of the custom games: one per code,
// with the stratagem numbers as aliases.
func stratagemOptions() []Option {
	var out []Option
	for _, sp := range stratagemPieces() {
		if !sp.built() {
			continue
		}
		sp := sp
		out = append(out, Option{
			Name:    strings.ToLower(sp.code),
			Summary: fmt.Sprintf("stratagem piece %02d %s (%s) for `/new sanshiliuji`", sp.no, sp.glyph[0], sp.stratagem),
			NameZh:  sp.glyph[0] + "（" + sp.stratagem + "）",
			Guide:   sp.guide,
			Apply: func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) {
				return addStratagem(base, sp)
			},
		})
	}
	return out
}

// stratagemAliases maps the stratagem numbers to the codes' options.
func stratagemAliases() map[string]string {
	out := map[string]string{}
	for _, sp := range stratagemPieces() {
		if !sp.built() {
			continue
		}
		out[strconv.Itoa(sp.no)] = strings.ToLower(sp.code)
		out[fmt.Sprintf("%02d", sp.no)] = strings.ToLower(sp.code)
	}
	return out
}

// addStratagem adds one piece to the custom base or to a custom game of one
// piece. A pair that is a named game in that order becomes the named game.
func addStratagem(base *rules.Variant, sp *stratPiece) (*rules.Variant, error) {
	have := stratagemCodesOf(base)
	if base.Slug != SanshiliujiSlug && len(have) == 0 {
		return nil, sayErr("strat.option_base", SanshiliujiSlug, sp.code, base.Slug)
	}
	if len(have) >= 2 {
		return nil, sayErr("strat.option_three")
	}
	for _, c := range have {
		if c == sp.code {
			return nil, sayErr("strat.option_twice", sp.code)
		}
	}
	var pieces []*stratPiece
	for _, c := range have {
		p, _ := stratagemPiece(c)
		pieces = append(pieces, p)
	}
	pieces = append(pieces, sp)
	codes := append(have, sp.code)
	if len(codes) == 2 {
		for _, g := range stratagemGames {
			if g.x == codes[0] && g.y == codes[1] {
				return stratagemVariant(g.slug, g.name, g.nameZh, pieces...)
			}
		}
	}
	slug := SanshiliujiSlug + "-" + strings.ToLower(strings.Join(codes, "-"))
	var names []string
	for _, p := range pieces {
		names = append(names, p.glyph[0])
	}
	return stratagemVariant(slug, "Thirty-Six Stratagems: "+strings.Join(codes, " "), "三十六計象棋（"+strings.Join(names, "、")+"）", pieces...)
}
