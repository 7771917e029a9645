package variants

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Jieqi (揭棋), as rules/jieqi.md says: xiangqi in which every piece but the two
// generals starts face down, shuffled over its own side's start points. A
// face-down piece moves and attacks as the piece whose start point it stands on
// (Variant.FaceDownAs), with all of that kind's xiangqi limits; the move turns it
// face up on its destination as its true kind, for everybody to see. Nobody, not
// even its owner, knows a face-down piece (OwnerSeesFaceDown is false). Face-up
// advisors and elephants move anywhere on the board.
//
// The shuffle is a rules.Dealer: the bot deals it from crypto/rand when the game
// is created, and the true start lives only in the stored game.

// JieqiStart is the start position before the shuffle: every piece but the
// generals face down on its own start point. rules.Deal shuffles it.
const JieqiStart = "*r*n*b*ak*a*b*n*r/9/1*c5*c1/*p1*p1*p1*p1*p/9/9/*P1*P1*P1*P1*P/1*C5*C1/9/*R*N*B*AK*A*B*N*R w - - 0 1"

// jieqiPalaceAdvisor is the letter of the kind a face-down piece on an advisor's
// start point moves as: the xiangqi advisor, kept in the palace (jieqi.md §4,
// decision D2), while a face-up advisor steps anywhere. No piece is ever of
// this kind.
const jieqiPalaceAdvisor = 'D'

// Jieqi is uncover chess (揭棋).
func Jieqi() *rules.Variant {
	v := Xiangqi()
	v.Slug, v.Name, v.NameZh = "jieqi", "Jieqi (uncover chess)", "揭棋"
	v.Summary = "Xiangqi with hidden pieces: every piece but the generals starts face down, shuffled over its " +
		"side's start points, unknown to both players. A face-down piece moves as the piece whose start point " +
		"it stands on (the one on h2 as a cannon: `h2e2`) and shows its true kind when it first moves; from then " +
		"on it is that kind. Face-up advisors and elephants may go anywhere on the board. Checkmate or stalemate " +
		"the enemy general to win."
	v.StartFEN = JieqiStart
	kinds := XiangqiKinds()
	palace := kinds[Advisor]
	palace.Letter, palace.Name = jieqiPalaceAdvisor, "palace advisor" // WXF A: written as an advisor
	palace.Max, palace.StandZone, palace.Value = 0, "", 0
	// Face-up advisors and elephants are free (D3); they can mate with the
	// general's help, so only bare generals are insufficient material (D7).
	kinds[Advisor].Atoms = rules.Steps(rules.Diag4, rules.MoveOrCapture)
	kinds[Advisor].StandZone, kinds[Advisor].Mating = "", true
	kinds[Elephant].Atoms = rules.DiagonalLeaps(2, rules.MoveOrCapture)
	kinds[Elephant].StandZone, kinds[Elephant].Mating = "", true
	// A soldier may be revealed anywhere, even on its own back ranks.
	kinds[Soldier].StandZone = ""
	v.Kinds = append(kinds, palace)
	v.FaceDownAs = map[string]byte{}
	for _, row := range []struct {
		letter byte
		points []string
	}{
		{'R', []string{"a0", "i0"}}, {'N', []string{"b0", "h0"}}, {'B', []string{"c0", "g0"}},
		{jieqiPalaceAdvisor, []string{"d0", "f0"}}, {'C', []string{"b2", "h2"}},
		{'P', []string{"a3", "c3", "e3", "g3", "i3"}},
	} {
		for _, n := range row.points {
			v.FaceDownAs[n] = row.letter
			sq := mustSquare(v.Board, n)
			v.FaceDownAs[v.Board.Name(v.Board.Mirror(sq))] = row.letter
		}
	}
	v.Modules = []rules.Module{&jieqi{}}
	return v
}

// jieqi is the module of the reveal, the shuffle and the public facts. It keeps
// no state: a face-down piece is the position's Piece with its face-down bit.
type jieqi struct {
	captured capturedRule
	// hidePool: option pool=hide, the bot shows no pool and FEN field 3 of
	// the views is - (jieqi.md §6).
	hidePool bool
	// down[s][k] counts side s's face-down pieces of kind k that were captured
	// (the truth; who may know it is the captured rule's business).
	down [2][]rules.VarID
}

