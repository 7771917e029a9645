package variants

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Land-battle xiangqi (陸戰象棋), as rules/luzhan.md says: the mountain board
// with a five-point last-defense line behind each back rank (MountainLinesBoard,
// shared with gongke), eight visible kinds a side, and five hidden pieces a side
// (two bombs 炸彈, two mines 地雷, a flag 軍旗) that each player places secretly
// on their own line. Pieces capture by rank: most kinds may not take a piece
// with too many supporters of its own visibility class (luzhanRule.MayCapture),
// and that limit holds for check too (Variant.FilteredAttacks).
//
// The hidden pieces are kinds that look like the unknown piece U to everybody
// but their owner (Kind.PublicAs), so views, the engine's samples
// (Game.Sample) and the refusals never see more than the viewer may.

// LuzhanStart is the public start (luzhan.md, Pieces): each line holds five
// unknown pieces U; ApplySecrets turns them into the owner's arrangement.
const LuzhanStart = "3uuuuu3/wslqyjyqlsw/11/2t5t2/1g1g1g1g1g1/11/11/1G1G1G1G1G1/2T5T2/11/WSLQYJYQLSW/3UUUUU3 w - - 0 1"

// Kind indexes of luzhan, in the order of luzhanKinds.
const (
	LuzhanArmy      = iota // 軍 J, royal
	LuzhanBattalion        // 營 Y
	LuzhanDivision         // 師 S
	LuzhanBrigade          // 旅 L
	LuzhanRegiment         // 團 T
	LuzhanCompany          // 連 Q
	LuzhanPlatoon          // 排 W
	LuzhanEngineer         // 工兵 G
	LuzhanBomb             // 炸彈 Z, hidden
	LuzhanMine             // 地雷 D, hidden
	LuzhanFlag             // 軍旗 F, hidden
	LuzhanUnknown          // U: a hidden piece as the public sees it
)

// luzhanLimit is each kind's capture limit (luzhan.md, Movement): it may not
// take a piece with that many supporters or more; 0 = no limit.
var luzhanLimit = [...]int{LuzhanDivision: 3, LuzhanBrigade: 3, LuzhanRegiment: 3,
	LuzhanCompany: 2, LuzhanPlatoon: 2, LuzhanEngineer: 2, LuzhanUnknown: 0}

// luzhanHidden reports whether kind k is a hidden piece (or the unknown face).
func luzhanHidden(k int) bool { return k >= LuzhanBomb }

// LuzhanBoard is MountainLinesBoard with the zone of the points from which
// the 軍 steps diagonally: the edge midpoints of each palace, where no drawn
// diagonal runs (luzhan.md D5).
func LuzhanBoard() *rules.Board {
	b := MountainLinesBoard()
	mid := b.SquaresOf("f1", "e2", "g2", "f3")
	b.Zones["palace midpoints"] = rules.Zone{mid, b.MirrorSet(mid)}
	if b.ZoneTexts == nil {
		b.ZoneTexts = map[string]rules.Texts{}
	}
	b.ZoneTexts["palace midpoints"] = say("luzhan.zone_midpoints")
	b.ZoneTexts["advisor points"] = say("luzhan.zone_advisor_points")
	return b
}