// capturedRule says who learns the identity of a captured face-down piece
// (jieqi.md §6, option `captured`).
type capturedRule uint8

const (
	capturedCapturer capturedRule = iota // the capturer, privately (the default)
	capturedNone                         // nobody
	capturedPublic                       // everybody, at once
)

var capturedRules = map[string]capturedRule{"capturer": capturedCapturer, "none": capturedNone, "public": capturedPublic}

// JieqiCaptured is the option `captured=capturer|none|public` of jieqi: who is
// told what a captured face-down piece was.
func JieqiCaptured() Option {
	return Option{
		Name: "captured",
		Summary: "jieqi: who learns what a captured face-down piece was: `captured=capturer` (the default: " +
			"the capturer, privately), `captured=none` (nobody), `captured=public` (everybody)",
		Params: []string{"captured"},
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			text := strings.ToLower(params["captured"])
			rule, ok := capturedRules[text]
			if !ok {
				return nil, fmt.Errorf("captured= takes capturer, none or public, not %q", params["captured"])
			}
			return applyJieqi(base, "captured="+text, func(j *jieqi, _ *rules.Variant) { j.captured = rule })
		},
	}
}

// JieqiPool is the option `pool=show|hide` of jieqi (jieqi.md §6): with hide
// the bot shows no pool, and FEN field 3 of the views is -.
func JieqiPool() Option {
	return Option{
		Name: "pool",
		Guide: rules.Texts{
			En:   "pool=hide: the bot does not show the pools of pieces not yet seen, beside the board or anywhere else; players track them themselves. The default pool=show draws them beside the board.",
			Hant: "pool=hide：機器人不顯示暗子池（棋盤旁或其他地方都不顯示），由棋手自己記。預設 pool=show 在棋盤旁顯示。",
			Hans: "pool=hide：机器人不显示暗子池（棋盘旁或其他地方都不显示），由棋手自己记。默认 pool=show 在棋盘旁显示。",
		},
		Summary: "jieqi: `pool=hide`: the bot does not show the pools of pieces not yet seen (players track them " +
			"themselves); `pool=show` is the default",
		Params: []string{"pool"},
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			text := strings.ToLower(params["pool"])
			if text != "show" && text != "hide" {
				return nil, fmt.Errorf("pool= takes show or hide, not %q", params["pool"])
			}
			return applyJieqi(base, "pool="+text, func(j *jieqi, _ *rules.Variant) { j.hidePool = text == "hide" })
		},
	}
}

// JieqiZones is the option `zones=free|strict` of jieqi (jieqi.md §6, D3):
// with strict a face-up advisor moves only to points of its own palace and a
// face-up elephant only to points of its own half, as in xiangqi (a piece
// revealed outside may only move back in); insufficient material is then
// xiangqi's rule.
func JieqiZones() Option {
	return Option{
		Name: "zones",
		Guide: rules.Texts{
			En:   "zones=strict: a face-up advisor moves only to points of its own palace and a face-up elephant only to points of its own half, as in xiangqi; one revealed outside may only move back in. The default zones=free lets them go anywhere.",
			Hant: "zones=strict：翻開的仕只能走到己方九宮內的點，翻開的相只能走到己方半場，與象棋相同；在外面翻開的只能走回去。預設 zones=free 可走全盤。",
			Hans: "zones=strict：翻开的仕只能走到己方九宫内的点，翻开的相只能走到己方半场，与象棋相同；在外面翻开的只能走回去。默认 zones=free 可走全盘。",
		},
		Summary: "jieqi: `zones=strict`: face-up advisors move only to points of their palace and face-up elephants " +
			"only to points of their own half, as in xiangqi; `zones=free` (the default): anywhere",
		Params: []string{"zones"},
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			text := strings.ToLower(params["zones"])
			if text != "free" && text != "strict" {
				return nil, fmt.Errorf("zones= takes free or strict, not %q", params["zones"])
			}
			return applyJieqi(base, "zones="+text, func(_ *jieqi, v *rules.Variant) {
				x := XiangqiKinds()
				for _, k := range []int{Advisor, Elephant} {
					if text == "strict" {
						v.Kinds[k].Atoms, v.Kinds[k].Mating = x[k].Atoms, false
						continue
					}
					free := Jieqi().Kinds[k]
					v.Kinds[k].Atoms, v.Kinds[k].Mating = free.Atoms, free.Mating
				}
			})
		},
	}
}