func luzhanKinds() []rules.Kind {
	facing := []rules.Atom{ // flying 軍 (luzhan.md D7): a royal-only attack along the file
		{Kind: rules.Ride, DF: 0, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
		{Kind: rules.Ride, DF: 0, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
	}
	twoOrThree := func(dirs [][2]int) []rules.Atom { // the 2nd or 3rd point, passed points empty
		atoms := rules.Rides(dirs, rules.MoveOrCapture, 3)
		for i := range atoms {
			atoms[i].Min = 2
		}
		return atoms
	}
	hidden := func(letter byte, name, glyph, simple string) rules.Kind {
		return rules.Kind{Letter: letter, Name: name, Glyph: [2]string{glyph, glyph}, Simple: [2]string{simple, simple},
			PublicAs: 'U', Value: 2, StandZone: "last line"}
	}
	kinds := []rules.Kind{
		LuzhanArmy: {Letter: 'J', Name: "army", Glyph: [2]string{"軍", "軍"}, Simple: [2]string{"军", "军"}, Royal: true, Max: 1,
			StandZone: "palace", Atoms: rules.Join(
				rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture)),
				rules.FromZone("palace midpoints", rules.InZone("palace", rules.Steps(rules.Diag4, rules.MoveOrCapture))),
				facing)},
		LuzhanBattalion: {Letter: 'Y', Name: "battalion", Glyph: [2]string{"營", "營"}, Simple: [2]string{"营", "营"}, Value: 2, Max: 2,
			StandZone: "palace", Atoms: rules.Join(
				rules.InZone("advisor points", rules.Steps(rules.Diag4, rules.MoveOrCapture)),
				rules.InZone("palace", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture)))},
		LuzhanDivision: {Letter: 'S', Name: "division", Glyph: [2]string{"師", "師"}, Simple: [2]string{"师", "师"}, Value: 9, Mating: true, Max: 2,
			Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0)},
		LuzhanBrigade: {Letter: 'L', Name: "brigade", BlockWord: "leg", Glyph: [2]string{"旅", "旅"}, Simple: [2]string{"旅", "旅"}, Value: 5, Mating: true, Max: 2,
			Atoms: rules.Join(rules.LameLeaps(1, 2, 1, rules.MoveOrCapture), rules.LameLeaps(1, 3, 1, rules.MoveOrCapture))},
		LuzhanRegiment: {Letter: 'T', Name: "regiment", Glyph: [2]string{"團", "團"}, Simple: [2]string{"团", "团"}, Value: 5, Mating: true, Max: 2,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Hops(rules.Dirs4, 1))},
		LuzhanCompany: {Letter: 'Q', Name: "company", Glyph: [2]string{"連", "連"}, Simple: [2]string{"连", "连"}, Value: 3, Mating: true, Max: 2,
			Atoms: twoOrThree(rules.Diag4)},
		LuzhanPlatoon: {Letter: 'W', Name: "platoon", Glyph: [2]string{"排", "排"}, Simple: [2]string{"排", "排"}, Value: 3, Mating: true, Max: 2,
			Atoms: twoOrThree(rules.Dirs4)},
		LuzhanEngineer: {Letter: 'G', Name: "engineer", Glyph: [2]string{"工", "工"}, Simple: [2]string{"工", "工"}, Value: 1, Mating: true, Max: 5,
			Atoms: rules.Join(
				rules.Steps([][2]int{{0, 1}, {1, 0}, {-1, 0}}, rules.MoveOrCapture),
				rules.FromZone("crossed", rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.MoveOrCapture)))},
		LuzhanBomb: hidden('Z', "bomb", "炸", "炸"),
		LuzhanMine: hidden('D', "mine", "雷", "雷"),
		LuzhanFlag: hidden('F', "flag", "旗", "旗"),
		LuzhanUnknown: {Letter: 'U', Name: "hidden piece", Glyph: [2]string{"暗", "暗"}, Simple: [2]string{"暗", "暗"},
			Value: 2, Max: 5, StandZone: "last line"},
	}
	kinds[LuzhanBomb].Max, kinds[LuzhanMine].Max, kinds[LuzhanFlag].Max = 2, 2, 1
	return kinds
}

// Luzhan is Land-battle xiangqi (陸戰象棋). Its StartFEN is the public start; a
// game starts from ApplySecrets.
func Luzhan() *rules.Variant {
	b := LuzhanBoard()
	return &rules.Variant{
		Slug:   "luzhan",
		Name:   "Land-battle xiangqi",
		NameZh: "陸戰象棋",
		Summary: "Army chess on the mountain board (11 files, a4-a7 one step) with a last-defense line behind each back " +
			"rank (d0-h0, d11-h11). Before the game each player secretly places 2 bombs, 2 mines and a flag on their " +
			"line (`/setup ZDFDZ`, d to h); the others see five hidden pieces. Captures are by rank: a piece may not " +
			"take one with too many supporters of its own kind of visibility. Taking a bomb or mine destroys the taker " +
			"too; taking the enemy flag, or mating the enemy 軍, wins. Moves in coordinates (f4f5, f5f11).",
		Guide:          luzhanGuide,
		Board:          b,
		Kinds:          luzhanKinds(),
		StartFEN:       LuzhanStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		// The capture limits hold for check as well (luzhan.md, Special rule 3).
		FilteredAttacks: true,
		Modules:         []rules.Module{newLuzhanRule(b)},
	}
}

// luzhanRule is luzhan.md's special rules: capture limits, the last-defense
// lines, what a hidden piece does to its captor, the flag goal, and the secret
// placement of the hidden pieces.
type luzhanRule struct {
	b     *rules.Board
	line  [2]rules.SquareSet // each side's own last-defense line
	order [2][]rules.Square  // each side's line, d to h
	flag  rules.VarID        // 1 + the side that took the enemy flag; 0 none
	open  rules.VarID        // 1 on a scratch copy that ignores the limits (Refusal)
}

func newLuzhanRule(b *rules.Board) *luzhanRule {
	z := b.Zones["last line"]
	r := &luzhanRule{b: b, line: [2]rules.SquareSet{z[rules.Red], z[rules.Black]}}
	for _, f := range "defgh" {
		r.order[rules.Red] = append(r.order[rules.Red], mustSquare(b, fmt.Sprintf("%c0", f)))
		r.order[rules.Black] = append(r.order[rules.Black], mustSquare(b, fmt.Sprintf("%c%d", f, b.Height-1)))
	}
	return r
}

func (*luzhanRule) ModuleName() string { return "luzhan" }

func (r *luzhanRule) Init(c *rules.Claims) (err error) {
	if r.flag, err = c.Var("flag"); err != nil {
		return err
	}
	if r.open, err = c.Var("open"); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "flagtaken", Write: r.writeFlag, Read: r.readFlag})
}

func (r *luzhanRule) writeFlag(p *rules.Position) string {
	switch p.Var(r.flag) {
	case 1:
		return "w"
	case 2:
		return "b"
	}
	return ""
}

func (r *luzhanRule) readFlag(p *rules.Position, text string) error {
	switch text {
	case "":
		p.SetVar(r.flag, 0)
	case "w":
		p.SetVar(r.flag, 1)
	case "b":
		p.SetVar(r.flag, 2)
	default:
		return sayErr("luzhan.fen_flag", text)
	}
	return nil
}

func (*luzhanRule) Guide() string {
	return "Capture limits by supporters; never enter your own last-defense line; a bomb or mine taken destroys the " +
		"taker too; taking the enemy flag wins."
}

// Supporters counts the pieces of sq's owner on the points joined to sq
// (mountain pass included) that share its visibility class: hidden pieces
// count hidden neighbours, visible pieces visible ones (luzhan.md).
func (r *luzhanRule) Supporters(p *rules.Position, sq rules.Square) (n int, on []rules.Square) {
	t := p.At(sq)
	if t.Empty() {
		return 0, nil
	}
	for _, d := range rules.Dirs4 {
		nb := r.b.Step(sq, d[0], d[1])
		if nb == rules.NoSquare {
			continue
		}
		if x := p.At(nb); !x.Empty() && x.Side() == t.Side() && luzhanHidden(x.Kind()) == luzhanHidden(t.Kind()) {
			n++
			on = append(on, nb)
		}
	}
	return n, on
}

// MayCapture: the capture limit of the piece on from.
func (r *luzhanRule) MayCapture(p *rules.Position, from, to rules.Square) bool {
	k := p.At(from).Kind()
	if k < 0 || k >= len(luzhanLimit) || luzhanLimit[k] == 0 || p.Var(r.open) != 0 {
		return true
	}
	n, _ := r.Supporters(p, to)
	return n < luzhanLimit[k]
}

// Legal: a move onto a last-defense line must capture (a hidden piece: the
// only pieces there).
func (r *luzhanRule) Legal(p *rules.Position, m rules.Move) bool {
	if m.To == rules.NoSquare || m.Flags&rules.FlagSpecial != 0 {
		return true
	}
	return m.Flags&rules.FlagCapture != 0 || !(r.line[rules.Red].Has(m.To) || r.line[rules.Black].Has(m.To))
}

// AfterMove: a bomb or mine destroys its captor; the flag ends the game.
func (r *luzhanRule) AfterMove(p *rules.Position, m rules.Move) {
	c := p.Captured()
	if c.Empty() || m.To == rules.NoSquare {
		return
	}
	switch c.Kind() {
	case LuzhanBomb, LuzhanMine:
		p.Set(m.To, rules.NoPiece)
	case LuzhanFlag:
		p.SetVar(r.flag, int32(c.Side().Other())+1)
	}
}

// GameEnd: the side that took the enemy flag wins.
func (r *luzhanRule) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	v := p.Var(r.flag)
	if v == 0 {
		return rules.Outcome{}, false
	}
	return goalWin(rules.Side(v-1), say("luzhan.goal")), true
}