// applyJieqi derives base with its jieqi module changed: a new module value
// (its Init claims the state afresh) with the old one's settings, then change.
func applyJieqi(base *rules.Variant, tag string, change func(j *jieqi, v *rules.Variant)) (*rules.Variant, error) {
	v := base.Clone(base.Slug + "+" + tag)
	for i, m := range v.Modules {
		if old, ok := m.(*jieqi); ok {
			nj := &jieqi{captured: old.captured, hidePool: old.hidePool}
			change(nj, v)
			v.Modules[i] = nj
			if err := v.Finalize(); err != nil {
				return nil, err
			}
			return v, nil
		}
	}
	name, _, _ := strings.Cut(tag, "=")
	return nil, fmt.Errorf("%s= is an option of jieqi only", name)
}

// MoveLimit is the option `move-limit=N|off`: the plies without capture (or
// reveal, in jieqi) after which the game is drawn (jieqi.md §6; 120 by default).
func MoveLimit() Option {
	return Option{
		Name:    "move-limit",
		Summary: "`move-limit=80`: the game is drawn after that many plies without a capture (or a reveal); an even number of at least 20, or `off`",
		Params:  []string{"move-limit"},
		Apply: func(base *rules.Variant, params map[string]string) (*rules.Variant, error) {
			text := strings.ToLower(params["move-limit"])
			n := 0
			if text != "off" {
				var err error
				if n, err = strconv.Atoi(text); err != nil || n < 20 || n%2 != 0 || n > 10000 {
					return nil, fmt.Errorf("move-limit= takes an even number of plies from 20 up, or off, not %q", params["move-limit"])
				}
			}
			v := base.Clone(base.Slug + "+move-limit=" + text)
			v.MoveLimit = n
			if err := v.Finalize(); err != nil {
				return nil, err
			}
			return v, nil
		},
	}
}

func (j *jieqi) ModuleName() string { return "jieqi" }

// AttackNeutral: turning the mover face up changes only the attacks of the
// mover's own piece, never one on the mover's general.
func (j *jieqi) AttackNeutral() {}

func (j *jieqi) Guide() string {
	return "Jieqi (揭棋): all pieces but the generals start face down and shuffled; nobody knows them. " +
		"A face-down piece moves as the piece of its start point (`h2e2` moves the one on h2 as a cannon) and " +
		"turns face up on arrival, as its true kind, for everybody to see. Capturing a face-down piece removes it " +
		"unseen. Face-up advisors and elephants move anywhere."
}

// AfterMove turns a face-down mover face up on its destination: the reveal
// (jieqi.md §5.1), which also resets the 60-move count (§8).
func (j *jieqi) AfterMove(p *rules.Position, m rules.Move) {
	if m.Flags&rules.FlagSpecial != 0 || m.To == rules.NoSquare {
		return
	}
	if t := p.Captured(); m.Flags&rules.FlagCapture != 0 && !t.Empty() && t.FaceDown() {
		id := j.down[t.Side()][t.Kind()]
		p.SetVar(id, p.Var(id)+1)
	}
	if pc := p.At(m.To); !pc.Empty() && pc.FaceDown() {
		p.Set(m.To, pc.WithFaceDown(false))
		p.ResetCaptureClock()
	}
}

// Announce tells everybody what a reveal shows, and that a face-down piece was
// captured, without its identity (jieqi.md §7.2, captured=capturer: Tell gives
// the identity to the capturer alone).
func (j *jieqi) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	v := p.Variant()
	b := v.Board
	mover := p.At(m.From)
	var facts []rules.Fact
	if target := p.At(m.To); m.Flags&rules.FlagCapture != 0 && !target.Empty() && target.FaceDown() {
		if j.captured == capturedPublic {
			k := &v.Kinds[target.Kind()]
			facts = append(facts, rules.Fact{
				What: "identified", Side: target.Side(),
				Pieces: []rules.Shown{{Square: m.To, Side: target.Side(), Letter: k.Letter, Name: k.Name}},
				Text: fmt.Sprintf("%s captures a face-down piece on %s: it was %s %s (%s).", sideName(mover.Side()),
					b.Name(m.To), article(k.Name), k.Name, k.Glyph[target.Side()]),
			})
		} else {
			facts = append(facts, rules.Fact{
				What: "capture", Side: target.Side(),
				// The square only (no letter): the chat names it in every language.
				Pieces: []rules.Shown{{Square: m.To, Side: target.Side()}},
				Text:   fmt.Sprintf("%s captures a face-down piece on %s; it is taken away unseen.", sideName(mover.Side()), b.Name(m.To)),
			})
		}
	}
	if !mover.Empty() && mover.FaceDown() {
		k := &v.Kinds[mover.Kind()]
		facts = append(facts, rules.Fact{
			What: "flip", Side: mover.Side(),
			Pieces: []rules.Shown{{Square: m.To, Side: mover.Side(), Letter: k.Letter, Name: k.Name}},
			Text: fmt.Sprintf("%s's face-down piece from %s turns up on %s: %s %s (%s).", sideName(mover.Side()),
				b.Name(m.From), b.Name(m.To), article(k.Name), k.Name, k.Glyph[mover.Side()]),
		})
	}
	return facts
}

// Tell tells the capturer of a face-down piece, alone, what it was (jieqi.md
// §5.2 and §7.3, captured=capturer); the owner learns nothing more than the
// public. The bot publishes these facts when the game is over (§7.5).
func (j *jieqi) Tell(p *rules.Position, m rules.Move) (told [2][]rules.Fact) {
	target := p.At(m.To)
	if j.captured != capturedCapturer || m.Flags&rules.FlagCapture == 0 || target.Empty() || !target.FaceDown() {
		return told
	}
	v := p.Variant()
	k := &v.Kinds[target.Kind()]
	name := v.Board.Name(m.To)
	mover := target.Side().Other()
	text := rules.FormatCoord(p, m)
	// The capturer's pool after the move (§7.3): made and taken back at once.
	p.Make(m)
	pool := j.viewPool(p, rules.AudienceOf(mover))
	p.Unmake()
	told[mover] = []rules.Fact{{
		What: "identified", Side: target.Side(),
		Pieces: []rules.Shown{{Square: m.To, Side: target.Side(), Letter: k.Letter, Name: k.Name}},
		Text: fmt.Sprintf("%s: the face-down piece %s captured on %s was %s %s (%s).", text,
			sideName(mover), name, article(k.Name), k.Name, k.Glyph[target.Side()]),
		Texts: say("jieqi.identified", text, sideText(mover), name, jieqiPieceText(k, target.Side())),
	}}
	if !j.hidePool {
		told[mover] = append(told[mover], rules.Fact{
			What: "pool", Side: mover,
			Text:  fmt.Sprintf("%s's pool of pieces not yet seen, as %s knows it: %s.", sideName(mover), sideName(mover), pool),
			Texts: say("jieqi.pool", sideText(mover), pool),
		})
	}
	return told
}

// Deal shuffles each side's face-down pieces over the points they stand on, one
// uniform permutation per side (jieqi.md §3, D10), drawn from rnd.
func (j *jieqi) Deal(p *rules.Position, rnd *rand.Rand) error {
	n := p.Variant().Board.NumSquares()
	for s := rules.Red; s <= rules.Black; s++ {
		var squares []rules.Square
		var pieces []rules.Piece
		for sq := rules.Square(0); int(sq) < n; sq++ {
			if pc := p.At(sq); !pc.Empty() && pc.FaceDown() && pc.Side() == s {
				squares = append(squares, sq)
				pieces = append(pieces, pc)
			}
		}
		rnd.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
		for i, sq := range squares {
			p.Set(sq, pieces[i])
		}
	}
	return nil
}