// Announce makes public what a captured hidden piece was.
func (r *luzhanRule) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	if m.Flags&rules.FlagCapture == 0 || m.From == rules.NoSquare {
		return nil
	}
	t := p.At(m.To)
	if t.Empty() || !luzhanHidden(t.Kind()) || t.Kind() == LuzhanUnknown {
		return nil
	}
	k := &p.Variant().Kinds[t.Kind()]
	mc := p.At(m.From)
	mover := namedPiece(&p.Variant().Kinds[mc.Kind()], mc.Side())
	at := r.b.Name(m.To)
	f := rules.Fact{What: "reveal", Side: t.Side(),
		Pieces: []rules.Shown{{Square: m.To, Side: t.Side(), Letter: k.Letter, Name: k.Name}}}
	switch t.Kind() {
	case LuzhanFlag:
		return []rules.Fact{fact(f, say("luzhan.took_flag", at, sideText(t.Side()), mover))}
	case LuzhanBomb:
		return []rules.Fact{fact(f, say("luzhan.took_bomb", at, mover))}
	}
	return []rules.Fact{fact(f, say("luzhan.took_mine", at, mover))}
}

// RefusalTexts names the rule that forbids a move, in terms the public may
// know: hidden pieces are all alike, and supporters are counted by class.
func (r *luzhanRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	s := pc.Side()
	t := p.At(m.To)
	switch {
	case luzhanHidden(pc.Kind()):
		return say("luzhan.hidden_still")
	case r.line[s].Has(m.To):
		return say("luzhan.own_line")
	case r.line[s.Other()].Has(m.To) && t.Empty():
		return say("luzhan.enemy_line_empty")
	case t.Empty() || t.Side() == s || pc.Kind() >= len(luzhanLimit) || luzhanLimit[pc.Kind()] == 0:
		return rules.Texts{}
	}
	limit := luzhanLimit[pc.Kind()]
	n, on := r.Supporters(p, m.To)
	if n < limit || !r.reachesIgnoringLimits(p, m) {
		return rules.Texts{}
	}
	var names []string
	for _, sq := range on {
		names = append(names, r.b.Name(sq))
	}
	key := "luzhan.limit_visible"
	if luzhanHidden(t.Kind()) {
		key = "luzhan.limit_hidden"
	}
	return say(key, namedPiece(&p.Variant().Kinds[pc.Kind()], s), limit, r.b.Name(m.To), n, strings.Join(names, ", "))
}

// reachesIgnoringLimits reports whether m would be a capture by the piece's
// movement if no limit applied (on a scratch copy).
func (r *luzhanRule) reachesIgnoringLimits(p *rules.Position, m rules.Move) bool {
	q := p.Clone()
	q.SetVar(r.open, 1)
	for _, x := range q.PseudoMoves(nil) {
		if x.From == m.From && x.To == m.To && x.Flags&rules.FlagCapture != 0 {
			return true
		}
	}
	return false
}

// Validate: the scratch switch is never part of a position.
func (r *luzhanRule) Validate(p *rules.Position) error {
	if p.Var(r.open) != 0 {
		return errors.New("luzhan: limits switched off")
	}
	return nil
}

// Choice asks a side whose line still holds five unknown pieces to place them.
func (r *luzhanRule) Choice(p *rules.Position, s rules.Side) rules.Choice {
	if !r.unset(p, s) {
		return rules.Choice{Side: s}
	}
	line := r.b.Name(r.order[s][0]) + "-" + r.b.Name(r.order[s][4])
	prompts := say("luzhan.prompt", line)
	return rules.Choice{Side: s, Example: "ZDFDZ", Prompt: prompts.En, Prompts: prompts}
}

// unset reports whether side s's line holds five unknown pieces.
func (r *luzhanRule) unset(p *rules.Position, s rules.Side) bool {
	for _, sq := range r.order[s] {
		if pc := p.At(sq); pc.Empty() || pc.Side() != s || pc.Kind() != LuzhanUnknown {
			return false
		}
	}
	return true
}

// luzhanSet is the hidden army: two bombs, two mines, one flag.
const luzhanSet = "DDFZZ"

func (r *luzhanRule) Apply(p *rules.Position, s rules.Side, words []string) ([]string, error) {
	if len(words) == 0 {
		return nil, sayErr("luzhan.setup_syntax")
	}
	w := strings.ToUpper(words[0])
	sorted := []byte(w)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] < sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	if string(sorted) != luzhanSet {
		return nil, sayErr("luzhan.setup_bad", words[0])
	}
	v := p.Variant()
	for i, sq := range r.order[s] {
		p.Set(sq, rules.NewPiece(v.KindByLetter(w[i]), s))
	}
	return words[1:], nil
}

func (r *luzhanRule) Default(_ *rules.Position, _ rules.Side, rnd *rand.Rand) string {
	b := []byte(luzhanSet)
	rnd.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	return string(b)
}