// Validate applies jieqi.md §9.2: a face-down piece stands on a start point of
// its own side, and no piece is of the palace-advisor kind (it exists only for
// the moves of face-down pieces on d0, f0, d9 and f9).
func (j *jieqi) Validate(p *rules.Position) error {
	v := p.Variant()
	b := v.Board
	n := b.NumSquares()
	palace := v.KindByLetter(jieqiPalaceAdvisor)
	for sq := rules.Square(0); int(sq) < n; sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		if pc.Kind() == palace {
			return fmt.Errorf("%c is not a piece of jieqi", jieqiPalaceAdvisor)
		}
		if !pc.FaceDown() {
			continue
		}
		_, start := v.FaceDownAs[b.Name(sq)]
		_, rank, _ := b.Coords(sq)
		own := (pc.Side() == rules.Red) == (rank < b.Height/2)
		if !start || !own {
			return fmt.Errorf("a face-down piece may only stand on a start point of its own side, not on %s", b.Name(sq))
		}
		if v.Kinds[pc.Kind()].Royal {
			return fmt.Errorf("the general is never face down")
		}
	}
	// Pieces on the board and face-down pieces captured: no more than a set.
	for s := rules.Red; s <= rules.Black; s++ {
		on := j.onBoard(p, s, false)
		for k, id := range j.down[s] {
			if max := v.Kinds[k].Max; max > 0 && on[k]+int(p.Var(id)) > max {
				return fmt.Errorf("%s has more than %d of the %s on the board and captured face down",
					sideName(s), max, v.Kinds[k].Name)
			}
		}
	}
	return nil
}

// Init claims the counts of captured face-down pieces and FEN fields 3 (pools)
// and 4 (identified captures), jieqi.md §9.2.
func (j *jieqi) Init(c *rules.Claims) error {
	v := c.Variant()
	for s := rules.Red; s <= rules.Black; s++ {
		j.down[s] = make([]rules.VarID, len(v.Kinds))
		for k := range v.Kinds {
			id, err := c.Var(fmt.Sprintf("down.%d.%c", s, v.Kinds[k].Letter))
			if err != nil {
				return err
			}
			j.down[s][k] = id
		}
	}
	if err := c.Field(rules.Field{Pos: 3, Write: j.writePool, Read: j.readPool, View: j.viewPool}); err != nil {
		return err
	}
	return c.Field(rules.Field{Pos: 4, Write: j.writeCaptured, Read: j.readCaptured, View: j.viewCaptured})
}

// onBoard counts side s's pieces by kind: face-down ones only, or all.
func (j *jieqi) onBoard(p *rules.Position, s rules.Side, faceDown bool) []int {
	v := p.Variant()
	out := make([]int, len(v.Kinds))
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && (!faceDown || pc.FaceDown()) {
			out[pc.Kind()]++
		}
	}
	return out
}

// poolOrder is the order of kinds in pools: R N B A C P (jieqi.md §9.2).
const poolOrder = "RNBACP"

// counts writes `R2N1p4`: per side (Red first), the kinds in pool order.
func counts(v *rules.Variant, by [2][]int) string {
	var sb strings.Builder
	for s := rules.Red; s <= rules.Black; s++ {
		for _, l := range poolOrder {
			k := v.KindByLetter(byte(l))
			if k < 0 || by[s][k] == 0 {
				continue
			}
			c := byte(l)
			if s == rules.Black {
				c += 'a' - 'A'
			}
			fmt.Fprintf(&sb, "%c%d", c, by[s][k])
		}
	}
	return sb.String()
}

// parseCounts reads `R2N1p4` (any order, zero counts allowed).
func parseCounts(v *rules.Variant, text string) ([2][]int, error) {
	var by [2][]int
	for s := range by {
		by[s] = make([]int, len(v.Kinds))
	}
	for i := 0; i < len(text); {
		c := text[i]
		k := v.KindByLetter(c)
		if k < 0 || !strings.ContainsRune(poolOrder, rune(c&^0x20)) {
			return by, fmt.Errorf("%q is not a piece letter of a pool (%s)", c, poolOrder)
		}
		j := i + 1
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(text[i+1 : j])
		if err != nil || n > 5 {
			return by, fmt.Errorf("after %c put a count from 0 to 5", c)
		}
		s := rules.Red
		if c >= 'a' {
			s = rules.Black
		}
		by[s][k] += n
		i = j
	}
	return by, nil
}

func (j *jieqi) capturedCounts(p *rules.Position) [2][]int {
	var by [2][]int
	for s := rules.Red; s <= rules.Black; s++ {
		by[s] = make([]int, len(j.down[s]))
		for k, id := range j.down[s] {
			by[s][k] = int(p.Var(id))
		}
	}
	return by
}

// Resample implements rules.Resampler: the captured face-down pieces the
// viewer did not identify get the kinds drawn for them.
func (j *jieqi) Resample(p *rules.Position, viewer rules.Side, off [2][]int) {
	for s := rules.Red; s <= rules.Black; s++ {
		if j.identifies(rules.AudienceOf(viewer), s) {
			continue
		}
		n := make([]int, len(j.down[s]))
		for _, k := range off[s] {
			if k < len(n) {
				n[k]++
			}
		}
		for k, id := range j.down[s] {
			p.SetVar(id, int32(n[k]))
		}
	}
}

// identifies reports whether audience a knows the identities of side s's
// captured face-down pieces (the capturer with captured=capturer; everybody
// with captured=public).
func (j *jieqi) identifies(a rules.Audience, s rules.Side) bool {
	switch j.captured {
	case capturedPublic:
		return true
	case capturedCapturer:
		return a == rules.AudienceOf(s.Other())
	}
	return false
}

// The full view's pool is exactly the face-down pieces on the board.
func (j *jieqi) writePool(p *rules.Position) string {
	return counts(p.Variant(), [2][]int{j.onBoard(p, rules.Red, true), j.onBoard(p, rules.Black, true)})
}

func (j *jieqi) readPool(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	by, err := parseCounts(p.Variant(), text)
	if err != nil {
		return err
	}
	if got := counts(p.Variant(), by); got != j.writePool(p) {
		return fmt.Errorf("the pool %s is not the face-down pieces on the board (%s)", got, j.writePool(p))
	}
	return nil
}

// viewPool is a viewer's pool: every piece not yet revealed (face down on the
// board or captured face down), less the captures the viewer identified.
func (j *jieqi) viewPool(p *rules.Position, a rules.Audience) string {
	if j.hidePool {
		return ""
	}
	return counts(p.Variant(), j.poolOf(p, a))
}

// Pool is the viewer's pool by side and kind (rules.Pooler), for the board
// and captions; none with pool=hide.
func (j *jieqi) Pool(p *rules.Position, a rules.Audience) (pool [2][]int, ok bool) {
	if j.hidePool {
		return pool, false
	}
	return j.poolOf(p, a), true
}

// poolOf is a viewer's pool: every piece not yet revealed (face down on the
// board or captured face down), less the captures the viewer identified.
func (j *jieqi) poolOf(p *rules.Position, a rules.Audience) [2][]int {
	down := j.capturedCounts(p)
	var by [2][]int
	for s := rules.Red; s <= rules.Black; s++ {
		by[s] = j.onBoard(p, s, true)
		if !j.identifies(a, s) {
			for k := range by[s] {
				by[s][k] += down[s][k]
			}
		}
	}
	return by
}

func (j *jieqi) writeCaptured(p *rules.Position) string {
	return counts(p.Variant(), j.capturedCounts(p))
}

func (j *jieqi) readCaptured(p *rules.Position, text string) error {
	by, err := parseCounts(p.Variant(), text)
	if err != nil {
		return err
	}
	for s := rules.Red; s <= rules.Black; s++ {
		for k, id := range j.down[s] {
			p.SetVar(id, int32(by[s][k]))
		}
	}
	return nil
}

// viewCaptured lists the captured face-down pieces the viewer identified.
func (j *jieqi) viewCaptured(p *rules.Position, a rules.Audience) string {
	down := j.capturedCounts(p)
	for s := rules.Red; s <= rules.Black; s++ {
		if !j.identifies(a, s) {
			down[s] = make([]int, len(down[s]))
		}
	}
	return counts(p.Variant(), down)
}

// jieqiPieceText names a piece as the identity sentences do: "a cannon (砲)"
// in English, its glyph in Chinese.
func jieqiPieceText(k *rules.Kind, s rules.Side) rules.Texts {
	t := pieceText(k, s)
	t.En = article(k.Name) + " " + k.Name + " (" + k.Glyph[s] + ")"
	return t
}

// article is "an" before a name that starts with a vowel, else "a".
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}
